//! Portfolio history: the portfolio's value at evenly spaced instants.
//!
//! Each datapoint = Σ holdings at t (settled legs up to t, staked included) × price at t,
//! valued like the portfolio total (see `portfolio`). Points sit on step boundaries (UTC)
//! and a final point at "now", so the last value equals the current portfolio total.

use super::{Ledger, Unit};
use crate::fixed_catalogue::Currency;
use chrono::{DateTime, Duration, TimeZone, Utc};
use rust_decimal::Decimal;

/// The `timeframe` query values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timeframe {
    /// 24 hours in 5-minute steps.
    Day,
    /// 7 days in hourly steps.
    Week,
    /// 30 days in 4-hour steps.
    Month,
    /// 182 days in daily steps.
    SixMonth,
    /// 365 days in daily steps.
    Year,
}

impl Timeframe {
    /// Parses `DAY`, `WEEK`, `MONTH`, `SIX_MONTH`, `YEAR` (exact spelling).
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "DAY" => Timeframe::Day,
            "WEEK" => Timeframe::Week,
            "MONTH" => Timeframe::Month,
            "SIX_MONTH" => Timeframe::SixMonth,
            "YEAR" => Timeframe::Year,
            _ => return None,
        })
    }

    /// (step, number of step-aligned points).
    pub fn grid(self) -> (Duration, i32) {
        match self {
            Timeframe::Day => (Duration::minutes(5), 288),
            Timeframe::Week => (Duration::hours(1), 168),
            Timeframe::Month => (Duration::hours(4), 180),
            Timeframe::SixMonth => (Duration::days(1), 182),
            Timeframe::Year => (Duration::days(1), 365),
        }
    }
}

/// A computed history.
#[derive(Debug, Clone, PartialEq)]
pub struct History {
    /// (time, value in the valuation currency), oldest first.
    pub points: Vec<(DateTime<Utc>, Decimal)>,
    /// (last − first) / first × 100, 2 dp (0 when the first value is 0).
    pub return_percentage: Decimal,
}

/// The instants of a timeframe ending at `now`.
pub fn instants(tf: Timeframe, now: DateTime<Utc>) -> Vec<DateTime<Utc>> {
    let (step, count) = tf.grid();
    let step_ms = step.num_milliseconds();
    let end_ms = now.timestamp_millis().div_euclid(step_ms) * step_ms;
    let end = Utc.timestamp_millis_opt(end_ms).single().unwrap_or(now);
    let mut out: Vec<_> = (0..count).rev().map(|k| end - step * k).collect();
    if now > end {
        out.push(now);
    }
    out
}

impl Ledger {
    /// The history of the portfolio over `tf` ending at `now`.
    pub fn history(&self, tf: Timeframe, now: DateTime<Utc>, val: &Currency) -> History {
        let mut balances = vec![Decimal::ZERO; Unit::slot_count()];
        let mut next = 0;
        let mut points = Vec::new();
        for t in instants(tf, now) {
            while let Some(op) = self.operations.get(next).filter(|op| op.time <= t) {
                for leg in &op.legs {
                    balances[leg.unit.slot()] += leg.signed();
                }
                next += 1;
            }
            points.push((t, self.valuation(&balances, t, val)));
        }
        let first = points.first().map_or(Decimal::ZERO, |p| p.1);
        let last = points.last().map_or(Decimal::ZERO, |p| p.1);
        let return_percentage = if first.is_zero() {
            Decimal::ZERO
        } else {
            ((last - first) / first * Decimal::ONE_HUNDRED).round_dp(2)
        };
        History {
            points,
            return_percentage,
        }
    }
}
