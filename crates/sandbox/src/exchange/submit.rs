//! Recording a validated order: value limits and balance, funds locked, immediate execution.

use super::errors::ExError;
use super::matching::{spend_receive, sweep, take};
use super::model::{Account, Kind, Order, Side, Status};
use super::pairs::bucket_of;
use super::place::{Request, STOP_BUY_BUFFER};
use crate::price_walk::PriceModel;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

/// Checks the order value against the pair's limits and the balance; the funds to lock.
fn funds(
    r: &Request,
    acc: &Account,
    prices: &PriceModel,
    now: DateTime<Utc>,
) -> Result<Decimal, ExError> {
    let pair = r.pair;
    let book = pair.book(prices, acc.seed, bucket_of(now), 100);
    let fills = sweep(pair, &book, r.side, r.quantity, r.amount, None);
    let swept_qty: Decimal = fills.iter().map(|f| f.1).sum();
    let swept_cost: Decimal = fills.iter().map(|f| pair.money(f.0 * f.1)).sum();
    let reference = r.limit.or(r.trigger).unwrap_or(book.mid);
    let value = r
        .amount
        .unwrap_or_else(|| r.quantity.unwrap_or_default() * reference);
    if value < pair.min_order_amount {
        return Err(ExError::refused(
            "BELOW_MIN_ORDER_AMOUNT",
            format!(
                "The order value is below the minimum of {} {}",
                pair.min_order_amount, pair.quote
            ),
        ));
    }
    if value > pair.max_order_amount {
        return Err(ExError::refused(
            "ABOVE_MAX_ORDER_AMOUNT",
            format!(
                "The order value is above the maximum of {} {}",
                pair.max_order_amount, pair.quote
            ),
        ));
    }
    let qty = r.quantity.unwrap_or_default();
    let (need, lock) = match (r.side, r.kind) {
        (Side::Buy, Kind::Market) => (r.amount.unwrap_or(swept_cost), Decimal::ZERO),
        (Side::Sell, Kind::Market) => (r.quantity.unwrap_or(swept_qty), Decimal::ZERO),
        (Side::Buy, Kind::StopMarket) => {
            let l = pair.money(qty * reference * STOP_BUY_BUFFER);
            (l, l)
        }
        (Side::Buy, _) => {
            let l = pair.money(qty * reference);
            (l, l)
        }
        (Side::Sell, _) => (qty, qty),
    };
    let (spend, _) = spend_receive(pair, r.side);
    let available = acc
        .balances
        .get(spend)
        .map(|b| b.available)
        .unwrap_or_default();
    if need > available {
        return Err(ExError::refused(
            "INSUFFICIENT_BALANCE",
            format!("The order needs {need} {spend}; {available} {spend} are available"),
        ));
    }
    Ok(lock)
}

/// Records and executes a validated order; returns it as accepted (`status: new`).
pub fn place(
    r: &Request,
    acc: &mut Account,
    prices: &PriceModel,
    now: DateTime<Utc>,
) -> Result<Order, ExError> {
    let lock = funds(r, acc, prices, now)?;
    let (spend, receive) = spend_receive(r.pair, r.side);
    let (seq, id) = acc.next_id();
    let order = Order {
        seq,
        id,
        pair: r.pair.index,
        side: r.side,
        kind: r.kind,
        quantity: r.quantity,
        amount: r.amount,
        limit_price: r.limit,
        trigger_price: r.trigger,
        tif: r.tif,
        end_time: r.end_time,
        status: Status::New,
        triggered: false,
        filled_quantity: Decimal::ZERO,
        filled_amount: Decimal::ZERO,
        fee: Decimal::ZERO,
        fee_currency: receive,
        locked: lock,
        created_at: now,
        updated_at: now,
        executed_at: None,
        evaluated_to: bucket_of(now),
    };
    let b = acc.balance(spend);
    b.available -= lock;
    b.locked += lock;
    acc.orders.push(order.clone());
    if matches!(r.kind, Kind::Market | Kind::Limit) {
        let idx = acc.orders.len() - 1;
        take(acc, idx, prices, bucket_of(now), now);
    }
    Ok(order)
}
