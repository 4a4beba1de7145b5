//! Legacy section: the wallets page shows the legacy balances exactly as a native client
//! reads them from the same sandbox, with the days-left banner; after the sunset the section
//! is calmly switched off while Portfolio keeps working; the pages fit a phone. (Lists are in
//! `legacy_lists.rs`, migration and the combined timeline in `legacy_migrate.rs`.)

use chrono::{TimeZone, Utc};
use folio_client::legacy::sunset;
use folio_sandbox::Config;
use serde_json::Value;

use crate::support::{config, World, DESKTOP, FULL_KEY, PHONE};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wallets_show_the_legacy_balances_exactly() {
    let w = World::signed_in(FULL_KEY, "/").await;
    w.find("#site-nav a[href='/legacy-api']").await;
    w.goto("/legacy-api").await;
    w.find("[data-testid=legacy-wallet]").await;
    let api = w.api();
    let crypto = api.legacy().wallets().await.expect("wallets").into_vec();
    let fiat = api.legacy().fiat_wallets().await.expect("fiat wallets");
    let grouped = api.legacy().asset_wallets().await.expect("asset wallets");
    assert!(!crypto.is_empty() && !fiat.is_empty() && !grouped.metal.is_empty());
    let groups = [
        ("legacy-wallet", &crypto),
        ("legacy-asset-wallet", &grouped.cryptocoin),
        ("legacy-metal-wallet", &grouped.metal),
    ];
    for (group, wallets) in groups {
        for wallet in wallets.iter() {
            let css = format!("[data-testid={group}][data-id='{}'] td.balance", wallet.id);
            assert_eq!(
                Some(w.value(&css).await),
                wallet.attributes.balance,
                "{css}"
            );
        }
    }
    for wallet in &fiat {
        let css = format!(
            "[data-testid=legacy-fiat-wallet][data-id='{}'] td.balance",
            wallet.id
        );
        assert_eq!(
            Some(w.value(&css).await),
            wallet.attributes.balance,
            "{css}"
        );
    }
    // Balances are shown with the scale the service sent (8 decimals), not rounded.
    let shown = w
        .text(&format!(
            "[data-testid=legacy-wallet][data-id='{}'] td.balance",
            crypto[0].id
        ))
        .await;
    assert_eq!(shown.split('.').nth(1).map(str::len), Some(8), "{shown}");
    let days = sunset::days_left(Utc::now().date_naive()).expect("before the sunset");
    let banner = w.find("[data-testid=sunset-banner]").await;
    assert_eq!(
        banner.attr("data-days-left").await.unwrap(),
        Some(days.to_string())
    );
    w.wait_text("[data-testid=sunset-banner]", "31 January 2027")
        .await;
    assert!(!w.url().await.contains(FULL_KEY));
    w.assert_accessible("the wallets").await;
    w.screenshot("legacy-wallets-1280").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_sunset_the_section_is_switched_off_and_portfolio_works() {
    let now = Utc.with_ymd_and_hms(2027, 2, 1, 0, 0, 0).unwrap();
    let after_sunset = Config {
        now: Some(now),
        ..config()
    };
    let w = World::signed_in_with(after_sunset, DESKTOP, FULL_KEY, "/").await;
    for page in ["/legacy-api", "/legacy-api/trades", "/legacy-api/migrate"] {
        w.goto(page).await;
        w.wait_text(
            "[data-testid=legacy-gone]",
            "The legacy API has been switched off",
        )
        .await;
        let noise = w.js("return document.querySelectorAll('[data-testid=error-view], [data-testid=sunset-banner]').length;").await;
        assert_eq!(noise, Value::from(0), "{page}");
        w.find("[data-testid=legacy-gone] a[href='/operations']")
            .await;
    }
    assert!(w
        .server
        .requests()
        .iter()
        .any(|r| r.path.starts_with("/legacy/") && r.status == 410));
    w.screenshot("legacy-gone-1280").await;
    // The combined timeline explains instead of failing, and the usual list stays.
    w.goto("/operations?source=all").await;
    w.wait_text("#ops-legacy-gone", "switched off").await;
    w.eventually(
        "return !document.querySelector('#ops-status').textContent.includes('(0 pages');",
        "operations",
    )
    .await;
    w.goto("/").await;
    w.find("#portfolio-total").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn legacy_pages_fit_a_phone() {
    let w = World::signed_in_with(
        config(),
        PHONE,
        FULL_KEY,
        "/legacy-api/commodity-transactions?page_size=10",
    )
    .await;
    w.find("[data-testid=legacy-commodity-transaction]").await;
    w.assert_fits_width("the metal transactions").await;
    w.assert_accessible("the metal transactions").await;
    w.screenshot("legacy-commodity-360").await;
    w.close().await;
}
