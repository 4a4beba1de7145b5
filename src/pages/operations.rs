//! Operations: the person reads the account's complete record, newest first and grouped by
//! day — what went out and came in, fees, taxes, rates, pending and cancelled items, types
//! Folio does not know yet — narrows it with filters kept in the URL (shareable, never the
//! key), loads more pages or all of them (with progress and Stop), opens one operation for
//! every id and detail, exports what the filters show as CSV or JSON, and writes the files tax
//! tools import for a year (`tax_files`).

pub(crate) mod csv;
mod detail;
mod export;
pub(crate) mod filter;
mod filter_bar;
mod legacy_timeline;
mod list;
mod loader;
mod parts;
mod progress;
mod refill;
mod row_texts;
pub(crate) mod rows;
pub(crate) mod search_words;
mod tax_files;
mod tax_prepare;
mod tax_summary;
mod timeline_rows;
mod virtual_list;

use leptos::prelude::*;

use crate::components::{ErrorView, FixBaseUrls, LazyPage};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::i18n::t;
use crate::pages::operations::filter::OperationsFilter;
use crate::pages::operations::rows::group_by_day;
use crate::url::use_url_state;
use filter_bar::FilterBar;
use legacy_timeline::{legacy_timeline_part, use_include_legacy, LegacyGone};
use list::OperationsList;
pub use loader::Busy;
use loader::Loader;
pub(crate) use parts::preload_tools_part;
use parts::{detail_part, load_buttons_part, tools_part, PageParts};
use progress::LoadStatus;
use refill::Refill;

/// How long the search box waits after a keystroke before writing the URL.
const URL_DELAY_MS: u64 = 400;

#[component]
pub fn OperationsPage() -> impl IntoView {
    let session = use_session();
    let settings = use_settings();
    let (url_filter, set_filter) = use_url_state::<OperationsFilter>(());
    let text = RwSignal::new(url_filter.get_untracked().text);
    let filter = Memo::new(move |_| OperationsFilter {
        text: text.get(),
        ..url_filter.get()
    });
    let loader = Loader::new();
    let selected = RwSignal::new(None::<usize>);

    // Starts over when the key or the addresses change, or the part of the filter the service
    // applies does. That part is compared by hand with the last one asked for, rather than
    // kept in a memo of its own type (one more compiled memo in the page's first load).
    let asked = StoredValue::new_local(None);
    let start_over = move || {
        let clients = session
            .client(settings)
            .zip(session.keyless_client(settings));
        let filter = url_filter.get_untracked();
        asked.set_value(Some(filter.server_part()));
        selected.set(None);
        loader.reset(clients, &filter);
    };
    crate::effect::effect(start_over);
    crate::effect::effect(move || {
        let part = url_filter.with(OperationsFilter::server_part);
        // Nothing asked yet: the effect above is about to ask.
        if asked.with_value(|last| last.as_ref().is_some_and(|last| *last != part)) {
            untrack(start_over);
        }
    });

    let pending_url = StoredValue::new_local(None::<TimeoutHandle>);
    let on_text = Callback::new(move |value: String| {
        text.set(value);
        if let Some(handle) = pending_url.get_value() {
            handle.clear();
        }
        let handle = set_timeout_with_handle(
            move || {
                if let Some(f) = filter.try_get_untracked() {
                    set_filter.run(f);
                }
            },
            std::time::Duration::from_millis(URL_DELAY_MS),
        );
        pending_url.set_value(handle.ok());
    });

    // Both lists are refilled where they were (`refill`), not made anew on each change.
    let shown = Memo::new_owning(move |old| {
        let mut shown = Refill::new(old);
        filter.with(|f| {
            loader.ops.with(|ops| {
                loader
                    .summaries
                    .with(|all| f.apply(ops, &all.list, &all.words, &mut shown))
            })
        });
        shown.finish()
    });
    let rows = Memo::new_owning(move |old| {
        let mut rows = Refill::new(old);
        loader
            .summaries
            .with(|all| shown.with(|s| group_by_day(&all.list, s, &mut rows)));
        rows.finish()
    });
    let close = Callback::new(move |_| selected.set(None));
    // "Include legacy records" (`?source=all`) shows the combined timeline instead of the
    // list, unless the legacy API is gone.
    let legacy_gone = RwSignal::new(false);
    provide_context(LegacyGone(legacy_gone));
    let (include_legacy, _) = use_include_legacy();
    let combined = Signal::derive(move || include_legacy.get() && !legacy_gone.get());
    // The tools above the list, the buttons under it and the opened operation's panel are a
    // part of their own (`parts`), asked for once the first page of operations is shown.
    provide_context(PageParts {
        loader,
        selected,
        close,
        shown,
        combined,
        legacy_gone,
    });
    let first_page_in = Signal::derive(move || {
        loader.progress.with(|p| p.pages > 0 || p.done) || loader.error.with(Option::is_some)
    });
    let opened = Memo::new(move |_| selected.with(Option::is_some));
    let detail = move || {
        opened
            .get()
            .then(|| view! { <LazyPage load=detail_part /> })
    };
    let busy = move || loader.busy.get();
    view! {
        <section class="page operations-page" aria-labelledby="operations-title">
            <div class="page-head">
                <h1 id="operations-title">{t("Operations")}</h1>
            </div>
            <div class="ops-tools" data-kept-space="">
                <LazyPage load=tools_part later=true ready=first_page_in />
            </div>
            {move || include_legacy.get().then(|| view! { <LazyPage load=legacy_timeline_part /> })}
            <div class="ops-current" hidden=combined>
            {move || settings.base_urls().is_none().then(|| view! { <FixBaseUrls /> })}
            <FilterBar filter=url_filter text=text set=set_filter extra_types=Signal::from(loader.extra_types) fiats=Signal::from(loader.fiats) on_text=on_text />
            <LoadStatus loader=loader shown=shown />
            {move || loader.notice.get().map(|n| view! { <p class="notice" id="ops-notice">{n}</p> })}
            {move || loader.error.get().map(|error| view! {
                <ErrorView error=error what=t("more operations") on_retry=move |_| loader.load(false) />
            })}
            <div class="ops-layout" class:with-detail=move || selected.get().is_some()>
                <div class="ops-main">
                    {move || (shown.with(Vec::is_empty) && busy() == Busy::Idle && loader.error.with(Option::is_none))
                        .then(|| view! { <p class="state state-empty" id="ops-empty">{t("No operations match these filters.")}</p> })}
                    <OperationsList loader=loader rows=rows selected=selected />
                    <div class="ops-under" data-kept-space="">
                        <LazyPage load=load_buttons_part later=true ready=first_page_in quiet=true />
                    </div>
                </div>
                {detail}
            </div>
            </div>
        </section>
    }
}
