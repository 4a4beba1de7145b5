//! The watchlist: an asset found by its symbol or starred on its page is followed with its
//! price (read without the key) and its change over 24 hours; the list is kept in
//! `localStorage` as asset ids and nothing else, survives a reload and a new tab (which has no
//! key: the change then says it needs one), sorts by price, and "Forget watchlist" empties it.

use crate::support::{World, FULL_KEY};

/// The ids of the watched rows, top to bottom.
async fn rows(w: &World) -> Vec<String> {
    let ids = w
        .js("return Array.from(document.querySelectorAll('[data-testid=watched]')).map(r => r.dataset.id)")
        .await;
    serde_json::from_value(ids).expect("a list of ids")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_starred_asset_is_followed_across_reloads_and_tabs_and_forgotten_on_request() {
    let w = World::signed_in(FULL_KEY, "/watchlist").await;
    w.wait_text(".watchlist-page", "You follow no asset yet")
        .await;
    let held = w.server.ledger().portfolio("EUR");
    let id_of = |symbol: &str| {
        held.iter()
            .find(|p| p.symbol == symbol)
            .map(|p| p.id.clone())
            .expect("the demo account holds it")
    };
    let (btc, eth) = (id_of("BTC"), id_of("ETH"));

    // A symbol that cannot be one is refused at the field; nothing is asked.
    let asked = w.sent("GET", "/v1/assets");
    w.fill("#watch-symbol", "BT C/").await;
    w.click("#watch-find").await;
    w.wait_text("#watch-symbol-error", "1 to 24 letters").await;
    assert_eq!(w.sent("GET", "/v1/assets"), asked, "nothing sent");

    // Ethereum found by its symbol (typed in lower case) and starred.
    w.fill("#watch-symbol", "eth").await;
    w.click("#watch-find").await;
    w.wait_text("[data-testid=watch-match]", "Ethereum").await;
    w.click("[data-testid=watch-match] .watch-star").await;
    w.wait_js_true("document.querySelectorAll('[data-testid=watched]').length === 1")
        .await;

    // Bitcoin starred on its own page.
    w.goto("/assets/BTC").await;
    w.wait_text("#asset-title", "Bitcoin").await;
    w.click(".asset-actions .watch-star").await;
    w.wait_js_true(
        "document.querySelector('.asset-actions .watch-star').getAttribute('aria-pressed') === 'true'",
    )
    .await;

    // The browser keeps the two ids and nothing else: no amount, no key.
    let stored = w.js("return localStorage.getItem('folio.watchlist')").await;
    assert_eq!(
        stored.as_str(),
        Some(serde_json::json!([eth, btc]).to_string().as_str())
    );
    let (_, local) = w.storages().await;
    let local: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&local).expect("localStorage as JSON");
    assert_eq!(local.keys().collect::<Vec<_>>(), ["folio.watchlist"]);
    assert!(!local["folio.watchlist"].to_string().contains(FULL_KEY));

    // After a reload both are listed with a price; the prices were read without the key.
    w.server.clear_requests();
    w.goto("/watchlist").await;
    w.wait_js_true("document.querySelectorAll('[data-testid=watched] td[data-value]:not([data-value=\"\"])').length >= 2")
        .await;
    // Sorted by name at first: Bitcoin, then Ethereum.
    assert_eq!(rows(&w).await, [btc.clone(), eth.clone()]);
    w.assert_accessible("the watchlist").await;
    let tickers: Vec<_> = w
        .server
        .requests()
        .into_iter()
        .filter(|r| r.path.contains("/v1/tickers/"))
        .collect();
    assert!(tickers.len() >= 2, "{tickers:?}");
    assert!(
        tickers
            .iter()
            .all(|r| r.api_key.as_deref().unwrap_or("").is_empty()),
        "prices are read without the key: {tickers:?}"
    );
    // With a key, bitcoin's change over 24 hours comes from the exchange's BTC_EUR candles.
    w.wait_js_true(&format!(
        "document.querySelector('[data-id=\"{btc}\"] td:nth-of-type(2)').dataset.value !== ''"
    ))
    .await;

    // Sorted by price, highest first: bitcoin above ether.
    w.click("#watchlist-table th:nth-of-type(2) .sort-button")
        .await;
    w.wait_js_true(&format!(
        "document.querySelector('[data-testid=watched]').dataset.id === '{btc}'"
    ))
    .await;

    // A new tab (no key in it) follows the same list; the change then says it needs a key.
    let first = w.browser.window().await.expect("this window");
    let tab = w.browser.new_window(true).await.expect("a new tab").handle;
    w.browser.switch_to_window(tab).await.expect("to the tab");
    w.goto("/watchlist").await;
    w.wait_js_true("document.querySelectorAll('[data-testid=watched]').length === 2")
        .await;
    w.wait_text(&format!("[data-id=\"{btc}\"]"), "needs a key")
        .await;
    assert_eq!(
        w.js("return sessionStorage.getItem('folio.key')").await,
        serde_json::Value::Null
    );
    w.browser.close_window().await.expect("closes the tab");
    w.browser.switch_to_window(first).await.expect("back");

    // Forget watchlist: the list and the browser's item are gone.
    w.click("#watch-forget").await;
    w.wait_text(".watchlist-page", "You follow no asset yet")
        .await;
    assert_eq!(
        w.js("return localStorage.getItem('folio.watchlist')").await,
        serde_json::Value::Null
    );
    w.assert_no_page_error().await;
    w.close().await;
}
