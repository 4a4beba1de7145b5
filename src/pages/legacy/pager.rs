//! "Load more" for the legacy list pages: the filter comes from the URL, the first page
//! loads when it changes, each "Load more" asks for the page after `meta.next_cursor`, and
//! [`Paged`] keeps every item exactly once (see `crate::legacy_paging`).
//!
//! Also the status line and the button, shared by the four list pages, and the fiat
//! symbols (the legacy lists send numeric fiat ids; the fiat wallets name them).

use std::collections::HashMap;
use std::future::Future;

use folio_client::legacy::LegacyPage;
use folio_client::{ApiError, Client};
use leptos::prelude::*;

use super::frame::{note_gone, use_legacy_gone};
use crate::account_data::account_resource;
use crate::components::{ErrorView, Loading};
use crate::format::skipped_sentence;
use crate::legacy_filters::LegacyFilter;
use crate::legacy_paging::Paged;

/// A request: the filter and the cursor (`None` for the first page).
type Request = (LegacyFilter, Option<String>);

/// The answer to a request (the request kept with it, so a late answer is recognised).
type Answer<A> = (Request, Result<LegacyPage<A>, ApiError>);

/// The loading state of one legacy list page.
pub struct Pager<A: Send + Sync + 'static> {
    /// The items received for the current filter.
    pub paged: RwSignal<Paged<LegacyFilter, A>>,
    request: RwSignal<Request>,
    answered: RwSignal<Option<Request>>,
    error: RwSignal<Option<ApiError>>,
    resource: LocalResource<Result<Answer<A>, ApiError>>,
}

impl<A: Send + Sync + 'static> Clone for Pager<A> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A: Send + Sync + 'static> Copy for Pager<A> {}

/// Loads pages of a legacy list for `filter` with `fetch(client, filter, cursor)`.
pub fn use_pager<A, Fut>(
    filter: Memo<LegacyFilter>,
    fetch: impl Fn(Client, LegacyFilter, Option<String>) -> Fut + Copy + 'static,
) -> Pager<A>
where
    A: Clone + Send + Sync + 'static,
    Fut: Future<Output = Result<LegacyPage<A>, ApiError>> + 'static,
{
    let gone = use_legacy_gone();
    let request = RwSignal::new((filter.get_untracked(), None::<String>));
    Effect::new(move |previous: Option<()>| {
        let f = filter.get();
        if previous.is_some() {
            request.set((f, None));
        }
    });
    let resource = account_resource(
        move || request.get(),
        move |client, _keyless, (f, cursor): Request| {
            let pending = fetch(client, f.clone(), cursor.clone());
            async move { Ok(((f, cursor), pending.await)) }
        },
    );
    let pager = Pager {
        paged: RwSignal::new(Paged::new(filter.get_untracked())),
        request,
        answered: RwSignal::new(None),
        error: RwSignal::new(None),
        resource,
    };
    Effect::new(move |_| match resource.get() {
        Some(Ok(((f, cursor), Ok(page)))) => {
            pager.paged.update(|p| {
                p.absorb(&f, cursor.as_deref(), page, f.page_size);
            });
            pager.error.set(None);
            pager.answered.set(Some((f, cursor)));
        }
        Some(Ok((answered, Err(e)))) => {
            note_gone(gone, &e);
            pager.error.set(Some(e));
            pager.answered.set(Some(answered));
        }
        Some(Err(e)) => {
            pager.error.set(Some(e));
            pager.answered.set(Some(request.get_untracked()));
        }
        None => {}
    });
    pager
}

