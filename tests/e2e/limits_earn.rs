//! Limits and Earn (and the Trade page on a phone): setting limits once (gauge, 409 explained), stake then unstake moving
//! the available balance with both in operations, a read-only key that cannot reach any
//! write, and the pages' accessibility at desktop and phone sizes.

use folio_client::current::LimitsRequest;
use folio_client::CurrencyId;
use rust_decimal::Decimal;

use crate::money::*;
use crate::support::{config, start, start_with, World, FULL_KEY, READ_KEY};

fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

async fn fill_limits(w: &World, buy: &str, sell: &str) {
    fill(w, "#buy-limit-input", buy).await;
    fill(w, "#sell-limit-input", sell).await;
    click(w, "#review-limits").await;
    w.find("#confirm-limits[role=dialog]").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn set_limits_shows_the_gauge() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();
    w.goto("/limits").await;
    w.wait_text("#limits-permanent", "Permanent").await;
    fill_limits(&w, "100", "50").await;
    // Confirm stays disabled until both amounts are typed again, exactly.
    let confirm = w.find("#confirm-limits-confirm").await;
    assert!(confirm.attr("disabled").await.unwrap().is_some());
    fill(&w, "#limits-confirm-buy", "100").await;
    fill(&w, "#limits-confirm-sell", "5").await;
    assert!(confirm.attr("disabled").await.unwrap().is_some());
    fill(&w, "#limits-confirm-sell", "50.00").await;
    w.wait_text("#limits-confirm-sell-read", "50.00 EUR").await;
    click(&w, "#confirm-limits-confirm").await;
    w.wait_text("#buy-limit", "100.00").await;
    w.wait_text("[data-testid=buy-budget]", "100.00 of 100.00 EUR")
        .await;
    w.wait_text("[data-testid=sell-budget]", "50.00 of 50.00 EUR")
        .await;
    let meter = w.find("[data-testid=buy-budget] [role=meter]").await;
    assert_eq!(
        meter.attr("aria-valuenow").await.unwrap().as_deref(),
        Some("100")
    );
    assert_eq!(count(&w, "POST", "/trading-limits"), 1);
    let violations = w.axe_violations().await;
    assert!(violations.is_empty(), "axe: {violations:#?}");
    w.screenshot("limits-1280").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_set_is_explained() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();
    w.goto("/limits").await;
    fill_limits(&w, "100", "50").await;
    fill(&w, "#limits-confirm-buy", "100").await;
    fill(&w, "#limits-confirm-sell", "50").await;
    // Meanwhile the limits are set from elsewhere.
    let other = LimitsRequest {
        buy_limit: d("7"),
        sell_limit: d("3"),
        currency_id: CurrencyId::eur(),
    };
    api(&w)
        .current()
        .set_trading_limits(&other)
        .await
        .expect("set");
    click(&w, "#confirm-limits-confirm").await;
    w.wait_text("[data-testid=limits-notice]", "already set")
        .await;
    w.wait_text("#buy-limit", "7.00").await;
    assert_eq!(
        w.server
            .requests()
            .iter()
            .filter(|r| r.path.contains("/trading-limits") && r.status == 409)
            .count(),
        1
    );
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stake_then_unstake_moves_the_available_balance() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();
    let eth = asset_id(&w, "ETH");
    let (balance, available) = holding(&w, "ETH");
    w.goto("/earn").await;
    let flexible = w
        .find("[data-testid=earn-row][data-asset-symbol='ETH']")
        .await;
    let config_id = flexible.attr("data-config-id").await.unwrap().unwrap();
    w.wait_text(
        "[data-testid=earn-row][data-asset-symbol='ETH'] .apr",
        "3.1 %",
    )
    .await;
    let violations = w.axe_violations().await;
    assert!(violations.is_empty(), "axe: {violations:#?}");
    // Filters narrow the table.
    choose(&w, "#earn-type-filter", "LOCKED").await;
    w.wait_text("#earn-table", "LOCKED").await;
    assert!(!w.text("#earn-table tbody").await.contains("FLEXIBLE"));
    assert!(w.url().await.contains("type=LOCKED"));
    choose(&w, "#earn-type-filter", "").await;

    // Too much is refused at the field, nothing sent.
    choose(&w, "#earn-config", &config_id).await;
    fill(&w, "#earn-amount", "100000").await;
    click(&w, "#review-earn").await;
    w.wait_text("[data-testid=earn-error]", "more than").await;
    assert!(posts(&w).iter().all(|p| !p.contains("/earn/")));

    fill(&w, "#earn-amount", "0.1").await;
    click(&w, "#review-earn").await;
    click(&w, "#confirm-earn-confirm").await;
    w.wait_text("[data-testid=earn-result]", "Done").await;
    // The result replaced the dialog that had focus: keyboard focus lands on it.
    w.wait_js_true(
        "document.activeElement && document.activeElement.dataset.testid === 'earn-result'",
    )
    .await;
    assert_eq!(holding(&w, "ETH"), (balance, available - d("0.1")));
    w.wait_text(
        "[data-testid=earn-row][data-asset-symbol='ETH'] .staked",
        "0.1",
    )
    .await;
    // The portfolio notes the staked part.
    w.goto("/").await;
    w.wait_text(
        "[data-asset-symbol='ETH'] [data-testid=staked-note]",
        "staked",
    )
    .await;

    w.goto("/earn").await;
    choose(&w, "#earn-config", &config_id).await;
    click(&w, "#earn-unstake").await;
    fill(&w, "#earn-amount", "0.1").await;
    click(&w, "#review-earn").await;
    click(&w, "#confirm-earn-confirm").await;
    w.wait_text("[data-testid=earn-result]", "Unstake").await;
    assert_eq!(holding(&w, "ETH"), (balance, available));
    let ops = operations_of(&w, &eth).await;
    let kinds: Vec<String> = ops
        .iter()
        .take(2)
        .map(|o| {
            o.operation_type
                .as_ref()
                .map(|t| t.as_str().to_string())
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(kinds, ["unstake", "stake"]);
    assert_eq!(count(&w, "POST", "/earn/actions"), 2);
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_key_cannot_reach_any_write() {
    let w = start().await;
    w.connect(READ_KEY).await;
    w.server.clear_requests();
    w.goto("/trade").await;
    w.wait_text("[data-testid=read-only]", "Trade (Write)")
        .await;
    fill(&w, "#asset-search", "BTC").await;
    click(&w, "#asset-search-button").await;
    click(&w, "#asset-results button[data-symbol='BTC']").await;
    w.wait_text("#ticker-price", "EUR").await;
    assert!(w
        .browser
        .find(fantoccini::Locator::Css("#get-quote"))
        .await
        .is_err());
    w.goto("/limits").await;
    w.wait_text("[data-testid=read-only]", "Trade (Write)")
        .await;
    assert!(w
        .browser
        .find(fantoccini::Locator::Css("#review-limits"))
        .await
        .is_err());
    w.goto("/earn").await;
    w.wait_text("[data-testid=read-only]", "Earn (Write)").await;
    w.find("[data-testid=earn-row]").await;
    assert!(w
        .browser
        .find(fantoccini::Locator::Css("#review-earn"))
        .await
        .is_err());
    assert!(posts(&w).is_empty(), "writes sent: {:?}", posts(&w));
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_are_accessible_and_fit_a_phone() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();
    for path in ["/trade", "/limits", "/earn"] {
        w.goto(path).await;
        w.find("h1").await;
        w.find(".card").await;
        let violations = w.axe_violations().await;
        assert!(violations.is_empty(), "axe on {path}: {violations:#?}");
    }
    w.close().await;
    let w = start_with(config(), 360, 740).await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();
    for (path, name) in [
        ("/trade", "trade"),
        ("/limits", "limits"),
        ("/earn", "earn"),
    ] {
        w.goto(path).await;
        w.find(".card").await;
        let overflow = w
            .js("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
            .await;
        assert!(
            overflow.as_i64().unwrap_or(0) <= 0,
            "{path} scrolls sideways by {overflow}"
        );
        w.screenshot(&format!("{name}-360")).await;
    }
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trade_page_fits_a_360px_phone() {
    let w = start_with(config(), 360, 740).await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();
    w.goto("/trade").await;
    order(&w, "BTC", "buy", "notional", "25.00").await;
    quote(&w).await;
    let overflow = w
        .js("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
        .await;
    assert!(
        overflow.as_i64().unwrap_or(0) <= 0,
        "sideways scroll {overflow}"
    );
    w.screenshot("trade-quote-360").await;
    click(&w, "#accept-quote").await;
    w.find("#confirm-accept[role=dialog]").await;
    w.screenshot("trade-confirm-360").await;
    w.close().await;
}
