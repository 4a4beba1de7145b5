//! Who is calling, for all three APIs: the `x-api-key` header, the demo key it names, and the
//! [`RequireScope`] extractor that turns a caller away before the handler runs.
//!
//! Each API states what an endpoint needs with a marker type implementing [`Requirement`]
//! (`current::auth`, `exchange::auth`, the legacy gate): the scope to check and how that API
//! words a refusal. The check runs before any validation of the request, so a client can
//! probe a write scope with a deliberately invalid body (refused = scope missing,
//! 400 = present).

use crate::keys::{find_key, Api, DemoKey, Scope};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use axum::response::IntoResponse;

/// The `x-api-key` header (header names are case-insensitive), if sent and not blank.
pub(crate) fn api_key(headers: &HeaderMap) -> Option<&str> {
    headers
        .get("x-api-key")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|k| !k.is_empty())
}

/// Why a caller is turned away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Denied {
    /// No key was sent, and the endpoint needs one.
    NoKey,
    /// The key sent is not a demo key, or not one this API accepts.
    UnknownKey,
    /// The key is valid but lacks this scope.
    MissingScope(Scope),
}

/// What an endpoint requires of the caller's key, and how its API answers a refusal.
pub(crate) trait Requirement {
    /// The API whose endpoint this is (a key valid only for another API is unknown here).
    const API: Api;
    /// The scope the key must carry (None: any valid key).
    const SCOPE: Option<Scope>;
    /// What the handler receives: the key, or `Option` of it where no key is needed.
    type Caller: Send;
    /// The refusal, in the API's error shape.
    type Rejection: IntoResponse;
    /// The caller from the accepted key (None: none was sent); `Err(NoKey)` when one is needed.
    fn caller(key: Option<&'static DemoKey>) -> Result<Self::Caller, Denied>;
    /// The API's answer to a refused caller.
    fn deny(why: Denied) -> Self::Rejection;
}

/// The caller's key checked against `R` (a missing or unknown key, then the scope); the
/// handler gets `R::Caller`.
#[derive(Debug)]
pub(crate) struct RequireScope<R: Requirement>(pub R::Caller);

/// The check of [`RequireScope`], without a request.
pub(crate) fn check<R: Requirement>(headers: &HeaderMap) -> Result<R::Caller, Denied> {
    let key = match api_key(headers) {
        None => None,
        Some(k) => Some(
            find_key(k)
                .filter(|key| key.valid_for(R::API))
                .ok_or(Denied::UnknownKey)?,
        ),
    };
    if let (Some(key), Some(scope)) = (key, R::SCOPE) {
        if !key.has(scope) {
            return Err(Denied::MissingScope(scope));
        }
    }
    R::caller(key)
}

/// For [`Requirement::caller`]: the key, which must have been sent.
pub(crate) fn required(key: Option<&'static DemoKey>) -> Result<&'static DemoKey, Denied> {
    key.ok_or(Denied::NoKey)
}

impl<S: Send + Sync, R: Requirement> FromRequestParts<S> for RequireScope<R> {
    type Rejection = R::Rejection;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        check::<R>(&parts.headers).map(Self).map_err(R::deny)
    }
}

/// Declares marker types for "a valid key of API `$api` (carrying a scope)", each a
/// [`Requirement`] whose handler gets the key and whose refusal is `$deny(why)` of type
/// `$rejection`.
macro_rules! key_requirements {
    ($api:expr; $rejection:ty = $deny:path; $($(#[$doc:meta])* $name:ident => $scope:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Debug)]
        pub(crate) struct $name;

        impl $crate::auth::Requirement for $name {
            const API: $crate::keys::Api = $api;
            const SCOPE: Option<$crate::keys::Scope> = $scope;
            type Caller = &'static $crate::keys::DemoKey;
            type Rejection = $rejection;

            fn caller(
                key: Option<&'static $crate::keys::DemoKey>,
            ) -> Result<Self::Caller, $crate::auth::Denied> {
                $crate::auth::required(key)
            }

            fn deny(why: $crate::auth::Denied) -> $rejection {
                $deny(why)
            }
        }
    )*};
}

pub(crate) use key_requirements;
