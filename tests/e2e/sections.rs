//! Sections loaded on demand (the split release build): every route opens from a cold start,
//! a module that cannot be downloaded says
//! so with Retry (or Reload after a new deploy), after one visit every section opens
//! offline from the service worker's copy of the build, and a part shown inside its page
//! (the market's order form) fetches only what that page lacks; the pack of the page the
//! address shows is fetched once, as the loader starts.

use folio_sandbox::{Fault, FaultKind};

use folio_sandbox::Config;

use crate::support::{config, Window, World, ACCOUNT_ROUTES, DESKTOP, FULL_KEY, PHONE};

/// Every page of the app: the account pages, then Connect.
fn every_route() -> impl Iterator<Item = &'static str> {
    ACCOUNT_ROUTES.into_iter().chain(["/connect"])
}

/// Waits until the page at the current address shows its heading (its section's module
/// arrived and the page was built), and checks that nothing failed on the way.
async fn assert_page_opened(w: &World, path: &str) {
    w.eventually(
        "return !!document.querySelector('main h1') && !document.querySelector('.section-opening');",
        &format!("the page {path} to open"),
    )
    .await;
    assert!(
        w.is_absent("[data-testid=section-failed]").await,
        "{path}: the section did not load"
    );
    assert_still_at(w, path).await;
    w.assert_start_screen_gone(path).await;
    w.assert_no_page_error().await;
}

/// The page stayed where it was opened (it was not sent to Connect, for instance).
async fn assert_still_at(w: &World, path: &str) {
    let url = w.url().await;
    let here = url.split_once("://").map_or("", |(_, rest)| rest);
    let here = here.find('/').map_or("/", |i| &here[i..]);
    let here = here.split('?').next().unwrap_or(here);
    assert_eq!(here, path, "{path} ended up at {url}");
}

/// Every request for files named `failing` answered `status`, for the whole test.
fn always_failing(failing: &str, status: u16) -> Fault {
    Fault {
        times: 1000,
        ..Fault::new(failing, status)
    }
}

/// Connected, on the portfolio in a `window`, with every request for files named `failing`
/// answered `status` from the start: the service worker (all of a build or nothing) holds no
/// copy.
async fn signed_in_while_failing(failing: &str, status: u16, window: Window) -> World {
    let config = Config {
        faults: vec![always_failing(failing, status)],
        ..config()
    };
    World::signed_in_with(config, window, FULL_KEY, "/").await
}

