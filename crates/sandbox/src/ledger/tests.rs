//! Ledger invariants.

use super::generate::generate;
use super::history::{instants, Timeframe};
use super::portfolio::value_of;
use super::{Flow, Ledger, LegState, Unit, WalletKind};
use crate::fixed_catalogue::catalogue;
use crate::price_walk::PriceModel;
use chrono::{DateTime, TimeZone, Utc};
use rust_decimal::Decimal;
use std::collections::{HashMap, HashSet};

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 5, 4, 9, 15, 27).unwrap()
}

fn ledger(seed: u64, n: usize) -> Ledger {
    generate(seed, n, now(), PriceModel::new(seed, Some(now())), true)
}

#[test]
fn balances_are_the_sum_of_signed_legs_and_never_negative() {
    for seed in [42, 1, 7, 2024] {
        let l = ledger(seed, 600);
        let mut per_unit: HashMap<Unit, Decimal> = HashMap::new();
        let mut per_wallet: HashMap<_, Decimal> = HashMap::new();
        for op in &l.operations {
            for leg in &op.legs {
                assert!(leg.amount > Decimal::ZERO, "{} amount", op.op_type);
                assert!(leg.amount.scale() <= leg.unit.precision());
                *per_unit.entry(leg.unit).or_default() += leg.signed();
                let w = per_wallet.entry(leg.wallet_id).or_default();
                *w += leg.signed();
                assert!(*w >= Decimal::ZERO, "seed {seed}: wallet went negative");
                match leg.state {
                    LegState::Cancelled => assert_eq!(leg.balance_after, Decimal::NEGATIVE_ONE),
                    _ => assert_eq!(leg.balance_after, *w, "running balance"),
                }
            }
        }
        for unit in super::portfolio::all_units() {
            let sum = per_unit.get(&unit).copied().unwrap_or_default();
            assert_eq!(l.holdings.balance(unit), sum);
            let main = per_wallet
                .get(&l.wallet_id(unit, WalletKind::Main))
                .copied();
            assert_eq!(l.holdings.main[unit.slot()], main.unwrap_or_default());
        }
    }
}

#[test]
fn portfolio_positions_follow_the_rules() {
    let l = ledger(42, 300);
    for symbol in ["EUR", "USD", "CHF"] {
        let val = catalogue().currency_by_symbol(symbol).unwrap();
        let positions = l.positions(now(), val);
        assert!(positions.iter().any(|p| matches!(p.unit, Unit::Fiat(_))));
        assert!(
            positions
                .iter()
                .filter(|p| matches!(p.unit, Unit::Asset(_)))
                .count()
                >= 5
        );
        let mut total = Decimal::ZERO;
        for p in &positions {
            assert!(!p.balance.is_zero(), "only non-zero holdings");
            assert_eq!(p.available, p.balance - l.holdings.staked[p.unit.slot()]);
            match p.unit {
                Unit::Fiat(c) => {
                    assert!(p.value.is_none() && p.invested.is_none());
                    total += value_of(&l.prices, p.unit, p.balance, now(), val);
                    if c == val.index {
                        assert_eq!(
                            value_of(&l.prices, p.unit, p.balance, now(), val),
                            p.balance
                        );
                    }
                }
                Unit::Asset(i) => {
                    let price = l.prices.price_eur_at(i, now());
                    let value = (p.balance * price * val.per_eur).round_dp(2);
                    assert_eq!(p.value, Some(value));
                    let invested = p.invested.unwrap();
                    assert!(invested >= Decimal::ZERO);
                    assert_eq!(p.total_return, Some(value - invested));
                    let scale = catalogue().assets[i].price_scale;
                    assert_eq!(
                        p.average_buy_price,
                        Some((invested / p.balance).round_dp(scale))
                    );
                    if !invested.is_zero() {
                        let pct =
                            ((value - invested) / invested * Decimal::ONE_HUNDRED).round_dp(2);
                        assert_eq!(p.total_return_percent, Some(pct));
                    }
                    total += value;
                }
            }
        }
        assert_eq!(l.total_value(now(), val), total);
    }
}

