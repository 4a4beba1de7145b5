//! One cursor list for every "Load more" list (the legacy lists and the exchange's orders
//! and trades; the current API's operations use `folio_client::current::Paginator`).
//!
//! The first page is asked for when the filter changes, "Load more" asks for the page after
//! the last cursor. [`Received`] (plain logic, tested natively) keeps every record once (by
//! its key) and stops — saying why — when the service repeats a cursor or sends
//! [`MAX_EMPTY_PAGES`] pages in a row with nothing new, so a misbehaving service cannot make
//! "Load more" loop. [`CursorList`] runs the requests: an answer that arrives after the
//! filter changed is dropped, and requests end with their page. [`CursorFooter`] is the
//! status line, the error with Retry and the "Load more" button under such a list.

use std::future::Future;

use folio_client::exchange::ExchangePage;
use folio_client::legacy::{LegacyItem, LegacyPage};
use folio_client::{ApiError, Client};
use leptos::prelude::*;

use crate::components::{ErrorView, Loading};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::data::page_task::PageTasks;
use crate::format::skipped_sentence;

/// Pages in a row without a new record after which a list stops.
pub const MAX_EMPTY_PAGES: u32 = 3;

/// What a list needs from one page of any API.
#[derive(Debug, Clone, PartialEq)]
pub struct Parts<T> {
    /// The records that could be read, in the order sent.
    pub items: Vec<T>,
    /// The cursor of the next page; `None` on the last page.
    pub next: Option<String>,
    /// How many records the list holds in all, when the service says.
    pub total: Option<u64>,
    /// Records that could not be read (malformed).
    pub skipped: usize,
}

/// A page of a cursor-paginated API.
pub trait CursorPage {
    /// One record.
    type Item;

    /// The page as a list sees it; `asked` is the page size asked for (some APIs need it
    /// to tell the last page).
    fn into_parts(self, asked: Option<u32>) -> Parts<Self::Item>;
}

impl<A> CursorPage for LegacyPage<A> {
    type Item = LegacyItem<A>;

    fn into_parts(self, asked: Option<u32>) -> Parts<LegacyItem<A>> {
        Parts {
            next: self.next_cursor(asked).map(str::to_string),
            total: self.meta.total_count,
            skipped: self.skipped,
            items: self.data,
        }
    }
}

impl<T> CursorPage for ExchangePage<T> {
    type Item = T;

    fn into_parts(self, _asked: Option<u32>) -> Parts<T> {
        Parts {
            next: self.next_cursor().map(str::to_string),
            total: None,
            skipped: self.skipped,
            items: self.data,
        }
    }
}

/// Why a list stopped before the service said it was complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// The service sent a cursor it had sent before.
    RepeatedCursor,
    /// Several pages in a row brought nothing new.
    NothingNew,
}

impl Stopped {
    /// The sentence under the list.
    pub fn sentence(self) -> &'static str {
        match self {
            Self::RepeatedCursor => {
                "The service sent a page it had sent before, so the list stops here."
            }
            Self::NothingNew => {
                "The service sent several pages with nothing new, so the list stops here."
            }
        }
    }
}

/// The records received so far for one filter.
#[derive(Debug, Clone, PartialEq)]
pub struct Received<T> {
    /// The records, in the order received, no key twice.
    pub items: Vec<T>,
    /// The cursor of the next page; `None` before the first page and after the last.
    pub next: Option<String>,
    /// Pages received.
    pub pages: usize,
    /// The latest total the service sent.
    pub total: Option<u64>,
    /// Records that could not be read, summed over the pages.
    pub skipped: usize,
    /// Why the list stopped early, if it did.
    pub stopped: Option<Stopped>,
    cursors: Vec<String>,
    empty_pages: u32,
}

impl<T> Default for Received<T> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            next: None,
            pages: 0,
            total: None,
            skipped: 0,
            stopped: None,
            cursors: Vec::new(),
            empty_pages: 0,
        }
    }
}

