//! Legacy transactions as views of the ledger's legs, newest first; each `id` is the leg's
//! current-API `transaction_id`.
//!
//! * fiat transactions: every fiat leg;
//! * crypto transactions: every leg of a crypto asset or index;
//! * commodity transactions: every leg of a metal, with the embedded legacy trade when the
//!   leg belongs to a trade.
//!
//! `type` maps the leg: buy and savings plan → `buy`, sell → `sell`, swap → `sell` (given
//! up) / `buy` (received), deposit / withdrawal / refund as they are, stake and unstake →
//! `transfer`, rewards, cashback, dividends and other types → `deposit` (the operation type
//! is in `purpose_text`); a `tax` leg → `refund` when it comes in (a tax credit), else
//! `withdrawal`.
//! A crypto withdrawal's network-fee leg is not listed on its own: it is the withdrawal's
//! `fee`. `status`: settled → `finished`, pending → `pending`, cancelled → `canceled`.

use super::json_blocks::{
    amount, cryptocoin_id, fiat_id, is_cryptocoin, is_metal, item, symbol, timestamp,
    PAYMENT_OPTION_ID, USER_ID,
};
use super::paging::Record;
use super::trades::trade;
use crate::fixed_catalogue::catalogue;
use crate::ledger::{Flow, Ledger, Leg, LegState, Operation, Unit};
use rust_decimal::Decimal;
use serde_json::{json, Value};

const NIL: &str = "00000000-0000-0000-0000-000000000000";

fn legacy_type(op: &Operation, leg: &Leg) -> &'static str {
    if leg.tx_type == "tax" {
        return match leg.flow {
            Flow::Incoming => "refund",
            Flow::Outgoing => "withdrawal",
        };
    }
    match op.op_type {
        "buy" | "savings_plan" => "buy",
        "sell" => "sell",
        "swap" if leg.flow == Flow::Outgoing => "sell",
        "swap" => "buy",
        "deposit" => "deposit",
        "withdrawal" => "withdrawal",
        "refund" => "refund",
        "stake" | "unstake" => "transfer",
        _ => "deposit",
    }
}

fn status(leg: &Leg) -> &'static str {
    match leg.state {
        LegState::Settled => "finished",
        LegState::Pending => "pending",
        LegState::Cancelled => "canceled",
    }
}

fn in_or_out(leg: &Leg) -> &'static str {
    match leg.flow {
        Flow::Incoming => "incoming",
        Flow::Outgoing => "outgoing",
    }
}

/// Value of the leg in EUR at the operation's time (2 dp).
fn eur_value(ledger: &Ledger, op: &Operation, leg: &Leg) -> Decimal {
    match leg.unit {
        Unit::Asset(i) => (leg.amount * ledger.prices.price_eur_at(i, op.time)).round_dp(2),
        Unit::Fiat(c) => (leg.amount / catalogue().currencies[c].per_eur).round_dp(2),
    }
}

/// The leg's fee plus any separate fee legs of the same unit in its operation.
fn fee(op: &Operation, leg: &Leg) -> Decimal {
    let extra: Decimal = op
        .legs
        .iter()
        .filter(|l| l.tx_type == "fee" && l.unit == leg.unit && l.id != leg.id)
        .map(|l| l.amount)
        .sum();
    leg.fee + extra
}

/// Legs of `keep`'s units, newest operation first, fee legs folded away.
fn legs(ledger: &Ledger, keep: fn(Unit) -> bool) -> impl Iterator<Item = (&Operation, &Leg)> {
    ledger.operations.iter().rev().flat_map(move |op| {
        op.legs
            .iter()
            .filter(move |l| keep(l.unit) && l.tx_type != "fee")
            .map(move |l| (op, l))
    })
}

fn record(kind: &'static str, leg: &Leg, item: Value) -> Record {
    Record {
        id: leg.id.to_string(),
        kind,
        status: status(leg),
        item,
    }
}

