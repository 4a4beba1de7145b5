//! The star that puts an asset on the watchlist or takes it off: a toggle button
//! (`aria-pressed`) on an asset's page and beside each search result of the watchlist.

use leptos::prelude::*;

use super::store;
use crate::i18n::{t, tf};

/// The watchlist as this page holds it: the ids, kept in step with the browser's storage (and
/// with other tabs, which announce a change through the `storage` event).
#[derive(Clone, Copy)]
pub struct WatchedIds {
    /// The ids followed, in the order they were added.
    pub ids: RwSignal<Vec<String>>,
    /// Set when the browser would not keep a change (blocked or full storage).
    pub not_kept: RwSignal<bool>,
}

impl WatchedIds {
    /// The list read from storage, followed across tabs while the page is open.
    pub fn new() -> Self {
        let ids = RwSignal::new(store::read());
        let handle = window_event_listener(leptos::ev::storage, move |ev| {
            if ev.key().as_deref() == Some(store::ITEM) || ev.key().is_none() {
                ids.set(store::read());
            }
        });
        on_cleanup(move || handle.remove());
        Self {
            ids,
            not_kept: RwSignal::new(false),
        }
    }

    /// Adds `id`, or removes it when it is on the list, and keeps the result.
    pub fn toggle(self, id: &str) {
        let next = self.ids.with_untracked(|ids| store::toggled(ids, id));
        self.not_kept.set(!store::write(&next));
        self.ids.set(next);
    }

    /// Empties the list and removes it from the browser.
    pub fn forget(self) {
        self.not_kept.set(!store::write(&[]));
        self.ids.set(Vec::new());
    }
}

/// A star for the asset with `id` (named `symbol` in its label).
#[component]
pub fn WatchStar(
    watched: WatchedIds,
    #[prop(into)] id: String,
    #[prop(into)] symbol: String,
) -> impl IntoView {
    let id = StoredValue::new(id);
    let on = Memo::new(move |_| watched.ids.with(|ids| id.with_value(|id| ids.contains(id))));
    let full = Memo::new(move |_| watched.ids.with(|ids| ids.len() >= store::MOST));
    let label = move || {
        if on.get() {
            tf("Stop watching {symbol}", &[("symbol", &symbol)])
        } else {
            tf("Watch {symbol}", &[("symbol", &symbol)])
        }
    };
    view! {
        <button
            type="button"
            class="button button-quiet watch-star"
            aria-pressed=move || if on.get() { "true" } else { "false" }
            disabled=move || full.get() && !on.get()
            title=move || (full.get() && !on.get()).then(|| tf("The watchlist holds at most {n} assets.", &[("n", &store::MOST.to_string())]))
            on:click=move |_| id.with_value(|id| watched.toggle(id))
        >
            <span class="star" aria-hidden="true">{move || if on.get() { "★" } else { "☆" }}</span>
            " "
            {label}
        </button>
        {move || watched.not_kept.get().then(|| view! {
            <span class="field-error" role="alert">{t("This browser would not keep the watchlist (its storage is blocked or full).")}</span>
        })}
    }
}
