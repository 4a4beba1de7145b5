//! Under a "Load more" list (`data::paging`): where loading stands, what could not be
//! read, why the list stopped early, the failed page's error with Retry, and the button.

use folio_client::ApiError;
use leptos::prelude::*;

use crate::components::{ErrorView, Loading};
use crate::data::paging::CursorList;
use crate::format::skipped_sentence;

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
    /// What the list holds, plural ("trades").
    what: &'static str,
    on_more: Callback<()>,
    /// Errors the page shows itself (e.g. "this API was switched off").
    #[prop(optional)]
    hide_error: Option<fn(&ApiError) -> bool>,
) -> impl IntoView {
    let status = move || {
        let shown = list.len();
        let of = list.total().map(|t| format!(" of {t}")).unwrap_or_default();
        let more = if list.complete() {
            "all loaded"
        } else {
            "more available"
        };
        format!("Showing {shown}{of} {what} · {more}.")
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
            let what = format!("the next page of {what}");
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
                    {move || if list.loading() { "Loading…" } else { "Load more" }}
                </button>
            </Show>
        </div>
    }
}