impl<T> Received<T> {
    /// Takes in the next page; records whose `key` is already listed are left out.
    pub fn absorb<K: PartialEq>(&mut self, page: Parts<T>, key: impl Fn(&T) -> K) {
        let before = self.items.len();
        for item in page.items {
            let k = key(&item);
            if !self.items.iter().any(|x| key(x) == k) {
                self.items.push(item);
            }
        }
        self.pages = self.pages.saturating_add(1);
        self.total = page.total.or(self.total);
        self.skipped = self.skipped.saturating_add(page.skipped);
        self.empty_pages = if self.items.len() > before {
            0
        } else {
            self.empty_pages.saturating_add(1)
        };
        self.next = None;
        match page.next {
            Some(c) if self.cursors.contains(&c) => self.stopped = Some(Stopped::RepeatedCursor),
            Some(_) if self.empty_pages >= MAX_EMPTY_PAGES => {
                self.stopped = Some(Stopped::NothingNew)
            }
            Some(c) => {
                self.cursors.push(c.clone());
                self.next = Some(c);
            }
            None => {}
        }
    }

    /// Whether the last page has arrived (or the list stopped).
    pub fn complete(&self) -> bool {
        self.pages > 0 && self.next.is_none()
    }
}

/// A list read page by page. Cheap to copy.
pub struct CursorList<T: Send + Sync + 'static> {
    received: RwSignal<Received<T>>,
    loading: RwSignal<bool>,
    error: RwSignal<Option<ApiError>>,
    generation: RwSignal<u64>,
    /// The records on screen are replaced (not cleared first) by the next first page.
    replacing: RwSignal<bool>,
    tasks: PageTasks,
}

impl<T: Send + Sync + 'static> Clone for CursorList<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Send + Sync + 'static> Copy for CursorList<T> {}

impl<T: Clone + Send + Sync + 'static> CursorList<T> {
    /// Nothing loaded yet.
    pub fn new() -> Self {
        Self {
            received: RwSignal::new(Received::default()),
            loading: RwSignal::new(false),
            error: RwSignal::new(None),
            generation: RwSignal::new(0),
            replacing: RwSignal::new(false),
            tasks: PageTasks::new(),
        }
    }

    /// Forgets everything (a new filter); an answer still in flight is dropped.
    pub fn reset(&self) {
        self.restart(false);
    }

    /// Reads the list again from its first page while the records stay on screen; they are
    /// replaced when the answer arrives, so rows that did not change (and a dialog open in
    /// one of them) stay in place. Then load the next page.
    pub fn refresh(&self) {
        self.restart(true);
    }

    fn restart(&self, keep_items: bool) {
        self.generation.update(|g| *g = g.wrapping_add(1));
        self.replacing.set(keep_items);
        let items = if keep_items {
            self.received.with_untracked(|r| r.items.clone())
        } else {
            Vec::new()
        };
        self.received.set(Received {
            items,
            ..Received::default()
        });
        self.loading.set(false);
        self.error.set(None);
    }

    /// Fetches the next page with `fetch(cursor)` unless one is in flight or the list is
    /// complete; records already listed (same `key`) are not added twice.
    pub fn load_next<Fut, K>(&self, fetch: impl FnOnce(Option<String>) -> Fut, key: fn(&T) -> K)
    where
        Fut: Future<Output = Result<Parts<T>, ApiError>> + 'static,
        K: PartialEq + 'static,
    {
        if self.loading.get_untracked() || self.received.with_untracked(Received::complete) {
            return;
        }
        let this = *self;
        let generation = self.generation.get_untracked();
        self.loading.set(true);
        self.error.set(None);
        let pending = fetch(self.received.with_untracked(|r| r.next.clone()));
        self.tasks.spawn(async move {
            let answer = pending.await;
            if this.generation.try_get_untracked() != Some(generation) {
                return;
            }
            match answer {
                Ok(page) => this.received.update(|r| {
                    if this.replacing.get_untracked() {
                        this.replacing.set(false);
                        r.items.clear();
                    }
                    r.absorb(page, key);
                }),
                Err(error) => this.error.set(Some(error)),
            }
            this.loading.set(false);
        });
    }

    /// The records received (reactive).
    pub fn items(&self) -> Vec<T> {
        self.received.with(|r| r.items.clone())
    }

    /// How many records are listed (reactive).
    pub fn len(&self) -> usize {
        self.received.with(|r| r.items.len())
    }

    /// Whether every page has arrived and nothing is loading (reactive).
    pub fn complete(&self) -> bool {
        !self.loading.get() && self.received.with(Received::complete)
    }

    /// Whether the list is known to be empty (reactive).
    pub fn empty(&self) -> bool {
        self.complete() && self.len() == 0
    }

    /// Whether a page is being fetched (reactive).
    pub fn loading(&self) -> bool {
        self.loading.get()
    }

    /// Why the last page request failed (reactive).
    pub fn error(&self) -> Option<ApiError> {
        self.error.get()
    }
}

