//! Injected faults: the next matching requests fail in a chosen way — an error status (500,
//! 503 or 429 with `Retry-After` in seconds or as an HTTP date, a 502 HTML gateway page), or,
//! with [`FaultKind`], a broken answer: a hang, a reset connection, truncated JSON, wrong
//! types, an empty body, a list that repeats its cursor forever, or one malformed record.
//! `docs/sandbox-faults.md` lists them; the e2e fault matrix (`tests/e2e/faults.rs`) visits
//! every route under each.

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
    /// Send `Retry-After` as an HTTP date (`retry_after_secs` from now) instead of seconds.
    pub retry_after_as_date: bool,
    /// How the request fails; [`FaultKind::Status`] answers `status` with an error body.
    pub kind: FaultKind,
    /// How long a [`FaultKind::Hang`] keeps the request without an answer, or a
    /// [`FaultKind::Late`] one waits before the real answer.
    pub hang_secs: u64,
}

/// The ways a faulted request fails.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum FaultKind {
    /// An error status with a JSON (or HTML) error body.
    #[default]
    Status,
    /// No answer for `hang_secs` (the client's timeout must act first), then 504.
    Hang,
    /// The connection is aborted before the answer's body arrives.
    Reset,
    /// The real answer with its body cut in half.
    Truncated,
    /// The real answer with every string value replaced by an object, every number by a string.
    WrongTypes,
    /// 200 with an empty body.
    EmptyBody,
    /// A paged list that says there is a next page, always at the same cursor.
    RepeatedCursor,
    /// The real list with its first record malformed (its string fields become objects).
    BadRecord,
    /// The real answer, `hang_secs` late: a slow file or read, which must not break what does
    /// not wait for it. Not in [`FaultKind::ALL`]: nothing is broken.
    Late,
}

impl FaultKind {
    /// Every kind that breaks an answer, for the fault matrix.
    pub const ALL: [FaultKind; 8] = [
        FaultKind::Status,
        FaultKind::Hang,
        FaultKind::Reset,
        FaultKind::Truncated,
        FaultKind::WrongTypes,
        FaultKind::EmptyBody,
        FaultKind::RepeatedCursor,
        FaultKind::BadRecord,
    ];

    /// Whether the real handler runs and its answer is rewritten.
    pub fn rewrites_answer(self) -> bool {
        matches!(
            self,
            FaultKind::Truncated
                | FaultKind::WrongTypes
                | FaultKind::RepeatedCursor
                | FaultKind::BadRecord
        )
    }
}

impl Default for Fault {
    fn default() -> Self {
        Self {
            path_contains: String::new(),
            status: 500,
            times: 1,
            retry_after_secs: None,
            html_body: false,
            retry_after_as_date: false,
            kind: FaultKind::Status,
            hang_secs: 20,
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

    /// A fault of `kind` for the next `times` requests whose path contains `path_contains`.
    pub fn of_kind(path_contains: impl Into<String>, kind: FaultKind, times: u32) -> Self {
        Self {
            path_contains: path_contains.into(),
            times,
            kind,
            status: 200,
            ..Self::default()
        }
    }

    /// The error response of a [`FaultKind::Status`] fault.
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
            // A 401 names the key as refused (revoked or expired), as the live service does.
            let code = match status {
                StatusCode::TOO_MANY_REQUESTS => "rate_limited",
                StatusCode::UNAUTHORIZED => "invalid_api_key",
                _ => "internal_error",
            };
            let body =
                json!({"error": {"code": code, "message": format!("Injected fault: {reason}")}});
            (status, axum::Json(body)).into_response()
        };
        if let Some(secs) = self.retry_after_secs {
            let value = if self.retry_after_as_date {
                let at = chrono::Utc::now() + chrono::Duration::seconds(i64::from(secs));
                HeaderValue::from_str(&at.format("%a, %d %b %Y %H:%M:%S GMT").to_string())
                    .unwrap_or(HeaderValue::from(secs))
            } else {
                HeaderValue::from(secs)
            };
            response.headers_mut().insert(header::RETRY_AFTER, value);
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

    /// Drops every pending fault.
    pub fn clear(&self) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clear();
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
