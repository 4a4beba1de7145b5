//! Plain logic of the Limits page: checking a typed daily limit and the confirmation that
//! retypes both amounts. Tested natively.

use folio_client::current::{validate_amount, AmountError};
use rust_decimal::Decimal;

/// Whether the limits typed again in the confirmation are exactly the ones reviewed: limits
/// are permanent, so the amounts themselves are retyped (a slip such as `1.000` for one
/// thousand cannot pass twice unnoticed beside its read-back).
pub fn limits_retyped(buy_again: &str, sell_again: &str, reviewed: (Decimal, Decimal)) -> bool {
    check_limit(buy_again).ok() == Some(reviewed.0)
        && check_limit(sell_again).ok() == Some(reviewed.1)
}

/// A daily limit: zero (nothing allowed) or a positive amount with at most two decimals,
/// read with the decimal mark of the language shown ([`crate::amounts::as_typed`]).
pub fn check_limit(text: &str) -> Result<Decimal, AmountError> {
    let text = &crate::amounts::as_typed(text);
    let trimmed = text.trim();
    let is_zero = !trimmed.is_empty()
        && trimmed.chars().all(|c| c == '0' || c == '.')
        && trimmed.matches('.').count() <= 1
        && trimmed.contains('0');
    if is_zero {
        return Ok(Decimal::ZERO);
    }
    validate_amount(text, 2, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn limits_and_confirmation() {
        assert!(limits_retyped(" 1000 ", "0", (d("1000"), Decimal::ZERO)));
        assert!(limits_retyped(
            "1000.00",
            "0.00",
            (d("1000"), Decimal::ZERO)
        ));
        assert!(!limits_retyped("1.000", "0", (d("1000"), Decimal::ZERO)));
        assert!(!limits_retyped("1000", "", (d("1000"), Decimal::ZERO)));
        assert_eq!(check_limit("0"), Ok(Decimal::ZERO));
        assert_eq!(check_limit("0.00"), Ok(Decimal::ZERO));
        assert_eq!(check_limit("100.5"), Ok(d("100.5")));
        assert!(check_limit("-1").is_err());
        assert!(check_limit(".").is_err());
        assert!(check_limit("1.234").is_err());
        assert!(check_limit("").is_err());
    }
}
