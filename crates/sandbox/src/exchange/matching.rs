//! The matching rules: taker fills against the book, maker fills of resting limit orders when
//! the price walk crosses them, stop triggers, expiry, and the fee tiers.
//!
//! Open orders are evaluated lazily: every request first calls [`settle`], which replays each
//! open order over the 10-second price buckets since it was last evaluated. A resting order
//! fills at its limit price in each bucket whose best opposite price crosses it, at most
//! 20–50 % of its quantity per bucket (so partial fills are visible). Fees are taken from what
//! the order receives (the base asset for buys, the quote currency for sells).

use super::model::{Account, Kind, Order, Side, Status, Tif, Trade};
use super::pairs::{bucket_of, floor_to, pairs, Book, Pair};
use crate::fixed_catalogue::catalogue;
use crate::price_walk::{PriceModel, BUCKET_SECS};
use crate::rng::hash;
use chrono::{DateTime, Duration, Utc};
use rust_decimal::Decimal;

/// Fee tiers: (name, fee in percent, required 30-day volume in EUR).
pub const TIERS: [(&str, &str, i64); 5] = [
    ("Tier 1", "0.15", 0),
    ("Tier 2", "0.10", 100_000),
    ("Tier 3", "0.08", 250_000),
    ("Tier 4", "0.06", 1_000_000),
    ("Tier 5", "0.04", 5_000_000),
];

/// Most price buckets replayed per order and request (larger gaps are sampled).
const MAX_STEPS: i64 = 10_000;

/// Traded volume of the 30 days before `now`, in EUR.
pub fn traded_volume_30d(acc: &Account, now: DateTime<Utc>) -> Decimal {
    let since = now - Duration::days(30);
    let c = catalogue();
    let sum: Decimal = acc
        .trades
        .iter()
        .filter(|t| t.executed_at > since && t.executed_at <= now)
        .map(|t| {
            let per_eur = c
                .currency_by_symbol(pairs()[t.pair].quote)
                .map_or(Decimal::ONE, |cur| cur.per_eur);
            t.total_amount / per_eur
        })
        .sum();
    sum.round_dp(2)
}

/// The index into [`TIERS`] reached with `volume`.
pub fn tier_index(volume: Decimal) -> usize {
    TIERS
        .iter()
        .rposition(|t| volume >= Decimal::from(t.2))
        .unwrap_or(0)
}

/// The fee of a tier as a fraction (0.0015 for 0.15 %).
pub fn tier_fee_rate(index: usize) -> Decimal {
    TIERS[index].1.parse::<Decimal>().unwrap_or_default() / Decimal::ONE_HUNDRED
}

fn fee_rate(acc: &Account, now: DateTime<Utc>) -> Decimal {
    tier_fee_rate(tier_index(traded_volume_30d(acc, now)))
}

/// The symbols an order spends and receives.
pub fn spend_receive(pair: &Pair, side: Side) -> (&'static str, &'static str) {
    match side {
        Side::Buy => (pair.quote, pair.base),
        Side::Sell => (pair.base, pair.quote),
    }
}

/// The fills a taker order would get from `book`: `(price, quantity)` per level, best first.
/// `quantity` and/or `amount` bound the total; `limit` stops at worse prices.
pub fn sweep(
    pair: &Pair,
    book: &Book,
    side: Side,
    quantity: Option<Decimal>,
    amount: Option<Decimal>,
    limit: Option<Decimal>,
) -> Vec<(Decimal, Decimal)> {
    let levels = if side == Side::Buy {
        &book.asks
    } else {
        &book.bids
    };
    let (mut q_left, mut a_left) = (quantity, amount);
    let mut fills = Vec::new();
    for &(price, level_qty) in levels {
        let worse = match (limit, side) {
            (Some(l), Side::Buy) => price > l,
            (Some(l), Side::Sell) => price < l,
            (None, _) => false,
        };
        if worse {
            break;
        }
        let mut take = level_qty;
        if let Some(q) = q_left {
            take = take.min(q);
        }
        if let Some(a) = a_left {
            take = take.min(floor_to(a / price, pair.size_increment));
        }
        if take <= Decimal::ZERO {
            break;
        }
        fills.push((price, take));
        q_left = q_left.map(|q| q - take);
        a_left = a_left.map(|a| a - pair.money(take * price));
    }
    fills
}

/// Applies one fill to order `idx` and the balances, recording the trade.
fn fill(
    acc: &mut Account,
    idx: usize,
    price: Decimal,
    qty: Decimal,
    rate: Decimal,
    at: DateTime<Utc>,
) {
    let o = &acc.orders[idx];
    let pair = &pairs()[o.pair];
    let (spend, receive) = spend_receive(pair, o.side);
    let cost = pair.money(qty * price);
    let (spent, received, fee) = match o.side {
        Side::Buy => {
            let fee = (qty * rate).round_dp(8);
            (cost, qty - fee, fee)
        }
        Side::Sell => {
            let fee = pair.money(cost * rate);
            (qty, cost - fee, fee)
        }
    };
    let from_lock = spent.min(o.locked);
    let (order_id, side) = (o.id, o.side);
    let b = acc.balance(spend);
    b.locked -= from_lock;
    b.available -= spent - from_lock;
    acc.balance(receive).available += received;
    let (seq, id) = acc.next_id();
    let o = &mut acc.orders[idx];
    o.locked -= from_lock;
    o.filled_quantity += qty;
    o.filled_amount += cost;
    o.fee += fee;
    o.executed_at = Some(at);
    o.updated_at = at;
    o.status = Status::PartiallyFilled;
    acc.trades.push(Trade {
        seq,
        id,
        order_id,
        pair: pair.index,
        side,
        price,
        quantity: qty,
        fee,
        fee_currency: receive,
        total_amount: cost,
        executed_at: at,
    });
}

