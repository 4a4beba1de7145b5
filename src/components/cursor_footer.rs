//! Under a "Load more" list (`data::paging`): where loading stands, what could not be
//! read, why the list stopped early, the failed page's error with Retry, and the button.

use folio_client::ApiError;
use leptos::prelude::*;

use crate::components::{ErrorView, Loading};
use crate::data::paging::CursorList;
use crate::format::{format_count, skipped_sentence};
use crate::i18n::{t, tf};

/// Under a cursor list: "Loading…" before the first page, the status line
/// (`#{id}-list-status`: "Showing 10 of 48 trades · more available."), records that could
/// not be read (`#{id}-skipped`), why the list stopped early (`#{id}-stopped`), the failed
/// page's error with Retry (unless `hide_error` says the page shows it elsewhere), and
/// "Load more" (`#{id}-load-more`), which runs `on_more`.
#[component]
pub fn CursorFooter<T: Clone + Send + Sync + 'static>(
    list: CursorList<T>,
    /// Prefix of the ids.
    id: &'static str,
    /// What the list holds, plural ("trades"; in German the plural noun alone: "Trades").
    what: &'static str,
    on_more: Callback<()>,
    /// Errors the page shows itself (e.g. "this API was switched off").
    #[prop(optional)]
    hide_error: Option<fn(&ApiError) -> bool>,
) -> impl IntoView {
    let status = move || {
        let shown = format_count(list.len());
        let more = if list.complete() {
            t("all loaded")
        } else {
            t("more available")
        };
        let total = list
            .total()
            .map(|n| format_count(usize::try_from(n).unwrap_or(usize::MAX)));
        let values = [
            ("shown", shown.as_str()),
            ("total", total.as_deref().unwrap_or_default()),
            ("what", what),
            ("more", more),
        ];
        match total {
            Some(_) => tf("Showing {shown} of {total} {what} · {more}.", &values),
            None => tf("Showing {shown} {what} · {more}.", &values),
        }
    };
    let skipped = move || {
        skipped_sentence(list.skipped()).map(|s| {
            view! { <p class="notice" id=format!("{id}-skipped") role="status">{s}</p> }
        })
    };
    let stopped = move || {
        list.stopped().map(|why| {
            view! { <p class="notice" id=format!("{id}-stopped") role="status">{why.sentence()}</p> }
        })
    };
    let error = move || {
        let shown_elsewhere = hide_error.unwrap_or(|_| false);
        list.error().filter(|e| !shown_elsewhere(e)).map(|e| {
            let what = tf("the next page of {what}", &[("what", what)]);
            view! { <ErrorView error=e what=what on_retry=on_more /> }
        })
    };
    view! {
        {move || (list.loading() && list.len() == 0).then(|| view! { <Loading what=what /> })}
        {error}
        {skipped}
        {stopped}
        <div class="list-footer">
            <p class="list-status" role="status" aria-live="polite" id=format!("{id}-list-status")
                data-shown=move || list.len().to_string()
                data-complete=move || list.complete().to_string()>
                {status}
            </p>
            <Show when=move || !list.complete()>
                <button type="button" class="button" id=format!("{id}-load-more")
                    disabled=move || list.loading()
                    on:click=move |_| on_more.run(())>
                    {move || if list.loading() { t("Loading…") } else { t("Load more") }}
                </button>
            </Show>
        </div>
    }
}
