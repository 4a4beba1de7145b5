//! A banner shown while the browser reports no network connection.

use leptos::prelude::*;

use crate::i18n::t;

fn browser_online() -> bool {
    web_sys::window()
        .map(|w| w.navigator().on_line())
        .unwrap_or(true)
}

/// "You are offline" while `navigator.onLine` is false; follows online/offline events.
#[component]
pub fn OfflineBanner() -> impl IntoView {
    let online = RwSignal::new(browser_online());
    let up = window_event_listener(leptos::ev::online, move |_| online.set(true));
    let down = window_event_listener(leptos::ev::offline, move |_| online.set(false));
    // The shell is drawn again when the language changes: the old listeners go with it.
    on_cleanup(move || {
        up.remove();
        down.remove();
    });
    view! {
        <Show when=move || !online.get()>
            <div class="offline-banner" role="status" data-testid="offline-banner">
                {t("You are offline. Figures shown may be out of date; they refresh when the connection is back.")}
            </div>
        </Show>
    }
}
