//! A scripted transport for unit tests: answers from a queue and records every request.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::{HttpRequest, HttpResponse, Transport, TransportError};

/// Answers each request with the next scripted result (a 500 once the script is used up).
#[derive(Clone, Default)]
pub(crate) struct FakeTransport {
    script: Arc<Mutex<VecDeque<Result<HttpResponse, TransportError>>>>,
    sent: Arc<Mutex<Vec<HttpRequest>>>,
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

    async fn sleep(&self, _duration: Duration) {}
}
