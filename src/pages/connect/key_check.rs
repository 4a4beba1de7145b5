//! What pressing Connect runs: every API's probes with the key each API gets and, when the
//! service cannot be reached, the check that tells a host refusing this site (CORS) from a
//! network failure. Only Connect needs this, once per session, so the release build keeps it
//! in a module of its own (`key_check`), fetched while the person pastes the key
//! ([`prefetch`]) rather than weighing on the first load of every page.

use std::future::Future;
use std::pin::Pin;

use folio_client::scopes::ScopeReport;
use folio_client::{ApiError, Client};

use super::cors_check;
use crate::components::error_view::PlainWords;
use crate::i18n::t;

/// What the check found.
pub enum Checked {
    /// The main key was accepted; its (and the own keys') permissions.
    Accepted(ScopeReport),
    /// The main key was refused: shown at its field.
    WrongKey(String),
    /// Anything else that failed (network, CORS, service).
    Failed(String),
}

/// The running check.
pub type KeyCheck = Pin<Box<dyn Future<Output = Checked>>>;

/// Said when the check's own module cannot be downloaded.
pub fn not_loaded() -> &'static str {
    t("The key check could not be opened. Check your connection and press Connect again.")
}

/// The check itself; reached only through `start`, so it lands in the `key_check` module.
fn run(client: Client, current_api: String) -> KeyCheck {
    Box::pin(async move {
        match client.detect_scopes(|e| e.user_message()).await {
            Ok(report) => Checked::Accepted(report),
            Err(err @ (ApiError::Unauthorized(_) | ApiError::MissingScope(_))) => {
                Checked::WrongKey(err.user_message())
            }
            Err(err @ ApiError::Network { .. }) => {
                Checked::Failed(if cors_check::blocked_by_cors(&current_api).await {
                    cors_check::blocked().to_string()
                } else {
                    err.user_message()
                })
            }
            Err(err) => Checked::Failed(err.user_message()),
        }
    })
}

crate::split::split_fn!(
    key_check,
    preload_key_check,
    /// Loads the check's module (split build) and starts the check of `client`'s keys;
    /// `current_api` is the current API's base URL, for the CORS check.
    fn start(client: Client, current_api: String) -> KeyCheck {
        run(client, current_api)
    }
);

/// Fetches the check's module in the background (the key field got focus).
pub fn prefetch() {
    crate::split::warm_module(preload_key_check());
}
