//! [`Client`]: base URLs + key + transport, and the request helpers every endpoint uses.

use std::time::Duration;

use serde::de::DeserializeOwned;

use crate::decode::decode;
use crate::error::is_key_refusal_code;
use crate::key_scheme::KeyScheme;
use crate::session_token::SessionToken;
use crate::transport::{DefaultTransport, HttpRequest, Method, Transport, TransportError};
use crate::{ApiError, BaseUrls, ServiceError};

/// How many times a read is retried after a 429 or 503 (so at most three requests).
pub const MAX_READ_RETRIES: u32 = 2;
/// A `Retry-After` longer than this is not waited for; the error goes to the user instead.
pub const MAX_RETRY_WAIT: Duration = Duration::from_secs(10);
/// A read (GET) is aborted when no complete answer arrived after this long.
pub const READ_TIMEOUT: Duration = Duration::from_secs(15);
/// A write (POST, DELETE) is aborted when no complete answer arrived after this long; its
/// outcome is then unknown.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(30);

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

    /// The first character of the key that cannot be sent in a request header, with its
    /// place in the key (counted in characters from 1); `None` when every character can be
    /// sent. A key is printable ASCII (U+0020 to U+007E): a browser refuses a header with a
    /// character beyond U+00FF or a line break, the native transport anything outside
    /// printable ASCII, and a typographic dash, a non-breaking space or a tab pasted with a
    /// key is never part of it. Checked before a key is sent, so the person reads this at
    /// the field instead of a network failure.
    pub fn unsendable(&self) -> Option<(usize, char)> {
        self.0
            .chars()
            .enumerate()
            .find(|(_, c)| !(' '..='~').contains(c))
            .map(|(i, c)| (i.saturating_add(1), c))
    }
}

impl std::fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ApiKey(***)")
    }
}

