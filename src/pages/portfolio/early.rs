//! The portfolio's first reads, started in the main module while the portfolio's own module
//! is still being fetched (`folio_client::Client::read_current_early`): on the tab's first
//! visit with the service's default valuation (EUR), the currencies and the positions. The
//! page then takes these answers instead of asking again, so on a cold start its calls and
//! its code arrive side by side instead of one after the other. Any other case (another
//! currency, currencies already known) is left to the page.
//!
//! When the app starts on the portfolio, the reads start before the app is mounted
//! ([`start_reads_at_start`]); the route starts them again on every later visit
//! ([`start_reads`]), which adds nothing while the first ones wait to be taken.

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use leptos_router::location::{BrowserUrl, LocationProvider};

use crate::contexts::session::{use_session, Session};
use crate::contexts::settings::{use_settings, Settings};
use crate::data::catalogue;
use crate::url::currency_from_query;

/// Starts the reads as the app starts, before it is mounted (`app::start`), for the address
/// the browser shows.
pub fn start_reads_at_start(session: Session, settings: Settings) {
    let currency = BrowserUrl::current()
        .ok()
        .and_then(|url| url.search_params().get("currency"));
    start(session, settings, currency.as_deref());
}

/// Starts the reads (call from the route, before the page's module is loaded).
pub fn start_reads() {
    let query = use_query_map();
    let currency = query.with_untracked(|q| q.get("currency"));
    start(use_session(), use_settings(), currency.as_deref());
}

fn start(session: Session, settings: Settings, currency: Option<&str>) {
    untrack(|| {
        let Some(client) = session.client(settings) else {
            return;
        };
        let chosen = currency_from_query(currency).unwrap_or_else(|| settings.currency());
        if chosen != "EUR" || catalogue::known_currencies(&client).is_some() {
            return;
        }
        leptos::task::spawn_local(client.read_current_early("/currencies"));
        leptos::task::spawn_local(client.read_current_early("/portfolio"));
    });
}
