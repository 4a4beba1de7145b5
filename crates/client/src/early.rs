//! Reads started early: the app starts a page's first reads while the page's own code is
//! still being fetched (the release build loads each section's module on demand), and the
//! page, asking for the same URL with the same key a moment later, takes that answer instead
//! of asking again. An answer is held in memory only, taken at most once, and forgotten
//! [`EARLY_READ_TTL`] after its read started, taken or not: it is a read in flight handed
//! over, not a cache.

use std::cell::RefCell;
use std::future::{poll_fn, Future};
use std::rc::Rc;
use std::task::{Poll, Waker};
use std::time::Duration;

use chrono::{DateTime, Utc};

use crate::client::ApiKey;
use crate::transport::Transport;
use crate::{ApiError, Client};

/// How long a read started early waits to be taken.
pub const EARLY_READ_TTL: Duration = Duration::from_secs(10);

/// Where an early read's answer lands, and who waits for it (one taker at most).
#[derive(Default)]
struct Slot {
    answer: Option<Result<String, ApiError>>,
    taker: Option<Waker>,
}

/// A read started early and not taken yet.
struct Started {
    key: ApiKey,
    url: String,
    at: DateTime<Utc>,
    slot: Rc<RefCell<Slot>>,
}

thread_local! {
    static STARTED: RefCell<Vec<Started>> = const { RefCell::new(Vec::new()) };
}

fn fresh(started: &Started, now: DateTime<Utc>) -> bool {
    let ttl = chrono::Duration::from_std(EARLY_READ_TTL).unwrap_or_default();
    now.signed_duration_since(started.at) < ttl
}

impl<T: Transport> Client<T> {
    /// Starts `GET {current API}/v1{path_and_query}` now, for a page about to open. Returns the
    /// future that carries the read: the caller spawns it. The page's own read of that URL
    /// with this key, within [`EARLY_READ_TTL`], takes the answer (an error included: the
    /// page shows it as it would its own; reads are retried inside, as always).
    pub fn read_current_early(&self, path_and_query: &str) -> impl Future<Output = ()> + 'static {
        let url = self.current_url(path_and_query);
        // A read the tab already holds the answer of (`crate::kept`) is not made at all. The
        // transport is asked directly: only the public catalogue is ever kept.
        let kept = self.transport.kept(&url).is_some();
        let slot = Rc::new(RefCell::new(Slot::default()));
        let now = Utc::now();
        STARTED.with(|started| {
            if kept {
                return; // nothing to hand over: the page reads the kept answer
            }
            let mut started = started.borrow_mut();
            let key = self.key_for(&url).clone();
            started.retain(|s| fresh(s, now) && !(s.url == url && s.key == key));
            started.push(Started {
                key,
                url: url.clone(),
                at: now,
                slot: Rc::clone(&slot),
            });
        });
        let client = self.clone();
        async move {
            if kept {
                return;
            }
            let answer = client.get_text_now(url).await;
            let mut slot = slot.borrow_mut();
            slot.answer = Some(answer);
            if let Some(taker) = slot.taker.take() {
                taker.wake();
            }
        }
    }

    /// The answer of a read of `url` with this client's key started early, if one is waiting.
    pub(crate) fn take_early(
        &self,
        url: &str,
    ) -> Option<impl Future<Output = Result<String, ApiError>>> {
        let now = Utc::now();
        let slot = STARTED.with(|started| {
            let mut started = started.borrow_mut();
            started.retain(|s| fresh(s, now));
            let at = started
                .iter()
                .position(|s| s.url == url && &s.key == self.key_for(url))?;
            Some(started.swap_remove(at).slot)
        })?;
        Some(poll_fn(move |cx| {
            let mut slot = slot.borrow_mut();
            match slot.answer.take() {
                Some(answer) => Poll::Ready(answer),
                None => {
                    slot.taker = Some(cx.waker().clone());
                    Poll::Pending
                }
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use crate::transport::fake::FakeTransport;
    use crate::{ApiKey, BaseUrls, Client};

    fn client(fake: &FakeTransport, key: &str) -> Client<FakeTransport> {
        Client::with_transport(BaseUrls::same_origin(""), ApiKey::new(key), fake.clone())
    }

    #[tokio::test]
    async fn the_page_takes_the_answer_of_its_early_read_once() {
        let fake = FakeTransport::default();
        fake.answer(200, "early").answer(200, "second");
        let c = client(&fake, "k");
        c.read_current_early("/x").await;
        let url = c.current_url("/x");
        assert_eq!(c.get_text(url.clone()).await.as_deref(), Ok("early"));
        assert_eq!(fake.sent().len(), 1, "the page did not ask again");
        assert_eq!(c.get_text(url).await.as_deref(), Ok("second"), "taken once");
        assert_eq!(fake.sent().len(), 2);
    }

    #[tokio::test]
    async fn another_key_or_address_asks_for_itself() {
        let fake = FakeTransport::default();
        fake.answer(200, "for k")
            .answer(200, "for other")
            .answer(200, "y");
        let c = client(&fake, "k");
        c.read_current_early("/x").await;
        let other = client(&fake, "other");
        let x = other.current_url("/x");
        assert_eq!(other.get_text(x).await.as_deref(), Ok("for other"));
        assert_eq!(c.get_text(c.current_url("/y")).await.as_deref(), Ok("y"));
        assert_eq!(fake.sent().len(), 3);
    }

    #[tokio::test]
    async fn an_early_failure_reaches_the_page_as_its_own() {
        let fake = FakeTransport::default();
        fake.answer(401, "");
        let c = client(&fake, "k");
        c.read_current_early("/x").await;
        let error = c.get_text(c.current_url("/x")).await.unwrap_err();
        assert_eq!(error.status(), Some(401));
        assert_eq!(fake.sent().len(), 1);
    }
}
