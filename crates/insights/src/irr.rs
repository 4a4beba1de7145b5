//! The money-weighted return: the yearly rate `r` at which the EUR paid in and taken out,
//! plus today's value, are worth nothing today — Σ flowᵢ · (1 + r)^(daysᵢ / 365) = 0, days
//! counted back from today (the internal rate of return, IRR). Solved with exact decimals by
//! bisection on −99 % … +1,000 % a year; `None` when there is no sign change (e.g. only
//! deposits and no value) or a figure overflows. Flows of the same day are added first.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rust_decimal::prelude::MathematicalOps;
use rust_decimal::Decimal;

/// At most this many evaluations (the Illinois method usually needs under fifteen).
const STEPS: usize = 60;

/// Σ flow · (1 + r)^(days/365) with the daily factor computed once; `flows` are sorted by
/// days, so each flow's factor is the previous one times a small power.
fn value_today(flows: &[(i64, Decimal)], rate: Decimal) -> Option<Decimal> {
    let daily = Decimal::ONE
        .checked_add(rate)?
        .checked_powd(Decimal::ONE.checked_div(Decimal::from(365))?)?;
    let (mut factor, mut at, mut sum) = (Decimal::ONE, 0i64, Decimal::ZERO);
    for (days, flow) in flows {
        factor = factor.checked_mul(daily.checked_powi(days.checked_sub(at)?)?)?;
        at = *days;
        sum = sum.checked_add(flow.checked_mul(factor)?)?;
    }
    Some(sum)
}

/// The IRR of `flows` (from the person's side: paid in negative, taken out positive) with
/// `final_value` as of `today`, as a fraction per year.
pub fn money_weighted_return(
    flows: &[(NaiveDate, Decimal)],
    final_value: Decimal,
    today: NaiveDate,
) -> Option<Decimal> {
    let mut by_day: BTreeMap<i64, Decimal> = BTreeMap::new();
    for (day, flow) in flows {
        let days = today.signed_duration_since(*day).num_days().max(0);
        let sum = by_day.entry(days).or_insert(Decimal::ZERO);
        *sum = sum.checked_add(*flow)?;
    }
    let sum = by_day.entry(0).or_insert(Decimal::ZERO);
    *sum = sum.checked_add(final_value)?;
    let flows: Vec<(i64, Decimal)> = by_day.into_iter().filter(|(_, f)| !f.is_zero()).collect();
    let (mut a, mut b) = (Decimal::new(-99, 2), Decimal::from(10));
    let (mut fa, mut fb) = (value_today(&flows, a)?, value_today(&flows, b)?);
    if fa.is_zero() {
        return Some(a);
    }
    if fa.is_sign_negative() == fb.is_sign_negative() {
        return None;
    }
    // Regula falsi with the Illinois step (the end that stays keeps half its weight): a few
    // evaluations instead of bisection's forty, each one a pass over the flows.
    let (mut side, mut last) = (0i8, b);
    for _ in 0..STEPS {
        let c = b.checked_sub(
            fb.checked_mul(b.checked_sub(a)?)?
                .checked_div(fb.checked_sub(fa)?)?,
        )?;
        let fc = value_today(&flows, c)?;
        if fc.is_zero() || c.checked_sub(last)?.abs() < Decimal::new(1, 10) {
            return Some(c.round_dp(6));
        }
        last = c;
        if fc.is_sign_negative() == fb.is_sign_negative() {
            (b, fb) = (c, fc);
            if side == -1 {
                fa = fa.checked_div(Decimal::TWO)?;
            }
            side = -1;
        } else {
            (a, fa) = (c, fc);
            if side == 1 {
                fb = fb.checked_div(Decimal::TWO)?;
            }
            side = 1;
        }
    }
    Some(last.round_dp(6))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn one_deposit_grown_by_ten_percent_in_a_year_is_ten_percent() {
        let today = day(2025, 1, 1);
        let r = money_weighted_return(
            &[(day(2024, 1, 2), Decimal::from(-1000))],
            Decimal::from(1100),
            today,
        )
        .unwrap();
        // 365 days between 2 Jan 2024 and 1 Jan 2025.
        assert!((r - Decimal::new(10, 2)).abs() < Decimal::new(1, 5), "{r}");
    }

    #[test]
    fn a_loss_is_negative_and_no_sign_change_is_unknown() {
        let today = day(2025, 1, 1);
        let r = money_weighted_return(
            &[(day(2024, 1, 2), Decimal::from(-1000))],
            Decimal::from(900),
            today,
        )
        .unwrap();
        assert!((r + Decimal::new(10, 2)).abs() < Decimal::new(1, 5), "{r}");
        assert_eq!(
            money_weighted_return(
                &[(day(2024, 1, 2), Decimal::from(-1000))],
                Decimal::ZERO,
                today
            ),
            None
        );
    }
}
