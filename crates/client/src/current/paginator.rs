//! [`Paginator`]: follows the `/operations` cursors to the end (or to a limit) the way the
//! live service needs it — stop only on `has_next_page == false`, drop the record a page
//! repeats from the previous one (de-duplication by id) — reporting progress as it goes and
//! stopping at once when cancelled.
//!
//! A misbehaving service cannot make it loop: it stops, saying why ([`Stopped`]), when a page
//! names a cursor already followed, and after [`MAX_PAGES_WITHOUT_NEW`] consecutive pages
//! that bring no operation not already received (an unknown cursor silently restarts at
//! page 1 on the live service).
//!
//! Cancelling (through a [`CancelHandle`]) or dropping the paginator's future drops the
//! request in flight; the browser transport aborts its `fetch` when that happens.

use std::collections::HashSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

use super::Current;
use super::{Operation, OperationsQuery};
use crate::transport::Transport;
use crate::{ApiError, Client, OperationId};

/// After this many consecutive pages without a new operation, a [`Paginator`] stops.
pub const MAX_PAGES_WITHOUT_NEW: usize = 3;

/// Why a [`Paginator`] stopped before the service said the last page was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// A page named a cursor that had already been followed.
    RepeatedCursor,
    /// [`MAX_PAGES_WITHOUT_NEW`] pages in a row brought no operation not already received.
    NoNewItems,
}

/// How far a paginator has got.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    /// Pages received.
    pub pages: usize,
    /// Distinct operations received.
    pub items: usize,
    /// Whether nothing more will be loaded: the last page arrived, or the walk stopped.
    pub done: bool,
    /// Set when the walk stopped because the service misbehaved; the list may be
    /// incomplete.
    pub stopped: Option<Stopped>,
    /// Records of the received pages that could not be read and were skipped.
    pub skipped: usize,
}

#[derive(Debug, Default)]
struct CancelState {
    cancelled: bool,
    waker: Option<Waker>,
}

/// Stops a running [`Paginator`] from anywhere (a Stop button); cheap to clone.
#[derive(Debug, Clone, Default)]
pub struct CancelHandle(Arc<Mutex<CancelState>>);

impl CancelHandle {
    /// Cancels: the request in flight is dropped and no further page is asked for.
    pub fn cancel(&self) {
        let mut state = self.0.lock().unwrap_or_else(|e| e.into_inner());
        state.cancelled = true;
        if let Some(waker) = state.waker.take() {
            waker.wake();
        }
    }

    /// Whether [`CancelHandle::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).cancelled
    }
}

/// The outcome of one step of a [`Paginator`].
#[derive(Debug)]
pub enum Step {
    /// A page arrived; these are its operations not seen before.
    Page(Vec<Operation>),
    /// There is nothing more to load.
    Finished,
    /// Loading stopped because the service misbehaved (see [`Progress::stopped`]).
    Stopped(Stopped),
    /// The paginator was cancelled.
    Cancelled,
}

/// Races a future against a cancel handle; the inner future is dropped on cancel.
struct UntilCancelled<'a, F> {
    inner: Pin<Box<F>>,
    cancel: &'a CancelHandle,
}

impl<F: Future> Future for UntilCancelled<'_, F> {
    type Output = Option<F::Output>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        {
            let mut state = self.cancel.0.lock().unwrap_or_else(|e| e.into_inner());
            if state.cancelled {
                return Poll::Ready(None);
            }
            state.waker = Some(cx.waker().clone());
        }
        self.inner.as_mut().poll(cx).map(Some)
    }
}

/// Walks `GET /v1/operations` page by page for one query.
pub struct Paginator<T: Transport> {
    client: Client<T>,
    query: OperationsQuery,
    cursor: Option<String>,
    seen: HashSet<OperationId>,
    followed: HashSet<String>,
    pages_without_new: usize,
    progress: Progress,
    cancel: CancelHandle,
}

impl<T: Transport> Paginator<T> {
    /// A paginator starting at the first page of `query` (its `cursor` is ignored; its
    /// `page_size` is kept, 100 when unset).
    pub fn new(client: Client<T>, mut query: OperationsQuery) -> Self {
        query.cursor = None;
        query.page_size = Some(query.page_size.unwrap_or(100));
        Self {
            client,
            query,
            cursor: None,
            seen: HashSet::new(),
            followed: HashSet::new(),
            pages_without_new: 0,
            progress: Progress::default(),
            cancel: CancelHandle::default(),
        }
    }

