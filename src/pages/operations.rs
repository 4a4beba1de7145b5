//! Operations: the person reads the account's complete record, newest first and grouped by
//! day — what went out and came in, fees, taxes, rates, pending and cancelled items, types
//! Folio does not know yet — narrows it with filters kept in the URL (shareable, never the
//! key), loads more pages or all of them (with progress and Stop), opens one operation for
//! every id and detail, and exports what the filters show as CSV or JSON.

pub(crate) mod csv;
mod detail;
mod export;
pub(crate) mod filter;
mod filter_bar;
mod legacy_timeline;
mod list;
mod loader;
pub(crate) mod rows;
mod timeline_rows;
mod virtual_list;

use leptos::prelude::*;

use crate::components::{ErrorView, FixBaseUrls};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::format::skipped_sentence;
use crate::pages::operations::csv::{to_csv, to_json};
use crate::pages::operations::filter::OperationsFilter;
use crate::pages::operations::rows::{group_by_day, type_label};
use crate::url::use_url_state;
use detail::OperationDetail;
use filter_bar::FilterBar;
use folio_client::current::Stopped;
use legacy_timeline::{use_include_legacy, LegacyTimeline, SourceToggle};
use list::OperationsList;
pub use loader::Busy;
use loader::Loader;

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
    let server = Memo::new(move |_| url_filter.with(OperationsFilter::server_part));
    let loader = Loader::new();
    let selected = RwSignal::new(None::<usize>);

    Effect::new(move |_| {
        server.track();
        let clients = session
            .client(settings)
            .zip(session.keyless_client(settings));
        selected.set(None);
        loader.reset(clients, &url_filter.get_untracked());
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

    let shown = Memo::new(move |_| {
        let f = filter.get();
        loader.summaries.with(|all| f.apply(all))
    });
    let rows = Memo::new(move |_| {
        loader
            .summaries
            .with(|all| shown.with(|s| group_by_day(all, s)))
    });
    // Memos: a keystroke in the search box must not walk every loaded operation again.
    let extra_types = Memo::new(move |_| {
        let mut seen: Vec<String> = loader.summaries.with(|all| {
            all.iter()
                .filter(|s| type_label(&s.type_raw) == s.type_raw)
                .map(|s| s.type_raw.clone())
                .collect()
        });
        seen.sort();
        seen.dedup();
        seen
    });
    let fiats = Signal::derive(move || loader.fiats.get());
    let export = move |json: bool| {
        let ops = loader.ops.read_untracked();
        let picked = shown.get_untracked().into_iter().filter_map(|i| ops.get(i));
        let result = if json {
            export::download("operations.json", "application/json", &to_json(picked))
        } else {
            let names = loader.names.get_untracked();
            export::download(
                "operations.csv",
                "text/csv;charset=utf-8",
                &to_csv(picked, &names),
            )
        };
        if result.is_err() {
            loader
                .notice
                .set(Some("The browser refused the download.".into()));
        }
    };
    let close = Callback::new(move |_| selected.set(None));
    let detail = move || {
        let i = selected.get()?;
        let op = loader.ops.with(|ops| ops.get(i).cloned())?;
        let names = loader.names.get();
        Some(view! { <OperationDetail op=op names=names on_close=close /> })
    };
    let busy = move || loader.busy.get();
    // "Include legacy records" (`?source=all`) shows the combined timeline instead of the
    // list, unless the legacy API is gone.
    let legacy_gone = RwSignal::new(false);
    let (include_legacy, _) = use_include_legacy();
    let combined = move || include_legacy.get() && !legacy_gone.get();
    view! {
        <section class="page operations-page" aria-labelledby="operations-title">
            <div class="page-head">
                <h1 id="operations-title">"Operations"</h1>
                <div class="ops-export" hidden=combined>
                    <button type="button" class="button" id="export-csv"
                        disabled=move || shown.with(Vec::is_empty) on:click=move |_| export(false)>
                        "Export CSV"
                    </button>
                    <button type="button" class="button" id="export-json"
                        disabled=move || shown.with(Vec::is_empty) on:click=move |_| export(true)>
                        "Export JSON"
                    </button>
                </div>
            </div>
            <SourceToggle gone=legacy_gone />
            {move || include_legacy.get().then(|| view! { <LegacyTimeline gone=legacy_gone /> })}
            <div class="ops-current" hidden=combined>
            {move || settings.base_urls().is_none().then(|| view! { <FixBaseUrls /> })}
            <FilterBar filter=url_filter text=text set=set_filter extra_types=Signal::from(extra_types) fiats=fiats on_text=on_text />
            <p class="ops-status" role="status" aria-live="polite" id="ops-status">
                {move || {
                    let p = loader.progress.get();
                    let n = shown.with(Vec::len);
                    let more = match p.stopped {
                        Some(Stopped::RepeatedCursor) => "the service sent a page it had sent before, so loading stopped",
                        Some(Stopped::NoNewItems) => "several pages brought nothing new, so loading stopped",
                        None if p.done => "all loaded",
                        None => "more available",
                    };
                    let skipped = skipped_sentence(p.skipped).map(|s| format!(" {s}")).unwrap_or_default();
                    format!("Showing {n} of {} loaded operations ({} pages, {more}).{skipped}", p.items, p.pages)
                }}
            </p>
            {move || loader.notice.get().map(|n| view! { <p class="notice" id="ops-notice">{n}</p> })}
            {move || (busy() == Busy::All).then(|| view! {
                <div class="ops-progress card" data-testid="load-all-progress">
                    <label for="ops-progress-bar">
                        {move || { let p = loader.progress.get(); format!("Loading all: {} operations, {} pages", p.items, p.pages) }}
                    </label>
                    <progress id="ops-progress-bar"></progress>
                    <button type="button" class="button" id="ops-stop" on:click=move |_| loader.stop()>"Stop"</button>
                </div>
            })}
            {move || loader.error.get().map(|error| view! {
                <ErrorView error=error what="more operations" on_retry=move |_| loader.load(false) />
            })}
            <div class="ops-layout" class:with-detail=move || selected.get().is_some()>
                <div class="ops-main">
                    {move || (shown.with(Vec::is_empty) && busy() == Busy::Idle && loader.error.with(Option::is_none))
                        .then(|| view! { <p class="state state-empty" id="ops-empty">"No operations match these filters."</p> })}
                    <OperationsList loader=loader rows=rows selected=selected />
                    <div class="ops-more">
                        <button type="button" class="button" id="ops-load-more"
                            disabled=move || busy() != Busy::Idle || loader.done()
                            on:click=move |_| loader.load(false)>
                            {move || if busy() == Busy::More { "Loading…" } else { "Load more" }}
                        </button>
                        <button type="button" class="button" id="ops-load-all"
                            disabled=move || busy() != Busy::Idle || loader.done()
                            on:click=move |_| loader.load(true)>
                            "Load all"
                        </button>
                    </div>
                </div>
                {detail}
            </div>
            </div>
        </section>
    }
}
