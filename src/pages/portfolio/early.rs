//! The portfolio's first reads, started by its route in the main module while the
//! portfolio's own module is still being fetched (`folio_client::Client::read_current_early`):
//! on the tab's first visit with the service's default valuation (EUR), the currencies and
//! the positions. The page then takes these answers instead of asking again, so on a cold
//! start its calls and its code arrive side by side instead of one after the other. Any
//! other case (another currency, currencies already known) is left to the page.

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::data::id_names;
use crate::url::currency_from_query;

/// Starts the reads (call from the route, before the page's module is loaded).
pub fn start_reads() {
    let session = use_session();
    let settings = use_settings();
    let query = use_query_map();
    untrack(|| {
        let Some(client) = session.client(settings) else {
            return;
        };
        let chosen = currency_from_query(query.get().get("currency").as_deref())
            .unwrap_or_else(|| settings.currency());
        if chosen != "EUR" || id_names::known_currencies(&client).is_some() {
            return;
        }
        leptos::task::spawn_local(client.read_current_early("/currencies"));
        leptos::task::spawn_local(client.read_current_early("/portfolio"));
    });
}
