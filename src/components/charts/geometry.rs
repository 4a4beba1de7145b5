//! Pixel geometry of the SVG charts. Floats appear here only: they place pixels, they never
//! hold money (values are converted from `Decimal` at the last moment).

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

/// The drawing area of a chart, in SVG user units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChartBox {
    pub width: f64,
    pub height: f64,
    pub padding: f64,
}

impl ChartBox {
    /// The SVG `viewBox` of this area (`0 0 600.00 200.00`).
    pub fn view_box(&self) -> String {
        format!("0 0 {} {}", two_places(self.width), two_places(self.height))
    }
}

/// A point of a line chart in SVG coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChartPoint {
    pub x: f64,
    pub y: f64,
}

/// Places `values` evenly from left to right, the lowest at the bottom and the highest at
/// the top of `frame` (a flat series sits in the middle).
pub fn line_points(values: &[Decimal], frame: ChartBox) -> Vec<ChartPoint> {
    let floats: Vec<f64> = values.iter().map(|v| v.to_f64().unwrap_or(0.0)).collect();
    let min = floats.iter().copied().fold(f64::INFINITY, f64::min);
    let max = floats.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let count = floats.len();
    floats
        .iter()
        .enumerate()
        .map(|(i, v)| ChartPoint {
            x: index_x(i, count, frame),
            y: height_y(*v, min, max, frame),
        })
        .collect()
}

/// Where the `i`th of `count` evenly placed points sits horizontally.
fn index_x(i: usize, count: usize, frame: ChartBox) -> f64 {
    let inner_w = (frame.width - 2.0 * frame.padding).max(1.0);
    if count <= 1 {
        frame.padding + inner_w / 2.0
    } else {
        frame.padding + inner_w * (i as f64) / ((count - 1) as f64)
    }
}

/// Where `value` sits vertically on a scale from `min` (bottom) to `max` (top) (a flat scale
/// puts everything in the middle).
pub fn height_y(value: f64, min: f64, max: f64, frame: ChartBox) -> f64 {
    let inner_h = (frame.height - 2.0 * frame.padding).max(1.0);
    if (max - min).abs() < f64::EPSILON {
        frame.padding + inner_h / 2.0
    } else {
        frame.padding + inner_h * (1.0 - (value - min) / (max - min))
    }
}

/// Where `value` sits vertically in a chart of `values` (as [`line_points`] places them).
pub fn value_y(value: Decimal, values: &[Decimal], frame: ChartBox) -> f64 {
    let float = |v: &Decimal| v.to_f64().unwrap_or(0.0);
    let min = values.iter().map(float).fold(f64::INFINITY, f64::min);
    let max = values.iter().map(float).fold(f64::NEG_INFINITY, f64::max);
    height_y(float(&value), min, max, frame)
}

/// A coordinate with two decimals (`12.35`, `-0.50`), for SVG and CSS. Written from whole
/// hundredths, so it is always a number SVG reads: not a number becomes `0.00` (Rust's `{:.2}`
/// would write `NaN`), and coordinates beyond ±9·10¹⁶ are clamped.
pub fn two_places(n: f64) -> String {
    let hundredths = (n * 100.0).round() as i64;
    let sign = if hundredths < 0 { "-" } else { "" };
    let whole = hundredths.unsigned_abs();
    format!("{sign}{}.{:02}", whole / 100, whole % 100)
}

/// The SVG path of the line through `points`.
pub fn line_path(points: &[ChartPoint]) -> String {
    let mut path = String::new();
    for (i, p) in points.iter().enumerate() {
        path.push_str(if i == 0 { "M" } else { " L" });
        path.push_str(&two_places(p.x));
        path.push(',');
        path.push_str(&two_places(p.y));
    }
    path
}

/// The SVG path of the area under the line, closed along the bottom of `frame`.
pub fn area_path(points: &[ChartPoint], frame: ChartBox) -> String {
    let (Some(first), Some(last)) = (points.first(), points.last()) else {
        return String::new();
    };
    let bottom = frame.height - frame.padding;
    format!(
        "{} L{},{} L{},{} Z",
        line_path(points),
        two_places(last.x),
        two_places(bottom),
        two_places(first.x),
        two_places(bottom)
    )
}

