//! A warning when this device's clock is more than 5 seconds off the exchange's: times shown
//! and good-till-date end times would be off by as much.

use folio_client::Client;
use leptos::prelude::*;

use crate::data::load::account_resource_when;
use crate::data::next_task::Shown;
use crate::pages::exchange::text::skew_warning;

/// Reads the exchange's time from the moment `when` and warns when the clocks disagree.
#[component]
pub fn ClockSkewWarning(when: Shown) -> impl IntoView {
    let skew = account_resource_when(
        when,
        || (),
        |client: Client, _, ()| async move {
            let sent = js_sys::Date::now();
            let server = client.exchange().time().await?;
            let received = js_sys::Date::now();
            let local_ms = ((sent + received) / 2.0) as i64;
            Ok(server.epoch_ms.map(|s| s.saturating_sub(local_ms)))
        },
    );
    move || {
        let message = skew
            .get()
            .and_then(|r| r.ok())
            .flatten()
            .and_then(skew_warning)?;
        Some(view! { <p class="notice" role="status" id="clock-skew">{message}</p> })
    }
}
