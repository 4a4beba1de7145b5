//! Failures: a forced 500 shows the error view and Retry recovers; a 429 burst is retried
//! (honouring Retry-After) and the page still renders.

use folio_sandbox::Fault;

use crate::support::{World, FULL_KEY};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_error_shows_error_view_and_retry_recovers() {
    let w = World::signed_in(FULL_KEY, "/").await;
    w.server.inject(Fault {
        times: 1,
        html_body: true,
        ..Fault::new("/v1/portfolio", 500)
    });
    w.click("[data-testid=refresh]").await;
    let message = w.text("[data-testid=error-view]").await;
    assert!(!message.contains('<'), "no raw HTML: {message}");
    w.click("[data-testid=error-view] button").await;
    w.find("[data-asset-symbol]").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limit_burst_is_retried_and_page_renders() {
    let w = World::signed_in(FULL_KEY, "/").await;
    w.server.inject(Fault {
        times: 2,
        retry_after_secs: Some(1),
        ..Fault::new("/v1/portfolio", 429)
    });
    w.click("[data-testid=refresh]").await;
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