/// The index of the point nearest to horizontal position `x`.
pub fn nearest_index(points: &[ChartPoint], x: f64) -> Option<usize> {
    points
        .iter()
        .enumerate()
        .min_by(|(_, a), (_, b)| {
            (a.x - x)
                .abs()
                .partial_cmp(&(b.x - x).abs())
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .map(|(i, _)| i)
}

/// The sine and cosine of an angle in radians. In the browser they are JavaScript's `Math`
/// functions: wasm has no such instruction, and Rust's own (libm in software, with its
/// argument reduction tables) cost about 15 KB of the portfolio's module before
/// optimisation. Elsewhere (native tests) Rust's.
fn sin_cos(angle: f64) -> (f64, f64) {
    #[cfg(target_arch = "wasm32")]
    {
        (js_sys::Math::sin(angle), js_sys::Math::cos(angle))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        angle.sin_cos()
    }
}

/// The SVG path of one donut segment covering `start`..`end` (fractions of a full turn,
/// 0 at twelve o'clock, clockwise) between radii `inner` and `outer` around (`cx`, `cy`).
pub fn donut_segment(cx: f64, cy: f64, inner: f64, outer: f64, start: f64, end: f64) -> String {
    // A full ring cannot be drawn as one arc; stop just short of it.
    let end = if end - start >= 1.0 {
        start + 0.9999
    } else {
        end
    };
    let angle = |t: f64| (t * 2.0 * std::f64::consts::PI) - std::f64::consts::FRAC_PI_2;
    let (a0, a1) = (angle(start), angle(end));
    let large = if end - start > 0.5 { 1 } else { 0 };
    let ((sin0, cos0), (sin1, cos1)) = (sin_cos(a0), sin_cos(a1));
    let (ox0, oy0) = (cx + outer * cos0, cy + outer * sin0);
    let (ox1, oy1) = (cx + outer * cos1, cy + outer * sin1);
    let (ix1, iy1) = (cx + inner * cos1, cy + inner * sin1);
    let (ix0, iy0) = (cx + inner * cos0, cy + inner * sin0);
    format!(
        "M{},{} A{},{} 0 {large} 1 {},{} L{},{} A{},{} 0 {large} 0 {},{} Z",
        two_places(ox0),
        two_places(oy0),
        two_places(outer),
        two_places(outer),
        two_places(ox1),
        two_places(oy1),
        two_places(ix1),
        two_places(iy1),
        two_places(inner),
        two_places(inner),
        two_places(ix0),
        two_places(iy0)
    )
}

/// Turns percentages (0–100) into consecutive (start, end) fractions of a turn.
pub fn donut_spans(percents: &[Decimal]) -> Vec<(f64, f64)> {
    let mut start = 0.0;
    percents
        .iter()
        .map(|p| {
            let share = (p.to_f64().unwrap_or(0.0) / 100.0).clamp(0.0, 1.0);
            let span = (start, (start + share).min(1.0));
            start = span.1;
            span
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    const FRAME: ChartBox = ChartBox {
        width: 100.0,
        height: 50.0,
        padding: 5.0,
    };

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn coordinates_are_written_with_two_decimals() {
        for n in [0.0, 12.345_6, -0.5, 599.999, 1e-9, -7.25, 123_456.789] {
            assert_eq!(two_places(n), format!("{n:.2}"), "{n}");
        }
        assert_eq!(two_places(-0.001), "0.00");
        assert_eq!(two_places(f64::NAN), "0.00");
        assert_eq!(FRAME.view_box(), "0 0 100.00 50.00");
    }

    #[test]
    fn points_span_the_frame() {
        let pts = line_points(&[d("1"), d("3"), d("2")], FRAME);
        assert_eq!(pts.len(), 3);
        assert_eq!(pts[0], ChartPoint { x: 5.0, y: 45.0 });
        assert_eq!(pts[1], ChartPoint { x: 50.0, y: 5.0 });
        assert_eq!(pts[2], ChartPoint { x: 95.0, y: 25.0 });
    }

    #[test]
    fn flat_and_single_series_sit_in_the_middle() {
        let pts = line_points(&[d("2"), d("2")], FRAME);
        assert!(pts.iter().all(|p| (p.y - 25.0).abs() < 1e-9));
        let one = line_points(&[d("7")], FRAME);
        assert_eq!(one[0], ChartPoint { x: 50.0, y: 25.0 });
        assert!(line_points(&[], FRAME).is_empty());
    }

    #[test]
    fn paths() {
        let pts = [
            ChartPoint { x: 5.0, y: 45.0 },
            ChartPoint { x: 95.0, y: 5.0 },
        ];
        assert_eq!(line_path(&pts), "M5.00,45.00 L95.00,5.00");
        assert_eq!(
            area_path(&pts, FRAME),
            "M5.00,45.00 L95.00,5.00 L95.00,45.00 L5.00,45.00 Z"
        );
        assert_eq!(area_path(&[], FRAME), "");
        assert_eq!(nearest_index(&pts, 60.0), Some(1));
        assert_eq!(nearest_index(&[], 60.0), None);
    }

    #[test]
    fn donut() {
        let spans = donut_spans(&[d("75"), d("25")]);
        assert_eq!(spans, vec![(0.0, 0.75), (0.75, 1.0)]);
        let path = donut_segment(50.0, 50.0, 30.0, 40.0, 0.0, 0.25);
        assert!(path.starts_with("M50.00,10.00 A40.00,40.00 0 0 1 90.00,50.00"));
        assert!(donut_segment(50.0, 50.0, 30.0, 40.0, 0.0, 1.0).contains(" 0 1 1 "));
    }
}
