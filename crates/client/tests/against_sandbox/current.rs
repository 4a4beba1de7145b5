//! The client against the real sandbox over HTTP: happy paths, pagination to the end, and
//! every error class (the sandbox's fault injection and a tiny scripted HTTP peer).

use crate::support::*;

use std::collections::HashSet;

use folio_client::current::{OperationsQuery, Timeframe};
use folio_client::scopes::{Scope, ScopeState};
use folio_client::{ApiError, ApiKey, AssetId, BaseUrls, Client, CurrencyId};
use folio_sandbox::{Fault, RunningServer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[tokio::test]
async fn portfolio_equals_the_ledger() {
    let server = sandbox().await;
    let positions = client(&server, "folio-demo-full")
        .current()
        .portfolio(None)
        .await
        .unwrap();
    let expected = server.ledger().portfolio("EUR");
    assert_eq!(positions.len(), expected.len());
    for want in &expected {
        let got = positions
            .iter()
            .find(|p| {
                p.asset_id.as_ref().map(AssetId::as_str) == Some(want.id.as_str())
                    || p.currency_id.as_ref().map(CurrencyId::as_str) == Some(want.id.as_str())
            })
            .unwrap_or_else(|| panic!("{} missing", want.symbol));
        assert_eq!(
            got.balance.as_ref().unwrap().value,
            want.balance,
            "{}",
            want.symbol
        );
        assert_eq!(got.is_fiat(), want.is_fiat);
        if let Some(value) = want.value {
            assert_eq!(got.currency_balance.as_ref().unwrap().value, value);
        }
    }
    assert!(positions.iter().any(|p| p.is_fiat()));
    server.shutdown().await;
}

#[tokio::test]
async fn valuation_currency_history_catalogue_and_tickers() {
    let server = sandbox().await;
    let c = client(&server, "folio-demo-full");
    let currencies = c.current().currencies().await.unwrap();
    assert!(currencies.len() >= 6);
    assert_eq!(currencies[0].symbol.as_deref(), Some("EUR"));
    let usd = currencies
        .iter()
        .find(|c| c.symbol.as_deref() == Some("USD"))
        .unwrap();
    let in_usd = c.current().portfolio(Some(&usd.id)).await.unwrap();
    let valued = in_usd
        .iter()
        .find_map(|p| p.currency_balance.clone())
        .unwrap();
    assert_eq!(valued.currency_id.as_ref(), Some(&usd.id));

    for timeframe in Timeframe::ALL {
        let h = c
            .current()
            .portfolio_history(timeframe, None)
            .await
            .unwrap();
        assert!(h.datapoints.len() > 2, "{timeframe:?}");
        assert!(h.return_percentage.is_some());
    }

    let ids: Vec<AssetId> = c
        .current()
        .portfolio(None)
        .await
        .unwrap()
        .into_iter()
        .filter_map(|p| p.asset_id)
        .collect();
    let assets = c.current().assets_by_ids(&ids).await.unwrap();
    assert_eq!(assets.len(), ids.len());
    let ticker = c.current().ticker(&ids[0]).await.unwrap();
    assert!(ticker.price.unwrap() > folio_client::Decimal::ZERO);
    server.shutdown().await;
}

#[tokio::test]
async fn operations_paginate_to_the_end_exactly_once() {
    let server = sandbox().await;
    let c = client(&server, "folio-demo-full");
    let mut seen = HashSet::new();
    let mut query = OperationsQuery {
        page_size: Some(7),
        ..OperationsQuery::default()
    };
    let mut pages = 0;
    loop {
        let page = c.current().operations(&query).await.unwrap();
        pages += 1;
        for op in page.data.iter() {
            seen.insert(op.operation_id.clone());
        }
        match page.next() {
            Some(cursor) => query.cursor = Some(cursor.to_string()),
            None => break,
        }
        assert!(pages < 10_000, "pagination must end");
    }
    assert_eq!(seen.len(), server.ledger().operations_count());
    server.shutdown().await;
}

#[tokio::test]
async fn key_and_scope_errors() {
    let server = sandbox().await;
    let wrong = client(&server, "nope")
        .current()
        .portfolio(None)
        .await
        .unwrap_err();
    assert!(matches!(wrong, ApiError::Unauthorized(_)), "{wrong:?}");
    assert!(client(&server, "nope")
        .detect_scopes(ApiError::to_string)
        .await
        .is_err());

    let balance_only = client(&server, "folio-demo-balance");
    let missing = balance_only
        .current()
        .operations(&OperationsQuery::default())
        .await
        .unwrap_err();
    assert!(
        matches!(&missing, ApiError::MissingScope(d) if d.scope.as_deref() == Some("Transaction")),
        "{missing:?}"
    );

    let report = client(&server, "folio-demo-read")
        .detect_scopes(ApiError::to_string)
        .await
        .unwrap();
    assert!(report.has(Scope::Balance) && report.has(Scope::Transaction));
    assert!(report.has(Scope::TradeRead) && report.has(Scope::EarnRead));
    assert!(report
        .scopes
        .iter()
        .any(|(s, st)| *s == Scope::TradeWrite && *st == ScopeState::Missing));
    assert!(!report.has(Scope::EarnWrite));
    let full = client(&server, "folio-demo-full")
        .detect_scopes(ApiError::to_string)
        .await
        .unwrap();
    assert!(Scope::ALL.iter().all(|s| full.has(*s)), "{full:?}");
    server.shutdown().await;
}

#[tokio::test]
async fn bad_request_and_not_found() {
    let server = sandbox().await;
    let c = client(&server, "folio-demo-full");
    for size in [0, 101] {
        let e = c
            .current()
            .operations(&OperationsQuery {
                page_size: Some(size),
                ..OperationsQuery::default()
            })
            .await
            .unwrap_err();
        assert!(matches!(e, ApiError::BadRequest(_)), "{size}: {e:?}");
    }
    let e = c
        .current()
        .ticker(&AssetId::new("00000000-0000-0000-0000-000000000000"))
        .await
        .unwrap_err();
    assert!(matches!(e, ApiError::NotFound(_)), "{e:?}");
    server.shutdown().await;
}

fn fault(status: u16, times: u32, retry_after_secs: Option<u32>) -> Fault {
    Fault {
        path_contains: "/v1/portfolio".into(),
        status,
        times,
        retry_after_secs,
        html_body: status >= 500,
        ..Fault::default()
    }
}

fn portfolio_statuses(server: &RunningServer) -> Vec<u16> {
    server
        .requests()
        .into_iter()
        .filter(|r| r.path == "/public/v1/portfolio")
        .map(|r| r.status)
        .collect()
}

#[tokio::test]
async fn reads_retry_twice_on_429_and_503_only() {
    let server = sandbox().await;
    let c = client(&server, "folio-demo-full");

    server.inject(fault(429, 2, Some(0)));
    c.current()
        .portfolio(None)
        .await
        .expect("third try succeeds");
    assert_eq!(portfolio_statuses(&server), vec![429, 429, 200]);

    server.clear_requests();
    server.inject(fault(429, 3, Some(0)));
    let e = c.current().portfolio(None).await.unwrap_err();
    assert!(
        matches!(
            e,
            ApiError::RateLimited {
                retry_after_secs: Some(0),
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        portfolio_statuses(&server),
        vec![429, 429, 429],
        "at most two retries"
    );

    server.clear_requests();
    server.inject(fault(503, 1, None));
    c.current().portfolio(None).await.expect("503 is retried");
    assert_eq!(portfolio_statuses(&server), vec![503, 200]);

    server.clear_requests();
    server.inject(fault(500, 1, None));
    let e = c.current().portfolio(None).await.unwrap_err();
    assert!(
        matches!(e, ApiError::Server(ref d) if d.status == 500),
        "{e:?}"
    );
    assert!(!e.to_string().contains('<'), "{e}");
    assert_eq!(portfolio_statuses(&server), vec![500], "500 is not retried");
    server.shutdown().await;
}

#[tokio::test]
async fn a_503_read_waits_for_its_retry_after() {
    let server = sandbox().await;
    let c = client(&server, "folio-demo-full");
    server.inject(fault(503, 1, Some(2)));
    let started = std::time::Instant::now();
    c.current().portfolio(None).await.expect("503 is retried");
    let waited = started.elapsed();
    assert_eq!(portfolio_statuses(&server), vec![503, 200]);
    assert!(
        waited >= std::time::Duration::from_secs(2),
        "Retry-After: 2 was honoured (waited {waited:?})"
    );
    server.shutdown().await;
}

/// Serves one scripted raw HTTP response per connection, counting requests.
async fn scripted_peer(
    response: String,
) -> (String, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let count = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = count.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let response = response.clone();
            counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let mut buf = [0u8; 4096];
            let _ = socket.read(&mut buf).await;
            let _ = socket.write_all(response.as_bytes()).await;
            let _ = socket.shutdown().await;
        }
    });
    (format!("http://{addr}"), count)
}

