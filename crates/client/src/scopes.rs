//! Key validation and scope detection.
//!
//! Scopes are fixed when a key is created and the service has no endpoint that lists them,
//! so Folio probes: one cheap read per read scope, and for the two write scopes a request
//! with a deliberately empty body that the service rejects before doing anything (400 means
//! the scope is present, 401 that it is missing). No probe can move money.

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
}

impl Scope {
    /// All scopes in display order.
    pub const ALL: [Scope; 6] = [
        Self::Balance,
        Self::Transaction,
        Self::TradeRead,
        Self::TradeWrite,
        Self::EarnRead,
        Self::EarnWrite,
    ];

    /// The service's name for the scope.
    pub fn name(self) -> &'static str {
        match self {
            Self::Balance => "Balance",
            Self::Transaction => "Transaction",
            Self::TradeRead => "Trade (Read)",
            Self::TradeWrite => "Trade (Write)",
            Self::EarnRead => "Earn (Read)",
            Self::EarnWrite => "Earn (Write)",
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
        self.scopes
            .iter()
            .any(|(s, state)| *s == scope && *state == ScopeState::Granted)
    }
}

fn read_state(result: Result<(), ApiError>, words: &impl Fn(&ApiError) -> String) -> ScopeState {
    match result {
        Ok(_) => ScopeState::Granted,
        Err(ApiError::MissingScope(_) | ApiError::Unauthorized(_)) => ScopeState::Missing,
        Err(e) => ScopeState::Unknown(words(&e)),
    }
}

fn write_state(result: Result<(), ApiError>, words: &impl Fn(&ApiError) -> String) -> ScopeState {
    match result {
        Err(ApiError::BadRequest(_) | ApiError::Unprocessable(_)) | Ok(()) => ScopeState::Granted,
        Err(ApiError::MissingScope(_) | ApiError::Unauthorized(_)) => ScopeState::Missing,
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
        Ok(ScopeReport {
            scopes: vec![
                (Scope::Balance, balance),
                (Scope::Transaction, transaction),
                (Scope::TradeRead, trade_read),
                (Scope::TradeWrite, trade_write),
                (Scope::EarnRead, earn_read),
                (Scope::EarnWrite, earn_write),
            ],
        })
    }
}