impl<A: Clone + Send + Sync + 'static> Pager<A> {
    /// Whether a request is waiting for its answer.
    pub fn busy(&self) -> bool {
        let request = self.request.get();
        self.answered.with(|a| a.as_ref() != Some(&request))
    }

    /// The items to show: those of the current filter (none while its first page loads).
    pub fn items(&self) -> Vec<folio_client::legacy::LegacyItem<A>> {
        let filter = self.request.with(|(f, _)| f.clone());
        self.paged.with(|p| {
            if p.filter == filter {
                p.items.clone()
            } else {
                Vec::new()
            }
        })
    }

    /// Whether every page for the current filter has arrived (and nothing is loading).
    pub fn complete(&self) -> bool {
        !self.busy() && self.paged.with(|p| p.complete())
    }

    /// Whether the current filter's list is known to be empty.
    pub fn empty(&self) -> bool {
        self.complete() && self.items().is_empty()
    }

    /// Asks for the next page, if there is one and nothing is loading.
    pub fn load_more(&self) {
        if self.busy() {
            return;
        }
        let next = self
            .paged
            .with_untracked(|p| (p.filter.clone(), p.next.clone()));
        if let (f, Some(cursor)) = next {
            self.request.set((f, Some(cursor)));
        }
    }

    /// Asks again for the request that failed.
    pub fn retry(&self) {
        self.answered.set(None);
        self.resource.refetch();
    }
}

/// The status line ("Showing 10 of 48 trades · more available"), the error with Retry (a
/// "gone" answer is left to the frame), and the "Load more" button.
#[component]
pub fn PagerControls<A: Clone + Send + Sync + 'static>(
    pager: Pager<A>,
    /// What the list holds, plural ("trades").
    what: &'static str,
) -> impl IntoView {
    let paged = pager.paged;
    let status = move || {
        let shown = pager.items().len();
        let total = paged.with(|p| p.total);
        let complete = pager.complete();
        let of = total.map(|t| format!(" of {t}")).unwrap_or_default();
        let more = if complete {
            "all loaded"
        } else {
            "more available"
        };
        let skipped = paged
            .with(|p| skipped_sentence(p.skipped))
            .map(|s| format!(" {s}"))
            .unwrap_or_default();
        format!("Showing {shown}{of} {what} · {more}.{skipped}")
    };
    let error = move || {
        pager
            .error
            .get()
            .filter(|e| !folio_client::legacy::sunset::is_gone(e))
            .map(|e| {
                view! { <ErrorView error=e what=what on_retry=move |_| pager.retry() /> }
            })
    };
    view! {
        {move || (pager.busy() && pager.items().is_empty()).then(|| view! { <Loading what=what /> })}
        {error}
        <div class="legacy-more">
            <p class="legacy-status" role="status" aria-live="polite" id="legacy-list-status"
                data-shown=move || pager.items().len().to_string()
                data-complete=move || pager.complete().to_string()>
                {status}
            </p>
            <Show when=move || !pager.complete()>
                <button type="button" class="button" id="legacy-load-more"
                    disabled=move || pager.busy()
                    on:click=move |_| pager.load_more()>
                    {move || if pager.busy() { "Loading…" } else { "Load more" }}
                </button>
            </Show>
        </div>
    }
}

/// Symbols of the legacy fiat ids (`"1"` → `EUR`), from the legacy fiat wallets; empty
/// when they cannot be loaded (ids are then shown as sent).
pub fn use_fiat_symbols() -> Signal<HashMap<String, String>> {
    let wallets = account_resource(
        || (),
        |client, _, ()| async move { client.legacy().fiat_wallets().await },
    );
    Signal::derive(move || {
        let mut map = HashMap::new();
        if let Some(Ok(list)) = wallets.get() {
            for w in list {
                if let (Some(id), Some(symbol)) = (w.attributes.fiat_id, w.attributes.fiat_symbol) {
                    map.insert(id, symbol);
                }
            }
        }
        map
    })
}

/// A fiat id's symbol, or the id itself.
pub fn fiat_symbol(symbols: &HashMap<String, String>, id: Option<&str>) -> String {
    id.map(|id| symbols.get(id).cloned().unwrap_or_else(|| id.to_string()))
        .unwrap_or_default()
}
