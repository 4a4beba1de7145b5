//! `POST /v1/quotes` and `POST /v1/quotes/{id}/accept`: buying and selling through quotes.
//!
//! A quote fixes a price for a short time (`expires_at`); accepting it executes the trade.
//! Both calls are writes: sent once, never retried (see [`ApiError::write_outcome_unknown`]).

use chrono::{DateTime, Duration, Utc};
use rust_decimal::Decimal;
use serde::Deserialize;

use super::json_body::JsonObject;
use super::Current;
use crate::decode::Envelope;
use crate::query::encode;
use crate::transport::Transport;
use crate::{ApiError, AssetId, CurrencyId, QuoteId, TradeId};

open_enum!(
    /// Buy or sell.
    Side {
        /// Spend fiat, receive the asset.
        Buy => "BUY",
        /// Spend the asset, receive fiat.
        Sell => "SELL",
    }
);

open_enum!(
    /// The state of a quote.
    QuoteStatus {
        /// Can still be accepted (until `expires_at`).
        Open => "OPEN",
        /// Accepted: the trade was executed.
        Finished => "FINISHED",
    }
);

/// How much to trade: an asset quantity or a fiat amount (notional).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuoteAmount {
    /// This much of the asset.
    Quantity(Decimal),
    /// This much fiat (paid for a buy, received for a sell).
    Notional(Decimal),
}

/// The body of `POST /v1/quotes`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuoteRequest {
    /// The asset to trade.
    pub asset_id: AssetId,
    /// The fiat currency to pay or receive.
    pub currency_id: CurrencyId,
    /// Buy or sell.
    pub side: Side,
    /// The amount, in one of the two units.
    pub amount: QuoteAmount,
}

impl QuoteRequest {
    /// The JSON body: ids and side as strings, the amount as a decimal string.
    pub fn to_json(&self) -> String {
        let mut body = JsonObject::new();
        body.string("asset_id", self.asset_id.as_str())
            .string("currency_id", self.currency_id.as_str())
            .string("side", self.side.as_str());
        match &self.amount {
            QuoteAmount::Quantity(q) => body.string("quantity", &q.to_string()),
            QuoteAmount::Notional(n) => body.string("notional", &n.to_string()),
        };
        body.finish()
    }
}

/// The priced part of a quote.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct QuoteFigures {
    /// Unit price without premium.
    #[serde(default)]
    pub price: Option<Decimal>,
    /// Unit price including the premium (notional ÷ quantity).
    #[serde(default)]
    pub price_with_premium: Option<Decimal>,
    /// The premium (fee) in fiat.
    #[serde(default)]
    pub premium: Option<Decimal>,
    /// Asset quantity.
    #[serde(default)]
    pub quantity: Option<Decimal>,
    /// Fiat paid (buy) or received (sell), premium included.
    #[serde(default)]
    pub notional: Option<Decimal>,
    /// Last instant the quote can be accepted.
    #[serde(default, deserialize_with = "crate::lenient::timestamp")]
    pub expires_at: Option<DateTime<Utc>>,
    /// EUR per unit of the fiat currency.
    #[serde(default)]
    pub to_euro_rate: Option<Decimal>,
}

/// A quote as `POST /v1/quotes` answers it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Quote {
    /// The id to accept.
    pub quote_id: QuoteId,
    /// `OPEN` when new.
    #[serde(default)]
    pub status: Option<QuoteStatus>,
    /// Buy or sell.
    #[serde(default)]
    pub side: Option<Side>,
    /// The asset.
    #[serde(default)]
    pub asset_id: Option<AssetId>,
    /// The fiat currency.
    #[serde(default)]
    pub currency_id: Option<CurrencyId>,
    /// Prices and amounts.
    #[serde(default)]
    pub quote: Option<QuoteFigures>,
}

impl Quote {
    /// Time left to accept at `now` (zero once expired); `None` without `expires_at`.
    pub fn time_left(&self, now: DateTime<Utc>) -> Option<Duration> {
        let expires = self.quote.as_ref()?.expires_at?;
        Some(expires.signed_duration_since(now).max(Duration::zero()))
    }

    /// Whether the quote has expired at `now` (unknown expiry counts as not expired).
    pub fn is_expired(&self, now: DateTime<Utc>) -> bool {
        self.quote
            .as_ref()
            .and_then(|q| q.expires_at)
            .is_some_and(|t| now > t)
    }
}

