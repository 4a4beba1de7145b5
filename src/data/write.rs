//! The app owns every write (accept a quote, stake/unstake, set limits, place or cancel an
//! order): its request, its one-click guard and its outcome live under the root of the app,
//! not under the page that started it.
//!
//! Lifecycle of a write:
//! 1. The page calls [`Write::send`] from a click handler. It claims the guard synchronously
//!    (a second click, a held Enter key or a click during a slow answer sends nothing) and
//!    records the write in the [`Writes`] store as *in flight*.
//! 2. The request is sent once, never retried; the client's write timeout turns a missing
//!    answer into [`Sent::Unknown`].
//! 3. The answer is stored in a root-owned signal: the page that started the write shows it
//!    while it is on screen (it reads [`Write::outcome`]); once the person has gone to another
//!    address (or the page was rebuilt), the `WriteOutcomes` banner in the layout shows it
//!    instead, with a link to where the record can be checked. "On screen" is judged by the
//!    address and by the page's cleanup, not by the page's owner alone: Leptos may keep a left
//!    page's owner alive while its own async work finishes. Nothing of a left page is touched
//!    by a late answer.
//! 4. While any write is in flight, the idle timer does not forget the key and closing or
//!    reloading the tab asks for confirmation (`beforeunload`).

use std::future::Future;

use folio_client::ApiError;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::components::OneClick;

pub use crate::i18n::Words;
use crate::i18n::{t, tf};

/// What came of one write.
#[derive(Debug, Clone, PartialEq)]
pub enum Sent<T> {
    /// The service answered yes; the answer's body.
    Done(T),
    /// The service answered no: nothing happened.
    Refused(ApiError),
    /// No usable answer came back (no answer, a timeout, a 5xx, an unreadable 2xx): the write
    /// may or may not have happened. It is never sent again automatically.
    Unknown,
}

impl<T> Sent<T> {
    /// Classifies the client's answer to a write.
    pub fn from_result(result: Result<T, ApiError>) -> Self {
        match result {
            Ok(value) => Self::Done(value),
            Err(error) if error.write_outcome_unknown() => Self::Unknown,
            Err(error) => Self::Refused(error),
        }
    }
}

/// The one sentence for a write whose answer never came: `what` is a whole sentence,
/// `where_to_check` what to check ("your orders"; in German the accusative: "Ihre Orders").
pub fn no_answer_sentence(what: &str, where_to_check: &str) -> String {
    tf("No answer came back, so Folio cannot tell whether this happened: {what} It will not be sent again; check {where} before you try again.",
        &[("what", what), ("where", where_to_check)],
    )
}

/// How a finished write reads in the banner.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum OutcomeKind {
    /// Done.
    Done,
    /// Refused.
    Refused,
    /// Outcome unknown.
    Unknown,
}

/// One write in the store.
#[derive(Debug, Clone, PartialEq)]
pub struct WriteEntry {
    /// Identifies the write.
    pub id: u64,
    /// The [`Write`] handle (page) that started it.
    pub handle: u64,
    /// What is being done, e.g. "Placing a buy order for 0.5 BTC".
    pub what: Words,
    /// Where the record can be checked (an app path) and the link's words.
    pub check: (String, Words),
    /// `None` while in flight; then the outcome and its sentence.
    pub outcome: Option<(OutcomeKind, Words)>,
    /// The address (path) of the page that started it.
    pub origin_path: String,
    /// Whether the page that started it has not been cleaned up yet.
    pub page_on_screen: bool,
    /// Whether the outcome arrived while its page was on screen (the page showed it).
    pub shown_on_page: bool,
    /// Closed by the person.
    pub dismissed: bool,
}

impl WriteEntry {
    /// Whether the banner shows this entry while the person is at `current_path`.
    pub fn shown_in_banner(&self, current_path: &str) -> bool {
        let page_gone = !self.page_on_screen || current_path != self.origin_path;
        page_gone && !self.dismissed && !self.shown_on_page
    }
}

/// The root-owned store of writes (context).
#[derive(Clone, Copy)]
pub struct Writes {
    entries: RwSignal<Vec<WriteEntry>>,
    next_id: StoredValue<u64>,
    owner: StoredValue<Owner>,
}

impl Writes {
    /// Creates the store under the current (root) owner and provides it as context; installs
    /// the `beforeunload` guard.
    pub fn provide() -> Self {
        let writes = Self {
            entries: RwSignal::new(Vec::new()),
            next_id: StoredValue::new(1),
            owner: StoredValue::new(Owner::current().unwrap_or_default()),
        };
        provide_context(writes);
        // The handle lives as long as the app.
        let _ = window_event_listener(leptos::ev::beforeunload, move |ev| {
            if writes.in_flight_untracked() {
                ev.prevent_default();
                let lost = t("A request is still on its way; its outcome would be lost.");
                ev.set_return_value(lost);
            }
        });
        writes
    }

    /// Whether any write is waiting for its answer, without tracking.
    pub fn in_flight_untracked(&self) -> bool {
        self.entries
            .try_with_untracked(|e| e.iter().any(|w| w.outcome.is_none()))
            .unwrap_or(false)
    }

