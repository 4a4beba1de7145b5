//! Decimal rules shared by features: how a typed amount is read (one rule for every money
//! field, see `folio_client::current::parse_typed_decimal`) and how the value read is shown beside
//! the field.

use rust_decimal::Decimal;

use crate::format::format_amount;

/// The value of a typed amount, or `None` while it cannot be read (empty, not a number,
/// ambiguous such as `1,000`, or too large).
pub fn read_typed(text: &str) -> Option<Decimal> {
    folio_client::current::parse_typed_decimal(text).ok()
}

/// The words for what was read from `text` ("1,000.5 EUR"), or `None`.
pub fn read_as_words(text: &str, unit: &str) -> Option<String> {
    let value = read_typed(text)?;
    let amount = format_amount(value);
    Some(if unit.is_empty() {
        amount
    } else {
        format!("{amount} {unit}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_amounts_are_read_back() {
        assert_eq!(read_as_words("0,5", "BTC").as_deref(), Some("0.5 BTC"));
        assert_eq!(read_as_words("abc", "BTC"), None);
        assert_eq!(read_as_words("", "BTC"), None);
    }
}
