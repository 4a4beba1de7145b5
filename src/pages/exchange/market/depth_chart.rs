//! The order book's depth as a chart: price across (bids on the left, asks on the right, the
//! spread between them), the quantity waiting from the best price outwards upwards, each side
//! a filled step line. It draws the levels the book table lists (same grouping, same depth),
//! so the table stays the accessible alternative; the chart's label says the totals.

use leptos::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::components::charts::geometry::{two_places, ChartBox};
use crate::i18n::tf;
use crate::pages::exchange::book_levels::BookRow;
use crate::pages::exchange::text::fixed;

const FRAME: ChartBox = ChartBox {
    width: 600.0,
    height: 160.0,
    padding: 4.0,
};

/// The two filled step paths (bids, asks) for levels listed best price first, within
/// `frame`: prices from the lowest bid to the highest ask across, cumulative quantity from
/// zero (bottom) to the deeper side's total (top). Empty when there is nothing to draw.
pub fn depth_paths(bids: &[BookRow], asks: &[BookRow], frame: ChartBox) -> (String, String) {
    let float = |d: Decimal| d.to_f64().unwrap_or(0.0);
    let prices = bids.iter().chain(asks).map(|r| float(r.price));
    let low = prices.clone().fold(f64::INFINITY, f64::min);
    let high = prices.fold(f64::NEG_INFINITY, f64::max);
    let deepest = bids
        .iter()
        .chain(asks)
        .map(|r| float(r.cumulative))
        .fold(0.0, f64::max);
    if !(low.is_finite() && high.is_finite()) || deepest <= 0.0 {
        return (String::new(), String::new());
    }
    let span = (high - low).max(f64::EPSILON);
    let inner_w = frame.width - 2.0 * frame.padding;
    let inner_h = frame.height - 2.0 * frame.padding;
    let x = |p: Decimal| frame.padding + (float(p) - low) / span * inner_w;
    let y = |q: Decimal| frame.height - frame.padding - float(q) / deepest * inner_h;
    let bottom = frame.height - frame.padding;
    let side = |rows: &[BookRow]| {
        let Some(best) = rows.first() else {
            return String::new();
        };
        let mut path = format!("M{} {}", two_places(x(best.price)), two_places(bottom));
        for row in rows {
            path.push_str(&format!(
                "H{}V{}",
                two_places(x(row.price)),
                two_places(y(row.cumulative))
            ));
        }
        if let Some(last) = rows.last() {
            path.push_str(&format!(
                "H{}V{}Z",
                two_places(x(last.price)),
                two_places(bottom)
            ));
        }
        path
    };
    (side(bids), side(asks))
}

/// The depth chart of the grouped levels (best first on each side), prices with `pd`
/// decimals and quantities with `sd`.
pub fn depth_chart(bids: &[BookRow], asks: &[BookRow], pd: u32, sd: u32) -> impl IntoView {
    let (bid_path, ask_path) = depth_paths(bids, asks, FRAME);
    let total = |rows: &[BookRow]| fixed(rows.last().map(|r| r.cumulative), sd);
    let price = |row: Option<&BookRow>| fixed(row.map(|r| r.price), pd);
    let label = tf(
        "Depth chart: {bid_quantity} waiting to be bought from {bid_best} down to {bid_last}, {ask_quantity} to be sold from {ask_best} up to {ask_last}.",
        &[
            ("bid_quantity", &total(bids)),
            ("bid_best", &price(bids.first())),
            ("bid_last", &price(bids.last())),
            ("ask_quantity", &total(asks)),
            ("ask_best", &price(asks.first())),
            ("ask_last", &price(asks.last())),
        ],
    );
    let view_box = FRAME.view_box();
    view! {
        <figure class="depth-chart">
            <svg viewBox=view_box preserveAspectRatio="none" role="img" aria-label=label
                data-testid="depth-chart">
                <path class="depth-bids" d=bid_path></path>
                <path class="depth-asks" d=ask_path></path>
            </svg>
            <figcaption class="chart-axis" aria-hidden="true">
                <span>{price(bids.last())}</span>
                <span>{price(asks.last())}</span>
            </figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRAME: ChartBox = ChartBox {
        width: 100.0,
        height: 100.0,
        padding: 0.0,
    };

    fn row(price: &str, cumulative: &str) -> BookRow {
        BookRow {
            price: price.parse().unwrap(),
            quantity: Decimal::ONE,
            cumulative: cumulative.parse().unwrap(),
            depth_percent: Decimal::ZERO,
        }
    }

    #[test]
    fn each_side_steps_up_from_its_best_price_outwards() {
        let bids = [row("99", "1"), row("98", "3")];
        let asks = [row("101", "2"), row("102", "4")];
        let (bid, ask) = depth_paths(&bids, &asks, FRAME);
        // Prices 98..102 across 100 units (25 per unit of price), quantity 0..4 up.
        assert_eq!(bid, "M25.00 100.00H25.00V75.00H0.00V25.00H0.00V100.00Z");
        assert_eq!(ask, "M75.00 100.00H75.00V50.00H100.00V0.00H100.00V100.00Z");
    }

    #[test]
    fn an_empty_side_or_book_draws_nothing_there() {
        let asks = [row("101", "2")];
        let (bid, ask) = depth_paths(&[], &asks, FRAME);
        assert_eq!(bid, "");
        assert!(ask.starts_with('M'));
        assert_eq!(depth_paths(&[], &[], FRAME), (String::new(), String::new()));
    }
}
