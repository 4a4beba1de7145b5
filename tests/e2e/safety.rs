//! Money paths that used to crash, hang or mislead, tried as a person would (issue 11): huge
//! numbers in every money field, `1,000` in a permanent limit, the confirmation naming the
//! quoted asset, late answers after leaving a page, an order whose page was left before its
//! answer, and a `next=` that tried to leave the site. Each test also checks that the page
//! never panicked (a panic in wasm kills the page).

use std::time::Duration;

use crate::exchange::{order_form, resting_buy_price, review_and_confirm, ORDERS_PATH};
use crate::money_moves::{order, quote};
use crate::support::{slow_network, World, DESKTOP, FULL_KEY};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn huge_numbers_in_money_fields_are_refused_at_the_field() {
    // Exchange: the order-value hint multiplies on every keystroke.
    let w = World::signed_in(FULL_KEY, "/market").await;
    w.find("#order-size").await;
    w.watch_errors().await;
    order_form(
        &w,
        "buy",
        "Limit",
        "1000000000000000",
        Some("100000000000000"),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    w.assert_no_page_error().await;
    w.click("#review-order").await;
    // 10^15 may be typed; the pair's maximum size refuses it.
    w.wait_text("#order-size-error", "above the maximum").await;
    let max = "79228162514264337593543950335";
    order_form(&w, "buy", "Limit", max, Some(max)).await;
    w.click("#review-order").await;
    w.wait_text("#order-size-error", "too large").await;
    w.assert_no_page_error().await;
    assert_eq!(w.sent("POST", ORDERS_PATH), 0);

    // Trade through a quote.
    w.goto("/trade").await;
    w.watch_errors().await;
    order(&w, "BTC", "buy", "notional", "10000000000000000").await;
    w.click("#get-quote").await;
    w.wait_text("[data-testid=amount-error]", "too large").await;
    w.assert_no_page_error().await;

    // Permanent limits.
    w.goto("/limits").await;
    w.find("#buy-limit-input").await;
    w.watch_errors().await;
    w.fill("#buy-limit-input", "99999999999999999999").await;
    w.fill("#sell-limit-input", "0").await;
    w.click("#review-limits").await;
    w.wait_text("#buy-limit-input-error", "too large").await;
    w.assert_no_page_error().await;

    // Stake.
    w.goto("/earn").await;
    w.find("#earn-config").await;
    w.watch_errors().await;
    let first_offer = w
        .js("const o = document.querySelector('#earn-config option:nth-child(2)'); return o ? o.value : '';")
        .await;
    w.choose("#earn-config", first_offer.as_str().unwrap_or_default())
        .await;
    w.fill("#earn-amount", "1000000000000000000000").await;
    w.click("#review-earn").await;
    w.wait_text("#earn-amount-error", "too large").await;
    w.assert_no_page_error().await;

    assert!(w.writes().is_empty(), "nothing is sent: {:?}", w.writes());
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_limit_with_a_thousands_separator_is_refused_not_misread() {
    let w = World::signed_in(FULL_KEY, "/limits").await;
    w.find("#buy-limit-input").await;
    w.fill("#buy-limit-input", "1,000").await;
    w.fill("#sell-limit-input", "0").await;
    w.click("#review-limits").await;
    w.wait_text("#buy-limit-input-error", "thousands separators")
        .await;
    let dialog_open = w
        .js("return !!document.querySelector('#confirm-limits[role=dialog]');")
        .await;
    assert_eq!(dialog_open, serde_json::Value::Bool(false));
    // A point is the decimal point, and the field says how it was read.
    w.fill("#buy-limit-input", "1.000").await;
    w.wait_text("#buy-limit-input-read", "€1.00").await;
    assert_eq!(w.sent("POST", "/trading-limits"), 0);
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_confirmation_names_the_quoted_asset_not_the_picker() {
    let w = World::signed_in(FULL_KEY, "/trade").await;
    order(&w, "BTC", "buy", "notional", "10.00").await;
    quote(&w).await;
    // Pick another asset, then ask for a new quote of the same order.
    w.fill("#asset-search", "ETH").await;
    w.click("#asset-search-button").await;
    w.click("#asset-results button[data-symbol='ETH']").await;
    w.wait_text("#picked-asset", "ETH").await;
    w.click("#new-quote").await;
    w.wait_text(".quote-summary", "BTC").await;
    w.click("#accept-quote").await;
    let summary = w.text("#confirm-accept .dialog-summary").await;
    assert!(summary.contains("BTC"), "{summary}");
    assert!(!summary.contains("ETH"), "{summary}");
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_order_whose_page_was_left_still_reports_its_outcome_in_the_language_shown() {
    let w = World::signed_in_with(
        slow_network(1500),
        DESKTOP,
        FULL_KEY,
        "/market?pair=BTC-EUR",
    )
    .await;
    w.find("#order-size").await;
    w.watch_errors().await;
    let price = resting_buy_price(&w).await;
    w.server.clear_requests();
    order_form(&w, "buy", "Limit", "0.01", Some(&price.to_string())).await;
    review_and_confirm(&w).await;
    // Leave while "Placing…" is shown: the banner takes over.
    w.follow("/history").await;
    w.find("[data-testid=write-outcome]").await;
    w.wait_text("[data-testid=write-outcome]", "Order placed")
        .await;
    assert_eq!(w.sent("POST", ORDERS_PATH), 1);
    // The outcome is worded when drawn: switching language words it again, link and all.
    w.click("[data-testid=language-switch]").await;
    w.wait_js_true("document.documentElement.lang === 'de'")
        .await;
    w.wait_text("[data-testid=write-outcome]", "Order aufgegeben")
        .await;
    w.wait_text("[data-testid=write-outcome] a", "Prüfen Sie Ihre Orders")
        .await;
    w.assert_no_page_error().await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_list_answers_after_leaving_do_not_crash() {
    let w = World::signed_in_with(slow_network(1200), DESKTOP, FULL_KEY, "/market/orders").await;
    w.find("a[href='/market/trades']").await;
    w.watch_errors().await;
    // Leave before the first page of orders arrives, twice in a row.
    w.follow("/market/trades").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    w.follow("/history").await;
    tokio::time::sleep(Duration::from_millis(4000)).await;
    w.follow("/market").await;
    w.find("a[href='/market/trades']").await;
    w.follow("/market/trades").await;
    w.find("[data-testid=trade-row]").await;
    w.assert_no_page_error().await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect_never_sends_the_visitor_off_the_site() {
    let w = World::start().await;
    for next in ["/%09/evil.example", "/%0A/evil.example", "/%5Cevil.example"] {
        w.goto(&format!("/connect?next={next}")).await;
        w.submit_key(FULL_KEY).await;
        let link = w.find("#continue-to-portfolio").await;
        assert_eq!(link.attr("href").await.unwrap().as_deref(), Some("/"));
        w.js("sessionStorage.clear(); return true;").await;
    }
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_idle_too_long_is_forgotten_when_the_tab_is_restored() {
    let w = World::start().await;
    w.connect(FULL_KEY).await;
    // As if the tab had been closed two hours ago and restored now.
    w.js("sessionStorage.setItem('folio.last_activity', String(Date.now() - 2 * 3600 * 1000)); return true;")
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
    let w = World::start().await;
    w.connect(FULL_KEY).await;
    // Connecting probes the exchange's Trade scope with an empty order: not an order.
    w.server.clear_requests();
    w.set_session_item("folio.write_timeout_ms", "1500").await;
    w.goto("/market?pair=BTC-EUR").await;
    w.find("#order-size").await;
    w.watch_errors().await;
    let price = resting_buy_price(&w).await;
    w.server.inject(folio_sandbox::Fault::of_kind(
        "/account/orders",
        folio_sandbox::FaultKind::Hang,
        1,
    ));
    order_form(&w, "buy", "Limit", "0.01", Some(&price.to_string())).await;
    review_and_confirm(&w).await;
    w.wait_text("#order-result", "No answer came back").await;
    // The form was cleared: Review + Place cannot send the same order by accident.
    let size = w
        .js("return document.querySelector('#order-size').value;")
        .await;
    assert_eq!(size.as_str(), Some(""));
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(
        w.sent("POST", "/account/orders"),
        0,
        "the hung request is still open and nothing was sent again"
    );
    w.assert_no_page_error().await;
    w.close().await;
}
