//! Money paths that used to crash, hang or mislead, tried as a person would (issue 11): huge
//! numbers in every money field, `1,000` in a permanent limit, the confirmation naming the
//! quoted asset, late answers after leaving a page, an order whose page was left before its
//! answer, and a `next=` that tried to leave the site. Each test also checks that the page
//! never panicked (a panic in wasm kills the page).

use std::time::Duration;

use rust_decimal::Decimal;

use crate::exchange::{mid, ORDERS_PATH};
use crate::money::{choose, click, count, fill, order, quote};
use crate::support::{config, start, start_with, World, FULL_KEY};

/// Records uncaught errors and console output of the current document (also used by the
/// fault matrix).
pub(crate) async fn watch(w: &World) {
    w.capture_console().await;
    w.js("window.__folioErrors = [];\
          addEventListener('error', e => window.__folioErrors.push(String(e.message)));\
          addEventListener('unhandledrejection', e => window.__folioErrors.push(String(e.reason)));\
          return true;")
        .await;
}

/// Fails when the page panicked or threw since [`watch`].
async fn assert_alive(w: &World) {
    let console = w.console_text().await;
    assert!(!console.contains("panicked"), "the app panicked: {console}");
    let errors = w
        .js("return JSON.stringify(window.__folioErrors || []);")
        .await;
    assert_eq!(errors.as_str(), Some("[]"), "uncaught errors");
}

/// Clicks the first link to `href` (an in-app navigation, no reload).
async fn follow(w: &World, href: &str) {
    let script = format!(
        "const a = document.querySelector({}); if (a) {{ a.click(); return true; }} return false;",
        serde_json::Value::String(format!("a[href='{href}']"))
    );
    assert_eq!(
        w.js(&script).await,
        serde_json::Value::Bool(true),
        "no link to {href}"
    );
}

