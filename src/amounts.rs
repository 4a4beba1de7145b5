//! Decimal rules shared by features: how a typed amount is read (one rule for every money
//! field, see `folio_client::current::parse_typed_decimal`), how the value read is shown beside
//! the field, and the shares and differences several pages show (budget left, staked part).

use folio_client::checked::percent_of;
use rust_decimal::Decimal;

use crate::format::format_amount;

/// The typed text in the form the client's rule reads (`.` decimal mark): German writes `,`
/// for decimals and `.` for thousands, so the two are swapped. The client's rule then refuses
/// whatever may be a thousands separator in the language shown: `1.000` in German and `1,000`
/// in English are refused, never read as 1; `0,5` in German and `0.5` in English are one half.
pub fn as_typed(text: &str) -> String {
    match crate::i18n::language() {
        crate::i18n::Language::English => text.to_string(),
        crate::i18n::Language::German => text
            .chars()
            .map(|c| match c {
                ',' => '.',
                '.' => ',',
                other => other,
            })
            .collect(),
    }
}

/// The value of a typed amount, or `None` while it cannot be read (empty, not a number,
/// ambiguous such as `1,000` (German `1.000`), or too large).
pub fn read_typed(text: &str) -> Option<Decimal> {
    folio_client::current::parse_typed_decimal(&as_typed(text)).ok()
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

/// The remaining budget as a percentage of the limit (0–100, one decimal); `None` when
/// either is unknown or the limit is zero.
pub fn remaining_percent(remaining: Option<Decimal>, limit: Option<Decimal>) -> Option<Decimal> {
    let (remaining, limit) = (remaining?, limit?);
    if limit <= Decimal::ZERO {
        return None;
    }
    let share = percent_of(remaining, limit)?
        .clamp(Decimal::ZERO, Decimal::ONE_HUNDRED)
        .round_dp(1);
    Some(share.normalize())
}

/// The staked part of a holding: balance minus available, when positive.
pub fn staked(balance: Option<Decimal>, available: Option<Decimal>) -> Option<Decimal> {
    let amount = balance?.checked_sub(available?)?;
    (amount > Decimal::ZERO).then_some(amount)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_reads_the_mirror_rule() {
        crate::i18n::install(Some(Vec::new()));
        assert_eq!(read_typed("0,5"), Some(d("0.5")));
        assert_eq!(read_typed("1.5"), Some(d("1.5")));
        assert_eq!(
            read_typed("1.000"),
            None,
            "1.000 is never read as 1 in German"
        );
        assert_eq!(read_typed("1.000,50"), None);
        assert_eq!(read_typed("1000,50"), Some(d("1000.50")));
        assert_eq!(
            read_as_words("1234,5", "EUR").as_deref(),
            Some("1.234,5 EUR")
        );
        crate::i18n::install(None);
        assert_eq!(
            read_typed("1,000"),
            None,
            "1,000 is never read as 1 in English"
        );
    }

    #[test]
    fn typed_amounts_are_read_back() {
        assert_eq!(read_as_words("0,5", "BTC").as_deref(), Some("0.5 BTC"));
        assert_eq!(read_as_words("abc", "BTC"), None);
        assert_eq!(read_as_words("", "BTC"), None);
    }

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn gauge_share_and_staked() {
        assert_eq!(
            remaining_percent(Some(d("80")), Some(d("100"))),
            Some(d("80"))
        );
        assert_eq!(
            remaining_percent(Some(d("1")), Some(d("3"))),
            Some(d("33.3"))
        );
        assert_eq!(remaining_percent(Some(d("5")), Some(d("0"))), None);
        assert_eq!(
            remaining_percent(Some(d("200")), Some(d("100"))),
            Some(d("100"))
        );
        assert_eq!(
            remaining_percent(Some(Decimal::MAX), Some(d("0.0000001"))),
            None
        );
        assert_eq!(staked(Some(d("2")), Some(d("1.5"))), Some(d("0.5")));
        assert_eq!(staked(Some(d("2")), Some(d("2"))), None);
    }
}
