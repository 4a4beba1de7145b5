//! Limits and Earn (and the Trade page on a phone): setting limits once (gauge, 409 explained), stake then unstake moving
//! the available balance with both in operations, a read-only key that cannot reach any
//! write, and the pages' accessibility at desktop and phone sizes.

use folio_client::current::LimitsRequest;
use folio_client::CurrencyId;
use rust_decimal::Decimal;

use crate::money_moves::*;
use crate::support::{config, World, FULL_KEY, PHONE, READ_KEY};

fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

/// Types both permanent limits and opens the confirmation.
async fn fill_limits(w: &World, buy: &str, sell: &str) {
    w.fill("#buy-limit-input", buy).await;
    w.fill("#sell-limit-input", sell).await;
    w.click("#review-limits").await;
    w.find("#confirm-limits[role=dialog]").await;
}

/// Types an Earn amount, reviews and confirms (stake or unstake, as chosen).
async fn stake_or_unstake(w: &World, amount: &str) {
    w.fill("#earn-amount", amount).await;
    w.click("#review-earn").await;
    w.click("#confirm-earn-confirm").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn set_limits_shows_the_gauge() {
    let w = World::signed_in(FULL_KEY, "/limits").await;
    w.wait_text("#limits-permanent", "Permanent").await;
    fill_limits(&w, "100", "50").await;
    // Confirm stays disabled until both amounts are typed again, exactly.
    let confirm = w.find("#confirm-limits-confirm").await;
    assert!(confirm.attr("disabled").await.unwrap().is_some());
    w.fill("#limits-confirm-buy", "100").await;
    w.fill("#limits-confirm-sell", "5").await;
    assert!(confirm.attr("disabled").await.unwrap().is_some());
    w.fill("#limits-confirm-sell", "50.00").await;
    w.wait_text("#limits-confirm-sell-read", "€50.00").await;
    w.click("#confirm-limits-confirm").await;
    w.wait_text("#buy-limit", "100.00").await;
    w.wait_text("[data-testid=buy-budget]", "100.00 of €100.00")
        .await;
    w.wait_text("[data-testid=sell-budget]", "50.00 of €50.00")
        .await;
    let meter = w.find("[data-testid=buy-budget] [role=meter]").await;
    assert_eq!(
        meter.attr("aria-valuenow").await.unwrap().as_deref(),
        Some("100")
    );
    assert_eq!(w.sent("POST", "/trading-limits"), 1);
    w.assert_accessible("Limits").await;
    w.screenshot("limits-1280").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_set_is_explained() {
    let w = World::signed_in(FULL_KEY, "/limits").await;
    fill_limits(&w, "100", "50").await;
    w.fill("#limits-confirm-buy", "100").await;
    w.fill("#limits-confirm-sell", "50").await;
    // Meanwhile the limits are set from elsewhere.
    let other = LimitsRequest {
        buy_limit: d("7"),
        sell_limit: d("3"),
        currency_id: CurrencyId::eur(),
    };
    w.api()
        .current()
        .set_trading_limits(&other)
        .await
        .expect("set");
    w.click("#confirm-limits-confirm").await;
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
    // The history without the tax cases: ETH has nothing staked before the test stakes 0.1.
    let history = folio_sandbox::Config {
        tax_cases: false,
        ..crate::support::config()
    };
    let w = World::signed_in_with(history, crate::support::DESKTOP, FULL_KEY, "/earn").await;
    let eth = asset_id(&w, "ETH");
    let (balance, available) = holding(&w, "ETH");
    let flexible = w
        .find("[data-testid=earn-row][data-asset-symbol='ETH']")
        .await;
    let config_id = flexible.attr("data-config-id").await.unwrap().unwrap();
    w.wait_text(
        "[data-testid=earn-row][data-asset-symbol='ETH'] .apr",
        "3.1 %",
    )
    .await;
    w.assert_accessible("Earn").await;
    // Filters narrow the table.
    w.choose("#earn-type-filter", "LOCKED").await;
    w.wait_text("#earn-table tbody .type", "Locked").await;
    let shown = w.text("#earn-table tbody").await;
    assert!(
        !shown.contains("Flexible") && !shown.contains("LOCKED"),
        "{shown}"
    );
    assert!(shown.contains("Staking"), "the mode in words: {shown}");
    assert!(w.url().await.contains("type=LOCKED"));
    w.choose("#earn-type-filter", "").await;

    // Too much is refused at the field, nothing sent.
    w.choose("#earn-config", &config_id).await;
    w.fill("#earn-amount", "100000").await;
    w.click("#review-earn").await;
    w.wait_text("#earn-amount-error", "more than").await;
    assert_eq!(w.sent("POST", "/earn/"), 0);

    stake_or_unstake(&w, "0.1").await;
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
    w.choose("#earn-config", &config_id).await;
    w.click("#earn-unstake").await;
    stake_or_unstake(&w, "0.1").await;
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
    assert_eq!(w.sent("POST", "/earn/actions"), 2);
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_key_cannot_reach_any_write() {
    let w = World::signed_in(READ_KEY, "/trade").await;
    w.wait_text("[data-testid=read-only]", "Trade (Write)")
        .await;
    pick_asset(&w, "BTC").await;
    w.wait_text("#ticker-price", "€").await;
    assert!(w.is_absent("#get-quote").await);
    w.goto("/limits").await;
    w.wait_text("[data-testid=read-only]", "Trade (Write)")
        .await;
    assert!(w.is_absent("#review-limits").await);
    w.goto("/earn").await;
    w.wait_text("[data-testid=read-only]", "Earn (Write)").await;
    w.find("[data-testid=earn-row]").await;
    assert!(w.is_absent("#review-earn").await);
    assert!(w.writes().is_empty(), "writes sent: {:?}", w.writes());
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_are_accessible_and_fit_a_phone() {
    let w = World::signed_in(FULL_KEY, "/").await;
    for path in ["/trade", "/limits", "/earn"] {
        w.goto(path).await;
        w.find("h1").await;
        w.find(".card").await;
        w.assert_accessible(path).await;
    }
    w.close().await;
    let w = World::signed_in_with(config(), PHONE, FULL_KEY, "/").await;
    for (path, name) in [
        ("/trade", "trade"),
        ("/limits", "limits"),
        ("/earn", "earn"),
    ] {
        w.goto(path).await;
        w.find(".card").await;
        w.assert_fits_width(path).await;
        w.screenshot(&format!("{name}-360")).await;
    }
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trade_page_fits_a_360px_phone() {
    let w = World::signed_in_with(config(), PHONE, FULL_KEY, "/trade").await;
    order(&w, "BTC", "buy", "notional", "25.00").await;
    quote(&w).await;
    w.assert_fits_width("the quote").await;
    w.screenshot("trade-quote-360").await;
    open_accept_dialog(&w).await;
    w.screenshot("trade-confirm-360").await;
    w.close().await;
}
