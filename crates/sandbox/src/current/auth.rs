//! What each endpoint of the current API requires of the caller's key ([`RequireScope`] with
//! one of the markers below) and how a refusal reads: 401 `unauthorized` without a key or
//! with an unknown one, 401 `missing_scope` (naming the scope) without the scope.

use super::errors::ApiError;
use crate::auth::{key_requirements, Denied, Requirement};
use crate::keys::{DemoKey, Scope};

pub(crate) use crate::auth::RequireScope;

/// The current API's answer to a refused caller.
fn deny(why: Denied) -> ApiError {
    match why {
        Denied::NoKey => ApiError::unauthorized("An API key is required"),
        Denied::UnknownKey => ApiError::unauthorized("Unknown API key"),
        Denied::MissingScope(s) => ApiError::missing_scope(s.name()),
    }
}

key_requirements! {
    crate::keys::Api::Current;
    ApiError = deny;
    /// Scope Balance (`/portfolio`, `/portfolio-history`).
    Balance => Some(Scope::Balance);
    /// Scope Transaction (`/operations`).
    Transaction => Some(Scope::Transaction);
    /// Scope Trade (Write) (quotes, setting trading limits).
    TradeWrite => Some(Scope::TradeWrite);
    /// Scope Earn (Read) (`/earn/configs`).
    EarnRead => Some(Scope::EarnRead);
    /// Scope Earn (Write) (`/earn/actions/{action}`).
    EarnWrite => Some(Scope::EarnWrite);
    /// Any valid key (`GET /trading-limits`).
    AnyKey => None;
}

/// No key needed, but a key that is sent must be valid and carry Trade (Read) (the
/// catalogue); the handler gets the key if one was sent.
#[derive(Debug)]
pub(crate) struct OptionalTradeRead;

impl Requirement for OptionalTradeRead {
    const API: crate::keys::Api = crate::keys::Api::Current;
    const SCOPE: Option<Scope> = Some(Scope::TradeRead);
    type Caller = Option<&'static DemoKey>;
    type Rejection = ApiError;

    fn caller(key: Option<&'static DemoKey>) -> Result<Self::Caller, Denied> {
        Ok(key)
    }

    fn deny(why: Denied) -> ApiError {
        deny(why)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::check;
    use axum::http::HeaderMap;

    fn with_key(k: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("X-Api-Key", k.parse().unwrap());
        h
    }

    fn code<R: Requirement<Rejection = ApiError>>(h: &HeaderMap) -> &'static str {
        check::<R>(h)
            .map_err(R::deny)
            .err()
            .map_or("ok", |e| e.code)
    }

    #[test]
    fn keys_and_scopes() {
        let none = HeaderMap::new();
        assert_eq!(code::<Balance>(&none), "unauthorized");
        assert_eq!(check::<OptionalTradeRead>(&none).unwrap(), None);
        assert_eq!(code::<AnyKey>(&none), "unauthorized");
        let bad = with_key("nope");
        assert_eq!(code::<OptionalTradeRead>(&bad), "unauthorized");
        let balance = with_key("folio-demo-balance");
        assert_eq!(code::<Balance>(&balance), "ok");
        assert_eq!(code::<AnyKey>(&balance), "ok");
        let e = deny(check::<OptionalTradeRead>(&balance).unwrap_err());
        assert_eq!(
            (e.code, e.scope, e.status.as_u16()),
            ("missing_scope", Some("Trade (Read)"), 401)
        );
        let full = with_key("folio-demo-full");
        assert_eq!(code::<TradeWrite>(&full), "ok");
        assert_eq!(code::<EarnWrite>(&full), "ok");
        assert_eq!(code::<Transaction>(&full), "ok");
        assert_eq!(code::<EarnRead>(&full), "ok");
    }
}
