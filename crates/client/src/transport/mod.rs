//! The HTTP seam: the client builds [`HttpRequest`]s and a [`Transport`] carries them.
//!
//! Two implementations: [`BrowserTransport`] (wasm32, `fetch` through `gloo-net` with `redirect: "error"`,
//! `credentials: "omit"`, `cache: "no-store"`, aborted when the future is dropped or the
//! request's timeout passes) and [`NativeTransport`] (host, `reqwest` with redirects disabled
//! and a per-request timeout) used by the tests against the sandbox.

use std::future::Future;
use std::time::Duration;

#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(test)]
pub(crate) mod fake;
#[cfg(not(target_arch = "wasm32"))]
mod native;

#[cfg(target_arch = "wasm32")]
pub use browser::BrowserTransport;
#[cfg(not(target_arch = "wasm32"))]
pub use native::NativeTransport;

/// The transport used by [`crate::Client`] when none is named: fetch in the browser,
/// reqwest on the host.
#[cfg(target_arch = "wasm32")]
pub type DefaultTransport = BrowserTransport;
/// The transport used by [`crate::Client`] when none is named: fetch in the browser,
/// reqwest on the host.
#[cfg(not(target_arch = "wasm32"))]
pub type DefaultTransport = NativeTransport;

/// HTTP method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// GET (reads).
    Get,
    /// POST (writes).
    Post,
    /// DELETE (exchange order cancel).
    Delete,
}

impl Method {
    /// The method's name on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Delete => "DELETE",
        }
    }
}

/// One request as the client wants it sent.
#[derive(Clone)]
pub struct HttpRequest {
    /// Method.
    pub method: Method,
    /// Absolute or same-origin URL.
    pub url: String,
    /// Header pairs (may contain the key: never log a request).
    pub headers: Vec<(String, String)>,
    /// JSON body for writes.
    pub body: Option<String>,
    /// How long to wait for the whole answer (headers and body) before giving up with
    /// [`TransportError::TimedOut`].
    pub timeout: Duration,
}

impl std::fmt::Debug for HttpRequest {
    /// Omits header values so the key cannot leak into a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpRequest")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

/// The parts of a response the client reads.
#[derive(Debug, Clone)]
pub struct HttpResponse {
    /// HTTP status.
    pub status: u16,
    /// The `Retry-After` header, if present.
    pub retry_after: Option<String>,
    /// The body as text.
    pub body: String,
}

/// Why no HTTP response was received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransportError {
    /// The request failed: offline, DNS, CORS, a refused redirect, an abort. The text is a
    /// short technical description that never contains the key.
    Network(String),
    /// No complete answer arrived within [`HttpRequest::timeout`]; the request was aborted.
    TimedOut,
}

/// Carries requests. Implementations never follow redirects and never retry, and give up
/// after the request's [`HttpRequest::timeout`].
pub trait Transport: Clone + 'static {
    /// Sends one request. `Err` means no (complete) HTTP response was received.
    fn send(
        &self,
        request: HttpRequest,
    ) -> impl Future<Output = Result<HttpResponse, TransportError>>;

    /// Waits, for Retry-After.
    fn sleep(&self, duration: Duration) -> impl Future<Output = ()>;

    /// The answer kept for `url` by [`Transport::keep`], if any (`crate::kept`: only the
    /// public catalogue is ever kept). None by default.
    fn kept(&self, _url: &str) -> Option<String> {
        None
    }

    /// Keeps `text`, an answer of the public catalogue read at `url` in the catalogue's shape,
    /// for the tab. Keeps nothing by default.
    fn keep(&self, _url: &str, _text: &str) {}
}
