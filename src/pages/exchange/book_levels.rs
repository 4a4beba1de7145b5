//! The order book as the Market page shows it: levels grouped to a coarser price step, the
//! cumulative depth of each row as a share of the deepest side (for the depth bars), and the
//! spread. Exact `Decimal` arithmetic; tested natively.

use folio_client::checked::{percent_of, sum};
use folio_client::exchange::{Level, OrderBook};
use rust_decimal::{Decimal, RoundingStrategy};

/// Which side of the book a row belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookSide {
    /// Sell orders (shown above the spread, best at the bottom).
    Asks,
    /// Buy orders (shown below the spread, best at the top).
    Bids,
}

/// One row of the grouped book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookRow {
    /// The (grouped) price.
    pub price: Decimal,
    /// Quantity at this price.
    pub quantity: Decimal,
    /// Quantity from the best price to this one.
    pub cumulative: Decimal,
    /// `cumulative` as a percentage (0–100, one decimal) of the deeper side's total.
    pub depth_percent: Decimal,
}

/// The grouping steps offered for a pair: the tick size × 1, 10, 100 and 1000.
pub fn grouping_steps(tick: Option<Decimal>) -> Vec<Decimal> {
    let tick = tick.filter(|t| *t > Decimal::ZERO).unwrap_or(Decimal::ONE);
    [1u32, 10, 100, 1000]
        .iter()
        .filter_map(|m| tick.checked_mul(Decimal::from(*m)))
        .map(|step| step.normalize())
        .collect()
}

/// Groups `levels` (best first) to multiples of `step`: asks round up, bids round down, so
/// a grouped price is never better than the orders behind it. Keeps best-first order.
fn group(levels: &[Level], step: Decimal, side: BookSide) -> Vec<(Decimal, Decimal)> {
    let mut out: Vec<(Decimal, Decimal)> = Vec::new();
    for level in levels {
        let price = if step > Decimal::ZERO {
            let strategy = match side {
                BookSide::Asks => RoundingStrategy::ToPositiveInfinity,
                BookSide::Bids => RoundingStrategy::ToNegativeInfinity,
            };
            level
                .price
                .checked_div(step)
                .and_then(|n| n.round_dp_with_strategy(0, strategy).checked_mul(step))
                .map_or(level.price, |p| p.normalize())
        } else {
            level.price
        };
        match out.last_mut() {
            // A level whose quantity would overflow the group's is left out (absurd data).
            Some((p, q)) if *p == price => {
                if let Some(sum) = q.checked_add(level.quantity) {
                    *q = sum;
                }
            }
            _ => out.push((price, level.quantity)),
        }
    }
    out
}

fn with_depth(grouped: Vec<(Decimal, Decimal)>, deepest: Decimal) -> Vec<BookRow> {
    let mut cumulative = Decimal::ZERO;
    grouped
        .into_iter()
        // Rows stop where the running total would overflow (absurd data).
        .map_while(|(price, quantity)| {
            cumulative = cumulative.checked_add(quantity)?;
            let depth_percent =
                percent_of(cumulative, deepest).map_or(Decimal::ZERO, |p| p.round_dp(1));
            Some(BookRow {
                price,
                quantity,
                cumulative,
                depth_percent,
            })
        })
        .collect()
}

/// The grouped book, at most `rows` per side: (asks best first, bids best first).
pub fn grouped_book(book: &OrderBook, step: Decimal, rows: usize) -> (Vec<BookRow>, Vec<BookRow>) {
    let mut asks = group(&book.asks, step, BookSide::Asks);
    let mut bids = group(&book.bids, step, BookSide::Bids);
    asks.truncate(rows);
    bids.truncate(rows);
    // The deepest side scales the depth bars only; an overflowing total draws them empty.
    let total =
        |side: &[(Decimal, Decimal)]| sum(side.iter().map(|(_, q)| *q)).unwrap_or(Decimal::MAX);
    let deepest = total(&asks).max(total(&bids));
    (with_depth(asks, deepest), with_depth(bids, deepest))
}

/// The spread between the best ask and the best bid: (amount, percentage of the ask, two
/// decimals).
pub fn spread(book: &OrderBook) -> Option<(Decimal, Decimal)> {
    let ask = book.asks.first()?.price;
    let bid = book.bids.first()?.price;
    if ask <= Decimal::ZERO {
        return None;
    }
    let amount = ask.checked_sub(bid)?;
    Some((amount, percent_of(amount, ask)?.round_dp(2)))
}

/// The number of decimals a step implies (`0.01` → 2, `1` → 0).
pub fn decimals_of(step: Option<Decimal>) -> u32 {
    step.map(|s| s.normalize().scale()).unwrap_or(8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    fn level(p: &str, q: &str) -> Level {
        Level {
            price: d(p),
            quantity: d(q),
            total_quantity: None,
        }
    }

    fn book() -> OrderBook {
        OrderBook {
            pair: Some("BTC-EUR".into()),
            timestamp: None,
            asks: vec![level("100.5", "1"), level("101", "2"), level("101.5", "3")],
            bids: vec![level("99.5", "4"), level("99", "1"), level("98.2", "1")],
            skipped: 0,
        }
    }

    #[test]
    fn groups_away_from_the_mid_and_accumulates() {
        let (asks, bids) = grouped_book(&book(), d("1"), 10);
        let prices: Vec<String> = asks.iter().map(|r| r.price.to_string()).collect();
        assert_eq!(prices, ["101", "102"]);
        assert_eq!(asks[0].quantity, d("3"));
        assert_eq!(asks[1].cumulative, d("6"));
        let prices: Vec<String> = bids.iter().map(|r| r.price.to_string()).collect();
        assert_eq!(prices, ["99", "98"]);
        assert_eq!(bids[0].quantity, d("5"));
        assert_eq!(bids[1].cumulative, d("6"));
        assert_eq!(bids[1].depth_percent, d("100"));
        assert_eq!(asks[0].depth_percent, d("50"));
    }

    #[test]
    fn ungrouped_rows_and_limits() {
        let (asks, bids) = grouped_book(&book(), d("0.1"), 2);
        assert_eq!(asks.len(), 2);
        assert_eq!(asks[0].price, d("100.5"));
        assert_eq!(bids[1].price, d("99"));
        assert_eq!(bids[0].depth_percent, d("80"));
        assert_eq!(bids[1].depth_percent, d("100"));
        assert_eq!(asks[1].depth_percent, d("60"));
    }

    #[test]
    fn spread_steps_and_decimals() {
        assert_eq!(spread(&book()), Some((d("1.0"), d("1.00"))));
        assert_eq!(
            spread(&OrderBook {
                asks: vec![],
                ..book()
            }),
            None
        );
        let steps: Vec<String> = grouping_steps(Some(d("0.01")))
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(steps, ["0.01", "0.1", "1", "10"]);
        assert_eq!(decimals_of(Some(d("0.0010"))), 3);
        assert_eq!(decimals_of(Some(d("1"))), 0);
        assert_eq!(decimals_of(None), 8);
    }
}
