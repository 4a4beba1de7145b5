//! Key validation and scope detection, for each of the three APIs.
//!
//! Scopes are fixed when a key is created and the service has no endpoint that lists them,
//! so Folio probes: one cheap read per read scope, and for each write scope a request that
//! can never succeed ([`QUOTE_PROBE`], [`STAKE_PROBE`], [`ORDER_PROBE`]: the nil id, an amount
//! of zero) and that the service therefore refuses before doing anything: refused for what
//! the body lacks (400, 422; 404 for the exchange's unknown pair) means the scope is present,
//! 401/403 that it is missing. No probe can move money. A probe the service *accepts* (any
//! 2xx) is not a permission but an alarm ([`ScopeState::ProbeAccepted`]): the service took a
//! request it must refuse, and the person is told. The exchange and legacy APIs are probed
//! with the key each API is given (`crate::api_keys`): a key of their own, or the current
//! API's.

use futures::future::{join, join3};

use crate::transport::Transport;
use crate::{ApiError, Client};

/// Trade (Write)'s probe, `POST /v1/quotes`: a quote for the nil asset in the nil currency,
/// of a quantity of zero. Refused for the unknown asset and the zero amount; even a quote
/// made moves nothing (only accepting it trades), but a 2xx is an alarm all the same.
pub const QUOTE_PROBE: &str = r#"{"asset_id":"00000000-0000-0000-0000-000000000000","currency_id":"00000000-0000-0000-0000-000000000000","side":"BUY","quantity":"0"}"#;

/// Earn (Write)'s probe, `POST /v1/earn/actions/stake`: staking an amount of zero (a JSON
/// number, as the action takes it) into the nil configuration from the nil wallet.
pub const STAKE_PROBE: &str = r#"{"config_id":"00000000-0000-0000-0000-000000000000","wallet_id":"00000000-0000-0000-0000-000000000000","asset_amount":0}"#;

