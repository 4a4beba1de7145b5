//! The requests of a cursor list: the first page when the filter changes, the next one on
//! "Load more", an answer for an old filter dropped (a generation counter), and the
//! requests tied to the page that made them.

use std::future::Future;
use std::hash::Hash;

use folio_client::{ApiError, Client};
use leptos::prelude::*;

use super::{CursorPage, Parts, Received, Stopped};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::data::page_task::PageTasks;

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
        K: Eq + Hash + 'static,
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

    /// How many records the service says the list holds, when it says (reactive).
    pub fn total(&self) -> Option<u64> {
        self.received.with(|r| r.total)
    }

    /// Records that could not be read, summed over the pages (reactive).
    pub fn skipped(&self) -> usize {
        self.received.with(|r| r.skipped)
    }

    /// Why the list stopped before the service said it was complete (reactive).
    pub fn stopped(&self) -> Option<Stopped> {
        self.received.with(|r| r.stopped)
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
    K: Eq + Hash + 'static,
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
    crate::effect::effect(move || {
        filter.track();
        list.reset();
        load_more.run(());
    });
    (list, load_more)
}