#[test]
fn staking_moves_funds_from_available_to_staked() {
    let l = ledger(42, 1000);
    assert!(
        l.holdings.staked.iter().any(|s| *s > Decimal::ZERO),
        "something is staked"
    );
    for op in l
        .operations
        .iter()
        .filter(|o| o.op_type == "stake" || o.op_type == "unstake")
    {
        let net: Decimal = op.legs.iter().map(|l| l.signed()).sum();
        assert!(net.is_zero(), "stake/unstake keep the balance");
        assert_ne!(op.legs[0].wallet_id, op.legs[1].wallet_id);
    }
}

#[test]
fn special_operations_are_present() {
    let l = ledger(42, 300);
    let types: HashSet<&str> = l.operations.iter().map(|o| o.op_type).collect();
    for t in [
        "deposit",
        "withdrawal",
        "buy",
        "sell",
        "swap",
        "savings_plan",
        "stake",
        "unstake",
        "staking_reward",
        "passive_earn_reward",
        "refund",
        "card_cashback",
    ] {
        assert!(types.contains(t), "missing operation type {t}");
    }
    let legs = || l.operations.iter().flat_map(|o| o.legs.iter());
    assert!(legs().any(|g| g.tx_type == "fee"), "a fee leg");
    let last = l.operations.last().unwrap();
    assert!(last.legs[0].credited_at.is_none() && last.legs[0].state == LegState::Pending);
    assert!(
        legs().any(|g| g.state == LegState::Cancelled && g.balance_after == Decimal::NEGATIVE_ONE)
    );
    let refund = legs()
        .find(|g| g.compensates.is_some())
        .expect("a compensating leg");
    let (target, op_type, tx_type) = refund.compensates.unwrap();
    let original = legs()
        .find(|g| g.id == target)
        .expect("compensated leg exists");
    assert_eq!(
        (original.flow, refund.flow),
        (Flow::Outgoing, Flow::Incoming)
    );
    assert_eq!((op_type, tx_type), ("withdrawal", original.tx_type));
    assert_eq!(original.amount, refund.amount);
    for op in l
        .operations
        .iter()
        .filter(|o| matches!(o.op_type, "buy" | "sell" | "savings_plan"))
    {
        // Every leg of a trade carries it, but a tax leg (one tax case's credit: its order
        // only).
        assert!(op
            .legs
            .iter()
            .all(|g| (g.trade.is_some() || g.tx_type == "tax") && g.order_id.is_some()));
    }
}

#[test]
fn generation_is_deterministic_and_chronological() {
    let a = ledger(42, 200);
    let b = ledger(42, 200);
    let c = ledger(43, 200);
    let ids = |l: &Ledger| l.operations.iter().map(|o| o.id).collect::<Vec<_>>();
    assert_eq!(ids(&a), ids(&b));
    assert_ne!(ids(&a), ids(&c));
    assert_eq!(a.operations.len(), 201, "200 + the compensating refund");
    assert!(a.operations.windows(2).all(|w| w[0].time <= w[1].time));
    assert!(a.operations.last().unwrap().time < now());
    assert!(a.operations[0].time >= now() - chrono::Duration::days(730));
    assert!(ledger(1, 1).operations.len() == 1 && ledger(1, 0).operations.is_empty());
}

#[test]
fn generation_scales() {
    let started = std::time::Instant::now();
    let l = ledger(9, 20_000);
    assert!(l.operations.len() >= 20_000);
    assert!(
        started.elapsed().as_secs() < 20,
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn history_ends_at_the_portfolio_total_and_returns_are_consistent() {
    let l = ledger(42, 300);
    let eur = catalogue().eur();
    for (tf, count) in [
        (Timeframe::Day, 288),
        (Timeframe::Week, 168),
        (Timeframe::Month, 180),
        (Timeframe::SixMonth, 182),
        (Timeframe::Year, 365),
    ] {
        let h = l.history(tf, now(), eur);
        assert_eq!(h.points.len(), count + 1, "aligned points plus now");
        assert!(h.points.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(
            h.points.last().unwrap(),
            &(now(), l.total_value(now(), eur))
        );
        let (first, last) = (h.points[0].1, h.points.last().unwrap().1);
        let want = ((last - first) / first * Decimal::ONE_HUNDRED).round_dp(2);
        assert_eq!(h.return_percentage, want);
        assert_eq!(instants(tf, now()).len(), h.points.len());
    }
}
