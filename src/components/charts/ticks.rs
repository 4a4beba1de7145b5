//! The ticks of a line chart's axes: a few round values between the series' lowest and
//! highest (exact decimals, so a label never shows a float's rounding) and a few points
//! spread evenly along the time axis.

use rust_decimal::Decimal;

/// The most ticks an axis gets, whatever the range.
const MAX_TICKS: usize = 12;

/// Round values from `low` to `high`, about `want` steps apart: a step of 1, 2, 2.5, 5 or 10
/// times a power of ten, the first tick the first multiple of the step at or above `low`.
/// A flat series (`low == high`) gets its one value; a range whose step cannot be computed
/// exactly gets none.
pub fn value_ticks(low: Decimal, high: Decimal, want: u32) -> Vec<Decimal> {
    if high < low {
        return Vec::new();
    }
    if high == low {
        return vec![low];
    }
    let Some(step) = high
        .checked_sub(low)
        .and_then(|range| range.checked_div(Decimal::from(want.max(1))))
        .and_then(round_step)
    else {
        return Vec::new();
    };
    let Some(first) = low
        .checked_div(step)
        .map(|n| n.ceil())
        .and_then(|n| n.checked_mul(step))
    else {
        return Vec::new();
    };
    let mut ticks = Vec::new();
    let mut tick = first;
    while tick <= high && ticks.len() < MAX_TICKS {
        ticks.push(tick.normalize());
        match tick.checked_add(step) {
            Some(next) => tick = next,
            None => break,
        }
    }
    ticks
}

/// The round step (1, 2, 2.5, 5 or 10 times a power of ten) nearest `raw`.
fn round_step(raw: Decimal) -> Option<Decimal> {
    if raw <= Decimal::ZERO {
        return None;
    }
    let ten = Decimal::TEN;
    // The power of ten at or below `raw` (bounded: a decimal spans 10^-28 to 10^28).
    let mut power = Decimal::ONE;
    for _ in 0..60 {
        if power > raw {
            power = power.checked_div(ten)?;
        } else if power.checked_mul(ten).is_some_and(|p| p <= raw) {
            power = power.checked_mul(ten)?;
        } else {
            break;
        }
    }
    let mantissa = raw.checked_div(power)?;
    let round = if mantissa < Decimal::new(15, 1) {
        Decimal::ONE
    } else if mantissa < Decimal::new(225, 2) {
        Decimal::TWO
    } else if mantissa < Decimal::new(35, 1) {
        Decimal::new(25, 1)
    } else if mantissa < Decimal::new(75, 1) {
        Decimal::new(5, 0)
    } else {
        ten
    };
    round.checked_mul(power)
}

/// The positions of `want` points spread evenly over a series of `count` (first and last
/// included, no position twice).
pub fn time_tick_indices(count: usize, want: usize) -> Vec<usize> {
    let Some(last) = count.checked_sub(1) else {
        return Vec::new();
    };
    let parts = want.saturating_sub(1).max(1);
    let mut indices: Vec<usize> = (0..=parts)
        .map(|k| last.saturating_mul(k) / parts)
        .collect();
    indices.dedup();
    indices
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    fn texts(ticks: Vec<Decimal>) -> Vec<String> {
        ticks.into_iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn round_values_inside_the_range() {
        assert_eq!(
            texts(value_ticks(d("10234.56"), d("12890.10"), 4)),
            ["10500", "11000", "11500", "12000", "12500"]
        );
        assert_eq!(
            texts(value_ticks(d("0.0123"), d("0.0456"), 4)),
            ["0.02", "0.03", "0.04"]
        );
        assert_eq!(
            texts(value_ticks(d("0"), d("10"), 4)),
            ["0", "2.5", "5", "7.5", "10"]
        );
        assert_eq!(texts(value_ticks(d("-3"), d("3"), 3)), ["-2", "0", "2"]);
        assert_eq!(
            texts(value_ticks(d("-0.3"), d("3"), 3)),
            ["0", "1", "2", "3"]
        );
    }

    #[test]
    fn flat_empty_and_extreme_ranges() {
        assert_eq!(texts(value_ticks(d("5"), d("5"), 4)), ["5"]);
        assert!(value_ticks(d("6"), d("5"), 4).is_empty());
        let huge = value_ticks(Decimal::MIN, Decimal::MAX, 4);
        assert!(huge.len() <= MAX_TICKS);
        let tiny = value_ticks(
            d("0.0000000000000000000000000001"),
            d("0.0000000000000000000000000009"),
            4,
        );
        assert!(tiny.len() <= MAX_TICKS);
    }

    #[test]
    fn time_ticks_spread_evenly() {
        assert_eq!(time_tick_indices(0, 5), Vec::<usize>::new());
        assert_eq!(time_tick_indices(1, 5), [0]);
        assert_eq!(time_tick_indices(3, 5), [0, 1, 2]);
        assert_eq!(time_tick_indices(101, 5), [0, 25, 50, 75, 100]);
        assert_eq!(time_tick_indices(2, 1), [0, 1]);
    }
}
