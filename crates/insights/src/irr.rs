//! The money-weighted return: the yearly rate `r` at which the EUR paid in and taken out,
//! plus today's value, are worth nothing today — Σ flowᵢ · (1 + r)^(daysᵢ / 365) = 0, days
//! counted back from today (the internal rate of return, IRR). Solved with exact decimals by
//! bisection on −99 % … +1,000 % a year; `None` when there is no sign change (e.g. only
//! deposits and no value) or a figure overflows. Flows of the same day are added first.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rust_decimal::prelude::MathematicalOps;
use rust_decimal::Decimal;

/// Bisection steps: the interval shrinks to 11 · 2⁻⁴⁰ ≈ 10⁻¹¹ a year.
const STEPS: usize = 40;

/// Σ flow · (1 + r)^(days/365) with the daily factor computed once.
fn value_today(flows: &[(i64, Decimal)], rate: Decimal) -> Option<Decimal> {
    let daily = Decimal::ONE
        .checked_add(rate)?
        .checked_powd(Decimal::ONE.checked_div(Decimal::from(365))?)?;
    flows.iter().try_fold(Decimal::ZERO, |sum, (days, flow)| {
        let grown = flow.checked_mul(daily.checked_powi(*days)?)?;
        sum.checked_add(grown)
    })
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
    let (mut low, mut high) = (Decimal::new(-99, 2), Decimal::from(10));
    let (f_low, f_high) = (value_today(&flows, low)?, value_today(&flows, high)?);
    if f_low.is_sign_negative() == f_high.is_sign_negative() {
        return None;
    }
    let two = Decimal::TWO;
    for _ in 0..STEPS {
        let mid = low.checked_add(high)?.checked_div(two)?;
        let f_mid = value_today(&flows, mid)?;
        if f_mid.is_zero() {
            return Some(mid.round_dp(6));
        }
        if f_mid.is_sign_negative() == f_low.is_sign_negative() {
            low = mid;
        } else {
            high = mid;
        }
    }
    Some(low.checked_add(high)?.checked_div(two)?.round_dp(6))
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
