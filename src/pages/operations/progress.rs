//! Where loading the operations stands: the status line ("Showing 20 of 50 loaded
//! operations (2 pages, more available)."), the "Load all" progress with Stop, and the
//! "Load more" / "Load all" buttons.

use folio_client::current::Stopped;
use leptos::prelude::*;

use super::loader::{Busy, Loader};
use crate::format::skipped_sentence;
use crate::i18n::{t, tf};

/// The status line; `shown` are the operations the filters keep.
#[component]
pub fn LoadStatus(loader: Loader, shown: Memo<Vec<usize>>) -> impl IntoView {
    let text = move || {
        let p = loader.progress.get();
        let n = shown.with(Vec::len);
        let more = match p.stopped {
            Some(Stopped::RepeatedCursor) => {
                t("the service sent a page it had sent before, so loading stopped")
            }
            Some(Stopped::NoNewItems) => t("several pages brought nothing new, so loading stopped"),
            None if p.done => t("all loaded"),
            None => t("more available"),
        };
        let skipped = skipped_sentence(p.skipped)
            .map(|s| format!(" {s}"))
            .unwrap_or_default();
        // Counts without thousands separators, as before (the e2e tests read them).
        let (n, items, pages) = (n.to_string(), p.items.to_string(), p.pages.to_string());
        let v = [
            ("n", &*n),
            ("items", &items),
            ("pages", &pages),
            ("more", more),
        ];
        let showing = tf(
            "Showing {n} of {items} loaded operations ({pages} pages, {more}).",
            &v,
        );
        format!("{showing}{skipped}")
    };
    view! { <p class="ops-status" role="status" aria-live="polite" id="ops-status">{text}</p> }
}

/// While every page is being fetched: how far it got, and Stop.
#[component]
pub fn LoadAllProgress(loader: Loader) -> impl IntoView {
    let label = move || {
        let p = loader.progress.get();
        let (items, pages) = (p.items.to_string(), p.pages.to_string());
        let v = [("items", &*items), ("pages", &pages)];
        tf("Loading all: {items} operations, {pages} pages", &v)
    };
    move || {
        (loader.busy.get() == Busy::All).then(|| {
            view! {
                <div class="ops-progress card" data-testid="load-all-progress">
                    <label for="ops-progress-bar">{label}</label>
                    <progress id="ops-progress-bar"></progress>
                    <button type="button" class="button" id="ops-stop" on:click=move |_| loader.stop()>{t("Stop")}</button>
                </div>
            }
        })
    }
}

/// "Load more" and "Load all" (off while loading or when every page is in).
#[component]
pub fn LoadButtons(loader: Loader) -> impl IntoView {
    let busy = move || loader.busy.get();
    let off = move || busy() != Busy::Idle || loader.done();
    view! {
        <div class="ops-more">
            <button type="button" class="button" id="ops-load-more" disabled=off
                on:click=move |_| loader.load(false)>
                {move || if busy() == Busy::More { t("Loading…") } else { t("Load more") }}
            </button>
            <button type="button" class="button" id="ops-load-all" disabled=off
                on:click=move |_| loader.load(true)>
                {t("Load all")}
            </button>
        </div>
    }
}
