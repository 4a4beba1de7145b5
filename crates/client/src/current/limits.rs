//! `GET` and `POST /v1/trading-limits`: the key's daily budgets. Limits are permanent for a
//! key: a second POST answers 409 `limits_already_set` ([`ApiError::Conflict`]).

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Deserialize;

use super::json_body::JsonObject;
use super::Current;
use super::Side;
use crate::decode::Envelope;
use crate::transport::Transport;
use crate::{ApiError, CurrencyId};

/// Daily trading limits of one key and what remains of them today.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct TradingLimits {
    /// Daily buy limit (sent as a JSON number).
    #[serde(default)]
    pub buy_limit: Option<Decimal>,
    /// Daily sell limit.
    #[serde(default)]
    pub sell_limit: Option<Decimal>,
    /// Currency the limits count in.
    #[serde(default)]
    pub currency_id: Option<CurrencyId>,
    /// Buy budget left today.
    #[serde(default)]
    pub buy_budget_remaining: Option<Decimal>,
    /// Sell budget left today.
    #[serde(default)]
    pub sell_budget_remaining: Option<Decimal>,
    /// When the budgets reset (00:00 UTC).
    #[serde(default, deserialize_with = "crate::lenient::timestamp")]
    pub resets_at: Option<DateTime<Utc>>,
}

impl TradingLimits {
    /// The daily limit of `side`.
    pub fn limit(&self, side: &Side) -> Option<Decimal> {
        match side {
            Side::Buy => self.buy_limit,
            Side::Sell => self.sell_limit,
            Side::Other(_) => None,
        }
    }

    /// What is left of `side`'s budget today.
    pub fn remaining(&self, side: &Side) -> Option<Decimal> {
        match side {
            Side::Buy => self.buy_budget_remaining,
            Side::Sell => self.sell_budget_remaining,
            Side::Other(_) => None,
        }
    }

    /// The share of `side`'s limit used today, 0…1 (for a gauge); `None` when unknown, when
    /// the limit is 0, or when the figures are too large to compute with.
    pub fn used_share(&self, side: &Side) -> Option<Decimal> {
        let (limit, left) = (self.limit(side)?, self.remaining(side)?);
        if limit <= Decimal::ZERO {
            return None;
        }
        let used = limit.checked_sub(left)?.checked_div(limit)?;
        Some(used.clamp(Decimal::ZERO, Decimal::ONE))
    }

    /// Whether `amount` (in the limit currency) fits `side`'s remaining budget; `None` when
    /// the remaining budget is unknown.
    pub fn allows(&self, side: &Side, amount: Decimal) -> Option<bool> {
        self.remaining(side).map(|left| amount <= left)
    }
}

/// The body of `POST /v1/trading-limits` (limits go on the wire as exact JSON numbers ≥ 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitsRequest {
    /// Daily buy limit.
    pub buy_limit: Decimal,
    /// Daily sell limit.
    pub sell_limit: Decimal,
    /// Currency the limits count in.
    pub currency_id: CurrencyId,
}

impl LimitsRequest {
    /// `{"buy_limit":<number>,"sell_limit":<number>,"currency_id":"…"}`.
    pub fn to_json(&self) -> String {
        JsonObject::new()
            .number("buy_limit", &self.buy_limit)
            .number("sell_limit", &self.sell_limit)
            .string("currency_id", self.currency_id.as_str())
            .finish()
    }
}

impl<T: Transport> Current<'_, T> {
    /// `GET /v1/trading-limits`; `None` when the key has no limits.
    pub async fn trading_limits(&self) -> Result<Option<TradingLimits>, ApiError> {
        let url = self.client.current_url("/trading-limits");
        Ok(self
            .client
            .get::<Envelope<Option<TradingLimits>>>(url)
            .await?
            .data)
    }

    /// `POST /v1/trading-limits`: sets the key's permanent limits. Sent once, never retried.
    pub async fn set_trading_limits(
        &self,
        request: &LimitsRequest,
    ) -> Result<TradingLimits, ApiError> {
        let url = self.client.current_url("/trading-limits");
        let answer: Envelope<TradingLimits> =
            self.client.send_write(url, Some(request.to_json())).await?;
        Ok(answer.data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_and_budget_arithmetic() {
        let r = LimitsRequest {
            buy_limit: Decimal::new(100050, 2),
            sell_limit: Decimal::ZERO,
            currency_id: CurrencyId::new("eur"),
        };
        assert_eq!(
            r.to_json(),
            r#"{"buy_limit":1000.50,"sell_limit":0,"currency_id":"eur"}"#
        );
        let l = TradingLimits {
            buy_limit: Some(Decimal::from(200)),
            sell_limit: Some(Decimal::ZERO),
            currency_id: None,
            buy_budget_remaining: Some(Decimal::from(50)),
            sell_budget_remaining: Some(Decimal::ZERO),
            resets_at: None,
        };
        assert_eq!(l.used_share(&Side::Buy), Some(Decimal::new(75, 2)));
        assert_eq!(l.used_share(&Side::Sell), None, "a zero limit has no gauge");
        assert_eq!(l.allows(&Side::Buy, Decimal::from(50)), Some(true));
        assert_eq!(l.allows(&Side::Buy, Decimal::new(5001, 2)), Some(false));
        assert_eq!(l.remaining(&Side::Other("X".into())), None);
    }

    #[test]
    fn gauge_of_extreme_budgets_is_unknown_not_a_panic() {
        let l = TradingLimits {
            buy_limit: Some(Decimal::MAX),
            sell_limit: Some(Decimal::new(1, 28)),
            currency_id: None,
            buy_budget_remaining: Some(Decimal::MIN),
            sell_budget_remaining: Some(Decimal::MIN),
            resets_at: None,
        };
        assert_eq!(l.used_share(&Side::Buy), None, "MAX - MIN overflows");
        let over = TradingLimits {
            buy_limit: Some(Decimal::new(1, 28)),
            buy_budget_remaining: Some(Decimal::from(-1_000_000_000_000_000_i64)),
            ..l
        };
        // 1e15 / 1e-28 overflows the division.
        assert_eq!(over.used_share(&Side::Buy), None);
    }
}
