//! Failures: a forced 500 shows the error view and Retry recovers; a 429 burst is retried
//! (honouring Retry-After) and the page still renders.

use folio_sandbox::Fault;

use crate::support::{World, FULL_KEY};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_error_shows_error_view_and_retry_recovers() {
    let w = World::signed_in(FULL_KEY, "/").await;
    w.server.inject(Fault {
        path_contains: "/v1/portfolio".into(),
        status: 500,
        times: 1,
        retry_after_secs: None,
        html_body: true,
        ..Fault::default()
    });
    w.find("[data-testid=refresh]").await.click().await.unwrap();
    let message = w.text("[data-testid=error-view]").await;
    assert!(!message.contains('<'), "no raw HTML: {message}");
    w.find("[data-testid=error-view] button")
        .await
        .click()
        .await
        .unwrap();
    w.find("[data-asset-symbol]").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limit_burst_is_retried_and_page_renders() {
    let w = World::signed_in(FULL_KEY, "/").await;
    w.server.inject(Fault {
        path_contains: "/v1/portfolio".into(),
        status: 429,
        times: 2,
        retry_after_secs: Some(1),
        html_body: false,
        ..Fault::default()
    });
    w.find("[data-testid=refresh]").await.click().await.unwrap();
    let portfolio_calls = || -> Vec<u16> {
        w.server
            .requests()
            .into_iter()
            .filter(|r| r.path == "/public/v1/portfolio")
            .map(|r| r.status)
            .collect()
    };
    for _ in 0..100 {
        if portfolio_calls().contains(&200) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let calls = portfolio_calls();
    assert_eq!(
        &calls[..],
        &[429, 429, 200],
        "two 429s then one success: {calls:?}"
    );
    w.find("[data-asset-symbol]").await;
    assert!(w.is_absent("[data-testid=error-view]").await);
    w.close().await;
}