/// Exchange (Trade)'s probe, `POST /v1/account/orders`: a fill-or-kill limit buy of a
/// quantity of zero at a price of zero on a pair that does not exist.
pub const ORDER_PROBE: &str = r#"{"pair":"NIL-NIL","side":"Buy","type":"Limit","quantity":"0","limitPrice":"0","timeInForce":"FOK"}"#;

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
    /// The service answered 2xx to a write probe that can never succeed (the nil id, an
    /// amount of zero): it took a request it must refuse. Never counted as granted; the app
    /// shows it as an alarm, asking the person to check the account.
    ProbeAccepted,
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

    /// The scopes whose write probe the service accepted (see [`ScopeState::ProbeAccepted`]).
    pub fn accepted_probes(&self) -> Vec<Scope> {
        self.scopes
            .iter()
            .filter(|(_, state)| *state == ScopeState::ProbeAccepted)
            .map(|(scope, _)| *scope)
            .collect()
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
        Ok(()) => ScopeState::ProbeAccepted,
        Err(ApiError::BadRequest(_) | ApiError::Unprocessable(_)) => ScopeState::Granted,
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
        // Every probe at once (the exchange's two in turn): one round trip after the
        // validation instead of one per scope.
        let read = |path: &str| self.probe_read(self.current_url(path));
        let write = |path: &str, body: &'static str| self.probe_write(self.current_url(path), body);
        let current = join(
            join3(
                read("/portfolio"),
                read("/operations?page_size=1"),
                read("/assets?page_size=1"),
            ),
            join3(
                read("/earn/configs?page_size=1"),
                write("/quotes", QUOTE_PROBE),
                write("/earn/actions/stake", STAKE_PROBE),
            ),
        );
        let legacy = self.probe_read(self.legacy_url("/wallets"));
        let (
            ((balance, transaction, trade_read), (earn_read, trade_write, earn_write)),
            (exchange_read, exchange_trade),
            legacy_read,
        ) = join3(current, self.exchange_scopes(&words), legacy).await;
        let granted_to_read = |result| read_state(result, &words);
        let granted_to_write = |result| write_state(result, &words);
        let (balance, transaction, trade_read, earn_read) = (
            granted_to_read(balance),
            granted_to_read(transaction),
            granted_to_read(trade_read),
            granted_to_read(earn_read),
        );
        let (trade_write, earn_write) =
            (granted_to_write(trade_write), granted_to_write(earn_write));
        let legacy_read = granted_to_read(legacy_read);
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

    /// The exchange's Read (balances) and Trade ([`ORDER_PROBE`]) with the key the exchange
    /// gets; Trade is not asked when the exchange refused the key.
    async fn exchange_scopes(
        &self,
        words: &impl Fn(&ApiError) -> String,
    ) -> (ScopeState, ScopeState) {
        let read = read_state(
            self.probe_read(self.exchange_url("/account/balances"))
                .await,
            words,
        );
        if read == ScopeState::KeyRefused {
            return (read, ScopeState::KeyRefused);
        }
        // The exchange checks the key before the order: the probe refused for what it lacks
        // (400, 422, or 404 for its pair that does not exist) means Trade is present.
        let probe = self.probe_write(self.exchange_url("/account/orders"), ORDER_PROBE);
        let trade = match probe.await {
            Err(ApiError::NotFound(_)) if read == ScopeState::Granted => ScopeState::Granted,
            other => write_state(other, words),
        };
        (read, trade)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::fake::FakeTransport;
    use crate::{ApiKey, BaseUrls};

    #[test]
    fn every_write_probe_names_nothing_and_moves_nothing() {
        let nil = "00000000-0000-0000-0000-000000000000";
        let read = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
        let quote = read(QUOTE_PROBE);
        assert_eq!(
            (quote["asset_id"].as_str(), quote["currency_id"].as_str()),
            (Some(nil), Some(nil))
        );
        assert_eq!(quote["quantity"], "0");
        assert!(quote.get("notional").is_none());
        let stake = read(STAKE_PROBE);
        assert_eq!(
            (stake["config_id"].as_str(), stake["wallet_id"].as_str()),
            (Some(nil), Some(nil))
        );
        assert!(stake["asset_amount"].is_number() && stake["asset_amount"] == 0);
        let order = read(ORDER_PROBE);
        assert_eq!(order["quantity"], "0");
        assert_eq!(order["limitPrice"], "0");
        assert_eq!(order["timeInForce"], "FOK");
        assert!(order.get("amount").is_none());
    }

    /// Answers for `detect_scopes` in the order it asks: validation, the current API's
    /// four reads and two writes, then the exchange's read and write; legacy last.
    fn scripted(write_status: u16) -> FakeTransport {
        let fake = FakeTransport::default();
        fake.answer(200, "{}");
        for _ in 0..4 {
            fake.answer(200, r#"{"data":[]}"#);
        }
        fake.answer(write_status, "{}").answer(write_status, "{}");
        fake
    }

    #[tokio::test]
    async fn a_write_probe_answered_2xx_is_an_alarm_never_a_permission() {
        let fake = scripted(200);
        let client =
            Client::with_transport(BaseUrls::same_origin(""), ApiKey::new("k"), fake.clone());
        let report = client.detect_scopes(ApiError::to_string).await.unwrap();
        for scope in [Scope::TradeWrite, Scope::EarnWrite] {
            assert_eq!(
                report.state(scope),
                Some(&ScopeState::ProbeAccepted),
                "{scope:?}"
            );
            assert!(!report.has(scope), "{scope:?} is not granted");
        }
        assert!(report.accepted_probes().contains(&Scope::TradeWrite));
        let bodies: Vec<String> = fake.sent().into_iter().filter_map(|r| r.body).collect();
        assert!(bodies.iter().any(|b| b == QUOTE_PROBE), "{bodies:?}");
        assert!(bodies.iter().any(|b| b == STAKE_PROBE), "{bodies:?}");
        assert!(!bodies.iter().any(|b| b == "{}"), "no empty body is sent");

        let refused = scripted(400);
        let client = Client::with_transport(BaseUrls::same_origin(""), ApiKey::new("k"), refused);
        let report = client.detect_scopes(ApiError::to_string).await.unwrap();
        assert!(report.has(Scope::TradeWrite) && report.has(Scope::EarnWrite));
        assert!(report.accepted_probes().is_empty());
    }
}
