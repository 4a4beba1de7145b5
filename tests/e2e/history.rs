//! History: the timeframe lives in the URL; switching updates chart, table and URL.

use crate::support::{World, FULL_KEY};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timeframe_switch_updates_chart_table_and_url() {
    let w = World::signed_in(FULL_KEY, "/history?timeframe=WEEK").await;
    w.find("[data-testid=history-chart]").await;
    let week_rows = w
        .js("return document.querySelectorAll('[data-testid=history-table] tbody tr').length;")
        .await;
    let week_return = w.text("#history-return").await;
    assert!(
        week_rows.as_i64().unwrap_or(0) > 0,
        "table alternative has rows"
    );

    w.find("[data-timeframe='YEAR']")
        .await
        .click()
        .await
        .unwrap();
    for _ in 0..100 {
        if w.url().await.contains("timeframe=YEAR") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(w.url().await.contains("timeframe=YEAR"));
    let mut year_rows = week_rows.clone();
    for _ in 0..100 {
        year_rows = w
            .js("return document.querySelectorAll('[data-testid=history-table] tbody tr').length;")
            .await;
        if year_rows != week_rows {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_ne!(year_rows, week_rows, "the table follows the timeframe");
    let history_requests: Vec<_> = w
        .server
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/portfolio-history"))
        .filter_map(|r| r.query)
        .collect();
    assert!(
        history_requests
            .iter()
            .any(|q| q.contains("timeframe=YEAR")),
        "{history_requests:?}"
    );
    let year_return = w.text("#history-return").await;
    assert!(year_return.contains('%') && week_return.contains('%'));

    // A reload restores the timeframe from the URL.
    w.browser.refresh().await.unwrap();
    w.find("[data-testid=history-chart]").await;
    let pressed = w
        .find("[data-timeframe='YEAR']")
        .await
        .attr("aria-pressed")
        .await
        .unwrap();
    assert_eq!(pressed.as_deref(), Some("true"));
    w.screenshot("history-1280").await;
    w.assert_accessible("History").await;
    w.close().await;
}
