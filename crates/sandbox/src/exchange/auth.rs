//! What the exchange API's endpoints require of the caller's key ([`RequireScope`] with
//! [`Read`] or [`Trade`]): 401 `UNAUTHORIZED` without a valid key, 403 `FORBIDDEN` without
//! the exchange scope. The exchange's Read is the key's Trade (Read), its Trade the key's
//! Trade (Write).

use super::errors::ExError;
use crate::auth::{key_requirements, Denied};
use crate::keys::Scope;

pub(crate) use crate::auth::RequireScope;

/// The exchange API's answer to a refused caller.
fn deny(why: Denied) -> ExError {
    match why {
        Denied::NoKey => ExError::unauthorized("An API key is required"),
        Denied::UnknownKey => ExError::unauthorized("Unknown API key"),
        Denied::MissingScope(Scope::TradeRead) => ExError::forbidden("Read"),
        Denied::MissingScope(_) => ExError::forbidden("Trade"),
    }
}

key_requirements! {
    crate::keys::Api::Exchange;
    ExError = deny;
    /// Exchange scope Read: market data, account, orders and trades.
    Read => Some(Scope::TradeRead);
    /// Exchange scope Trade: creating and canceling orders.
    Trade => Some(Scope::TradeWrite);
}