/// A raw HTTP/1.1 response with a correct content-length.
fn http(status: &str, headers: &str, body: &str) -> String {
    format!(
        "HTTP/1.1 {status}\r\n{headers}content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
}

async fn peer_error(response: String) -> ApiError {
    let (url, _) = scripted_peer(response).await;
    Client::new(BaseUrls::same_origin(&url), ApiKey::new("k"))
        .current()
        .portfolio(None)
        .await
        .unwrap_err()
}

#[tokio::test]
async fn every_status_class_maps_cleanly() {
    let conflict = peer_error(http(
        "409 Conflict",
        "",
        r#"{"error":{"code":"limits_already_set"}}"#,
    ))
    .await;
    assert!(matches!(conflict, ApiError::Conflict(_)), "{conflict:?}");
    assert_eq!(conflict.code(), Some("limits_already_set"));

    let gone = peer_error(http(
        "410 Gone",
        "",
        r#"{"errors":[{"code":"api_decommissioned","status":410,"title":"Gone"}]}"#,
    ))
    .await;
    assert!(matches!(gone, ApiError::Gone(_)), "{gone:?}");

    let unprocessable = peer_error(http(
        "422 Unprocessable Entity",
        "",
        r#"{"message":"too small"}"#,
    ))
    .await;
    assert!(
        matches!(unprocessable, ApiError::Unprocessable(_)),
        "{unprocessable:?}"
    );

    let html = peer_error(http(
        "502 Bad Gateway",
        "content-type: text/html\r\n",
        "<html><body>502 Bad Gateway nginx</body></html>",
    ))
    .await;
    assert!(matches!(html, ApiError::Server(_)));
    assert_eq!(html.service().and_then(|d| d.message.as_deref()), None);

    let decode = peer_error(http("200 OK", "", "hello")).await;
    assert!(matches!(decode, ApiError::Decode { .. }), "{decode:?}");

    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let dead = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let network = Client::new(BaseUrls::same_origin(&dead), ApiKey::new("k"))
        .current()
        .portfolio(None)
        .await
        .unwrap_err();
    assert!(matches!(network, ApiError::Network { .. }), "{network:?}");
}

#[tokio::test]
async fn redirects_are_never_followed_with_the_key() {
    let (target, hits) = scripted_peer(http("200 OK", "", r#"{"data":[]}"#)).await;
    let location = format!("location: {target}/public/v1/portfolio\r\n");
    let e = peer_error(http("302 Found", &location, "")).await;
    assert!(matches!(e, ApiError::Network { .. }), "{e:?}");
    assert_eq!(
        hits.load(std::sync::atomic::Ordering::SeqCst),
        0,
        "the redirect target was never asked"
    );
}