/// The wasm files this document fetched one module at a time (a section's modules should
/// arrive in its pack, one file).
async fn modules_fetched_alone(w: &World) -> Vec<String> {
    let names = w
        .js(
            "return performance.getEntriesByType('resource').map(e => e.name)\
               .filter(n => /\\/(chunk_[0-9]+|split_[a-z_]+)-[0-9a-f]{16}\\.wasm$/.test(n));",
        )
        .await;
    names
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|n| n.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_likely_next_sections_are_downloaded_once_the_page_settles() {
    let w = World::signed_in(FULL_KEY, "/").await;
    w.eventually(
        "const names = performance.getEntriesByType('resource').map(e => e.name);\
         return ['history', 'operations', 'trade']\
           .every(s => names.some(n => n.includes('/split_' + s + '-pack-')));",
        "the packs of history, operations and trade to be downloaded",
    )
    .await;
    w.assert_no_page_error().await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_opens_from_a_cold_start() {
    let w = World::signed_in(FULL_KEY, "/").await;
    w.watch_errors().await;
    for path in every_route() {
        w.goto(path).await;
        w.watch_errors().await;
        assert_page_opened(&w, path).await;
        assert_eq!(
            modules_fetched_alone(&w).await,
            Vec::<String>::new(),
            "{path}: the section's modules came one by one, not in its pack"
        );
    }
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_app_that_cannot_be_downloaded_says_so_and_reload_works() {
    let w = World::start_with(config(), PHONE).await;
    w.server.inject(always_failing("_bg.wasm", 503));
    // The script that shows the message is deferred: here it arrives two seconds after the
    // app has failed, and the failure noted by index.html's first script is still shown.
    w.server.inject(Fault {
        times: 1000,
        kind: FaultKind::Late,
        hang_secs: 2,
        ..Fault::new("register-sw.js", 200)
    });
    w.goto("/connect").await;
    let message = w.wait_text(".start-failed", "could not be started").await;
    assert!(
        message.contains("konnte nicht gestartet werden") && message.contains("Reload"),
        "{message}"
    );
    w.screenshot("start-failed-360").await;
    // The theme chosen in Settings shows from the first paint, before the app runs.
    w.set_session_item("folio.settings", r#"{"theme":"dark"}"#)
        .await;
    w.browser.refresh().await.expect("reloads");
    w.wait_text(".start-failed", "could not be started").await;
    w.wait_js_true("document.documentElement.dataset.theme === 'dark'")
        .await;
    w.screenshot("start-failed-dark-360").await;
    w.server.clear_faults();
    w.click(".start-failed button").await;
    assert_page_opened(&w, "/connect").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_section_that_cannot_be_downloaded_says_so_and_retry_works() {
    // Earn's module fails from the start, so the service worker cannot cache the build (it
    // keeps all of a build or nothing) and the click must fetch it.
    let w = signed_in_while_failing("split_earn", 503, DESKTOP).await;
    w.follow("/earn").await;
    let message = w
        .wait_text("[data-testid=section-failed]", "could not be opened")
        .await;
    assert!(message.contains("Retry"), "{message}");
    w.assert_no_page_error().await;
    w.assert_accessible("the section-failed message").await;
    w.screenshot("section-failed-1280").await;

    w.server.clear_faults();
    w.click("[data-testid=section-failed] button").await;
    assert_page_opened(&w, "/earn").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_new_deploy_a_missing_section_offers_a_reload() {
    // The server no longer has Limits' module (from the start, so the service worker holds
    // no copy either) …
    let w = signed_in_while_failing("split_limits", 404, PHONE).await;
    // … because this page belongs to an older build than the one the server holds.
    w.js(
        "document.querySelector('meta[name=folio-build]').content = 'an-older-build'; return true;",
    )
    .await;
    w.follow("/limits").await;
    w.wait_text("[data-testid=section-failed]", "Folio was updated")
        .await;
    let fits = w
        .js("return document.documentElement.scrollWidth <= window.innerWidth;")
        .await;
    assert_eq!(
        fits.as_bool(),
        Some(true),
        "the message scrolls sideways at 360 px"
    );
    w.screenshot("section-updated-360").await;

    w.server.clear_faults();
    w.click("[data-testid=section-failed] button").await;
    assert_page_opened(&w, "/limits").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offline_after_one_visit_every_section_still_opens() {
    let mut w = World::signed_in(FULL_KEY, "/").await;
    // The worker controls the page only after its install cached every file of the build
    // (all or nothing), so from then on the whole build is on the device.
    w.eventually(
        "const c = navigator.serviceWorker.controller; return c !== null && c.state === 'activated';",
        "the service worker to control the page",
    )
    .await;
    w.server.go_offline();
    for path in every_route() {
        w.goto(path).await;
        w.eventually(
            "return !!document.querySelector('main h1') && !document.querySelector('.section-opening');",
            &format!("{path} to open offline"),
        )
        .await;
        assert!(
            w.is_absent("[data-testid=section-failed]").await,
            "{path}: the section did not open offline"
        );
        assert_still_at(&w, path).await;
    }
    w.screenshot("offline-market-1280").await;
    w.close().await;
}

/// The pack names (`market`, `market_order`, …) of the `parts` this document fetched, in order.
async fn packs_fetched(w: &World, parts: [&str; 2]) -> serde_json::Value {
    let script = format!(
        "return performance.getEntriesByType('resource').map(e => e.name)\
           .filter(n => {parts:?}.some(p => n.includes('/split_' + p + '-pack-')))\
           .map(n => n.replace(/^.*\\/split_/, '').replace(/-pack-.*$/, ''));"
    );
    w.js(&script).await
}

/// A part shown only inside its page (the market's order form, the trade's quote card and
/// outcome) arrives after the page's pack, in a pack of its own holding only what the page's
/// lacks (no module alone, none fetched twice).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parts_of_a_page_arrive_in_a_pack_of_what_the_page_lacks() {
    let w = World::signed_in(FULL_KEY, "/market").await;
    w.watch_errors().await;
    assert_page_opened(&w, "/market").await;
    w.find("#order-type").await;
    let packs = packs_fetched(&w, ["market", "market_order"]).await;
    assert_eq!(packs, serde_json::json!(["market", "market_order"]));
    assert_eq!(modules_fetched_alone(&w).await, Vec::<String>::new());

    // A cold start on Trade: the form comes with the page, the quote part follows.
    w.goto("/trade").await;
    assert_page_opened(&w, "/trade").await;
    w.eventually(
        "return performance.getEntriesByType('resource')\
           .some(e => e.name.includes('/split_trade_quote-pack-'));",
        "the quote part's pack",
    )
    .await;
    let packs = packs_fetched(&w, ["trade", "trade_quote"]).await;
    assert_eq!(packs, serde_json::json!(["trade", "trade_quote"]));
    assert_eq!(modules_fetched_alone(&w).await, Vec::<String>::new());
    w.assert_no_page_error().await;
    w.close().await;
}

/// The loader opens the pack of the page the address shows as it starts, and the app takes
/// that page's modules from it: without a key `/insights` shows Connect, so Connect's pack
/// is fetched and the page's is not; with one, a cold start fetches the page's pack once and
/// its report part's after it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pack_of_the_page_the_address_shows_is_fetched_once() {
    let w = World::start().await;
    w.goto("/insights").await;
    w.find("#api-key").await;
    let packs = packs_fetched(&w, ["insights", "connect"]).await;
    assert_eq!(packs, serde_json::json!(["connect"]));

    w.connect(FULL_KEY).await;
    w.goto("/insights").await;
    w.watch_errors().await;
    w.find("#insights-report").await;
    let packs = packs_fetched(&w, ["insights", "insights_report"]).await;
    assert_eq!(packs, serde_json::json!(["insights", "insights_report"]));
    assert_eq!(modules_fetched_alone(&w).await, Vec::<String>::new());
    w.assert_no_page_error().await;
    w.close().await;
}
