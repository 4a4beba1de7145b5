//! Injected faults: the next matching requests answer an error status instead.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use std::sync::Mutex;

/// A one-shot (or few-shot) fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// Requests whose path contains this text are affected (empty = every request).
    pub path_contains: String,
    /// Status to answer (500, 503, 429, …).
    pub status: u16,
    /// How many matching requests are affected.
    pub times: u32,
    /// `Retry-After` seconds to send, if any.
    pub retry_after_secs: Option<u32>,
    /// Answer a gateway-style HTML page instead of a JSON error body.
    pub html_body: bool,
}

impl Default for Fault {
    fn default() -> Self {
        Self {
            path_contains: String::new(),
            status: 500,
            times: 1,
            retry_after_secs: None,
            html_body: false,
        }
    }
}

impl Fault {
    /// A JSON-bodied fault answering `status` once for paths containing `path_contains`.
    pub fn new(path_contains: impl Into<String>, status: u16) -> Self {
        Self {
            path_contains: path_contains.into(),
            status,
            ..Self::default()
        }
    }

    /// The response this fault answers with.
    pub fn response(&self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let reason = status.canonical_reason().unwrap_or("Error");
        let mut response = if self.html_body {
            let page = format!(
                "<html>\r\n<head><title>{code} {reason}</title></head>\r\n<body>\r\n<center><h1>{code} {reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
                code = status.as_u16()
            );
            (status, [(header::CONTENT_TYPE, "text/html")], page).into_response()
        } else {
            let code = if status == StatusCode::TOO_MANY_REQUESTS {
                "rate_limited"
            } else {
                "internal_error"
            };
            let body =
                json!({"error": {"code": code, "message": format!("Injected fault: {reason}")}});
            (status, axum::Json(body)).into_response()
        };
        if let Some(secs) = self.retry_after_secs {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

/// The queue of pending faults; the first matching fault is used up first.
#[derive(Debug, Default)]
pub struct FaultQueue(Mutex<Vec<Fault>>);

impl FaultQueue {
    /// Queues a fault (ignored when `times` is 0).
    pub fn push(&self, fault: Fault) {
        if fault.times > 0 {
            self.0.lock().unwrap_or_else(|e| e.into_inner()).push(fault);
        }
    }

    /// Uses up one shot of the first fault matching `path`.
    pub fn take(&self, path: &str) -> Option<Fault> {
        let mut queue = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let i = queue.iter().position(|f| path.contains(&f.path_contains))?;
        queue[i].times -= 1;
        let fault = queue[i].clone();
        if fault.times == 0 {
            queue.remove(i);
        }
        Some(fault)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faults_are_used_up_in_order() {
        let q = FaultQueue::default();
        q.push(Fault {
            times: 2,
            ..Fault::new("/portfolio", 503)
        });
        q.push(Fault::new("/v1", 500));
        assert_eq!(q.take("/public/v1/portfolio").unwrap().status, 503);
        assert_eq!(q.take("/public/v1/assets").unwrap().status, 500);
        assert_eq!(q.take("/public/v1/portfolio").unwrap().status, 503);
        assert!(q.take("/public/v1/portfolio").is_none());
    }
}
