//! A key per API against the sandbox, whose `folio-demo-exchange` and `folio-demo-legacy`
//! keys are valid for one API only: each API gets its own key (request log), the scopes are
//! detected per API with the key each API gets, and a key an API refuses shows as refused.

use folio_client::scopes::{Scope, ScopeState};
use folio_client::{ApiError, ApiKey};

use crate::support::{client, sandbox};

const READ: &str = "folio-demo-read";
const EXCHANGE: &str = "folio-demo-exchange";
const LEGACY: &str = "folio-demo-legacy";

#[tokio::test]
async fn three_keys_each_go_to_their_api_and_are_probed_there() {
    let server = sandbox().await;
    let three =
        client(&server, READ).with_api_keys(Some(ApiKey::new(LEGACY)), Some(ApiKey::new(EXCHANGE)));
    let report = three.detect_scopes(ApiError::to_string).await.unwrap();
    let state = |scope| report.state(scope).cloned();
    assert!(report.has(Scope::Balance) && report.has(Scope::TradeRead));
    assert_eq!(state(Scope::TradeWrite), Some(ScopeState::Missing));
    assert!(report.has(Scope::ExchangeRead) && report.has(Scope::ExchangeTrade));
    assert!(report.has(Scope::LegacyRead));

    let sent: Vec<(String, Option<String>)> = server
        .requests()
        .into_iter()
        .map(|r| (r.path, r.api_key))
        .collect();
    for (path, key) in &sent {
        let expected = if path.starts_with("/exchange/") {
            EXCHANGE
        } else if path.starts_with("/legacy/") {
            LEGACY
        } else {
            READ
        };
        assert_eq!(key.as_deref(), Some(expected), "{path}");
    }
    assert!(sent.iter().any(|(p, _)| p.starts_with("/exchange/")));
    assert!(sent.iter().any(|(p, _)| p.starts_with("/legacy/")));
    server.shutdown().await;
}

#[tokio::test]
async fn one_key_is_probed_on_every_api_and_refusals_are_told_apart() {
    let server = sandbox().await;
    // The read-only key: the exchange reads but may not trade.
    let report = client(&server, READ)
        .detect_scopes(ApiError::to_string)
        .await
        .unwrap();
    assert!(report.has(Scope::ExchangeRead) && report.has(Scope::LegacyRead));
    assert_eq!(
        report.state(Scope::ExchangeTrade),
        Some(&ScopeState::Missing)
    );

    // An exchange key the exchange does not know: refused, and its write scope not probed.
    server.clear_requests();
    let wrong = client(&server, READ).with_api_keys(None, Some(ApiKey::new("nope")));
    let report = wrong.detect_scopes(ApiError::to_string).await.unwrap();
    assert_eq!(
        report.state(Scope::ExchangeRead),
        Some(&ScopeState::KeyRefused)
    );
    assert_eq!(
        report.state(Scope::ExchangeTrade),
        Some(&ScopeState::KeyRefused)
    );
    assert!(
        !server
            .requests()
            .iter()
            .any(|r| r.method == "POST" && r.path.starts_with("/exchange/")),
        "no write probe with a refused key"
    );

    // A key of the exchange only cannot connect the current API.
    assert!(matches!(
        client(&server, EXCHANGE)
            .detect_scopes(ApiError::to_string)
            .await,
        Err(ApiError::Unauthorized(_))
    ));
    server.shutdown().await;
}

#[tokio::test]
async fn write_probes_are_refused_and_a_service_that_takes_one_raises_an_alarm() {
    let server = sandbox().await;
    let full = client(&server, "folio-demo-full");
    let report = full.detect_scopes(ApiError::to_string).await.unwrap();
    for scope in [Scope::TradeWrite, Scope::EarnWrite, Scope::ExchangeTrade] {
        assert!(report.has(scope), "{scope:?}");
    }
    // The service refused each probe (nothing was made: no quote, no stake, no order).
    let statuses: Vec<(String, u16)> = server
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST")
        .map(|r| (r.path, r.status))
        .collect();
    assert_eq!(statuses.len(), 3, "{statuses:?}");
    for (path, status) in &statuses {
        assert!(
            matches!(status, 400 | 404 | 422),
            "{path} answered {status}: a probe must be refused"
        );
    }

    // A service that wrongly answers 2xx to a request it must refuse.
    server.clear_requests();
    for path in [
        "/public/v1/quotes",
        "/public/v1/earn/actions/stake",
        "/exchange/v1/account/orders",
    ] {
        server.inject(folio_sandbox::Fault::new(path, 200));
    }
    let report = full.detect_scopes(ApiError::to_string).await.unwrap();
    for scope in [Scope::TradeWrite, Scope::EarnWrite, Scope::ExchangeTrade] {
        assert_eq!(
            report.state(scope),
            Some(&ScopeState::ProbeAccepted),
            "{scope:?}"
        );
        assert!(!report.has(scope), "{scope:?} is never granted by a 2xx");
    }
    assert_eq!(
        report.accepted_probes(),
        vec![Scope::TradeWrite, Scope::EarnWrite, Scope::ExchangeTrade]
    );
    server.shutdown().await;
}