/// Whether nothing more can be filled: the quantity is done, or (by amount) less than one
/// size increment at `price` is left to spend.
fn complete(o: &Order, pair: &Pair, price: Decimal) -> bool {
    match (o.quantity, o.amount) {
        (Some(q), _) => o.filled_quantity >= q,
        (None, Some(a)) => a - o.filled_amount < pair.money(pair.size_increment * price),
        (None, None) => true,
    }
}

/// Closes order `idx` (filled, canceled or filled-and-canceled) and releases its lock.
pub fn close(acc: &mut Account, idx: usize, at: DateTime<Utc>, done: bool) {
    let o = &acc.orders[idx];
    let (spend, _) = spend_receive(&pairs()[o.pair], o.side);
    let release = o.locked;
    let b = acc.balance(spend);
    b.locked -= release;
    b.available += release;
    let o = &mut acc.orders[idx];
    o.locked = Decimal::ZERO;
    o.updated_at = at;
    o.status = if done {
        Status::Filled
    } else if o.filled_quantity > Decimal::ZERO {
        Status::FilledAndCanceled
    } else {
        Status::Canceled
    };
}

/// Executes order `idx` as a taker against the book of bucket `t` (at instant `at`): Market,
/// triggered StopMarket, and the marketable part of Limit / triggered StopLimit orders.
pub fn take(acc: &mut Account, idx: usize, prices: &PriceModel, t: i64, at: DateTime<Utc>) {
    let rate = fee_rate(acc, at);
    let o = acc.orders[idx].clone();
    let pair = &pairs()[o.pair];
    let book = pair.book(prices, acc.seed, t, 100);
    let market = matches!(o.kind, Kind::Market | Kind::StopMarket);
    let limit = if market { None } else { o.limit_price };
    let qty = o.quantity.map(|q| q - o.filled_quantity);
    let mut amount = o.amount.map(|a| a - o.filled_amount);
    if o.side == Side::Buy && o.kind == Kind::StopMarket {
        amount = Some(o.locked); // a triggered stop buys at most what it locked
    }
    let fills = sweep(pair, &book, o.side, qty, amount, limit);
    let got: Decimal = fills.iter().map(|f| f.1).sum();
    let all = qty.is_none_or(|q| got >= q);
    if o.tif == Tif::Fok && !all {
        return close(acc, idx, at, false);
    }
    for (price, q) in fills {
        fill(acc, idx, price, q, rate, at);
    }
    let done = complete(&acc.orders[idx], pair, book.mid);
    if done || market || o.tif == Tif::Ioc || o.tif == Tif::Fok {
        close(acc, idx, at, done);
    }
}

/// Brings every open order up to `now`: triggers, maker fills, GTD expiry.
pub fn settle(acc: &mut Account, prices: &PriceModel, now: DateTime<Utc>) {
    let now_b = bucket_of(now);
    for idx in 0..acc.orders.len() {
        if !acc.orders[idx].status.is_open() {
            continue;
        }
        let from = acc.orders[idx].evaluated_to;
        let span = now_b - from;
        let step = ((span / MAX_STEPS).max(1) + BUCKET_SECS - 1) / BUCKET_SECS * BUCKET_SECS;
        let step = step.max(BUCKET_SECS);
        let mut t = from + step;
        while t <= now_b && acc.orders[idx].status.is_open() {
            let at = DateTime::from_timestamp(t, 0).unwrap_or(now);
            if let Some(end) = acc.orders[idx].end_time.filter(|&e| e <= at) {
                close(acc, idx, end, false);
                break;
            }
            step_order(acc, idx, prices, t, at);
            t += step;
        }
        acc.orders[idx].evaluated_to = acc.orders[idx].evaluated_to.max(now_b);
    }
}

fn step_order(acc: &mut Account, idx: usize, prices: &PriceModel, t: i64, at: DateTime<Utc>) {
    let o = &acc.orders[idx];
    let pair = &pairs()[o.pair];
    if matches!(o.kind, Kind::StopLimit | Kind::StopMarket) && !o.triggered {
        let mid = pair.mid(prices, t);
        let trigger = o.trigger_price.unwrap_or_default();
        let crossed = match o.side {
            Side::Buy => mid >= trigger,
            Side::Sell => mid <= trigger,
        };
        if crossed {
            acc.orders[idx].triggered = true;
            acc.orders[idx].updated_at = at;
            take(acc, idx, prices, t, at);
        }
        return;
    }
    let Some(limit) = o.limit_price else { return };
    let book = pair.book(prices, acc.seed, t, 1);
    let crosses = match o.side {
        Side::Buy => book.asks.first().is_some_and(|a| a.0 <= limit),
        Side::Sell => book.bids.first().is_some_and(|b| b.0 >= limit),
    };
    if !crosses {
        return;
    }
    let pct = [20, 30, 40, 50][(hash(&[acc.seed, o.seq, t as u64]) % 4) as usize];
    let portion = floor_to(
        o.quantity.unwrap_or_default() * Decimal::new(pct, 2),
        pair.size_increment,
    )
    .max(pair.size_increment);
    let qty = portion.min(o.remaining());
    let rate = fee_rate(acc, at);
    fill(acc, idx, limit, qty, rate, at);
    if acc.orders[idx].remaining() <= Decimal::ZERO {
        close(acc, idx, at, true);
    }
}
