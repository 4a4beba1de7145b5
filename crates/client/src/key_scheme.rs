//! How the key travels to each API. The interface says `x-api-key` for all three; the
//! exchange's own developer page says `Authorization: Bearer <key>`. Folio sends
//! `x-api-key`, and when an exchange *read* is refused with 401 it tries that read once more
//! with `Authorization: Bearer`: if the host accepts it, the host is remembered for the tab
//! (in memory) and every later request to it — writes included — uses Bearer. A write is
//! never retried with the other scheme: it is sent once, with the scheme already known.

use std::cell::RefCell;

use crate::transport::Transport;
use crate::Client;

/// The header that carries the key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KeyScheme {
    /// `x-api-key: <key>` (the interface's scheme).
    ApiKeyHeader,
    /// `Authorization: Bearer <key>`.
    Bearer,
}

thread_local! {
    /// The exchange base URLs that answered a read with Bearer after refusing `x-api-key`.
    static BEARER_HOSTS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

impl<T: Transport> Client<T> {
    /// The exchange API's base URL, as the remembered hosts are keyed.
    fn exchange_base(&self) -> &str {
        self.base().exchange.trim_end_matches('/')
    }

    /// Whether `url` is one of the exchange API's.
    fn is_exchange_url(&self, url: &str) -> bool {
        crate::api_keys::is_under(url, self.exchange_base())
    }

    /// The scheme to send the key to `url` with.
    pub(crate) fn key_scheme(&self, url: &str) -> KeyScheme {
        let base = self.exchange_base();
        let bearer = self.is_exchange_url(url)
            && BEARER_HOSTS.with(|hosts| hosts.borrow().iter().any(|h| h == base));
        if bearer {
            KeyScheme::Bearer
        } else {
            KeyScheme::ApiKeyHeader
        }
    }

    /// Whether a read of `url` refused with 401 may be tried once with Bearer: an exchange
    /// URL, a key to send, and Bearer not already in use for it.
    pub(crate) fn may_try_bearer(&self, url: &str) -> bool {
        !self.key_for(url).is_empty()
            && self.is_exchange_url(url)
            && self.key_scheme(url) == KeyScheme::ApiKeyHeader
    }

    /// Remembers for the tab that the exchange host accepts Bearer.
    pub(crate) fn remember_bearer(&self) {
        let base = self.exchange_base();
        BEARER_HOSTS.with(|hosts| {
            let mut hosts = hosts.borrow_mut();
            if !hosts.iter().any(|h| h == base) {
                hosts.push(base.to_string());
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::transport::fake::FakeTransport;
    use crate::{ApiKey, BaseUrls, Client, OrderId};

    fn client(fake: &FakeTransport) -> Client<FakeTransport> {
        Client::with_transport(BaseUrls::same_origin(""), ApiKey::new("k"), fake.clone())
    }

    /// The key-carrying header of each request sent: (name, value).
    fn key_headers(fake: &FakeTransport) -> Vec<(String, String)> {
        fake.sent()
            .iter()
            .map(|r| {
                r.headers
                    .iter()
                    .find(|(name, _)| name == "x-api-key" || name == "authorization")
                    .cloned()
                    .unwrap_or_default()
            })
            .collect()
    }

    fn api_key_header() -> (String, String) {
        ("x-api-key".into(), "k".into())
    }

    fn bearer() -> (String, String) {
        ("authorization".into(), "Bearer k".into())
    }

    #[tokio::test]
    async fn an_exchange_that_takes_bearer_gets_it_for_every_later_request() {
        let fake = FakeTransport::default();
        fake.answer(401, r#"{"error":"MISSING_CREDENTIALS"}"#)
            .answer(200, r#"{"iso":"2026-11-23T10:00:00Z","epoch_millis":1}"#)
            .answer(200, r#"{"iso":"2026-11-23T10:00:01Z","epoch_millis":2}"#)
            .answer(404, "");
        let c = client(&fake);
        assert!(c.exchange().time().await.is_ok());
        assert!(c.exchange().time().await.is_ok());
        let cancel = c.exchange().cancel_order(&OrderId::from("o-1")).await;
        assert!(cancel.is_err());
        assert_eq!(
            key_headers(&fake),
            vec![api_key_header(), bearer(), bearer(), bearer()],
            "x-api-key first, then Bearer, remembered for the write"
        );
    }

    #[tokio::test]
    async fn refused_both_ways_shows_the_first_refusal_and_other_apis_never_switch() {
        let fake = FakeTransport::default();
        fake.answer(
            401,
            r#"{"errors":[{"code":"INVALID_APIKEY","status":"401"}]}"#,
        )
        .answer(
            401,
            r#"{"errors":[{"code":"BEARER_REFUSED","status":"401"}]}"#,
        )
        .answer(401, r#"{"error":{"code":"unauthorized"}}"#);
        let c = client(&fake);
        let refused = c.exchange().time().await.unwrap_err();
        assert_eq!(refused.code(), Some("INVALID_APIKEY"), "{refused:?}");
        let current = c.current().trading_limits().await.unwrap_err();
        assert_eq!(current.status(), Some(401));
        assert_eq!(
            key_headers(&fake),
            vec![api_key_header(), bearer(), api_key_header()]
        );
    }

    #[tokio::test]
    async fn a_refused_write_is_never_sent_again_with_bearer() {
        let fake = FakeTransport::default();
        fake.answer(401, r#"{"error":"INVALID_APIKEY"}"#);
        let c = client(&fake);
        let cancel = c.exchange().cancel_order(&OrderId::from("o-1")).await;
        assert_eq!(cancel.unwrap_err().status(), Some(401));
        assert_eq!(key_headers(&fake), vec![api_key_header()]);
    }
}