    /// The writes the banner shows at `current_path` (reactive).
    pub fn banner_entries(&self, current_path: &str) -> Vec<WriteEntry> {
        self.entries.with(|e| {
            e.iter()
                .filter(|w| w.shown_in_banner(current_path))
                .cloned()
                .collect()
        })
    }

    /// Closes a banner entry.
    pub fn dismiss(&self, id: u64) {
        self.update(id, |w| w.dismissed = true);
        // Finished and closed entries are no longer needed.
        self.entries
            .update(|e| e.retain(|w| !(w.dismissed && w.outcome.is_some())));
    }

    fn next_id(&self) -> u64 {
        let id = self.next_id.get_value();
        self.next_id.set_value(id + 1);
        id
    }

    fn start(&self, handle: u64, what: Words, check: (String, Words)) -> u64 {
        let id = self.next_id();
        self.entries.update(|e| {
            e.push(WriteEntry {
                id,
                handle,
                what,
                check,
                outcome: None,
                origin_path: current_path(),
                page_on_screen: true,
                shown_on_page: false,
                dismissed: false,
            })
        });
        id
    }

    /// Records the outcome; the page shows it itself if it is still on screen.
    fn finish(&self, id: u64, outcome: (OutcomeKind, Words)) {
        let here = current_path();
        self.update(id, |w| {
            w.shown_on_page = w.page_on_screen && w.origin_path == here;
            w.outcome = Some(outcome);
        });
    }

    fn update(&self, id: u64, change: impl FnOnce(&mut WriteEntry)) {
        let _ = self.entries.try_update(|e| {
            if let Some(w) = e.iter_mut().find(|w| w.id == id) {
                change(w);
            }
        });
    }

    /// The page of `handle` is gone: outcomes it showed are dropped, the others (in flight,
    /// or arrived while the person was elsewhere) stay for the banner.
    fn page_left(&self, handle: u64) {
        let _ = self.entries.try_update(|e| {
            e.retain(|w| !(w.handle == handle && w.shown_on_page));
            for w in e.iter_mut().filter(|w| w.handle == handle) {
                w.page_on_screen = false;
            }
        });
    }
}

/// The path of the page on screen.
fn current_path() -> String {
    web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .unwrap_or_default()
}

/// The store provided by [`Writes::provide`].
pub fn use_writes() -> Writes {
    expect_context::<Writes>()
}

/// What a write is, for the banner and the sentences.
#[derive(Debug, Clone)]
pub struct WriteLabel {
    /// What is being done ("Placing a buy order: …").
    pub what: Words,
    /// The app path where the record can be checked.
    pub check_href: String,
    /// The link's words ("See your orders").
    pub check_words: Words,
}

/// A page's handle on its writes of one kind (cheap to copy). Its signals belong to the app's
/// root, so an answer arriving after the page is gone is still kept and shown.
pub struct Write<T: Send + Sync + 'static> {
    store: Writes,
    guard: OneClick,
    outcome: RwSignal<Option<Sent<T>>>,
    handle: u64,
}

impl<T: Send + Sync + 'static> std::fmt::Debug for Write<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Write")
    }
}

impl<T: Send + Sync + 'static> Clone for Write<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Send + Sync + 'static> Copy for Write<T> {}

/// A handle for the writes of the calling page. When the page goes away, its writes still
/// finish and their outcomes move to the banner.
pub fn use_write<T: Clone + Send + Sync + 'static>() -> Write<T> {
    let store = use_writes();
    let (guard, outcome) = store
        .owner
        .with_value(|root| root.with(|| (OneClick::new(), RwSignal::new(None))));
    let handle = store.next_id();
    on_cleanup(move || store.page_left(handle));
    Write {
        store,
        guard,
        outcome,
        handle,
    }
}

impl<T: Clone + Send + Sync + 'static> Write<T> {
    /// The one-click guard (for [`crate::components::MoneyButton`] and dialogs).
    pub fn guard(&self) -> OneClick {
        self.guard
    }

    /// The last outcome (reactive); `None` before the first answer.
    pub fn outcome(&self) -> Option<Sent<T>> {
        self.outcome.try_get().flatten()
    }

    /// Sends `request` once, if no write of this handle is in flight; returns whether it was
    /// sent. `sentence` words the outcome for the banner each time it is drawn (and may be
    /// reused by the page).
    pub fn send<F>(
        &self,
        label: WriteLabel,
        sentence: impl Fn(&Sent<T>) -> String + Send + Sync + 'static,
        request: F,
    ) -> bool
    where
        F: Future<Output = Result<T, ApiError>> + 'static,
    {
        if !self.guard.try_start() {
            return false;
        }
        let store = self.store;
        let id = store.start(
            self.handle,
            label.what,
            (label.check_href, label.check_words),
        );
        self.outcome.set(None);
        let (guard, outcome) = (self.guard, self.outcome);
        spawn_local(async move {
            let sent = Sent::from_result(request.await);
            let kind = match &sent {
                Sent::Done(_) => OutcomeKind::Done,
                Sent::Refused(_) => OutcomeKind::Refused,
                Sent::Unknown => OutcomeKind::Unknown,
            };
            let answer = sent.clone();
            store.finish(id, (kind, Words::new(move || sentence(&answer))));
            outcome.set(Some(sent));
            guard.finish();
        });
        true
    }
}

#[cfg(test)]
#[path = "write_tests.rs"]
mod tests;