    /// A handle that stops this paginator.
    pub fn cancel_handle(&self) -> CancelHandle {
        self.cancel.clone()
    }

    /// Clears an earlier cancellation so loading can go on where it stopped (the page that
    /// was in flight is asked for again); returns the handle that stops it next time.
    pub fn resume(&mut self) -> CancelHandle {
        self.cancel = CancelHandle::default();
        self.cancel.clone()
    }

    /// Pages and distinct items so far.
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// Fetches the next page. On an error nothing changes, so calling again retries the
    /// same page (already received operations are kept by the caller).
    pub async fn next_page(&mut self) -> Result<Step, ApiError> {
        if let Some(reason) = self.progress.stopped {
            return Ok(Step::Stopped(reason));
        }
        if self.progress.done {
            return Ok(Step::Finished);
        }
        if self.cancel.is_cancelled() {
            return Ok(Step::Cancelled);
        }
        let mut query = self.query.clone();
        query.cursor = self.cursor.clone();
        let client = self.client.clone();
        let fetch = UntilCancelled {
            inner: Box::pin(async move { client.current().operations(&query).await }),
            cancel: &self.cancel,
        };
        let page = match fetch.await {
            None => return Ok(Step::Cancelled),
            Some(result) => result?,
        };
        self.progress.pages = self.progress.pages.saturating_add(1);
        self.progress.skipped = self.progress.skipped.saturating_add(page.skipped);
        if let Some(cursor) = &self.cursor {
            self.followed.insert(cursor.clone());
        }
        self.cursor = page.next().map(str::to_string);
        let fresh: Vec<Operation> = page
            .data
            .into_iter()
            .filter(|op| self.seen.insert(op.operation_id.clone()))
            .collect();
        self.progress.items = self.progress.items.saturating_add(fresh.len());
        self.pages_without_new = if fresh.is_empty() {
            self.pages_without_new.saturating_add(1)
        } else {
            0
        };
        let repeated = self
            .cursor
            .as_ref()
            .is_some_and(|c| self.followed.contains(c));
        if repeated {
            self.progress.stopped = Some(Stopped::RepeatedCursor);
        } else if self.cursor.is_some() && self.pages_without_new >= MAX_PAGES_WITHOUT_NEW {
            self.progress.stopped = Some(Stopped::NoNewItems);
        }
        self.progress.done = self.cursor.is_none() || self.progress.stopped.is_some();
        Ok(Step::Page(fresh))
    }

    /// Follows the cursors until the end, until at least `limit` items were received, or
    /// until cancelled, calling `on_page` with each page's new operations and the progress.
    /// Each page is handed to `on_page` while the next one is on its way (the next request
    /// is sent first), so work done on a page hides behind the network. Returns the final
    /// progress (see [`Progress::stopped`]); an error ends the walk (what arrived before it
    /// was already handed to `on_page`).
    pub async fn run(
        &mut self,
        limit: Option<usize>,
        mut on_page: impl FnMut(Vec<Operation>, Progress),
    ) -> Result<Progress, ApiError> {
        let mut received: Option<(Vec<Operation>, Progress)> = None;
        while limit.is_none_or(|l| self.progress.items < l) {
            let step = match received.take() {
                // `join` polls the request first: its first poll sends it.
                Some((ops, progress)) => {
                    let hand_over = async { on_page(ops, progress) };
                    futures::future::join(self.next_page(), hand_over).await.0
                }
                None => self.next_page().await,
            };
            match step? {
                Step::Page(ops) => received = Some((ops, self.progress)),
                Step::Finished | Step::Cancelled | Step::Stopped(_) => break,
            }
        }
        if let Some((ops, progress)) = received {
            on_page(ops, progress);
        }
        Ok(self.progress)
    }
}

impl<T: Transport> Current<'_, T> {
    /// A [`Paginator`] over `GET /v1/operations` for this query.
    pub fn operations_paginator(&self, query: OperationsQuery) -> Paginator<T> {
        Paginator::new(self.client.clone(), query)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "paginator_tests.rs"]
mod tests;
