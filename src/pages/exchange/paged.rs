//! A list read page by page with the exchange's cursors: the first page when the filter
//! changes, "Load more" for the next, every record kept once (by id) and nothing fetched
//! after the filter changed under a request in flight; and the footer under such a list.

use std::future::Future;

use folio_client::exchange::ExchangePage;
use folio_client::ApiError;
use leptos::prelude::*;

use crate::components::ErrorView;
use crate::data::page_task::PageTasks;
use crate::format::skipped_sentence;
use crate::pages::exchange::filters::push_unique;

/// The records loaded so far and where loading stands. Cheap to copy.
#[derive(Debug)]
pub struct Paged<T: Send + Sync + 'static> {
    /// Records in the order the exchange sent them (newest first).
    pub items: RwSignal<Vec<T>>,
    next: RwSignal<Option<String>>,
    /// Whether the last page has been read.
    pub complete: RwSignal<bool>,
    /// A page request is in flight.
    pub loading: RwSignal<bool>,
    /// Why the last page request failed.
    pub error: RwSignal<Option<ApiError>>,
    generation: RwSignal<u64>,
    /// Cursors already followed, and pages in a row that brought nothing new: the list stops
    /// on a repeated cursor or after [`MAX_EMPTY_PAGES`] such pages instead of looping.
    seen: StoredValue<(Vec<String>, u32)>,
    /// Why the list stopped before the exchange said it was complete.
    pub stopped: RwSignal<Option<String>>,
    /// Records that could not be read (malformed), summed over the pages.
    pub skipped: RwSignal<usize>,
    tasks: PageTasks,
    /// The records on screen are replaced (not cleared first) when the next first page
    /// arrives: see [`Paged::refresh`].
    replacing: RwSignal<bool>,
}

/// Pages in a row without a new record after which a list stops.
pub const MAX_EMPTY_PAGES: u32 = 3;

impl<T: Send + Sync + 'static> Clone for Paged<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Send + Sync + 'static> Copy for Paged<T> {}

impl<T: Clone + Send + Sync + 'static> Paged<T> {
    /// Nothing loaded yet.
    pub fn new() -> Self {
        Self {
            items: RwSignal::new(Vec::new()),
            next: RwSignal::new(None),
            complete: RwSignal::new(false),
            loading: RwSignal::new(false),
            error: RwSignal::new(None),
            generation: RwSignal::new(0),
            seen: StoredValue::new((Vec::new(), 0)),
            stopped: RwSignal::new(None),
            skipped: RwSignal::new(0),
            tasks: PageTasks::new(),
            replacing: RwSignal::new(false),
        }
    }

    /// Forgets everything (a new filter); an answer still in flight will be dropped.
    pub fn reset(&self) {
        self.restart(false);
    }

    /// Reads the list again from its first page while the records stay on screen; they are
    /// replaced when the answer arrives, so rows that did not change (and a dialog open in one
    /// of them) stay in place. Then call `load_next`.
    pub fn refresh(&self) {
        self.restart(true);
    }

    fn restart(&self, keep_items: bool) {
        self.generation.update(|g| *g += 1);
        self.replacing.set(keep_items);
        if !keep_items {
            self.items.set(Vec::new());
        }
        self.next.set(None);
        self.complete.set(false);
        self.loading.set(false);
        self.error.set(None);
        self.seen.set_value((Vec::new(), 0));
        self.stopped.set(None);
        self.skipped.set(0);
    }

    /// Fetches the next page with `fetch(cursor)` unless one is in flight or the list is
    /// complete; records already shown (same `key`) are not added twice.
    pub fn load_next<F, Fut, K>(&self, fetch: F, key: fn(&T) -> K)
    where
        F: FnOnce(Option<String>) -> Fut,
        Fut: Future<Output = Result<ExchangePage<T>, ApiError>> + 'static,
        K: PartialEq + 'static,
    {
        if self.loading.get_untracked() || self.complete.get_untracked() {
            return;
        }
        let this = *self;
        let generation = self.generation.get_untracked();
        self.loading.set(true);
        self.error.set(None);
        let pending = fetch(self.next.get_untracked());
        self.tasks.spawn(async move {
            let answer = pending.await;
            if this.generation.get_untracked() != generation {
                return;
            }
            match answer {
                Ok(page) => {
                    let next = page.next_cursor().map(str::to_string);
                    if this.replacing.get_untracked() {
                        this.replacing.set(false);
                        this.items.set(Vec::new());
                    }
                    let before = this.items.with_untracked(Vec::len);
                    this.skipped.update(|n| *n += page.skipped);
                    this.items.update(|items| {
                        for item in page.data {
                            push_unique(items, item, key);
                        }
                    });
                    let added = this.items.with_untracked(Vec::len) > before;
                    let stop = this.seen.try_update_value(|(cursors, empty)| {
                        *empty = if added { 0 } else { *empty + 1 };
                        match &next {
                            Some(c) if cursors.contains(c) => Some(
                                "The exchange sent a page it had sent before, so the list stops here.",
                            ),
                            Some(_) if *empty >= MAX_EMPTY_PAGES => Some(
                                "The exchange sent several pages with nothing new, so the list stops here.",
                            ),
                            Some(c) => {
                                cursors.push(c.clone());
                                None
                            }
                            None => None,
                        }
                    });
                    if let Some(Some(why)) = stop {
                        this.stopped.set(Some(why.to_string()));
                        this.complete.set(true);
                        this.next.set(None);
                    } else {
                        this.complete.set(next.is_none());
                        this.next.set(next);
                    }
                }
                Err(error) => this.error.set(Some(error)),
            }
            this.loading.set(false);
        });
    }
}

impl<T: Clone + Send + Sync + 'static> Default for Paged<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// Under a paged list: the failed page's error with Retry, "Loading…", "N {plural}, all
/// loaded." (`#{id}-complete`) or the count with "Load more" (`#{id}-load-more`), which
/// runs `on_more`.
#[component]
pub fn PagedFooter<T: Clone + Send + Sync + 'static>(
    paged: Paged<T>,
    /// Prefix of the ids, and what the list holds, plural (`orders`).
    id: &'static str,
    /// What one record is called (`order`).
    one: &'static str,
    on_more: Callback<()>,
) -> impl IntoView {
    let skipped = move || {
        skipped_sentence(paged.skipped.get()).map(|s| {
            view! { <p class="notice" id=format!("{id}-skipped") role="status">{s}</p> }
        })
    };
    let footer = move || {
        let count = paged.items.with(Vec::len);
        let noun = if count == 1 { one } else { id };
        if let Some(error) = paged.error.get() {
            let what = format!("the next page of {id}");
            return view! { <ErrorView error=error what=what on_retry=on_more /> }.into_any();
        }
        if paged.loading.get() {
            return view! { <p class="hint" role="status">{format!("Loading {id}…")}</p> }
                .into_any();
        }
        if let Some(why) = paged.stopped.get() {
            return view! {
                <p class="notice" id=format!("{id}-stopped") role="status">{format!("{count} {noun} loaded. {why}")}</p>
            }
            .into_any();
        }
        if paged.complete.get() {
            return view! {
                <p class="hint" id=format!("{id}-complete") role="status">{format!("{count} {noun}, all loaded.")}</p>
            }
            .into_any();
        }
        view! {
            <p class="hint" role="status">{format!("{count} {noun} loaded.")}</p>
            <button type="button" class="button" id=format!("{id}-load-more") on:click=move |_| on_more.run(())>"Load more"</button>
        }
        .into_any()
    };
    view! { {skipped} {footer} }
}
