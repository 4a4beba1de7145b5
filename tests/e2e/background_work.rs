//! Nothing outlives the key (issue 42): long work started with a key — a tax tools' file
//! being prepared, "Load all", the legacy archive, Insights' ledger — is left running on
//! other pages; when the key is forgotten (by the button, by the idle limit, by changing the
//! API addresses) no request carrying it reaches the service any more, and the next key
//! holder sees fresh pages (the archive starts from nothing).

use std::time::Duration;

use folio_sandbox::Config;

use crate::support::{World, DESKTOP, FULL_KEY};

/// Every answer comes this late, so the work is still running when the key is forgotten.
const LATENCY_MS: u64 = 400;

fn slow_big_sandbox() -> Config {
    Config {
        latency_ms: LATENCY_MS,
        operations: 20_000,
        ..crate::support::config()
    }
}

/// Requests that reached the sandbox with the key.
fn keyed(w: &World) -> usize {
    w.server
        .requests()
        .iter()
        .filter(|r| r.api_key.as_deref() == Some(FULL_KEY))
        .count()
}

/// Opens `path` inside the app (a link clicked: no reload, the tab's work goes on).
async fn visit(w: &World, path: &str) {
    let script = format!(
        "const a = document.createElement('a'); a.href = {}; document.body.appendChild(a); a.click(); a.remove(); return true;",
        serde_json::Value::String(path.to_string())
    );
    w.js(&script).await;
}

/// Starts the four kinds of long work, each on its page, and leaves for the portfolio.
async fn start_the_work(w: &World) {
    visit(w, "/legacy-api/archive").await;
    w.click("#archive-start").await;
    w.find("#archive-stop").await;
    visit(w, "/insights").await;
    w.find("#insights-progress").await;
    visit(w, "/operations").await;
    w.click("#ops-load-all").await;
    w.click("#tax-files summary").await;
    w.click("#tax-prepare").await;
    w.wait_text("#tax-files", "so far").await;
    visit(w, "/").await;
    w.find("#portfolio-total").await;
    // The work is running: keyed reads keep arriving.
    let before = keyed(w);
    tokio::time::sleep(Duration::from_millis(4 * LATENCY_MS)).await;
    assert!(
        keyed(w) > before,
        "the archive and the ledger are still reading"
    );
}

/// After the key is forgotten, what was already on its way lands; then nothing more.
async fn assert_nothing_more_is_sent(w: &World, how: &str) {
    w.wait_js_true("sessionStorage.getItem('folio.key') === null")
        .await;
    tokio::time::sleep(Duration::from_millis(3 * LATENCY_MS)).await;
    let settled = keyed(w);
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert_eq!(
        keyed(w),
        settled,
        "keyed requests arrived after the key was forgotten ({how})"
    );
}

/// The next key holder sees fresh pages: the archive has read nothing.
async fn assert_fresh_for_the_next_key(w: &World) {
    w.connect(FULL_KEY).await;
    visit(w, "/legacy-api/archive").await;
    w.find("#archive-start").await;
    let read = w
        .js("return [...document.querySelectorAll('[data-testid=archive-list]')].map(r => r.dataset.read).join(',')")
        .await;
    assert!(
        read.as_str().unwrap().split(',').all(|n| n == "0"),
        "the archive starts afresh: {read}"
    );
    assert!(w.is_absent("#archive-save-again").await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forget_key_stops_every_background_read_and_drops_what_it_read() {
    let w = World::signed_in_with(slow_big_sandbox(), DESKTOP, FULL_KEY, "/").await;
    start_the_work(&w).await;
    w.click("[data-testid=forget-key]").await;
    assert_nothing_more_is_sent(&w, "Forget key").await;
    assert_fresh_for_the_next_key(&w).await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_idle_limit_stops_every_background_read() {
    let w = World::signed_in_with(slow_big_sandbox(), DESKTOP, FULL_KEY, "/").await;
    start_the_work(&w).await;
    // The idle limit shortened for the test (it may only be lowered): no input from now on.
    w.set_session_item("folio.idle_limit_ms", "3000").await;
    assert_nothing_more_is_sent(&w, "idle limit").await;
    w.wait_text("main", "without activity").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changing_the_addresses_stops_every_background_read() {
    let w = World::signed_in_with(slow_big_sandbox(), DESKTOP, FULL_KEY, "/").await;
    start_the_work(&w).await;
    visit(&w, "/settings").await;
    w.click("#settings-profile-live").await;
    assert_nothing_more_is_sent(&w, "address change").await;
    w.close().await;
}
