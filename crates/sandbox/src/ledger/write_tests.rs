//! Ledger invariants after writes: quotes accepted, limits used, stakes and unstakes.

use super::generate::generate;
use super::limits::convert;
use super::quotes::{Amount, Side};
use super::staking::EarnAction;
use super::{Ledger, LegState, Refusal, TradingLimit, Unit, WalletKind};
use crate::fixed_catalogue::catalogue;
use crate::price_walk::PriceModel;
use chrono::{DateTime, Duration, TimeZone, Utc};
use rust_decimal::Decimal;
use std::collections::HashMap;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 5, 4, 9, 15, 27).unwrap()
}

fn ledger() -> Ledger {
    generate(42, 300, now(), PriceModel::new(42, Some(now())), true)
}

/// Balances = sum of settled legs per wallet; running balances match; available = main.
fn assert_invariants(l: &Ledger) {
    let mut per_wallet: HashMap<_, Decimal> = HashMap::new();
    for leg in l.operations.iter().flat_map(|o| &o.legs) {
        let w = per_wallet.entry(leg.wallet_id).or_default();
        *w += leg.signed();
        assert!(*w >= Decimal::ZERO, "wallet went negative");
        if leg.state != LegState::Cancelled {
            assert_eq!(leg.balance_after, *w, "running balance");
        }
    }
    for unit in super::portfolio::all_units() {
        let get = |k| {
            per_wallet
                .get(&l.wallet_id(unit, k))
                .copied()
                .unwrap_or_default()
        };
        assert_eq!(l.holdings.main[unit.slot()], get(WalletKind::Main));
        assert_eq!(l.holdings.staked[unit.slot()], get(WalletKind::Staking));
        let balance = l.holdings.balance(unit);
        assert_eq!(
            balance - l.holdings.staked[unit.slot()],
            l.holdings.main[unit.slot()]
        );
    }
}

#[test]
fn accepted_quotes_keep_the_invariants_and_carry_the_trade_id() {
    let mut l = ledger();
    let eth = catalogue().asset_by_symbol("ETH").unwrap().index;
    let usd = catalogue().currency_by_symbol("USD").unwrap().index;
    l.set_limits("k", TradingLimit::new(1000.into(), 1000.into(), usd))
        .unwrap();
    let ttl = Duration::seconds(30);
    let buy = Amount::Notional(Decimal::from(200));
    let id = l
        .create_quote(Side::Buy, eth, 0, buy, now(), ttl)
        .unwrap()
        .id;
    let done = l.accept_quote(id, "k", now()).unwrap();
    let op = l.operations.last().unwrap();
    assert_eq!((op.id, op.op_type), (done.operation_id, "buy"));
    let asset_leg = op.legs.iter().find(|g| g.unit == Unit::Asset(eth)).unwrap();
    assert_eq!(
        asset_leg.trade.as_ref().unwrap().id,
        done.quote.trade_id.unwrap()
    );
    let used = convert(Decimal::from(200), 0, usd);
    let budget = done.budget.unwrap();
    assert_eq!(budget.buy_remaining, Decimal::from(1000) - used);
    assert_eq!(budget.sell_remaining, Decimal::from(1000));
    assert_invariants(&l);

    let qty = done.quote.pricing.quantity;
    let sell = Amount::Quantity(qty);
    let id = l
        .create_quote(Side::Sell, eth, 0, sell, now(), ttl)
        .unwrap()
        .id;
    let later = now() + Duration::seconds(29);
    assert_eq!(l.accept_quote(id, "other", later).unwrap().budget, None);
    assert_eq!(
        l.accept_quote(id, "other", later),
        Err(Refusal::QuoteAlreadyAccepted)
    );
    assert_invariants(&l);

    let id = l
        .create_quote(Side::Buy, eth, 0, buy, now(), ttl)
        .unwrap()
        .id;
    let late = now() + Duration::seconds(31);
    assert_eq!(l.accept_quote(id, "k", late), Err(Refusal::QuoteExpired));
    assert!(
        l.set_limits("k", TradingLimit::new(1.into(), 1.into(), 0))
            == Err(Refusal::LimitsAlreadySet)
    );
}

#[test]
fn staking_round_trip_keeps_the_balance() {
    let mut l = ledger();
    let config = l
        .earn_configs
        .iter()
        .find(|c| c.open() && l.holdings.main[Unit::Asset(c.asset).slot()] > Decimal::ZERO)
        .expect("seed 42 holds a stakeable asset")
        .clone();
    let unit = Unit::Asset(config.asset);
    let main = l.holdings.main[unit.slot()];
    let balance = l.holdings.balance(unit);
    let amount = (main / Decimal::from(2)).round_dp(4);
    assert!(amount > Decimal::ZERO);
    let r = l
        .earn_action(EarnAction::Stake, config.id, None, amount, now())
        .unwrap();
    assert_eq!(r.wallet_id, l.wallet_id(unit, WalletKind::Main));
    assert_eq!(l.holdings.main[unit.slot()], main - amount);
    assert_eq!(l.holdings.balance(unit), balance);
    assert_invariants(&l);
    let staked = l.holdings.staked[unit.slot()];
    let too_much = staked + Decimal::ONE;
    let refused = l.earn_action(EarnAction::Unstake, config.id, None, too_much, now());
    assert!(matches!(refused, Err(Refusal::InsufficientFunds(_))));
    l.earn_action(EarnAction::Unstake, config.id, None, amount, now())
        .unwrap();
    assert_eq!(l.holdings.main[unit.slot()], main);
    assert_invariants(&l);
}
