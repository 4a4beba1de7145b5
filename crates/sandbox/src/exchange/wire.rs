//! JSON shapes of orders, trades and balances (camelCase, decimal strings, ISO timestamps).

use super::model::{Order, Side, Trade};
use super::pairs::{pairs, Pair};
use crate::clock::iso;
use rust_decimal::Decimal;
use serde_json::{json, Map, Value};

/// A decimal as a string with at least `scale` decimals.
pub fn fixed(x: Decimal, scale: u32) -> String {
    let mut x = x.normalize();
    if x.scale() < scale {
        x.rescale(scale);
    }
    x.to_string()
}

/// Decimals of a base-asset amount of `pair`.
pub fn base_scale(pair: &Pair) -> u32 {
    pair.size_increment.scale()
}

/// Decimals of a fee in `currency` on `pair`.
fn fee_scale(pair: &Pair, currency: &str) -> u32 {
    if currency == pair.quote {
        pair.quote_scale()
    } else {
        8
    }
}

fn put(map: &mut Map<String, Value>, key: &str, value: Option<String>) {
    if let Some(v) = value {
        map.insert(key.to_string(), Value::String(v));
    }
}

/// The order resource.
pub fn order(o: &Order) -> Value {
    let pair = &pairs()[o.pair];
    let (bs, qs, ts) = (base_scale(pair), pair.quote_scale(), pair.tick_size.scale());
    let mut m = Map::new();
    m.insert("id".into(), json!(o.id.to_string()));
    m.insert("pair".into(), json!(pair.name()));
    m.insert("side".into(), json!(o.side.as_str()));
    m.insert("type".into(), json!(o.kind.as_str()));
    m.insert("status".into(), json!(o.status.as_str()));
    m.insert("pricedIn".into(), json!(pair.quote));
    put(&mut m, "quantity", o.quantity.map(|q| fixed(q, bs)));
    put(&mut m, "amount", o.amount.map(|a| fixed(a, qs)));
    put(&mut m, "limitPrice", o.limit_price.map(|p| fixed(p, ts)));
    put(
        &mut m,
        "triggerPrice",
        o.trigger_price.map(|p| fixed(p, ts)),
    );
    put(&mut m, "filledQuantity", Some(fixed(o.filled_quantity, bs)));
    put(&mut m, "filledAmount", Some(fixed(o.filled_amount, qs)));
    let ordered = match (o.quantity, o.amount) {
        (Some(q), _) if !q.is_zero() => Some(o.filled_quantity / q),
        (None, Some(a)) if !a.is_zero() => Some((o.filled_amount / a).min(Decimal::ONE)),
        _ => None,
    };
    let pct = ordered.map(|f| fixed((f * Decimal::ONE_HUNDRED).round_dp(2), 2));
    put(&mut m, "filledPercentage", pct);
    let avg = (!o.filled_quantity.is_zero())
        .then(|| fixed((o.filled_amount / o.filled_quantity).round_dp(ts + 2), ts));
    put(&mut m, "filledAveragePrice", avg);
    if !o.fee_currency.is_empty() {
        let fee = fixed(o.fee, fee_scale(pair, o.fee_currency));
        m.insert(
            "fee".into(),
            json!({"amount": fee, "currency": o.fee_currency}),
        );
    }
    m.insert("timeInForce".into(), json!(o.tif.as_str()));
    m.insert("createdAt".into(), json!(iso(o.created_at)));
    m.insert("updatedAt".into(), json!(iso(o.updated_at)));
    put(&mut m, "executedAt", o.executed_at.map(iso));
    put(&mut m, "endTime", o.end_time.map(iso));
    Value::Object(m)
}

/// The trade resource (side in lower case).
pub fn trade(t: &Trade) -> Value {
    let pair = &pairs()[t.pair];
    let side = match t.side {
        Side::Buy => "buy",
        Side::Sell => "sell",
    };
    json!({
        "id": t.id.to_string(),
        "orderId": t.order_id.to_string(),
        "pair": pair.name(),
        "side": side,
        "price": fixed(t.price, pair.tick_size.scale()),
        "quantity": fixed(t.quantity, base_scale(pair)),
        "fee": {"amount": fixed(t.fee, fee_scale(pair, t.fee_currency)), "currency": t.fee_currency},
        "totalAmount": fixed(t.total_amount, pair.quote_scale()),
        "executedAt": iso(t.executed_at),
    })
}
