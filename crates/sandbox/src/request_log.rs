//! The request log: every request the server answered, for tests.

use std::sync::Mutex;

/// One answered request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedRequest {
    /// HTTP method (`GET`).
    pub method: String,
    /// Path without the query.
    pub path: String,
    /// Raw query string, if any.
    pub query: Option<String>,
    /// The key sent: the `x-api-key` header, else an `Authorization: Bearer` key.
    pub api_key: Option<String>,
    /// Whether the key came as `Authorization: Bearer` (and no `x-api-key` was sent).
    pub bearer: bool,
    /// Status answered.
    pub status: u16,
}

/// A thread-safe list of recorded requests.
#[derive(Debug, Default)]
pub struct RequestLog(Mutex<Vec<RecordedRequest>>);

impl RequestLog {
    /// Appends one request.
    pub fn push(&self, r: RecordedRequest) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(r);
    }

    /// A copy of all recorded requests, oldest first.
    pub fn all(&self) -> Vec<RecordedRequest> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Forgets all recorded requests.
    pub fn clear(&self) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }
}