fn posts_to(w: &World, path: &str) -> usize {
    count(w, "POST", path)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn huge_numbers_in_money_fields_are_refused_at_the_field() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();

    // Exchange: the order-value hint multiplies on every keystroke.
    w.goto("/market").await;
    w.find("#order-size").await;
    watch(&w).await;
    choose(&w, "#order-type", "Limit").await;
    fill(&w, "#order-size", "1000000000000000").await;
    fill(&w, "#order-limit-price", "100000000000000").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_alive(&w).await;
    click(&w, "#review-order").await;
    // 10^15 may be typed; the pair's maximum size refuses it.
    w.wait_text("#order-size-error", "above the maximum").await;
    fill(&w, "#order-size", "79228162514264337593543950335").await;
    fill(&w, "#order-limit-price", "79228162514264337593543950335").await;
    click(&w, "#review-order").await;
    w.wait_text("#order-size-error", "too large").await;
    assert_alive(&w).await;
    assert_eq!(posts_to(&w, ORDERS_PATH), 0);

    // Trade through a quote.
    w.goto("/trade").await;
    watch(&w).await;
    order(&w, "BTC", "buy", "notional", "10000000000000000").await;
    click(&w, "#get-quote").await;
    w.wait_text("[data-testid=amount-error]", "too large").await;
    assert_alive(&w).await;

    // Permanent limits.
    w.goto("/limits").await;
    w.find("#buy-limit-input").await;
    watch(&w).await;
    fill(&w, "#buy-limit-input", "99999999999999999999").await;
    fill(&w, "#sell-limit-input", "0").await;
    click(&w, "#review-limits").await;
    w.wait_text("#buy-limit-input-error", "too large").await;
    assert_alive(&w).await;

    // Stake.
    w.goto("/earn").await;
    w.find("#earn-config").await;
    watch(&w).await;
    let first_offer = w
        .js("const o = document.querySelector('#earn-config option:nth-child(2)'); return o ? o.value : '';")
        .await;
    choose(&w, "#earn-config", first_offer.as_str().unwrap_or_default()).await;
    fill(&w, "#earn-amount", "1000000000000000000000").await;
    click(&w, "#review-earn").await;
    w.wait_text("[data-testid=earn-error]", "too large").await;
    assert_alive(&w).await;

    assert!(
        w.server.requests().iter().all(|r| r.method != "POST"),
        "nothing is sent"
    );
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_limit_with_a_thousands_separator_is_refused_not_misread() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();
    w.goto("/limits").await;
    w.find("#buy-limit-input").await;
    fill(&w, "#buy-limit-input", "1,000").await;
    fill(&w, "#sell-limit-input", "0").await;
    click(&w, "#review-limits").await;
    w.wait_text("#buy-limit-input-error", "thousands separators")
        .await;
    let dialog_open = w
        .js("return !!document.querySelector('#confirm-limits[role=dialog]');")
        .await;
    assert_eq!(dialog_open, serde_json::Value::Bool(false));
    // A point is the decimal point, and the field says how it was read.
    fill(&w, "#buy-limit-input", "1.000").await;
    w.wait_text("#buy-limit-input-read", "1.00 EUR").await;
    assert_eq!(posts_to(&w, "/trading-limits"), 0);
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_confirmation_names_the_quoted_asset_not_the_picker() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.goto("/trade").await;
    order(&w, "BTC", "buy", "notional", "10.00").await;
    quote(&w).await;
    // Pick another asset, then ask for a new quote of the same order.
    fill(&w, "#asset-search", "ETH").await;
    click(&w, "#asset-search-button").await;
    click(&w, "#asset-results button[data-symbol='ETH']").await;
    w.wait_text("#picked-asset", "ETH").await;
    click(&w, "#new-quote").await;
    w.wait_text(".quote-summary", "BTC").await;
    click(&w, "#accept-quote").await;
    let summary = w.text("#confirm-accept .dialog-summary").await;
    assert!(summary.contains("BTC"), "{summary}");
    assert!(!summary.contains("ETH"), "{summary}");
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_order_whose_page_was_left_still_reports_its_outcome() {
    let mut slow = config();
    slow.latency_ms = 1500;
    let w = start_with(slow, 1280, 800).await;
    w.connect(FULL_KEY).await;
    w.goto("/market?pair=BTC-EUR").await;
    w.find("#order-size").await;
    watch(&w).await;
    // 5 % under the market: a resting order, no fat-finger warning.
    let price = (mid(&w).await * Decimal::new(95, 2)).round_dp(0);
    w.server.clear_requests();
    choose(&w, "#order-type", "Limit").await;
    fill(&w, "#order-size", "0.01").await;
    fill(&w, "#order-limit-price", &price.to_string()).await;
    click(&w, "#review-order").await;
    w.find("#confirm-order[role=dialog]").await;
    click(&w, "#confirm-order-confirm").await;
    // Leave while "Placing…" is shown: the banner takes over.
    follow(&w, "/history").await;
    w.find("[data-testid=write-outcome]").await;
    w.wait_text("[data-testid=write-outcome]", "Order placed")
        .await;
    assert_eq!(posts_to(&w, ORDERS_PATH), 1);
    assert_alive(&w).await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_list_answers_after_leaving_do_not_crash() {
    let mut slow = config();
    slow.latency_ms = 1200;
    let w = start_with(slow, 1280, 800).await;
    w.connect(FULL_KEY).await;
    w.goto("/market/orders").await;
    w.find("a[href='/market/trades']").await;
    watch(&w).await;
    // Leave before the first page of orders arrives, twice in a row.
    follow(&w, "/market/trades").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    follow(&w, "/history").await;
    tokio::time::sleep(Duration::from_millis(4000)).await;
    follow(&w, "/market").await;
    w.find("a[href='/market/trades']").await;
    follow(&w, "/market/trades").await;
    w.find("[data-testid=trade-row]").await;
    assert_alive(&w).await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect_never_sends_the_visitor_off_the_site() {
    let w = start().await;
    for next in ["/%09/evil.example", "/%0A/evil.example", "/%5Cevil.example"] {
        w.goto(&format!("/connect?next={next}")).await;
        let input = w.find("#api-key").await;
        input.send_keys(FULL_KEY).await.expect("types the key");
        click(&w, "#connect-button").await;
        let link = w.find("#continue-to-portfolio").await;
        assert_eq!(link.attr("href").await.unwrap().as_deref(), Some("/"));
        w.js("sessionStorage.clear(); return true;").await;
    }
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_idle_too_long_is_forgotten_when_the_tab_is_restored() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    // As if the tab had been closed two hours ago and restored now.
    w.js("sessionStorage.setItem('folio.last_activity', new Date(Date.now() - 2 * 3600 * 1000).toISOString()); return true;")
        .await;
    w.server.clear_requests();
    w.goto("/").await;
    w.wait_text("main", "without activity").await;
    assert!(
        w.server
            .requests()
            .iter()
            .all(|r| !r.path.contains("/portfolio")),
        "nothing was sent with the idle key"
    );
    let key = w.js("return sessionStorage.getItem('folio.key');").await;
    assert!(key.is_null(), "the key is gone");
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_order_times_out_as_unknown_and_is_not_sent_again() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.js("sessionStorage.setItem('folio.write_timeout_ms', '1500'); return true;")
        .await;
    w.goto("/market?pair=BTC-EUR").await;
    w.find("#order-size").await;
    watch(&w).await;
    let price = (mid(&w).await * Decimal::new(95, 2)).round_dp(0);
    w.server.inject(folio_sandbox::Fault::of_kind(
        "/account/orders",
        folio_sandbox::FaultKind::Hang,
        1,
    ));
    choose(&w, "#order-type", "Limit").await;
    fill(&w, "#order-size", "0.01").await;
    fill(&w, "#order-limit-price", &price.to_string()).await;
    click(&w, "#review-order").await;
    w.find("#confirm-order[role=dialog]").await;
    click(&w, "#confirm-order-confirm").await;
    w.wait_text("#order-result", "No answer came back").await;
    // The form was cleared: Review + Place cannot send the same order by accident.
    let size = w
        .js("return document.querySelector('#order-size').value;")
        .await;
    assert_eq!(size.as_str(), Some(""));
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert!(
        w.server
            .requests()
            .iter()
            .all(|r| !(r.method == "POST" && r.path.contains("/account/orders"))),
        "the hung request is still open and nothing was sent again"
    );
    assert_alive(&w).await;
    w.close().await;
}
