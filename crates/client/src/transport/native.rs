//! Host transport on reqwest, for tests and tools. Redirects are refused, not followed.

use std::time::Duration;

use super::{HttpRequest, HttpResponse, Method, Transport, TransportError};

/// A reqwest error as a [`TransportError`]: a timeout is told apart from other failures.
fn failure(error: reqwest::Error) -> TransportError {
    if error.is_timeout() {
        TransportError::TimedOut
    } else {
        TransportError::Network(error.without_url().to_string())
    }
}

/// reqwest-based transport; a 3xx answer is reported as an error so the key is never sent on.
#[derive(Clone)]
pub struct NativeTransport {
    http: reqwest::Client,
}

impl Default for NativeTransport {
    fn default() -> Self {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap_or_default();
        Self { http }
    }
}

impl Transport for NativeTransport {
    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let method = match request.method {
            Method::Get => reqwest::Method::GET,
            Method::Post => reqwest::Method::POST,
            Method::Delete => reqwest::Method::DELETE,
        };
        let mut builder = self
            .http
            .request(method, &request.url)
            .timeout(request.timeout);
        for (name, value) in &request.headers {
            builder = builder.header(name, value);
        }
        if let Some(body) = request.body {
            builder = builder.body(body);
        }
        let response = builder.send().await.map_err(failure)?;
        let status = response.status().as_u16();
        if (300..400).contains(&status) {
            return Err(TransportError::Network(format!(
                "refused to follow a redirect (HTTP {status})"
            )));
        }
        let retry_after = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let body = response.text().await.map_err(failure)?;
        Ok(HttpResponse {
            status,
            retry_after,
            body,
        })
    }

    async fn sleep(&self, duration: Duration) {
        tokio::time::sleep(duration).await;
    }
}
