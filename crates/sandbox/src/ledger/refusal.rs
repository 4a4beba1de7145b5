//! Why the ledger refused a write. The API layer maps each case to a status and code.

/// A write the ledger did not carry out; nothing changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A parameter is unusable (400 `invalid_parameter`); the text says which.
    Invalid(String),
    /// No quote has this id (404 `quote_not_found`).
    QuoteNotFound,
    /// The quote's `expires_at` has passed (422 `quote_expired`).
    QuoteExpired,
    /// The quote was accepted before (422 `quote_already_accepted`).
    QuoteAlreadyAccepted,
    /// The wallet holds less than needed (422 `insufficient_funds`); the text says which.
    InsufficientFunds(String),
    /// The trade would exceed the key's remaining daily budget (422 `trading_limit_exceeded`).
    TradingLimitExceeded,
    /// The key already has limits; they are permanent (409 `limits_already_set`).
    LimitsAlreadySet,
    /// The earn config is disabled (422 `earn_config_disabled`).
    EarnConfigDisabled,
    /// The earn config is sold out (422 `earn_config_sold_out`).
    EarnConfigSoldOut,
}

impl Refusal {
    /// An [`Refusal::Invalid`] with this text.
    pub fn invalid(text: impl Into<String>) -> Self {
        Refusal::Invalid(text.into())
    }
}
