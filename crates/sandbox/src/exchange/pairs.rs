//! The exchange's trading pairs and the market derived from the shared price walk: mid price,
//! order book levels and rounding to a pair's increments.
//!
//! A pair's mid is the asset's EUR price from [`crate::price_walk::PriceModel`] times the quote
//! currency's fixed rate, rounded to the tick size, so the exchange and the current API agree.
//! The book is symmetric around the mid: the best bid and ask are `max(tick, 0.04 %)` away,
//! levels are `max(tick, 0.02 %)` apart, and each level holds a deterministic quantity
//! (a pseudo-random value of 500–5,000 in the quote currency, per 10-second bucket).

use crate::fixed_catalogue::catalogue;
use crate::price_walk::{PriceModel, BUCKET_SECS};
use crate::rng::hash;
use chrono::{DateTime, Utc};
use rust_decimal::{Decimal, RoundingStrategy};
use std::str::FromStr;
use std::sync::OnceLock;

/// One trading pair and its order rules.
#[derive(Debug, Clone)]
pub struct Pair {
    /// Position in [`pairs`].
    pub index: usize,
    /// Base asset symbol (`BTC`).
    pub base: &'static str,
    /// Quote currency symbol (`EUR`).
    pub quote: &'static str,
    /// Prices must be multiples of this.
    pub tick_size: Decimal,
    /// Quantities must be multiples of this.
    pub size_increment: Decimal,
    /// Amounts (in the quote currency) must be multiples of this.
    pub amount_increment: Decimal,
    /// Largest quantity of one order.
    pub max_order_size: Decimal,
    /// Smallest order value in the quote currency.
    pub min_order_amount: Decimal,
    /// Largest order value in the quote currency.
    pub max_order_amount: Decimal,
    asset_index: usize,
    per_eur: Decimal,
}

/// The quote currencies, in the order their pairs are listed.
const QUOTES: [&str; 3] = ["EUR", "USD", "CHF"];

/// (base, tick, size increment, max order size, how many of [`QUOTES`] it is traded in):
/// every base is traded in EUR, BTC and ETH also in USD and CHF.
const BASES: &[(&str, &str, &str, &str, usize)] = &[
    ("BTC", "1", "0.00001", "100", 3),
    ("ETH", "0.1", "0.0001", "2000", 3),
    ("SOL", "0.01", "0.001", "50000", 1),
    ("ADA", "0.0001", "0.1", "10000000", 1),
    ("XRP", "0.0001", "0.1", "10000000", 1),
    ("DOGE", "0.00001", "1", "50000000", 1),
    ("LTC", "0.01", "0.001", "20000", 1),
    ("LINK", "0.001", "0.01", "200000", 1),
];

/// Every pair, in a fixed order.
pub fn pairs() -> &'static [Pair] {
    static PAIR_LIST: OnceLock<Vec<Pair>> = OnceLock::new();
    PAIR_LIST.get_or_init(|| {
        let c = catalogue();
        let d = |s: &str| Decimal::from_str(s).expect("pair table decimal");
        let table = QUOTES.iter().enumerate().flat_map(|(q, &quote)| {
            BASES
                .iter()
                .filter(move |b| q < b.4)
                .map(move |&(base, tick, size, max_size, _)| (base, quote, tick, size, max_size))
        });
        table
            .enumerate()
            .map(|(index, (base, quote, tick, size, max_size))| Pair {
                index,
                base,
                quote,
                tick_size: d(tick),
                size_increment: d(size),
                amount_increment: d("0.01"),
                max_order_size: d(max_size),
                min_order_amount: d("10"),
                max_order_amount: d("500000"),
                asset_index: c.asset_by_symbol(base).expect("pair base").index,
                per_eur: c.currency_by_symbol(quote).expect("pair quote").per_eur,
            })
            .collect()
    })
}

/// The pair named `BTC-EUR` (also accepts `BTC_EUR`; case-insensitive).
pub fn find_pair(name: &str) -> Option<&'static Pair> {
    let name = name.trim().replace('_', "-");
    pairs()
        .iter()
        .find(|p| p.name().eq_ignore_ascii_case(&name))
}

/// Rounds `x` down to a multiple of `step`.
pub fn floor_to(x: Decimal, step: Decimal) -> Decimal {
    ((x / step).floor() * step).normalize()
}

