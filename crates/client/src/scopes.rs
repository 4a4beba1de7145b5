//! Key validation and scope detection, for each of the three APIs.
//!
//! Scopes are fixed when a key is created and the service has no endpoint that lists them,
//! so Folio probes: one cheap read per read scope, and for each write scope a request with a
//! deliberately empty body that the service rejects before doing anything (400 means the
//! scope is present, 401/403 that it is missing). No probe can move money. The exchange and
//! legacy APIs are probed with the key each API is given (`crate::api_keys`): a key of their
//! own, or the current API's.

use crate::transport::Transport;
use crate::{ApiError, Client};

/// A permission a key can carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    /// Portfolio and its history.
    Balance,
    /// The operations timeline.
    Transaction,
    /// Assets, currencies and prices.
    TradeRead,
    /// Quotes (buy/sell) and setting trading limits.
    TradeWrite,
    /// Earn offers.
    EarnRead,
    /// Staking and unstaking.
    EarnWrite,
    /// Exchange API: market data, balances, orders and trades.
    ExchangeRead,
    /// Exchange API: placing and canceling orders.
    ExchangeTrade,
    /// Legacy API: the old wallets, trades and transactions.
    LegacyRead,
}

/// One of the service's three APIs, as the scopes table groups them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Api {
    /// The current public API.
    Current,
    /// The exchange API.
    Exchange,
    /// The legacy API.
    Legacy,
}

impl Scope {
    /// All scopes in display order (the current API's, then the exchange's, then legacy).
    pub const ALL: [Scope; 9] = [
        Self::Balance,
        Self::Transaction,
        Self::TradeRead,
        Self::TradeWrite,
        Self::EarnRead,
        Self::EarnWrite,
        Self::ExchangeRead,
        Self::ExchangeTrade,
        Self::LegacyRead,
    ];

    /// The API the scope belongs to.
    pub fn api(self) -> Api {
        match self {
            Self::ExchangeRead | Self::ExchangeTrade => Api::Exchange,
            Self::LegacyRead => Api::Legacy,
            _ => Api::Current,
        }
    }

    /// The service's name for the scope.
    pub fn name(self) -> &'static str {
        match self {
            Self::Balance => "Balance",
            Self::Transaction => "Transaction",
            Self::TradeRead => "Trade (Read)",
            Self::TradeWrite => "Trade (Write)",
            Self::EarnRead => "Earn (Read)",
            Self::EarnWrite => "Earn (Write)",
            Self::ExchangeRead => "Exchange (Read)",
            Self::ExchangeTrade => "Exchange (Trade)",
            Self::LegacyRead => "Legacy (Read)",
        }
    }
}

/// What a probe found out about one scope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScopeState {
    /// The key has it.
    Granted,
    /// The service refused for lack of it.
    Missing,
    /// The API refused the key itself (unknown to it, or revoked): nothing of this API can
    /// be used with it.
    KeyRefused,
    /// The probe could not tell; the text says why, in the words given to
    /// [`Client::detect_scopes`].
    Unknown(String),
}

/// The detected permissions of a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScopeReport {
    /// One entry per scope, in [`Scope::ALL`] order.
    pub scopes: Vec<(Scope, ScopeState)>,
}

impl ScopeReport {
    /// Whether the key has `scope` (unknown counts as no).
    pub fn has(&self, scope: Scope) -> bool {
        self.state(scope) == Some(&ScopeState::Granted)
    }

    /// What the probe found for `scope` (`None` when it was not probed).
    pub fn state(&self, scope: Scope) -> Option<&ScopeState> {
        self.scopes
            .iter()
            .find(|(s, _)| *s == scope)
            .map(|(_, state)| state)
    }
}

fn read_state(result: Result<(), ApiError>, words: &impl Fn(&ApiError) -> String) -> ScopeState {
    match result {
        Ok(_) => ScopeState::Granted,
        Err(ApiError::MissingScope(_)) => ScopeState::Missing,
        Err(ApiError::Unauthorized(_)) => ScopeState::KeyRefused,
        Err(e) => ScopeState::Unknown(words(&e)),
    }
}

fn write_state(result: Result<(), ApiError>, words: &impl Fn(&ApiError) -> String) -> ScopeState {
    match result {
        Err(ApiError::BadRequest(_) | ApiError::Unprocessable(_)) | Ok(()) => ScopeState::Granted,
        Err(ApiError::MissingScope(_)) => ScopeState::Missing,
        Err(ApiError::Unauthorized(_)) => ScopeState::KeyRefused,
        Err(e) => ScopeState::Unknown(words(&e)),
    }
}

impl<T: Transport> Client<T> {
    /// Validates the key with one call (`GET /v1/trading-limits`, which any valid key may
    /// read). `Err(ApiError::Unauthorized)` means the key is wrong. Only the status counts:
    /// the answer is not decoded.
    pub async fn validate_key(&self) -> Result<(), ApiError> {
        self.probe_read(self.current_url("/trading-limits")).await
    }

    /// Validates the key, then probes each scope. Fails only when the key itself is refused
    /// or the service cannot be reached. A probe that cannot tell is reported as
    /// [`ScopeState::Unknown`] with `words(error)` (the app passes its plain-words sentence).
    ///
    /// A read probe asks for the smallest page and looks at the status only: a permission is
    /// about being answered, and not decoding the answers keeps every list's decoder out of
    /// the code Connect needs (the app's main module).
    pub async fn detect_scopes(
        &self,
        words: impl Fn(&ApiError) -> String,
    ) -> Result<ScopeReport, ApiError> {
        self.validate_key().await?;
        let read = |path: &str| self.probe_read(self.current_url(path));
        let balance = read_state(read("/portfolio").await, &words);
        let transaction = read_state(read("/operations?page_size=1").await, &words);
        let trade_read = read_state(read("/assets?page_size=1").await, &words);
        let earn_read = read_state(read("/earn/configs?page_size=1").await, &words);
        let trade_write = write_state(
            self.probe_write(self.current_url("/quotes"), "{}").await,
            &words,
        );
        let earn_write = write_state(
            self.probe_write(self.current_url("/earn/actions/stake"), "{}")
                .await,
            &words,
        );
        let exchange_read = read_state(
            self.probe_read(self.exchange_url("/account/balances"))
                .await,
            &words,
        );
        // A key the exchange refused is not asked again for its write scope.
        let exchange_trade = if exchange_read == ScopeState::KeyRefused {
            ScopeState::KeyRefused
        } else {
            // The exchange checks the key before the order: an empty order refused for
            // what it lacks (400, 422, or 404 for its missing pair) means Trade is present.
            let probe = self.probe_write(self.exchange_url("/account/orders"), "{}");
            match probe.await {
                Err(ApiError::NotFound(_)) if exchange_read == ScopeState::Granted => {
                    ScopeState::Granted
                }
                other => write_state(other, &words),
            }
        };
        let legacy_read = read_state(self.probe_read(self.legacy_url("/wallets")).await, &words);
        Ok(ScopeReport {
            scopes: vec![
                (Scope::Balance, balance),
                (Scope::Transaction, transaction),
                (Scope::TradeRead, trade_read),
                (Scope::TradeWrite, trade_write),
                (Scope::EarnRead, earn_read),
                (Scope::EarnWrite, earn_write),
                (Scope::ExchangeRead, exchange_read),
                (Scope::ExchangeTrade, exchange_trade),
                (Scope::LegacyRead, legacy_read),
            ],
        })
    }
}
