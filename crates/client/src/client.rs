//! [`Client`]: base URLs + key + transport, and the request helpers every endpoint uses.

use std::time::Duration;

use serde::de::DeserializeOwned;

use crate::decode::decode;
use crate::transport::{DefaultTransport, HttpRequest, Method, Transport};
use crate::ApiError;

/// How many times a read is retried after a 429 or 503 (so at most three requests).
pub const MAX_READ_RETRIES: u32 = 2;
/// A `Retry-After` longer than this is not waited for; the error goes to the user instead.
pub const MAX_RETRY_WAIT: Duration = Duration::from_secs(10);

/// An API key. It is never printed: `Debug` shows `ApiKey(***)`.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    /// Wraps a key, trimming the whitespace that copy and paste tend to add.
    pub fn new(key: impl AsRef<str>) -> Self {
        Self(key.as_ref().trim().to_string())
    }

    /// The key itself, for storing it in session storage.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether the key is empty after trimming.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ApiKey(***)")
    }
}

/// The three base URLs (each without the `/v1` suffix).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseUrls {
    /// Current public API, e.g. `https://api.public.bitpanda.com` or `/public`.
    pub current: String,
    /// Legacy API, e.g. `https://api.bitpanda.com` or `/legacy`.
    pub legacy: String,
    /// Exchange API, e.g. `https://api.fusion.bitpanda.com` or `/exchange`.
    pub exchange: String,
}

impl BaseUrls {
    /// The live service's hosts.
    pub fn live() -> Self {
        Self {
            current: "https://api.public.bitpanda.com".into(),
            legacy: "https://api.bitpanda.com".into(),
            exchange: "https://api.fusion.bitpanda.com".into(),
        }
    }

    /// The sandbox / reverse-proxy layout: `/public`, `/legacy`, `/exchange` under `origin`
    /// (`""` for relative URLs on the page's own origin).
    pub fn same_origin(origin: &str) -> Self {
        let origin = origin.trim_end_matches('/');
        Self {
            current: format!("{origin}/public"),
            legacy: format!("{origin}/legacy"),
            exchange: format!("{origin}/exchange"),
        }
    }

    /// Checks a user-typed base URL: `https://…`, loopback `http://127.0.0.1…` /
    /// `http://localhost…`, or a same-origin path starting with `/`.
    pub fn validate_custom(url: &str) -> Result<(), String> {
        let url = url.trim();
        if url.is_empty() {
            return Err("Enter a base URL.".into());
        }
        if url.contains(char::is_whitespace) {
            return Err("A URL cannot contain spaces.".into());
        }
        if url.starts_with('/') && !url.starts_with("//") {
            return Ok(());
        }
        if let Some(rest) = url.strip_prefix("https://") {
            return if host_of(rest).is_empty() {
                Err("The URL has no host.".into())
            } else {
                Ok(())
            };
        }
        if let Some(rest) = url.strip_prefix("http://") {
            let host = host_of(rest);
            let host = host.split(':').next().unwrap_or("");
            return if matches!(host, "127.0.0.1" | "localhost" | "[::1]") {
                Ok(())
            } else {
                Err("Only https:// addresses are allowed (plain http:// only for 127.0.0.1 or localhost).".into())
            };
        }
        Err("The URL must start with https:// (or http://127.0.0.1 / http://localhost).".into())
    }
}

fn host_of(rest: &str) -> &str {
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..end];
    if authority.contains('@') {
        return "";
    }
    authority
}

/// A client for the three APIs. Cheap to clone.
#[derive(Clone)]
pub struct Client<T: Transport = DefaultTransport> {
    base: BaseUrls,
    key: ApiKey,
    transport: T,
    key_known_good: bool,
}

impl Client<DefaultTransport> {
    /// A client with the platform's default transport.
    pub fn new(base: BaseUrls, key: ApiKey) -> Self {
        Self::with_transport(base, key, DefaultTransport::default())
    }
}

impl<T: Transport> Client<T> {
    /// A client over any transport.
    pub fn with_transport(base: BaseUrls, key: ApiKey, transport: T) -> Self {
        Self {
            base,
            key,
            transport,
            key_known_good: false,
        }
    }

    /// Marks the key as validated: the live service answers 401 both for a wrong key and a
    /// missing scope, so after validation a plain 401 is reported as a missing scope.
    pub fn key_known_good(mut self, yes: bool) -> Self {
        self.key_known_good = yes;
        self
    }

    /// The base URLs in use.
    pub fn base(&self) -> &BaseUrls {
        &self.base
    }

    pub(crate) fn current_url(&self, path_and_query: &str) -> String {
        format!(
            "{}/v1{}",
            self.base.current.trim_end_matches('/'),
            path_and_query
        )
    }