/// Rounds `x` to the nearest multiple of `step`.
pub fn round_to(x: Decimal, step: Decimal) -> Decimal {
    ((x / step).round() * step).normalize()
}

/// Whether `x` is a whole multiple of `step`.
pub fn is_multiple(x: Decimal, step: Decimal) -> bool {
    (x % step).is_zero()
}

/// The start of the 10-second price bucket holding `t`, in Unix seconds.
pub fn bucket_of(t: DateTime<Utc>) -> i64 {
    t.timestamp().div_euclid(BUCKET_SECS) * BUCKET_SECS
}

impl Pair {
    /// `BTC-EUR`.
    pub fn name(&self) -> String {
        format!("{}-{}", self.base, self.quote)
    }

    /// Decimals of quote amounts (from the amount increment).
    pub fn quote_scale(&self) -> u32 {
        self.amount_increment.scale()
    }

    /// A quote amount rounded to the amount increment's scale (half away from zero).
    pub fn money(&self, x: Decimal) -> Decimal {
        x.round_dp_with_strategy(self.quote_scale(), RoundingStrategy::MidpointAwayFromZero)
    }

    /// The mid price at `t` (Unix seconds), on the tick grid.
    pub fn mid(&self, prices: &PriceModel, t: i64) -> Decimal {
        let at = DateTime::from_timestamp(t, 0).unwrap_or_default();
        let raw = prices.price_eur_at(self.asset_index, at) * self.per_eur;
        round_to(raw, self.tick_size).max(self.tick_size)
    }

    fn gap(&self, mid: Decimal, per_ten_thousand: i64) -> Decimal {
        round_to(mid * Decimal::new(per_ten_thousand, 4), self.tick_size).max(self.tick_size)
    }

    /// `depth` levels per side at bucket `t`: `(bids best first, asks best first)`, each level
    /// `(price, quantity)`.
    pub fn book(&self, prices: &PriceModel, seed: u64, t: i64, depth: usize) -> Book {
        let mid = self.mid(prices, t);
        let half = self.gap(mid, 4);
        let step = self.gap(mid, 2);
        let level = |side: u64, i: usize, price: Decimal| {
            let h = hash(&[seed, 0xb00c, self.index as u64, t as u64, side, i as u64]);
            let value = Decimal::from(500 + h % 4_500);
            floor_to(value / price, self.size_increment).max(self.size_increment)
        };
        let mut bids = Vec::with_capacity(depth);
        let mut asks = Vec::with_capacity(depth);
        for i in 0..depth {
            let offset = half + step * Decimal::from(i);
            let bid = mid - offset;
            if bid > Decimal::ZERO {
                bids.push((bid, level(0, i, bid)));
            }
            let ask = mid + offset;
            asks.push((ask, level(1, i, ask)));
        }
        Book { mid, bids, asks }
    }
}

/// One side-pair of book levels around a mid.
#[derive(Debug, Clone, PartialEq)]
pub struct Book {
    /// The mid price.
    pub mid: Decimal,
    /// Bids, best (highest) first.
    pub bids: Vec<(Decimal, Decimal)>,
    /// Asks, best (lowest) first.
    pub asks: Vec<(Decimal, Decimal)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_follow_their_rules() {
        assert!(pairs().len() >= 8);
        for quote in ["EUR", "USD", "CHF"] {
            assert!(pairs().iter().any(|p| p.quote == quote));
        }
        let prices = PriceModel::new(42, None);
        for p in pairs() {
            let book = p.book(&prices, 42, 1_777_000_000, 5);
            assert!(is_multiple(book.mid, p.tick_size), "{}", p.name());
            assert!(book.bids[0].0 < book.mid && book.asks[0].0 > book.mid);
            assert!(book.asks.windows(2).all(|w| w[0].0 < w[1].0));
            for (price, qty) in book.bids.iter().chain(&book.asks) {
                assert!(is_multiple(*price, p.tick_size) && is_multiple(*qty, p.size_increment));
            }
        }
        assert_eq!(find_pair("btc_eur").unwrap().name(), "BTC-EUR");
        assert!(find_pair("BTC-GBP").is_none());
        assert_eq!(
            floor_to(Decimal::new(1234, 3), Decimal::new(5, 1)),
            Decimal::ONE
        );
    }
}
