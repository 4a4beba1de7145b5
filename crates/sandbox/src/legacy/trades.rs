//! Legacy trades (`GET /v1/trades`) as views of the ledger's trade operations.
//!
//! Every `buy`, `sell`, `savings_plan` and `swap` operation is one legacy trade whose `id`
//! is the operation's trade id (the current API's `trade.trade_id`), newest first:
//! * buy / savings plan → `type: buy` (`is_savings: true` for a savings plan);
//! * sell → `type: sell`;
//! * swap → `type: sell` of the asset given up, `is_swap: true`, counted in EUR at the
//!   market price of that moment (the legacy trade has no second asset).
//!
//! A sale from two wallets of the asset (main and staking, as one tax case sends it) is one
//! trade of the legs' total quantity; the fiat side is the fiat leg that is not a `tax` leg.
//! Operations marked `legacy_only` are trades here like any other.
//!
//! With the deliberate discrepancy, the newest plain `buy` trade is left out.

use super::json_blocks::{
    amount, cryptocoin_id, fiat_id, item, symbol, timestamp, PAYMENT_OPTION_ID,
};
use super::paging::Record;
use crate::fixed_catalogue::catalogue;
use crate::ledger::{Flow, Ledger, Leg, Operation, Unit, WalletKind};
use rust_decimal::Decimal;
use serde_json::{json, Value};

/// Operation types that are trades in the legacy API.
pub const TRADE_OPERATIONS: [&str; 4] = ["buy", "sell", "savings_plan", "swap"];

fn asset_leg(op: &Operation) -> Option<&Leg> {
    let want = if op.op_type == "swap" {
        Some(Flow::Outgoing)
    } else {
        None
    };
    op.legs
        .iter()
        .find(|l| matches!(l.unit, Unit::Asset(_)) && want.is_none_or(|f| l.flow == f))
}

/// The legacy trade of a trade operation: (trade id, `buy`/`sell`, item). None otherwise.
pub fn trade(ledger: &Ledger, op: &Operation) -> Option<(String, &'static str, Value)> {
    if !TRADE_OPERATIONS.contains(&op.op_type) {
        return None;
    }
    let asset = asset_leg(op)?;
    let details = asset.trade.as_ref()?;
    let Unit::Asset(i) = asset.unit else {
        return None;
    };
    let quantity: Decimal = op
        .legs
        .iter()
        .filter(|l| l.unit == asset.unit && l.flow == asset.flow && l.tx_type != "fee")
        .map(|l| l.amount)
        .sum();
    let side = if matches!(op.op_type, "sell" | "swap") {
        "sell"
    } else {
        "buy"
    };
    let (fiat, amount_fiat, fiat_wallet, price, to_eur) = if op.op_type == "swap" {
        let eur_price = ledger.prices.price_eur_at(i, op.time);
        let value = (quantity * eur_price).round_dp(2);
        let scale = catalogue().assets[i].price_scale;
        let eur_wallet = ledger.wallet_id(Unit::Fiat(0), WalletKind::Main);
        (
            0,
            value,
            eur_wallet,
            eur_price.round_dp(scale),
            details.to_eur_rate,
        )
    } else {
        let fiat_leg = op
            .legs
            .iter()
            .find(|l| matches!(l.unit, Unit::Fiat(_)) && l.tx_type != "tax")?;
        let Unit::Fiat(c) = fiat_leg.unit else {
            return None;
        };
        let rate = details.rate;
        (
            c,
            fiat_leg.amount,
            fiat_leg.wallet_id,
            rate,
            details.to_eur_rate,
        )
    };
    let attributes = json!({
        "status": "finished",
        "type": side,
        "cryptocoin_id": cryptocoin_id(i),
        "cryptocoin_symbol": symbol(asset.unit),
        "fiat_id": fiat_id(fiat),
        "amount_fiat": amount(amount_fiat),
        "amount_cryptocoin": amount(quantity),
        "fiat_to_eur_rate": amount(to_eur),
        "wallet_id": asset.wallet_id.to_string(),
        "fiat_wallet_id": fiat_wallet.to_string(),
        "payment_option_id": PAYMENT_OPTION_ID,
        "time": timestamp(op.time),
        "price": amount(price),
        "is_swap": op.op_type == "swap",
        "is_savings": op.op_type == "savings_plan",
    });
    let id = details.id.to_string();
    Some((id.clone(), side, item("trade", id, attributes)))
}

/// All legacy trades, newest first (see the module docs for the discrepancy).
pub fn trades(ledger: &Ledger, discrepancy: bool) -> Vec<Record> {
    let mut dropped = !discrepancy;
    ledger
        .operations
        .iter()
        .rev()
        .filter(|op| {
            if !dropped && op.op_type == "buy" {
                dropped = true;
                return false;
            }
            true
        })
        .filter_map(|op| trade(ledger, op))
        .map(|(id, side, item)| Record {
            id,
            kind: side,
            status: "finished",
            item,
        })
        .collect()
}
