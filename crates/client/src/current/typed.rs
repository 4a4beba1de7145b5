//! Reading a number a person typed into a money field, with one rule that cannot be misread.
//!
//! **The rule.** `.` is the decimal separator. A single `,` is accepted as the decimal
//! separator only when it is *not* followed by exactly three digits (`0,5` and `12,25` are
//! `0.5` and `12.25`; `1,0000` is `1.0000`). Anything that may be a thousands separator is
//! refused, never guessed: `1,000`, `1,000.50`, `1.000,5`, `1 000`, `1'000`, and any text with
//! more than one separator give [`AmountError::Ambiguous`]. Only ASCII digits are digits;
//! signs (`+`, `-`), exponents (`1e5`), `NaN`, hexadecimal and Unicode digits are refused.
//! Surrounding whitespace is ignored.
//!
//! **Bounds.** At most [`MAX_SIGNIFICANT_DIGITS`] significant digits (leading zeros and the
//! trailing zeros of the decimals do not count), at most 28 decimals, and a value of at most
//! [`MAX_TYPED_VALUE`] (10^15); beyond that [`AmountError::TooLarge`]. So every typed value
//! can be multiplied by another typed value without overflowing a `Decimal`.

use std::str::FromStr;

use rust_decimal::Decimal;

/// Why a typed amount cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AmountError {
    /// Nothing was typed.
    Empty,
    /// The text is not a plain decimal number (letters, signs, exponents, Unicode digits…).
    NotANumber,
    /// The text may contain a thousands separator (`1,000`, `1 000`, `1.000,5`, or more than
    /// one separator): refused rather than guessed.
    Ambiguous,
    /// More than 18 significant digits, or above 10^15.
    TooLarge,
    /// Zero or negative.
    NotPositive,
    /// More decimals than the asset or currency has.
    TooManyDecimals {
        /// The most decimals allowed.
        max_scale: u32,
    },
    /// More than the balance that can be used.
    AboveAvailable {
        /// The usable balance.
        available: Decimal,
    },
}

impl std::fmt::Display for AmountError {
    /// A short technical description; the sentence shown at the field is the app's.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Empty => f.write_str("empty amount"),
            Self::NotANumber => f.write_str("not a plain decimal number"),
            Self::Ambiguous => f.write_str("ambiguous thousands separator"),
            Self::TooLarge => f.write_str("number too large"),
            Self::NotPositive => f.write_str("not positive"),
            Self::TooManyDecimals { max_scale } => write!(f, "more than {max_scale} decimals"),
            Self::AboveAvailable { available } => write!(f, "above the {available} available"),
        }
    }
}

impl std::error::Error for AmountError {}

/// The most significant digits a typed number may have.
pub const MAX_SIGNIFICANT_DIGITS: usize = 18;

/// The largest value a person may type: 1,000,000,000,000,000 (10^15).
pub const MAX_TYPED_VALUE: Decimal = Decimal::from_parts(2_764_472_320, 232_830, 0, false, 0);

/// The most decimals a `Decimal` can hold.
const MAX_DECIMALS: usize = 28;

/// Parses a typed, non-negative decimal under the rule in the module docs (zero is accepted:
/// a limit may be 0; [`super::validate_amount`] adds "greater than zero"). The decimals typed
/// are kept (`25.00` stays `25.00`).
pub fn parse_typed_decimal(text: &str) -> Result<Decimal, AmountError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(AmountError::Empty);
    }
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    if negative && !text.starts_with(|c: char| c.is_ascii_digit() || c == '.' || c == ',') {
        return Err(AmountError::NotANumber);
    }
    let grouping = |c: char| c.is_whitespace() || matches!(c, '\'' | '’' | '_');
    let allowed = |c: char| c.is_ascii_digit() || c == '.' || c == ',';
    if !text.chars().all(|c| allowed(c) || grouping(c)) {
        return Err(AmountError::NotANumber);
    }
    if text.chars().any(grouping) {
        return Err(AmountError::Ambiguous);
    }
    let value = parse_unsigned(text)?;
    if negative {
        return Err(AmountError::NotPositive);
    }
    Ok(value)
}

