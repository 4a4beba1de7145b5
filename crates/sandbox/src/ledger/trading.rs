//! Accepting a quote: checks, then one buy or sell operation and the key's budget.
//!
//! Checks in order: the quote exists, was not accepted, has not expired, the wallet holds
//! enough (a buy's fiat main wallet ≥ notional; a sell's asset main wallet — staked funds
//! excluded — ≥ quantity), the key's daily budget allows the notional. Nothing changes
//! unless all pass.

use super::limits::{convert, Budget};
use super::quotes::{Quote, Side};
use super::{CostEffect, Flow, Ledger, LegDraft, LegState, Refusal, Trade, Unit, WalletKind};
use crate::fixed_catalogue::catalogue;
use crate::ids::Uuid;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

/// The outcome of an accepted quote.
#[derive(Debug, Clone, PartialEq)]
pub struct Execution {
    /// The quote, now carrying its trade id and execution time.
    pub quote: Quote,
    /// The operation recorded for the trade.
    pub operation_id: Uuid,
    /// The accepting key's budget after the trade (None when the key has no limits).
    pub budget: Option<Budget>,
}

fn draft(unit: Unit, amount: Decimal, side: Side, flow: Flow, trade: &Trade) -> LegDraft {
    LegDraft {
        unit,
        wallet: WalletKind::Main,
        amount,
        fee: Decimal::ZERO,
        tx_type: if side == Side::Buy { "buy" } else { "sell" },
        flow,
        state: LegState::Settled,
        with_order: true,
        compensates: None,
        trade: Some(trade.clone()),
        cost: CostEffect::None,
    }
}

impl Ledger {
    /// Accepts quote `id` for `key` at `now` (see the module docs).
    pub fn accept_quote(
        &mut self,
        id: Uuid,
        key: &str,
        now: DateTime<Utc>,
    ) -> Result<Execution, Refusal> {
        let quote = self.quotes.get(&id).ok_or(Refusal::QuoteNotFound)?.clone();
        if quote.trade_id.is_some() {
            return Err(Refusal::QuoteAlreadyAccepted);
        }
        if now > quote.expires_at {
            return Err(Refusal::QuoteExpired);
        }
        let (asset, fiat) = (Unit::Asset(quote.asset), Unit::Fiat(quote.currency));
        let p = &quote.pricing;
        let (needed, have, unit) = match quote.side {
            Side::Buy => (p.notional, self.holdings.main[fiat.slot()], fiat),
            Side::Sell => (p.quantity, self.holdings.main[asset.slot()], asset),
        };
        if have < needed {
            let symbol = match unit {
                Unit::Asset(i) => catalogue().assets[i].symbol,
                Unit::Fiat(i) => catalogue().currencies[i].symbol,
            };
            return Err(Refusal::InsufficientFunds(format!(
                "{needed} {symbol} needed, {have} available"
            )));
        }
        if let Some(limit) = self.trading_limits.get(key) {
            let amount = convert(p.notional, quote.currency, limit.currency);
            if !limit.allows(quote.side, amount, now) {
                return Err(Refusal::TradingLimitExceeded);
            }
        }
        let trade = Trade {
            id: self.new_id(),
            fee: p.premium,
            fee_unit: fiat,
            fee_percentage: quote.fee_percentage,
            rate: quote.price,
            rate_with_fee: quote.price_with_premium,
            to_eur_rate: quote.to_euro_rate,
        };
        let side = quote.side;
        let mut fiat_leg = draft(fiat, p.notional, side, Flow::Outgoing, &trade);
        fiat_leg.fee = p.premium;
        let mut asset_leg = draft(asset, p.quantity, side, Flow::Incoming, &trade);
        let legs = match side {
            Side::Buy => {
                let per_eur = catalogue().currencies[quote.currency].per_eur;
                asset_leg.cost = CostEffect::Add((p.notional / per_eur).round_dp(2));
                vec![fiat_leg, asset_leg]
            }
            Side::Sell => {
                fiat_leg.flow = Flow::Incoming;
                asset_leg.flow = Flow::Outgoing;
                asset_leg.cost = CostEffect::Reduce;
                vec![asset_leg, fiat_leg]
            }
        };
        let op_type = if side == Side::Buy { "buy" } else { "sell" };
        let operation_id = self.record(op_type, now, legs).id;
        let budget = self.trading_limits.get_mut(key).map(|limit| {
            let amount = convert(p.notional, quote.currency, limit.currency);
            limit.consume(side, amount, now);
            limit.budget(now)
        });
        let stored = self.quotes.get_mut(&id).expect("quote checked above");
        stored.trade_id = Some(trade.id);
        stored.executed_at = Some(now);
        Ok(Execution {
            quote: stored.clone(),
            operation_id,
            budget,
        })
    }
}
