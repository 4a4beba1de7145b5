//! [`SessionToken`]: ties a client to the session (the key held in one tab) that made it.
//! When the session ends — "Forget key", the idle limit, a change of the API addresses — the
//! app ends its token, and every client made with it refuses to send from then on: a task
//! that outlived the key (a file being prepared, an archive being read, a list loading its
//! pages) finds its next request refused before anything leaves the browser, whatever the
//! task itself checks. The refusal is [`ApiError::SessionEnded`](crate::ApiError).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A session's token: alive until [`SessionToken::end`]. Cheap to clone; every clone sees
/// the end.
#[derive(Debug, Clone, Default)]
pub struct SessionToken(Arc<AtomicBool>);

impl SessionToken {
    /// A live token for a new session.
    pub fn new() -> Self {
        Self::default()
    }

    /// Ends the session: clients holding this token send nothing more.
    pub fn end(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether the session has ended.
    pub fn is_ended(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::fake::FakeTransport;
    use crate::{ApiError, ApiKey, BaseUrls, Client};

    #[tokio::test]
    async fn a_client_of_an_ended_session_sends_nothing_even_a_read_started_early() {
        let fake = FakeTransport::default();
        fake.answer(200, "one");
        let token = SessionToken::new();
        let c = Client::with_transport(BaseUrls::same_origin(""), ApiKey::new("k"), fake.clone())
            .with_session(token.clone());
        assert_eq!(c.get_text(c.current_url("/a")).await.as_deref(), Ok("one"));
        token.end();
        assert_eq!(
            c.get_text(c.current_url("/b")).await,
            Err(ApiError::SessionEnded)
        );
        c.read_current_early("/c").await;
        assert_eq!(fake.sent().len(), 1, "nothing left after the end");
    }

    #[test]
    fn every_clone_sees_the_end() {
        let token = SessionToken::new();
        let held_by_a_task = token.clone();
        assert!(!held_by_a_task.is_ended());
        token.end();
        assert!(held_by_a_task.is_ended());
        assert!(
            !SessionToken::new().is_ended(),
            "a new session starts alive"
        );
    }
}