/// [`parse_typed_decimal`] after the sign and the character checks: only ASCII digits and
/// separators are left.
fn parse_unsigned(text: &str) -> Result<Decimal, AmountError> {
    let separators: Vec<(usize, char)> = text
        .char_indices()
        .filter(|(_, c)| matches!(c, '.' | ','))
        .collect();
    let (int_part, frac_part) = match separators.as_slice() {
        [] => (text, ""),
        [(at, sep)] => {
            let (int_part, rest) = text.split_at(*at);
            let frac_part = rest.get(1..).unwrap_or("");
            if *sep == ',' && frac_part.len() == 3 {
                return Err(AmountError::Ambiguous);
            }
            (int_part, frac_part)
        }
        _ => return Err(AmountError::Ambiguous),
    };
    if int_part.is_empty() && frac_part.is_empty() {
        return Err(AmountError::NotANumber);
    }
    if frac_part.len() > MAX_DECIMALS {
        return Err(AmountError::TooManyDecimals {
            max_scale: MAX_DECIMALS as u32,
        });
    }
    let digits = format!("{int_part}{}", frac_part.trim_end_matches('0'));
    if digits.trim_start_matches('0').len() > MAX_SIGNIFICANT_DIGITS {
        return Err(AmountError::TooLarge);
    }
    let int_part = if int_part.is_empty() { "0" } else { int_part };
    let plain = if frac_part.is_empty() {
        int_part.to_string()
    } else {
        format!("{int_part}.{frac_part}")
    };
    let value = Decimal::from_str(&plain).map_err(|_| AmountError::TooLarge)?;
    if value > MAX_TYPED_VALUE {
        return Err(AmountError::TooLarge);
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use AmountError::*;

    fn ok(text: &str) -> String {
        parse_typed_decimal(text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"))
            .to_string()
    }

    #[test]
    fn the_ceiling_constant_is_ten_to_the_fifteen() {
        assert_eq!(MAX_TYPED_VALUE, Decimal::from(1_000_000_000_000_000_i64));
    }

    #[test]
    fn plain_numbers_and_decimal_commas() {
        assert_eq!(ok(" 0.5 "), "0.5");
        assert_eq!(ok("25.00"), "25.00");
        assert_eq!(ok("0,5"), "0.5");
        assert_eq!(ok("12,25"), "12.25");
        assert_eq!(ok("1,0000"), "1.0000");
        assert_eq!(ok("1,5000"), "1.5000");
        assert_eq!(ok(".5"), "0.5");
        assert_eq!(ok("5."), "5");
        assert_eq!(ok("0"), "0");
        assert_eq!(ok("1.000"), "1.000", "a point is always the decimal point");
        assert_eq!(ok("007"), "7");
    }

    #[test]
    fn possible_thousands_separators_are_refused() {
        for text in [
            "1,000",
            "1,000.50",
            "1.000,5",
            "1 000",
            "1\u{a0}000",
            "1\u{202f}000",
            "1'000",
            "1_000",
            "12,345",
            ",500",
            "1.2.3",
            "1,2,3",
            "1,,5",
            "1..5",
        ] {
            assert_eq!(parse_typed_decimal(text), Err(Ambiguous), "{text}");
        }
    }

    #[test]
    fn what_a_person_would_not_type_is_not_a_number() {
        for text in [
            "abc", "1e5", "1E5", "+5", ".", ",", "-", "0x10", "5 EUR", "NaN", "inf", "١", "１２",
            "½", "--1", "5-", "- 1",
        ] {
            assert_eq!(parse_typed_decimal(text), Err(NotANumber), "{text}");
        }
        assert_eq!(parse_typed_decimal("  "), Err(Empty));
        assert_eq!(parse_typed_decimal(""), Err(Empty));
        assert_eq!(parse_typed_decimal("-1"), Err(NotPositive));
        assert_eq!(parse_typed_decimal("-0,5"), Err(NotPositive));
        assert_eq!(parse_typed_decimal("-1,000"), Err(Ambiguous));
        assert_eq!(parse_typed_decimal("-1e5"), Err(NotANumber));
    }

    #[test]
    fn bounds_on_size_and_digits() {
        assert_eq!(ok("1000000000000000"), "1000000000000000");
        assert_eq!(ok("999999999999999.999"), "999999999999999.999");
        assert_eq!(parse_typed_decimal("1000000000000000.01"), Err(TooLarge));
        assert_eq!(parse_typed_decimal("1000000000000001"), Err(TooLarge));
        assert_eq!(
            parse_typed_decimal("79228162514264337593543950335"),
            Err(TooLarge)
        );
        assert_eq!(parse_typed_decimal(&"9".repeat(400)), Err(TooLarge));
        // 18 significant digits pass, 19 do not; zeros around them do not count.
        assert_eq!(ok("0.123456789012345678"), "0.123456789012345678");
        assert_eq!(parse_typed_decimal("0.1234567890123456789"), Err(TooLarge));
        assert_eq!(ok("0001.500000000000000000000"), "1.500000000000000000000");
        assert_eq!(
            ok("0.000000000000000000000000001"),
            "0.000000000000000000000000001"
        );
        assert_eq!(
            parse_typed_decimal("0.00000000000000000000000000001"),
            Err(TooManyDecimals { max_scale: 28 })
        );
    }
}
