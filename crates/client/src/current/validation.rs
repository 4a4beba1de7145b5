//! Checking an amount a person typed before anything is sent (trade, stake, limits forms).

use rust_decimal::Decimal;

use super::typed::{parse_typed_decimal, AmountError};

/// Parses `text` as a positive decimal with at most `max_scale` decimals and, when
/// `available` is given, not above it. The text is read by [`parse_typed_decimal`] (its
/// rule: `.` is the decimal point, a single `,` only when not followed by exactly three
/// digits, thousands separators refused as [`AmountError::Ambiguous`], at most 18
/// significant digits and 10^15). Trailing zeros beyond `max_scale` are fine (`1.50` with 1
/// decimal is `1.5`).
pub fn validate_amount(
    text: &str,
    max_scale: u32,
    available: Option<Decimal>,
) -> Result<Decimal, AmountError> {
    let value = parse_typed_decimal(text)?;
    if value <= Decimal::ZERO {
        return Err(AmountError::NotPositive);
    }
    if value.normalize().scale() > max_scale {
        return Err(AmountError::TooManyDecimals { max_scale });
    }
    let value = if value.scale() > max_scale {
        value.round_dp(max_scale)
    } else {
        value
    };
    match available {
        Some(available) if value > available => Err(AmountError::AboveAvailable { available }),
        _ => Ok(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn accepts_plain_positive_decimals() {
        assert_eq!(validate_amount(" 0.5 ", 8, None), Ok(d("0.5")));
        assert_eq!(
            validate_amount("25.00", 2, None).unwrap().to_string(),
            "25.00"
        );
        assert_eq!(validate_amount("0,25", 2, None), Ok(d("0.25")));
        assert_eq!(validate_amount(".5", 2, None), Ok(d("0.5")));
        assert_eq!(validate_amount("1.50", 1, None).unwrap().to_string(), "1.5");
        assert_eq!(validate_amount("3", 0, Some(d("3"))), Ok(d("3")));
    }

    #[test]
    fn refuses_with_a_reason() {
        use AmountError::*;
        assert_eq!(validate_amount("   ", 2, None), Err(Empty));
        for bad in ["abc", "1e5", "+5", ".", "0x10", "5 EUR", "١"] {
            assert_eq!(validate_amount(bad, 2, None), Err(NotANumber), "{bad}");
        }
        for bad in ["1,000", "1,000.50", "1.000,5", "1 000", "1.2.3"] {
            assert_eq!(validate_amount(bad, 2, None), Err(Ambiguous), "{bad}");
        }
        assert_eq!(
            validate_amount("1000000000000000.5", 2, None),
            Err(TooLarge)
        );
        assert_eq!(
            validate_amount("1000000000000000", 2, None),
            Ok(d("1000000000000000"))
        );
        for bad in ["0", "-1", "0.000", "-0.5"] {
            assert_eq!(validate_amount(bad, 2, None), Err(NotPositive), "{bad}");
        }
        assert_eq!(
            validate_amount("0.123456789", 8, None),
            Err(TooManyDecimals { max_scale: 8 })
        );
        assert_eq!(
            validate_amount("1.5", 0, None),
            Err(TooManyDecimals { max_scale: 0 })
        );
        let e = validate_amount("2.01", 2, Some(d("2.00"))).unwrap_err();
        assert_eq!(
            e,
            AboveAvailable {
                available: d("2.00")
            }
        );
        assert_eq!(
            validate_amount("99999999999999999999999999999999", 2, None),
            Err(TooLarge)
        );
    }
}
