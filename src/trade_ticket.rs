//! The Trade page's plain logic: what a typed order means (side, unit, amount checked before
//! anything is sent), how a refused accept is explained, and how "Check" finds a trade whose
//! accept answer never arrived. Tested natively.

use chrono::{DateTime, Duration, Utc};
use folio_client::current::{
    validate_amount, AmountError, AssetType, Operation, OperationType, QuoteAmount, Side,
};
use folio_client::{ApiError, AssetId, OperationId, TradeId};
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
/// available balance; `None` when unknown); notional amounts have two decimals.
pub fn check_amount(
    side: &Side,
    unit: AmountUnit,
    text: &str,
    asset_decimals: u32,
    available: Option<Decimal>,
) -> Result<QuoteAmount, AmountError> {
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
            "This quote expired before it was accepted, so nothing was bought or sold. Get a new quote to continue.".to_string(),
            NextStep::NewQuote,
        ),
        Some("quote_already_accepted") => (
            "This quote was already accepted. The trade happened once; it is in Operations.".to_string(),
            NextStep::SeeOperations,
        ),
        Some("insufficient_funds") => (
            "There are not enough funds for this trade, so nothing was bought or sold. Lower the amount and get a new quote.".to_string(),
            NextStep::ChangeAmount,
        ),
        Some("trading_limit_exceeded") => (
            "This trade is over the key's remaining daily budget, so nothing was bought or sold. Lower the amount, or wait until the budget resets.".to_string(),
            NextStep::SeeLimits,
        ),
        _ => (
            format!("The trade was refused: {} Nothing was bought or sold.", error.user_message()),
            NextStep::NewQuote,
        ),
    };
    Refusal { sentence, next }
}

/// A trade found in Operations by "Check".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundTrade {
    pub operation_id: OperationId,
    pub trade_id: Option<TradeId>,
    pub quantity: Option<Decimal>,
    pub credited_at: Option<DateTime<Utc>>,
}

/// How far before the accept was sent a matching trade may be dated (clock differences).
const CLOCK_SLACK_SECS: i64 = 120;

/// Looks, among operations (newest first), for a buy/sell of `asset` on `side` credited at
/// or after `sent_at` (with some slack for clocks), preferring one of exactly `quantity`.
pub fn find_trade(
    operations: &[Operation],
    side: &Side,
    asset: &AssetId,
    quantity: Option<Decimal>,
    sent_at: DateTime<Utc>,
) -> Option<FoundTrade> {
    let wanted = match side {
        Side::Buy => OperationType::Buy,
        Side::Sell => OperationType::Sell,
        Side::Other(_) => return None,
    };
    let earliest = sent_at - Duration::seconds(CLOCK_SLACK_SECS);
    let candidates: Vec<FoundTrade> = operations
        .iter()
        .filter(|op| op.operation_type.as_ref() == Some(&wanted))
        .filter_map(|op| {
            let leg = op
                .transactions
                .iter()
                .find(|t| t.asset_id.as_ref() == Some(asset))?;
            let credited_at = leg.credited_at;
            if credited_at.is_some_and(|t| t < earliest) {
                return None;
            }
            Some(FoundTrade {
                operation_id: op.operation_id.clone(),
                trade_id: leg.trade.as_ref().and_then(|t| t.trade_id.clone()),
                quantity: leg.asset_amount.as_ref().map(|m| m.value),
                credited_at,
            })
        })
        .collect();
    let exact = candidates
        .iter()
        .find(|c| quantity.is_some() && c.quantity == quantity);
    exact.or(candidates.first()).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
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

    #[test]
    fn check_finds_the_trade_made_after_sending() {
        let ops: Vec<Operation> = serde_json::from_value(serde_json::json!([
            {"operation_id": "new", "operation_type": "buy", "transactions": [
                {"transaction_id": "t1", "currency_id": "eur"},
                {"transaction_id": "t2", "asset_id": "btc", "credited_at": "2026-05-04T10:00:05.000Z",
                 "asset_amount": {"value": "0.001", "asset_id": "btc"}, "trade": {"trade_id": "tr"}}]},
            {"operation_id": "old", "operation_type": "buy", "transactions": [
                {"transaction_id": "t3", "asset_id": "btc", "credited_at": "2026-05-01T10:00:00.000Z"}]}
        ]))
        .unwrap();
        let sent = Utc.with_ymd_and_hms(2026, 5, 4, 10, 0, 0).unwrap();
        let btc = AssetId::new("btc");
        let found = find_trade(&ops, &Side::Buy, &btc, Some(d("0.001")), sent).unwrap();
        assert_eq!(found.operation_id.as_str(), "new");
        assert_eq!(found.trade_id.unwrap().as_str(), "tr");
        assert!(find_trade(&ops, &Side::Sell, &btc, None, sent).is_none());
        let later = sent + Duration::days(1);
        assert!(find_trade(&ops, &Side::Buy, &btc, None, later).is_none());
    }
}