/// The `execution` of an accepted quote.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct TradeExecution {
    /// Unit price without fee.
    #[serde(default)]
    pub price: Option<Decimal>,
    /// Unit price including the fee.
    #[serde(default)]
    pub price_with_fee: Option<Decimal>,
    /// The fee in fiat (the quote's premium).
    #[serde(default)]
    pub fee: Option<Decimal>,
    /// Asset quantity traded.
    #[serde(default)]
    pub quantity: Option<Decimal>,
    /// Fiat paid or received.
    #[serde(default)]
    pub notional: Option<Decimal>,
    /// When the trade executed.
    #[serde(default, deserialize_with = "crate::lenient::timestamp")]
    pub executed_at: Option<DateTime<Utc>>,
    /// EUR per unit of the fiat currency.
    #[serde(default)]
    pub to_euro_rate: Option<Decimal>,
}

/// The `tax` of an accepted quote.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct TradeTax {
    /// Tax withheld, in fiat.
    #[serde(default)]
    pub tax_amount: Option<Decimal>,
    /// Whether tax was withheld pessimistically.
    #[serde(default)]
    pub pessimistic_withholding: Option<bool>,
}

/// The key's remaining daily budget after a trade (sent as JSON numbers).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct TradingBudget {
    /// Buy volume left today.
    #[serde(default)]
    pub buy_budget_remaining: Option<Decimal>,
    /// Sell volume left today.
    #[serde(default)]
    pub sell_budget_remaining: Option<Decimal>,
    /// Currency of the budget.
    #[serde(default)]
    pub limit_currency_id: Option<CurrencyId>,
}

/// The answer to `POST /v1/quotes/{id}/accept` (camelCase on the wire).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct AcceptedQuote {
    /// The accepted quote.
    #[serde(default)]
    pub quote_id: Option<QuoteId>,
    /// The trade created; an operation leg in `/operations` carries it as `trade.trade_id`.
    #[serde(default)]
    pub trade_id: Option<TradeId>,
    /// `FINISHED`.
    #[serde(default)]
    pub status: Option<QuoteStatus>,
    /// Buy or sell.
    #[serde(default)]
    pub side: Option<Side>,
    /// The asset.
    #[serde(default)]
    pub asset_id: Option<AssetId>,
    /// The fiat currency.
    #[serde(default)]
    pub currency_id: Option<CurrencyId>,
    /// What was executed.
    #[serde(default)]
    pub execution: Option<TradeExecution>,
    /// Tax.
    #[serde(default)]
    pub tax: Option<TradeTax>,
    /// Remaining budget (absent or null when the key has no limits).
    #[serde(default)]
    pub trading_budget: Option<TradingBudget>,
}

impl<T: Transport> Current<'_, T> {
    /// `POST /v1/quotes`: prices a trade. Sent once, never retried.
    pub async fn create_quote(&self, request: &QuoteRequest) -> Result<Quote, ApiError> {
        let url = self.client.current_url("/quotes");
        let answer: Envelope<Quote> = self.client.send_write(url, Some(request.to_json())).await?;
        Ok(answer.data)
    }

    /// `POST /v1/quotes/{id}/accept`: executes the trade. Sent **exactly once**; on
    /// [`ApiError::write_outcome_unknown`] look for the trade in `/operations` instead of
    /// sending it again.
    pub async fn accept_quote(&self, id: &QuoteId) -> Result<AcceptedQuote, ApiError> {
        let url = self
            .client
            .current_url(&format!("/quotes/{}/accept", encode(id.as_str())));
        let answer: Envelope<AcceptedQuote> = self.client.send_write(url, None).await?;
        Ok(answer.data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn request_body_carries_exactly_one_amount_as_a_string() {
        let mut r = QuoteRequest {
            asset_id: AssetId::new("a"),
            currency_id: CurrencyId::eur(),
            side: Side::Sell,
            amount: QuoteAmount::Quantity(Decimal::from_str("0.00100000").unwrap()),
        };
        let body: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
        assert_eq!(body["quantity"], "0.00100000");
        assert_eq!(body["side"], "SELL");
        assert!(body.get("notional").is_none());
        r.amount = QuoteAmount::Notional(Decimal::new(2550, 2));
        let body: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
        assert_eq!(
            (&body["notional"], body.get("quantity")),
            (&"25.50".into(), None)
        );
    }
}