/// `GET /v1/fiatwallets/transactions` records.
pub fn fiat_transactions(ledger: &Ledger) -> Vec<Record> {
    legs(ledger, |u| matches!(u, Unit::Fiat(_)))
        .map(|(op, leg)| {
            let Unit::Fiat(c) = leg.unit else {
                unreachable!("fiat legs only")
            };
            let kind = legacy_type(op, leg);
            let attributes = json!({
                "fiat_wallet_id": leg.wallet_id.to_string(),
                "user_id": USER_ID,
                "fiat_id": fiat_id(c),
                "amount": amount(leg.amount),
                "fee": amount(fee(op, leg)),
                "to_eur_rate": amount(catalogue().currencies[c].to_eur_rate()),
                "time": timestamp(op.time),
                "in_or_out": in_or_out(leg),
                "type": kind,
                "status": status(leg),
                "confirmation_by": "not_required",
                "confirmed": leg.state == LegState::Settled,
                "payment_option_id": PAYMENT_OPTION_ID,
                "requires_2fa_approval": false,
                "last_changed": timestamp(leg.credited_at.unwrap_or(op.time)),
            });
            record(
                kind,
                leg,
                item("fiat_wallet_transaction", leg.id, attributes),
            )
        })
        .collect()
}

/// The attributes crypto and commodity transactions share.
fn asset_attributes(ledger: &Ledger, op: &Operation, leg: &Leg) -> Value {
    let Unit::Asset(i) = leg.unit else {
        unreachable!("asset legs only")
    };
    let eur = eur_value(ledger, op, leg);
    let hex = format!("{:032x}", leg.id.0);
    let chain = matches!(op.op_type, "deposit" | "withdrawal");
    let recipient = if chain && leg.flow == Flow::Outgoing {
        format!("addr-{}", &hex[..24])
    } else {
        String::new()
    };
    json!({
        "amount": amount(leg.amount),
        "recipient": recipient,
        "time": timestamp(op.time),
        "in_or_out": in_or_out(leg),
        "type": legacy_type(op, leg),
        "status": status(leg),
        "amount_eur": amount(eur),
        "wallet_id": leg.wallet_id.to_string(),
        "confirmed": leg.state == LegState::Settled,
        "cryptocoin_id": cryptocoin_id(i),
        "cryptocoin_symbol": symbol(leg.unit),
        "last_changed": timestamp(leg.credited_at.unwrap_or(op.time)),
        "fee": amount(fee(op, leg)),
        "current_fiat_id": "1",
        "current_fiat_amount": amount(eur),
        "tx_id": if chain { hex } else { String::new() },
    })
}

/// `GET /v1/wallets/transactions` records.
pub fn crypto_transactions(ledger: &Ledger) -> Vec<Record> {
    legs(ledger, is_cryptocoin)
        .map(|(op, leg)| {
            let mut a = asset_attributes(ledger, op, leg);
            let related = op
                .legs
                .iter()
                .find(|l| l.id != leg.id && l.tx_type != "fee");
            a["confirmations"] = json!(if leg.state == LegState::Settled { 6 } else { 0 });
            a["purpose_text"] = json!(op.op_type);
            a["related_wallet_transaction_id"] =
                json!(related.map_or(NIL.to_string(), |l| l.id.to_string()));
            a["related_wallet_id"] =
                json!(related.map_or(NIL.to_string(), |l| l.wallet_id.to_string()));
            record(legacy_type(op, leg), leg, item("transaction", leg.id, a))
        })
        .collect()
}

/// `GET /v1/assets/transactions/commodity` records.
pub fn commodity_transactions(ledger: &Ledger) -> Vec<Record> {
    legs(ledger, is_metal)
        .map(|(op, leg)| {
            let mut a = asset_attributes(ledger, op, leg);
            let savings = op.op_type == "savings_plan";
            let embedded = leg.trade.as_ref().and_then(|_| trade(ledger, op));
            a["trade"] = embedded.map_or(Value::Null, |(_, _, item)| item);
            a["is_savings"] = json!(savings);
            a["is_metal_storage_fee"] = json!(false);
            a["tags"] = if savings {
                json!(["savings_plan"])
            } else {
                json!([])
            };
            record(legacy_type(op, leg), leg, item("transaction", leg.id, a))
        })
        .collect()
}
