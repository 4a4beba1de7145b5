//! The Trade page's plain logic: what a typed order means (side, unit, amount checked before
//! anything is sent), how a refused accept is explained, and how "Check" finds a trade whose
//! accept answer never arrived. Tested natively.

use crate::components::error_view::PlainWords;
use crate::i18n::{t, tf};
use folio_client::current::{validate_amount, AmountError, AssetType, QuoteAmount, Side};
use folio_client::ApiError;
use rust_decimal::Decimal;

/// Decimals of fiat amounts (notional).
pub const FIAT_DECIMALS: u32 = 2;

/// How the amount is typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmountUnit {
    /// Asset quantity (`0.001` BTC).
    Quantity,
    /// Fiat amount (`25.00` EUR).
    Notional,
}

/// Decimals an asset's amounts may have: the scale of a balance the service sent for it,
/// else by asset class (crypto and indices 8, securities 6, metals 4).
pub fn asset_decimals(held_scale: Option<u32>, asset_type: Option<&AssetType>) -> u32 {
    if let Some(scale) = held_scale {
        return scale;
    }
    match asset_type {
        Some(AssetType::Stock | AssetType::Etf) => 6,
        Some(AssetType::Metal) => 4,
        _ => 8,
    }
}

/// Checks the typed amount. A sell by quantity may not exceed `available` (the asset's
/// available balance; `None` when unknown); notional amounts have two decimals. The text is
/// read with the decimal mark of the language shown ([`crate::amounts::as_typed`]).
pub fn check_amount(
    side: &Side,
    unit: AmountUnit,
    text: &str,
    asset_decimals: u32,
    available: Option<Decimal>,
) -> Result<QuoteAmount, AmountError> {
    let text = &crate::amounts::as_typed(text);
    match unit {
        AmountUnit::Quantity => {
            let limit = if *side == Side::Sell { available } else { None };
            validate_amount(text, asset_decimals, limit).map(QuoteAmount::Quantity)
        }
        AmountUnit::Notional => {
            validate_amount(text, FIAT_DECIMALS, None).map(QuoteAmount::Notional)
        }
    }
}

/// What to do after a refused accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextStep {
    /// Price the same order again.
    NewQuote,
    /// Look at Operations (the trade exists).
    SeeOperations,
    /// Change the amount.
    ChangeAmount,
    /// See the limits page.
    SeeLimits,
}

/// A refused accept in plain words, with the obvious next step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub sentence: String,
    pub next: NextStep,
}

/// Explains an accept error that is known to have changed nothing (not an unknown outcome).
pub fn explain_refusal(error: &ApiError) -> Refusal {
    let (sentence, next) = match error.code() {
        Some("quote_expired") => (
            t("This quote expired before it was accepted, so nothing was bought or sold. Get a new quote to continue.").to_string(),
            NextStep::NewQuote,
        ),
        Some("quote_already_accepted") => (
            t("This quote was already accepted. The trade happened once; it is in Operations.").to_string(),
            NextStep::SeeOperations,
        ),
        Some("insufficient_funds") => (
            t("There are not enough funds for this trade, so nothing was bought or sold. Lower the amount and get a new quote.").to_string(),
            NextStep::ChangeAmount,
        ),
        Some("trading_limit_exceeded") => (
            t("This trade is over the key's remaining daily budget, so nothing was bought or sold. Lower the amount, or wait until the budget resets.").to_string(),
            NextStep::SeeLimits,
        ),
        _ => (
            tf("The trade was refused: {reason} Nothing was bought or sold.", &[("reason", &error.user_message())]),
            NextStep::NewQuote,
        ),
    };
    Refusal { sentence, next }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn amounts_are_checked_per_unit_and_side() {
        let q = check_amount(&Side::Buy, AmountUnit::Notional, "25.00", 8, None);
        assert_eq!(q, Ok(QuoteAmount::Notional(d("25.00"))));
        let e = check_amount(&Side::Buy, AmountUnit::Notional, "25.001", 8, None);
        assert_eq!(e, Err(AmountError::TooManyDecimals { max_scale: 2 }));
        let e = check_amount(&Side::Sell, AmountUnit::Quantity, "0.2", 8, Some(d("0.1")));
        assert!(matches!(e, Err(AmountError::AboveAvailable { .. })));
        let e = check_amount(&Side::Sell, AmountUnit::Quantity, "0.2", 8, Some(d("0")));
        assert!(matches!(e, Err(AmountError::AboveAvailable { .. })));
        let q = check_amount(&Side::Buy, AmountUnit::Quantity, "2", 8, None);
        assert_eq!(q, Ok(QuoteAmount::Quantity(d("2"))));
        for bad in ["0", "-1", "abc", ""] {
            assert!(check_amount(&Side::Buy, AmountUnit::Notional, bad, 8, None).is_err());
        }
        assert_eq!(asset_decimals(Some(4), Some(&AssetType::Stock)), 4);
        assert_eq!(asset_decimals(None, Some(&AssetType::Stock)), 6);
        assert_eq!(asset_decimals(None, None), 8);
    }

    #[test]
    fn refusals_have_a_sentence_and_a_next_step() {
        let err = ApiError::from_response(422, None, r#"{"error":{"code":"quote_expired"}}"#);
        let r = explain_refusal(&err);
        assert!(r.sentence.contains("expired"));
        assert_eq!(r.next, NextStep::NewQuote);
        let err =
            ApiError::from_response(422, None, r#"{"error":{"code":"trading_limit_exceeded"}}"#);
        assert_eq!(explain_refusal(&err).next, NextStep::SeeLimits);
    }
}