    fn request(&self, method: Method, url: String, body: Option<String>) -> HttpRequest {
        let mut headers = vec![("accept".to_string(), "application/json".to_string())];
        if !self.key.is_empty() {
            headers.push(("x-api-key".to_string(), self.key.expose().to_string()));
        }
        if body.is_some() {
            headers.push(("content-type".to_string(), "application/json".to_string()));
        }
        HttpRequest {
            method,
            url,
            headers,
            body,
        }
    }

    /// Sends once and returns the body of a 2xx, or the classified error.
    async fn send_once(&self, request: HttpRequest) -> Result<String, ApiError> {
        let response = self
            .transport
            .send(request)
            .await
            .map_err(|detail| ApiError::Network { detail })?;
        if (200..300).contains(&response.status) {
            return Ok(response.body);
        }
        let error = ApiError::from_response(
            response.status,
            response.retry_after.as_deref(),
            &response.body,
        );
        Err(self.refine(error))
    }

    fn refine(&self, error: ApiError) -> ApiError {
        match error {
            ApiError::Unauthorized(detail) if self.key_known_good => ApiError::MissingScope(detail),
            other => other,
        }
    }

    /// GET with the read retry policy: up to [`MAX_READ_RETRIES`] retries on 429/503,
    /// waiting `Retry-After` seconds (1 s, 2 s when absent); nothing else is retried.
    pub(crate) async fn get_text(&self, url: String) -> Result<String, ApiError> {
        let mut attempt = 0;
        loop {
            let result = self
                .send_once(self.request(Method::Get, url.clone(), None))
                .await;
            match result {
                Err(error) if error.is_retryable_read() && attempt < MAX_READ_RETRIES => {
                    let wait = retry_wait(&error, attempt);
                    if wait > MAX_RETRY_WAIT {
                        return Err(error);
                    }
                    attempt += 1;
                    self.transport.sleep(wait).await;
                }
                other => return other,
            }
        }
    }

    /// GET and decode.
    pub(crate) async fn get<R: DeserializeOwned>(&self, url: String) -> Result<R, ApiError> {
        decode(&self.get_text(url).await?)
    }

    /// POST for a write: sent **exactly once** and never retried, whatever happens (429, 503,
    /// a dropped connection). A request that got no answer is [`ApiError::Network`]: the
    /// write may or may not have happened (see [`ApiError::write_outcome_unknown`]). A 2xx
    /// answer is decoded into `R`.
    pub(crate) async fn send_write<R: DeserializeOwned>(
        &self,
        url: String,
        body: Option<String>,
    ) -> Result<R, ApiError> {
        let text = self
            .send_once(self.request(Method::Post, url, body))
            .await?;
        decode(&text)
    }

    /// DELETE for a write (exchange order cancel): sent exactly once, never retried, like
    /// [`Self::send_write`].
    pub(crate) async fn send_delete<R: DeserializeOwned>(
        &self,
        url: String,
    ) -> Result<R, ApiError> {
        let text = self
            .send_once(self.request(Method::Delete, url, None))
            .await?;
        decode(&text)
    }

    /// The raw status of a write probe (used by scope detection), sent once.
    pub(crate) async fn probe_write(&self, url: String, body: &str) -> Result<(), ApiError> {
        self.send_once(self.request(Method::Post, url, Some(body.to_string())))
            .await
            .map(|_| ())
    }
}

fn retry_wait(error: &ApiError, attempt: u32) -> Duration {
    match error {
        ApiError::RateLimited {
            retry_after_secs: Some(secs),
            ..
        } => Duration::from_secs(*secs),
        _ => Duration::from_secs(u64::from(attempt) + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_is_trimmed_and_hidden() {
        let key = ApiKey::new("  abc123\n");
        assert_eq!(key.expose(), "abc123");
        assert_eq!(format!("{key:?}"), "ApiKey(***)");
    }

    #[test]
    fn custom_base_urls() {
        assert!(BaseUrls::validate_custom("https://proxy.example.com/bp").is_ok());
        assert!(BaseUrls::validate_custom("http://127.0.0.1:8080/public").is_ok());
        assert!(BaseUrls::validate_custom("http://localhost:3000").is_ok());
        assert!(BaseUrls::validate_custom("/public").is_ok());
        assert!(BaseUrls::validate_custom("http://example.com").is_err());
        assert!(BaseUrls::validate_custom("http://127.0.0.1.evil.com").is_err());
        assert!(BaseUrls::validate_custom("https://user@host").is_err());
        assert!(BaseUrls::validate_custom("ftp://x").is_err());
        assert!(BaseUrls::validate_custom("//evil.com").is_err());
        assert!(BaseUrls::validate_custom("").is_err());
    }

    #[test]
    fn same_origin_layout() {
        let b = BaseUrls::same_origin("");
        assert_eq!(b.current, "/public");
        let b = BaseUrls::same_origin("http://127.0.0.1:8080/");
        assert_eq!(b.exchange, "http://127.0.0.1:8080/exchange");
    }
}
