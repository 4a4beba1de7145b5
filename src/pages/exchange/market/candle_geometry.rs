//! Pixel geometry of the candlestick chart: one bar per candle, a wick from high to low and
//! a body from open to close. Floats only place pixels; values arrive as `Decimal`.

use folio_client::exchange::Candle;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::components::charts::geometry::{height_y, ChartBox};
use crate::components::charts::ticks::value_ticks;

/// One candle in SVG coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CandleBar {
    /// The candle's index in the list drawn.
    pub candle: usize,
    /// Centre of the candle.
    pub x: f64,
    /// Body width.
    pub width: f64,
    /// Top of the wick (the high).
    pub wick_top: f64,
    /// Bottom of the wick (the low).
    pub wick_bottom: f64,
    /// Top of the body.
    pub body_top: f64,
    /// Body height (at least one unit, so a flat candle stays visible).
    pub body_height: f64,
    /// Whether it closed at or above its open.
    pub rising: bool,
}

fn float(v: Option<rust_decimal::Decimal>) -> Option<f64> {
    v?.to_f64()
}

/// Bars for `candles` (oldest first) spread across `frame`; candles missing a value are
/// skipped. The lowest low sits at the bottom, the highest high at the top.
pub fn candle_bars(candles: &[Candle], frame: ChartBox) -> Vec<CandleBar> {
    let complete: Vec<(usize, (f64, f64, f64, f64))> = candles
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            Some((
                i,
                (
                    float(c.open)?,
                    float(c.high)?,
                    float(c.low)?,
                    float(c.close)?,
                ),
            ))
        })
        .collect();
    let low = complete
        .iter()
        .map(|(_, c)| c.2)
        .fold(f64::INFINITY, f64::min);
    let high = complete
        .iter()
        .map(|(_, c)| c.1)
        .fold(f64::NEG_INFINITY, f64::max);
    let inner_w = (frame.width - 2.0 * frame.padding).max(1.0);
    let slot = inner_w / (complete.len().max(1) as f64);
    let y = |v: f64| height_y(v, low, high, frame);
    complete
        .iter()
        .enumerate()
        .map(|(i, &(candle, (open, hi, lo, close)))| {
            let (top, bottom) = (y(open.max(close)), y(open.min(close)));
            CandleBar {
                candle,
                x: frame.padding + slot * (i as f64 + 0.5),
                width: (slot * 0.7).max(1.0),
                wick_top: y(hi),
                wick_bottom: y(lo),
                body_top: top,
                body_height: (bottom - top).max(1.0),
                rising: close >= open,
            }
        })
        .collect()
}

/// The price axis of the chart [`candle_bars`] draws: a few round prices between the lowest
/// low and the highest high of the complete candles, each with its height.
pub fn price_axis(candles: &[Candle], frame: ChartBox) -> Vec<(f64, Decimal)> {
    let complete = candles
        .iter()
        .filter(|c| c.open.is_some() && c.close.is_some());
    let lows = complete.clone().filter_map(|c| c.high.and(c.low));
    let highs = complete.filter_map(|c| c.low.and(c.high));
    let (Some(low), Some(high)) = (lows.min(), highs.max()) else {
        return Vec::new();
    };
    let (lo, hi) = (low.to_f64().unwrap_or(0.0), high.to_f64().unwrap_or(0.0));
    value_ticks(low, high, 4)
        .into_iter()
        .map(|tick| (height_y(tick.to_f64().unwrap_or(0.0), lo, hi, frame), tick))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRAME: ChartBox = ChartBox {
        width: 120.0,
        height: 120.0,
        padding: 10.0,
    };

    fn candle(o: &str, h: &str, l: &str, c: &str) -> Candle {
        Candle {
            timestamp: Some(0),
            open: o.parse().ok(),
            high: h.parse().ok(),
            low: l.parse().ok(),
            close: c.parse().ok(),
            volume: None,
        }
    }

    #[test]
    fn bars_fill_the_frame() {
        let bars = candle_bars(
            &[
                candle("10", "20", "0", "15"),
                candle("x", "1", "1", "1"),
                candle("15", "16", "5", "6"),
            ],
            FRAME,
        );
        assert_eq!(bars.len(), 2, "the incomplete candle is skipped");
        assert_eq!(
            (bars[0].candle, bars[1].candle),
            (0, 2),
            "bars know their candle"
        );
        assert_eq!(bars[0].x, 35.0);
        assert_eq!(bars[1].x, 85.0);
        assert_eq!(bars[0].wick_top, 10.0);
        assert_eq!(bars[0].wick_bottom, 110.0);
        assert_eq!(bars[0].body_top, 35.0);
        assert_eq!(bars[0].body_height, 25.0);
        assert!(bars[0].rising && !bars[1].rising);
        let flat = candle_bars(&[candle("1", "1", "1", "1")], FRAME);
        assert_eq!(flat[0].body_height, 1.0);
        assert_eq!(flat[0].wick_top, 60.0);
    }

    #[test]
    fn the_price_axis_spans_the_lows_and_highs() {
        let axis = price_axis(
            &[candle("10", "20", "0", "15"), candle("x", "99", "-5", "1")],
            FRAME,
        );
        let ticks: Vec<String> = axis.iter().map(|(_, t)| t.to_string()).collect();
        assert_eq!(
            ticks,
            ["0", "5", "10", "15", "20"],
            "the incomplete candle is left out"
        );
        assert_eq!(axis[0].0, 110.0);
        assert_eq!(axis[4].0, 10.0);
        assert!(price_axis(&[], FRAME).is_empty());
    }
}
