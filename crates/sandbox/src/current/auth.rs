//! Key and scope checks. They run before any validation of the request, so a client can
//! probe a write scope with a deliberately invalid body (401 = scope missing, 400 = present).

use super::errors::ApiError;
use crate::keys::{find_key, DemoKey, Scope};
use axum::http::HeaderMap;

/// What an endpoint requires of the caller's key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// A valid key carrying this scope.
    Scope(Scope),
    /// No key needed; a key that is sent must be valid and carry this scope.
    OptionalScope(Scope),
    /// Any valid key.
    AnyKey,
}

/// The `x-api-key` header (header names are case-insensitive), if sent and not blank.
pub fn api_key(headers: &HeaderMap) -> Option<&str> {
    headers
        .get("x-api-key")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|k| !k.is_empty())
}

/// Checks the caller's key against `need`; the key when one was sent and accepted.
pub fn authorize(headers: &HeaderMap, need: Need) -> Result<Option<&'static DemoKey>, ApiError> {
    let key = match (api_key(headers), need) {
        (None, Need::OptionalScope(_)) => return Ok(None),
        (None, _) => return Err(ApiError::unauthorized("An API key is required")),
        (Some(k), _) => find_key(k).ok_or_else(|| ApiError::unauthorized("Unknown API key"))?,
    };
    match need {
        Need::Scope(s) | Need::OptionalScope(s) if !key.has(s) => {
            Err(ApiError::missing_scope(s.name()))
        }
        _ => Ok(Some(key)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_key(k: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("X-Api-Key", k.parse().unwrap());
        h
    }

    #[test]
    fn keys_and_scopes() {
        let none = HeaderMap::new();
        assert_eq!(
            authorize(&none, Need::Scope(Scope::Balance))
                .unwrap_err()
                .code,
            "unauthorized"
        );
        assert_eq!(
            authorize(&none, Need::OptionalScope(Scope::TradeRead)).unwrap(),
            None
        );
        assert_eq!(
            authorize(&none, Need::AnyKey).unwrap_err().code,
            "unauthorized"
        );
        let bad = with_key("nope");
        assert_eq!(
            authorize(&bad, Need::OptionalScope(Scope::TradeRead))
                .unwrap_err()
                .code,
            "unauthorized"
        );
        let balance = with_key("folio-demo-balance");
        assert!(authorize(&balance, Need::Scope(Scope::Balance)).is_ok());
        assert!(authorize(&balance, Need::AnyKey).is_ok());
        let e = authorize(&balance, Need::OptionalScope(Scope::TradeRead)).unwrap_err();
        assert_eq!(
            (e.code, e.scope, e.status.as_u16()),
            ("missing_scope", Some("Trade (Read)"), 401)
        );
        let full = with_key("folio-demo-full");
        for s in Scope::ALL {
            assert!(authorize(&full, Need::Scope(s)).is_ok());
        }
    }
}
