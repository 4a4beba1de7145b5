//! The exchange account's starting point, derived from the seed: its own balances (separate
//! from the current API's wallets, which the exchange does not touch), about 40 closed orders
//! with their trades over the 45 days before the start, and two open limit orders far from the
//! market with their funds locked.

use super::matching::{spend_receive, tier_fee_rate};
use super::model::{Account, Balance, Kind, Order, Side, Status, Tif, Trade};
use super::pairs::{bucket_of, floor_to, pairs};
use crate::price_walk::PriceModel;
use crate::rng::Rng;
use chrono::{DateTime, Duration, Utc};
use rust_decimal::Decimal;

/// Starting balances (available) by symbol.
const BALANCES: &[(&str, &str)] = &[
    ("EUR", "25000.00"),
    ("USD", "10000.00"),
    ("CHF", "8000.00"),
    ("BTC", "0.50000000"),
    ("ETH", "6.00000000"),
    ("SOL", "80.00000000"),
    ("ADA", "20000.00000000"),
    ("XRP", "15000.00000000"),
    ("DOGE", "50000.00000000"),
    ("LTC", "40.00000000"),
    ("LINK", "300.00000000"),
];

/// Number of closed orders in the generated history.
pub const HISTORY_ORDERS: usize = 40;

/// Builds the account for `seed` at `start`.
pub fn seed_account(seed: u64, start: DateTime<Utc>, prices: &PriceModel) -> Account {
    let mut acc = Account {
        seed,
        ..Account::default()
    };
    for &(symbol, amount) in BALANCES {
        let available = amount.parse().unwrap_or_default();
        acc.balances.insert(
            symbol,
            Balance {
                available,
                locked: Decimal::ZERO,
            },
        );
    }
    let mut rng = Rng::new(crate::rng::hash(&[seed, 0xe8c4]));
    let rate = tier_fee_rate(0);
    for i in 0..HISTORY_ORDERS {
        let back =
            Duration::minutes(45 * 24 * 60 * (HISTORY_ORDERS - i) as i64 / HISTORY_ORDERS as i64);
        let at = start - back + Duration::seconds(rng.range(0, 3_000));
        let pair = &pairs()[rng.below(pairs().len() as u64) as usize];
        let side = if rng.chance(55) {
            Side::Buy
        } else {
            Side::Sell
        };
        let kind = if rng.chance(50) {
            Kind::Market
        } else {
            Kind::Limit
        };
        let mid = pair.mid(prices, bucket_of(at));
        let value = Decimal::from(rng.range(200, 3_000));
        let qty = floor_to(value / mid, pair.size_increment).max(pair.size_increment);
        let roll = rng.below(20);
        let (status, filled) = match (kind, roll) {
            (Kind::Limit, 0..=2) => (Status::Canceled, Decimal::ZERO),
            (Kind::Limit, 3) => (
                Status::FilledAndCanceled,
                floor_to(qty / Decimal::TWO, pair.size_increment),
            ),
            _ => (Status::Filled, qty),
        };
        let (seq, id) = acc.next_id();
        let (_, receive) = spend_receive(pair, side);
        let mut order = history_order(seq, id, pair.index, side, kind, qty, mid, at);
        order.status = status;
        order.fee_currency = receive;
        if filled > Decimal::ZERO {
            let cost = pair.money(filled * mid);
            let fee = match side {
                Side::Buy => (filled * rate).round_dp(8),
                Side::Sell => pair.money(cost * rate),
            };
            let executed = at + Duration::seconds(rng.range(1, 600));
            order.filled_quantity = filled;
            order.filled_amount = cost;
            order.fee = fee;
            order.executed_at = Some(executed);
            order.updated_at = executed;
            let (tseq, tid) = acc.next_id();
            acc.trades.push(Trade {
                seq: tseq,
                id: tid,
                order_id: id,
                pair: pair.index,
                side,
                price: mid,
                quantity: filled,
                fee,
                fee_currency: receive,
                total_amount: cost,
                executed_at: executed,
            });
        }
        acc.orders.push(order);
    }
    for (symbol, side, factor, qty) in [
        ("BTC-EUR", Side::Buy, "0.7", "0.01"),
        ("ETH-EUR", Side::Sell, "1.4", "0.5"),
    ] {
        let pair = super::pairs::find_pair(symbol).expect("seed pair");
        let at = start - Duration::days(2);
        let mid = pair.mid(prices, bucket_of(at));
        let limit = floor_to(
            mid * factor.parse::<Decimal>().unwrap_or_default(),
            pair.tick_size,
        );
        let qty: Decimal = qty.parse().unwrap_or_default();
        let (seq, id) = acc.next_id();
        let (spend, receive) = spend_receive(pair, side);
        let mut order = history_order(seq, id, pair.index, side, Kind::Limit, qty, limit, at);
        order.fee_currency = receive;
        order.locked = if side == Side::Buy {
            pair.money(qty * limit)
        } else {
            qty
        };
        order.evaluated_to = bucket_of(start);
        let b = acc.balance(spend);
        b.available -= order.locked;
        b.locked += order.locked;
        acc.orders.push(order);
    }
    acc
}

#[allow(clippy::too_many_arguments)]
fn history_order(
    seq: u64,
    id: crate::ids::Uuid,
    pair: usize,
    side: Side,
    kind: Kind,
    qty: Decimal,
    price: Decimal,
    at: DateTime<Utc>,
) -> Order {
    Order {
        seq,
        id,
        pair,
        side,
        kind,
        quantity: Some(qty),
        amount: None,
        limit_price: (kind == Kind::Limit).then_some(price),
        trigger_price: None,
        tif: if kind == Kind::Market {
            Tif::Ioc
        } else {
            Tif::Gtc
        },
        end_time: None,
        status: Status::New,
        triggered: false,
        filled_quantity: Decimal::ZERO,
        filled_amount: Decimal::ZERO,
        fee: Decimal::ZERO,
        fee_currency: "",
        locked: Decimal::ZERO,
        created_at: at,
        updated_at: at,
        executed_at: None,
        evaluated_to: bucket_of(at),
    }
}
