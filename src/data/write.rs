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
//!    while it is on screen (it reads [`Write::outcome`]); once that page is gone (the person
//!    navigated away), the [`WriteOutcomes`] banner in the layout shows it instead, with a link
//!    to where the record can be checked. Nothing of a left page is touched by a late answer.
//! 4. While any write is in flight, the idle timer does not forget the key and closing or
//!    reloading the tab asks for confirmation (`beforeunload`).

use std::future::Future;

use folio_client::ApiError;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::components::OneClick;

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

/// The one sentence for a write whose answer never came.
pub fn no_answer_sentence(what: &str, where_to_check: &str) -> String {
    format!(
        "No answer came back, so Folio cannot tell whether this happened: {what} It will not be sent again; check {where_to_check} before you try again."
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
    /// What is being done, e.g. "Placing a buy order for 0.5 BTC".
    pub what: String,
    /// Where the record can be checked (an app path) and the link's words.
    pub check: (String, String),
    /// `None` while in flight; then the outcome and its sentence.
    pub outcome: Option<(OutcomeKind, String)>,
    /// Whether the page that started it is still on screen (it shows the outcome itself).
    pub page_on_screen: bool,
    /// Closed by the person.
    pub dismissed: bool,
}

impl WriteEntry {
    /// Whether the banner shows this entry.
    pub fn shown_in_banner(&self) -> bool {
        !self.page_on_screen && !self.dismissed
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
                ev.set_return_value("A request is still on its way; its outcome would be lost.");
            }
        });
        writes
    }

    /// Whether any write is waiting for its answer (reactive).
    pub fn in_flight(&self) -> bool {
        self.entries.with(|e| e.iter().any(|w| w.outcome.is_none()))
    }

    /// Like [`Self::in_flight`], without tracking.
    pub fn in_flight_untracked(&self) -> bool {
        self.entries
            .try_with_untracked(|e| e.iter().any(|w| w.outcome.is_none()))
            .unwrap_or(false)
    }

    /// The writes the banner shows (reactive).
    pub fn banner_entries(&self) -> Vec<WriteEntry> {
        self.entries.with(|e| {
            e.iter()
                .filter(|w| w.shown_in_banner())
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

    fn start(&self, what: String, check: (String, String)) -> u64 {
        let id = self.next_id.get_value();
        self.next_id.set_value(id + 1);
        self.entries.update(|e| {
            e.push(WriteEntry {
                id,
                what,
                check,
                outcome: None,
                page_on_screen: true,
                dismissed: false,
            })
        });
        id
    }

    fn update(&self, id: u64, change: impl FnOnce(&mut WriteEntry)) {
        let _ = self.entries.try_update(|e| {
            if let Some(w) = e.iter_mut().find(|w| w.id == id) {
                change(w);
            }
        });
    }

    /// The page that started `ids` is gone: outcomes it already showed are dropped, writes
    /// still in flight move to the banner.
    fn page_left(&self, ids: &[u64]) {
        let _ = self.entries.try_update(|e| {
            e.retain(|w| !(ids.contains(&w.id) && w.outcome.is_some()));
            for w in e.iter_mut().filter(|w| ids.contains(&w.id)) {
                w.page_on_screen = false;
            }
        });
    }
}

/// The store provided by [`Writes::provide`].
pub fn use_writes() -> Writes {
    expect_context::<Writes>()
}

/// What a write is, for the banner and the sentences.
#[derive(Debug, Clone)]
pub struct WriteLabel {
    /// What is being done ("Placing a buy order: …").
    pub what: String,
    /// The app path where the record can be checked.
    pub check_href: String,
    /// The link's words ("See your orders").
    pub check_words: String,
}

/// A page's handle on its writes of one kind (cheap to copy). Its signals belong to the app's
/// root, so an answer arriving after the page is gone is still kept and shown.
pub struct Write<T: Send + Sync + 'static> {
    store: Writes,
    guard: OneClick,
    outcome: RwSignal<Option<Sent<T>>>,
    started: StoredValue<Vec<u64>, LocalStorage>,
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
    let started = StoredValue::new_local(Vec::new());
    on_cleanup(move || {
        if let Some(ids) = started.try_get_value() {
            store.page_left(&ids);
        }
    });
    Write {
        store,
        guard,
        outcome,
        started,
    }
}

impl<T: Clone + Send + Sync + 'static> Write<T> {
    /// The one-click guard (for [`crate::components::MoneyButton`] and dialogs).
    pub fn guard(&self) -> OneClick {
        self.guard
    }

    /// Whether this page's write is waiting for its answer (reactive).
    pub fn pending(&self) -> bool {
        self.guard.pending()
    }

    /// The last outcome (reactive); `None` before the first answer.
    pub fn outcome(&self) -> Option<Sent<T>> {
        self.outcome.try_get().flatten()
    }

    /// Forgets the last outcome (e.g. when a new form is started).
    pub fn clear(&self) {
        self.outcome.set(None);
    }

    /// Sends `request` once, if no write of this handle is in flight; returns whether it was
    /// sent. `sentence` words the outcome for the banner (and may be reused by the page).
    pub fn send<F>(
        &self,
        label: WriteLabel,
        sentence: impl Fn(&Sent<T>) -> String + 'static,
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
            label.what.clone(),
            (label.check_href.clone(), label.check_words.clone()),
        );
        self.started.update_value(|ids| ids.push(id));
        self.outcome.set(None);
        let (guard, outcome) = (self.guard, self.outcome);
        spawn_local(async move {
            let sent = Sent::from_result(request.await);
            let kind = match &sent {
                Sent::Done(_) => OutcomeKind::Done,
                Sent::Refused(_) => OutcomeKind::Refused,
                Sent::Unknown => OutcomeKind::Unknown,
            };
            let text = sentence(&sent);
            store.update(id, |w| w.outcome = Some((kind, text)));
            outcome.set(Some(sent));
            guard.finish();
        });
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use folio_client::ServiceError;

    #[test]
    fn answers_are_classified() {
        assert_eq!(Sent::from_result(Ok::<u8, ApiError>(1)), Sent::Done(1));
        let refused = ApiError::Unprocessable(ServiceError {
            status: 422,
            ..ServiceError::default()
        });
        assert_eq!(
            Sent::<u8>::from_result(Err(refused.clone())),
            Sent::Refused(refused)
        );
        let lost = ApiError::Network {
            detail: "connection reset".into(),
        };
        assert_eq!(Sent::<u8>::from_result(Err(lost)), Sent::Unknown);
        let gateway = ApiError::Server(ServiceError {
            status: 502,
            ..ServiceError::default()
        });
        assert_eq!(Sent::<u8>::from_result(Err(gateway)), Sent::Unknown);
    }

    #[test]
    fn banner_shows_only_writes_of_pages_that_are_gone() {
        let mut entry = WriteEntry {
            id: 1,
            what: "x".into(),
            check: ("/market/orders".into(), "See your orders".into()),
            outcome: None,
            page_on_screen: true,
            dismissed: false,
        };
        assert!(!entry.shown_in_banner());
        entry.page_on_screen = false;
        assert!(entry.shown_in_banner());
        entry.dismissed = true;
        assert!(!entry.shown_in_banner());
    }
}
