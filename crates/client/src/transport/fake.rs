//! A scripted transport for unit tests: answers from a queue and records every request and
//! every wait (a wait is recorded, not slept).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::{HttpRequest, HttpResponse, Transport, TransportError};

/// Answers each request with the next scripted result (a 500 once the script is used up).
#[derive(Clone, Default)]
pub(crate) struct FakeTransport {
    script: Arc<Mutex<VecDeque<Result<HttpResponse, TransportError>>>>,
    sent: Arc<Mutex<Vec<HttpRequest>>>,
    kept: Arc<Mutex<Vec<(String, String)>>>,
    slept: Arc<Mutex<Vec<Duration>>>,
}

impl FakeTransport {
    /// Queues an answer with `status` and `body`.
    pub(crate) fn answer(&self, status: u16, body: &str) -> &Self {
        self.push(Ok(HttpResponse {
            status,
            retry_after: None,
            body: body.to_string(),
        }))
    }

    /// Queues an answer with `status`, the `Retry-After` value `retry_after` and `body`.
    pub(crate) fn answer_retry_after(&self, status: u16, retry_after: &str, body: &str) -> &Self {
        self.push(Ok(HttpResponse {
            status,
            retry_after: Some(retry_after.to_string()),
            body: body.to_string(),
        }))
    }

    /// The waits asked for so far (retries), in order.
    pub(crate) fn slept(&self) -> Vec<Duration> {
        self.slept.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Queues a transport failure.
    pub(crate) fn fail(&self, error: TransportError) -> &Self {
        self.push(Err(error))
    }

    fn push(&self, result: Result<HttpResponse, TransportError>) -> &Self {
        self.script
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push_back(result);
        self
    }

    /// The URLs whose answers are kept.
    pub(crate) fn kept_urls(&self) -> Vec<String> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.iter().map(|(url, _)| url.clone()).collect()
    }

    /// The requests sent so far.
    pub(crate) fn sent(&self) -> Vec<HttpRequest> {
        self.sent.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

impl Transport for FakeTransport {
    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        self.sent
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(request);
        let next = self
            .script
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop_front();
        next.unwrap_or_else(|| {
            Ok(HttpResponse {
                status: 500,
                retry_after: None,
                body: String::new(),
            })
        })
    }

    async fn sleep(&self, duration: Duration) {
        self.slept
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(duration);
    }

    fn kept(&self, url: &str) -> Option<String> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.iter().find(|(u, _)| u == url).map(|(_, t)| t.clone())
    }

    fn keep(&self, url: &str, text: &str) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.retain(|(u, _)| u != url);
        kept.push((url.to_string(), text.to_string()));
    }
}