impl<T: Clone + Send + Sync + 'static> Default for CursorList<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// A cursor list for `filter`, read with the connected key: the first page whenever the
/// filter changes; the callback loads the next page (and retries a failed one).
pub fn use_cursor_list<F, P, Fut, K>(
    filter: Memo<F>,
    asked: fn(&F) -> Option<u32>,
    fetch: impl Fn(Client, F, Option<String>) -> Fut + Copy + Send + Sync + 'static,
    key: fn(&P::Item) -> K,
) -> (CursorList<P::Item>, Callback<()>)
where
    F: Clone + PartialEq + Send + Sync + 'static,
    P: CursorPage + 'static,
    P::Item: Clone + Send + Sync + 'static,
    Fut: Future<Output = Result<P, ApiError>> + 'static,
    K: PartialEq + 'static,
{
    let session = use_session();
    let settings = use_settings();
    let list = CursorList::new();
    let load_more = Callback::new(move |()| {
        let Some(client) = session.client(settings) else {
            return;
        };
        let f = filter.get_untracked();
        let size = asked(&f);
        list.load_next(
            move |cursor| {
                let pending = fetch(client, f, cursor);
                async move { pending.await.map(|page| page.into_parts(size)) }
            },
            key,
        );
    });
    Effect::new(move |_| {
        filter.track();
        list.reset();
        load_more.run(());
    });
    (list, load_more)
}

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
    let received = list.received;
    let status = move || {
        let shown = list.len();
        let of = received
            .with(|r| r.total)
            .map(|t| format!(" of {t}"))
            .unwrap_or_default();
        let more = if list.complete() {
            "all loaded"
        } else {
            "more available"
        };
        format!("Showing {shown}{of} {what} · {more}.")
    };
    let skipped = move || {
        received.with(|r| skipped_sentence(r.skipped)).map(|s| {
            view! { <p class="notice" id=format!("{id}-skipped") role="status">{s}</p> }
        })
    };
    let stopped = move || {
        received.with(|r| r.stopped).map(|why| {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn page(ids: &[&'static str], next: Option<&str>) -> Parts<&'static str> {
        Parts {
            items: ids.to_vec(),
            next: next.map(str::to_string),
            total: Some(5),
            skipped: 0,
        }
    }

    #[test]
    fn follows_the_cursor_and_keeps_each_record_once() {
        let mut r = Received::default();
        assert!(!r.complete());
        r.absorb(page(&["a", "b"], Some("b")), |x| *x);
        assert_eq!(r.next.as_deref(), Some("b"));
        r.absorb(page(&["b", "c"], Some("c")), |x| *x);
        r.absorb(page(&["d"], None), |x| *x);
        assert_eq!(r.items, ["a", "b", "c", "d"]);
        assert!(r.complete());
        assert_eq!((r.pages, r.total, r.stopped), (3, Some(5), None));
    }

    #[test]
    fn a_repeated_cursor_or_pages_with_nothing_new_stop_the_list() {
        let mut r = Received::default();
        r.absorb(page(&["a", "b"], Some("b")), |x| *x);
        r.absorb(page(&["c"], Some("b")), |x| *x);
        assert!(r.complete());
        assert_eq!(r.stopped, Some(Stopped::RepeatedCursor));
        assert_eq!(r.items, ["a", "b", "c"]);

        let mut r = Received::default();
        r.absorb(page(&["a"], Some("1")), |x| *x);
        r.absorb(page(&["a"], Some("2")), |x| *x);
        r.absorb(page(&["a"], Some("3")), |x| *x);
        assert!(!r.complete());
        r.absorb(page(&["a"], Some("4")), |x| *x);
        assert_eq!(r.stopped, Some(Stopped::NothingNew));
        assert!(r.complete());
    }

    #[test]
    fn an_empty_first_page_is_complete_and_skipped_records_add_up() {
        let mut r: Received<&str> = Received::default();
        r.absorb(
            Parts {
                items: vec![],
                next: None,
                total: None,
                skipped: 2,
            },
            |x| *x,
        );
        assert!(r.complete() && r.items.is_empty());
        assert_eq!(r.skipped, 2);
    }
}
