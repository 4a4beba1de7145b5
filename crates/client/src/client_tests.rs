//! Unit tests of the client's request policy: timeouts, no retry after a timeout, and how a
//! 401 on a known-good key is classified. Scripted with the fake transport, and once against
//! a local socket that never answers.

use std::time::{Duration, Instant};

use super::*;
use crate::current::LimitsRequest;
use crate::transport::fake::FakeTransport;
use crate::transport::TransportError;
use crate::{CurrencyId, Decimal};

fn client(fake: &FakeTransport, known_good: bool) -> Client<FakeTransport> {
    Client::with_transport(BaseUrls::same_origin(""), ApiKey::new("k"), fake.clone())
        .key_known_good(known_good)
}

fn limits() -> LimitsRequest {
    LimitsRequest {
        buy_limit: Decimal::ONE,
        sell_limit: Decimal::ONE,
        currency_id: CurrencyId::eur(),
    }
}

#[tokio::test]
async fn a_known_good_key_refused_by_code_stays_unauthorized() {
    let fake = FakeTransport::default();
    fake.answer(401, r#"{"error":{"code":"unauthorized"}}"#)
        .answer(
            401,
            r#"{"errors":[{"code":"UNAUTHORIZED","status":"401"}]}"#,
        )
        .answer(401, "")
        .answer(
            401,
            r#"{"error":{"code":"missing_scope","scope":"Balance"}}"#,
        );
    let c = client(&fake, true);
    let revoked = c.current().trading_limits().await.unwrap_err();
    assert!(matches!(revoked, ApiError::Unauthorized(_)), "{revoked:?}");
    let exchange = c.current().trading_limits().await.unwrap_err();
    assert!(
        matches!(exchange, ApiError::Unauthorized(_)),
        "{exchange:?}"
    );
    let bare = c.current().trading_limits().await.unwrap_err();
    assert!(matches!(bare, ApiError::MissingScope(_)), "{bare:?}");
    assert_eq!((bare.status(), bare.code()), (Some(401), None));
    let scope = c.current().trading_limits().await.unwrap_err();
    assert!(
        matches!(scope, ApiError::MissingScope(ref d) if d.scope.as_deref() == Some("Balance")),
        "{scope:?}"
    );
}

#[tokio::test]
async fn an_unchecked_key_refused_without_a_code_is_unauthorized() {
    let fake = FakeTransport::default();
    fake.answer(401, "");
    let e = client(&fake, false)
        .current()
        .trading_limits()
        .await
        .unwrap_err();
    assert!(matches!(e, ApiError::Unauthorized(_)), "{e:?}");
}

#[tokio::test]
async fn requests_carry_the_timeouts_and_a_timed_out_read_is_not_retried() {
    let fake = FakeTransport::default();
    fake.fail(TransportError::TimedOut);
    let c = client(&fake, true);
    assert_eq!(c.timeouts(), (READ_TIMEOUT, WRITE_TIMEOUT));
    let e = c.current().trading_limits().await.unwrap_err();
    assert_eq!(
        e,
        ApiError::TimedOut {
            after_secs: 15,
            write: false
        }
    );
    assert!(!e.write_outcome_unknown());
    assert_eq!(fake.sent().len(), 1, "no retry after a timeout");
    assert_eq!(fake.sent()[0].timeout, READ_TIMEOUT);

    fake.fail(TransportError::TimedOut);
    let e = c.current().set_trading_limits(&limits()).await.unwrap_err();
    assert_eq!(
        e,
        ApiError::TimedOut {
            after_secs: 30,
            write: true
        }
    );
    assert!(e.write_outcome_unknown());
    assert_eq!(fake.sent().len(), 2);
    assert_eq!(fake.sent()[1].timeout, WRITE_TIMEOUT);

    let short = c.with_timeouts(Duration::from_millis(250), Duration::from_secs(2));
    fake.fail(TransportError::TimedOut);
    let e = short.current().trading_limits().await.unwrap_err();
    assert_eq!(
        e,
        ApiError::TimedOut {
            after_secs: 1,
            write: false
        }
    );
    assert_eq!(fake.sent()[2].timeout, Duration::from_millis(250));
}

#[tokio::test]
async fn a_network_failure_is_not_a_timeout() {
    let fake = FakeTransport::default();
    fake.fail(TransportError::Network("connection refused".into()));
    let e = client(&fake, true)
        .current()
        .trading_limits()
        .await
        .unwrap_err();
    assert!(matches!(e, ApiError::Network { .. }) && !e.is_timeout());
}

#[tokio::test]
async fn a_503_is_retried_after_its_retry_after() {
    let fake = FakeTransport::default();
    fake.answer_retry_after(503, "3", "")
        .answer(200, r#"{"data":null}"#);
    let c = client(&fake, true);
    c.current()
        .trading_limits()
        .await
        .expect("the retry is answered");
    assert_eq!(fake.sent().len(), 2);
    assert_eq!(
        fake.slept(),
        vec![Duration::from_secs(3)],
        "Retry-After: 3 is waited for"
    );

    // As an HTTP date (in the past: no wait), and without one (1 s, the default).
    let fake = FakeTransport::default();
    fake.answer_retry_after(503, "Wed, 21 Oct 2015 07:28:00 GMT", "")
        .answer(503, "")
        .answer(200, r#"{"data":null}"#);
    client(&fake, true)
        .current()
        .trading_limits()
        .await
        .unwrap();
    assert_eq!(fake.slept(), vec![Duration::ZERO, Duration::from_secs(2)]);

    // Longer than the client waits: not retried, the person is told.
    let fake = FakeTransport::default();
    fake.answer_retry_after(503, "120", "");
    let e = client(&fake, true)
        .current()
        .trading_limits()
        .await
        .unwrap_err();
    assert!(
        matches!(&e, ApiError::Server(d) if d.status == 503 && d.retry_after_secs == Some(120)),
        "{e:?}"
    );
    assert_eq!(fake.sent().len(), 1, "no retry after a wait this long");
    assert!(fake.slept().is_empty());
}

/// A server that accepts connections and never answers.
async fn silent_server() -> (String, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let task = tokio::spawn(async move {
        let mut open = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            open.push(socket);
        }
    });
    (url, task)
}

#[tokio::test]
async fn the_native_transport_gives_up_after_the_timeout() {
    let (url, server) = silent_server().await;
    let c = Client::new(BaseUrls::same_origin(&url), ApiKey::new("k"))
        .with_timeouts(Duration::from_millis(300), Duration::from_millis(400));
    let started = Instant::now();
    let read = c.current().trading_limits().await.unwrap_err();
    assert_eq!(
        read,
        ApiError::TimedOut {
            after_secs: 1,
            write: false
        }
    );
    let write = c.current().set_trading_limits(&limits()).await.unwrap_err();
    assert!(
        write.is_timeout() && write.write_outcome_unknown(),
        "{write:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    server.abort();
}