/// A client for the three APIs. Cheap to clone.
#[derive(Clone)]
pub struct Client<T: Transport = DefaultTransport> {
    base: BaseUrls,
    /// The key for the current API, and for the others unless they have their own.
    pub(crate) key: ApiKey,
    /// A key of the legacy API's own (`crate::api_keys`).
    pub(crate) legacy_key: Option<ApiKey>,
    /// A key of the exchange API's own (`crate::api_keys`).
    pub(crate) exchange_key: Option<ApiKey>,
    pub(crate) transport: T,
    key_known_good: bool,
    read_timeout: Duration,
    write_timeout: Duration,
    /// The session the client belongs to: once it ended, nothing is sent.
    session: Option<SessionToken>,
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
            legacy_key: None,
            exchange_key: None,
            transport,
            key_known_good: false,
            read_timeout: READ_TIMEOUT,
            write_timeout: WRITE_TIMEOUT,
            session: None,
        }
    }

    /// Replaces the timeouts ([`READ_TIMEOUT`] and [`WRITE_TIMEOUT`] by default), e.g. to
    /// shorten them in tests. A request that passes its timeout fails with
    /// [`ApiError::TimedOut`].
    pub fn with_timeouts(mut self, read: Duration, write: Duration) -> Self {
        self.read_timeout = read;
        self.write_timeout = write;
        self
    }

    /// The read and write timeouts in use.
    pub fn timeouts(&self) -> (Duration, Duration) {
        (self.read_timeout, self.write_timeout)
    }

    /// Marks the key as validated: the live service answers 401 both for a wrong key and a
    /// missing scope, so after validation a 401 is reported as a missing scope — unless its
    /// code says the key itself is unknown, invalid or revoked
    /// ([`ApiError::is_key_refusal`]), which stays [`ApiError::Unauthorized`].
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

    /// A request carrying the key the way its host takes it (`crate::key_scheme`).
    fn request(&self, method: Method, url: String, body: Option<String>) -> HttpRequest {
        let scheme = self.key_scheme(&url);
        self.request_with(scheme, method, url, body)
    }

    fn request_with(
        &self,
        scheme: KeyScheme,
        method: Method,
        url: String,
        body: Option<String>,
    ) -> HttpRequest {
        let mut headers = vec![("accept".to_string(), "application/json".to_string())];
        let key = self.key_for(&url);
        if !key.is_empty() {
            headers.push(match scheme {
                KeyScheme::ApiKeyHeader => ("x-api-key".to_string(), key.expose().to_string()),
                KeyScheme::Bearer => (
                    "authorization".to_string(),
                    format!("Bearer {}", key.expose()),
                ),
            });
        }
        if body.is_some() {
            headers.push(("content-type".to_string(), "application/json".to_string()));
        }
        let timeout = match method {
            Method::Get => self.read_timeout,
            Method::Post | Method::Delete => self.write_timeout,
        };
        HttpRequest {
            method,
            url,
            headers,
            body,
            timeout,
        }
    }

    /// The same client, belonging to the session of `token`: once the session ended it
    /// sends nothing ([`ApiError::SessionEnded`]).
    pub fn with_session(mut self, token: SessionToken) -> Self {
        self.session = Some(token);
        self
    }

    /// Sends once and returns the body of a 2xx, or the classified error. Nothing is sent
    /// once the client's session has ended.
    async fn send_once(&self, request: HttpRequest) -> Result<String, ApiError> {
        if self.session.as_ref().is_some_and(SessionToken::is_ended) {
            return Err(ApiError::SessionEnded);
        }
        let write = request.method != Method::Get;
        let after = request.timeout;
        let response = self
            .transport
            .send(request)
            .await
            .map_err(|error| match error {
                TransportError::Network(detail) => ApiError::Network { detail },
                TransportError::TimedOut => ApiError::TimedOut {
                    after_secs: whole_secs(after),
                    write,
                },
            })?;
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
            ApiError::Unauthorized(detail)
                if self.key_known_good
                    && !detail.code.as_deref().is_some_and(is_key_refusal_code) =>
            {
                ApiError::MissingScope(detail)
            }
            other => other,
        }
    }

    /// GET with the read retry policy: up to [`MAX_READ_RETRIES`] retries on 429/503,
    /// waiting `Retry-After` seconds (1 s, 2 s when absent); nothing else is retried. A read
    /// of the same URL with this key started early (`crate::early`) is taken instead. A read
    /// of the public catalogue is answered from what the tab keeps, and its answer kept
    /// (`crate::kept`).
    pub(crate) async fn get_text(&self, url: String) -> Result<String, ApiError> {
        let keep_as = self.where_to_keep(&url);
        if let Some(text) = keep_as.as_deref().and_then(|url| self.kept_answer(url)) {
            return Ok(text);
        }
        let text = match self.take_early(&url) {
            Some(answer) => answer.await?,
            None => self.get_text_now(url).await?,
        };
        if let Some(url) = keep_as {
            self.keep_answer(&url, &text);
        }
        Ok(text)
    }

    /// [`Self::get_text`] without looking for an early read. An exchange read refused with
    /// 401 is tried once more with `Authorization: Bearer` (`crate::key_scheme`).
    pub(crate) async fn get_text_now(&self, url: String) -> Result<String, ApiError> {
        let scheme = self.key_scheme(&url);
        let first = self.read_with(scheme, url.clone()).await;
        match first {
            Err(refused) if refused.status() == Some(401) && self.may_try_bearer(&url) => {
                match self.read_with(KeyScheme::Bearer, url).await {
                    Ok(text) => {
                        self.remember_bearer();
                        Ok(text)
                    }
                    // Refused both ways: the spec's answer is the one to show.
                    Err(again) if again.status() == Some(401) => Err(refused),
                    Err(other) => Err(other),
                }
            }
            other => other,
        }
    }

    /// A GET with the key sent as `scheme`, under the read retry policy.
    async fn read_with(&self, scheme: KeyScheme, url: String) -> Result<String, ApiError> {
        let mut attempt = 0;
        loop {
            let result = self
                .send_once(self.request_with(scheme, Method::Get, url.clone(), None))
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

    /// The status of a read probe (used by scope detection and key validation): a GET with the
    /// read retry policy whose answer is not decoded.
    pub(crate) async fn probe_read(&self, url: String) -> Result<(), ApiError> {
        self.get_text(url).await.map(|_| ())
    }

    /// The raw status of a write probe (used by scope detection), sent once.
    pub(crate) async fn probe_write(&self, url: String, body: &str) -> Result<(), ApiError> {
        self.send_once(self.request(Method::Post, url, Some(body.to_string())))
            .await
            .map(|_| ())
    }
}

/// A timeout in whole seconds, rounded up (250 ms is 1 s).
fn whole_secs(d: Duration) -> u64 {
    let millis = u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    millis.div_ceil(1000)
}

/// How long to wait before retrying a read: the `Retry-After` of a 429 or a 503 when it
/// came, else 1 s, then 2 s.
fn retry_wait(error: &ApiError, attempt: u32) -> Duration {
    match error {
        ApiError::RateLimited {
            retry_after_secs: Some(secs),
            ..
        } => Duration::from_secs(*secs),
        ApiError::Server(ServiceError {
            status: 503,
            retry_after_secs: Some(secs),
            ..
        }) => Duration::from_secs(*secs),
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
    fn a_character_a_header_cannot_carry_is_found_with_its_place() {
        assert_eq!(ApiKey::new("  abc-123_XYZ~ !\n").unsendable(), None);
        assert_eq!(
            ApiKey::new("ab\u{2013}cd").unsendable(),
            Some((3, '\u{2013}'))
        );
        assert_eq!(ApiKey::new("abc\u{a0}d").unsendable(), Some((4, '\u{a0}')));
        assert_eq!(ApiKey::new("ab\ncd").unsendable(), Some((3, '\n')));
        assert_eq!(ApiKey::new("a\tb").unsendable(), Some((2, '\t')));
        assert_eq!(ApiKey::new("caf\u{e9}").unsendable(), Some((4, '\u{e9}')));
        assert_eq!(
            ApiKey::new("\u{1F511}").unsendable(),
            Some((1, '\u{1F511}'))
        );
    }
}

#[cfg(test)]
#[path = "client_tests.rs"]
mod behaviour_tests;
