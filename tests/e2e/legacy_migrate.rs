//! Moving to the current API: the migration table and key check, the reconciliation (all
//! equal on the default sandbox without its tax cases, the deliberate discrepancy reported),
//! and the combined timeline on Operations counting an event in both APIs once. (The tax
//! cases hold a 2020 BTC buy only the legacy API lists: one more legacy buy, and legacy-only
//! records in the timeline; `crates/client/tests/against_sandbox/legacy_reconcile.rs` checks
//! that natively.)

use folio_client::current::OperationsQuery;
use folio_client::legacy::reconcile::{reconcile, LegacyWallets, Outcome, Period, Reconciliation};
use folio_client::legacy::LegacyTradesQuery;
use folio_client::AssetId;
use folio_sandbox::Config;
use rust_decimal::Decimal;

use crate::support::{config, World, DESKTOP, FULL_KEY};

/// The default sandbox without the tax cases: both APIs list the same operations.
fn consistent() -> Config {
    Config {
        tax_cases: false,
        ..config()
    }
}

/// The reconciliation a native client computes from the same sandbox.
async fn native_reconciliation(w: &World) -> (Reconciliation, usize) {
    let api = w.api();
    let crypto = api.legacy().wallets().await.expect("wallets");
    let fiat = api.legacy().fiat_wallets().await.expect("fiat wallets");
    let grouped = api.legacy().asset_wallets().await.expect("asset wallets");
    let all = LegacyTradesQuery {
        page_size: Some(500),
        ..Default::default()
    };
    let trades = api.legacy().trades_all(&all).await.expect("trades");
    let positions = api.current().portfolio(None).await.expect("portfolio");
    let mut ops = Vec::new();
    let query = OperationsQuery {
        page_size: Some(100),
        ..Default::default()
    };
    api.current()
        .operations_paginator(query)
        .run(None, |page, _| ops.extend(page))
        .await
        .expect("operations");
    let ids: Vec<AssetId> = positions
        .iter()
        .filter_map(|p| p.asset_id.clone())
        .collect();
    let assets = api.current().assets_by_ids(&ids).await.expect("assets");
    let currencies = api.current().currencies().await.expect("currencies");
    let symbol_of = |id: &str| {
        let asset = assets
            .iter()
            .find(|a| a.id.as_str() == id)
            .and_then(|a| a.symbol.clone());
        asset.or_else(|| {
            currencies
                .iter()
                .find(|c| c.id.as_str() == id)
                .and_then(|c| c.symbol.clone())
        })
    };
    let wallets = LegacyWallets {
        crypto: &crypto,
        metal: &grouped.metal,
        fiat: &fiat,
    };
    let count = ops.len();
    (
        reconcile(
            wallets,
            &trades,
            &positions,
            &ops,
            symbol_of,
            Period::default(),
        ),
        count,
    )
}

/// On the migration page: runs the comparison and checks every row against the native one.
async fn compare(w: &World) -> Reconciliation {
    w.find("[data-testid=migration-table]").await;
    w.click("#reconcile-start").await;
    w.find("#reconcile-summary").await;
    let (expected, _) = native_reconciliation(w).await;
    for row in &expected.balances {
        let css = format!(
            "[data-testid=reconcile-balance][data-symbol='{}']",
            row.symbol
        );
        assert_eq!(
            Some(w.value(&format!("{css} td.current")).await),
            row.current,
            "{css}"
        );
        if let Some(legacy) = row.legacy {
            assert_eq!(w.value(&format!("{css} td.legacy")).await, legacy, "{css}");
            assert_eq!(
                w.value(&format!("{css} td.difference")).await,
                row.current.expect("a comparable balance") - legacy
            );
        }
    }
    for row in &expected.trades {
        let css = format!("[data-testid=reconcile-trades][data-kind='{:?}']", row.kind);
        assert_eq!(
            w.value(&format!("{css} td.legacy")).await,
            Decimal::from(row.legacy as u64)
        );
        assert_eq!(
            w.value(&format!("{css} td.current")).await,
            Decimal::from(row.current as u64)
        );
    }
    expected
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconciliation_finds_both_apis_equal() {
    let w = World::signed_in_with(consistent(), DESKTOP, FULL_KEY, "/legacy-api/migrate").await;
    let expected = compare(&w).await;
    assert!(expected.all_equal());
    let summary = w.find("#reconcile-summary").await;
    assert_eq!(
        summary.attr("data-all-equal").await.unwrap().as_deref(),
        Some("true")
    );
    let compared = expected
        .balances
        .iter()
        .filter(|b| b.outcome != Outcome::NotInLegacy)
        .count();
    w.wait_text(
        "#reconcile-summary",
        &format!("All {compared} balances and 4 trade counts match"),
    )
    .await;
    // Every legacy view links to its replacement; the full key has both write permissions.
    w.find("[data-testid=migration-row][data-current-page='/operations'] a[href='/operations']")
        .await;
    w.wait_text("#key-trade-write", "Yes").await;
    w.wait_text("#key-earn-write", "Yes").await;
    w.assert_accessible("the migration page").await;
    w.screenshot("legacy-migrate-1280").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconciliation_reports_the_discrepancy() {
    let discrepancy = Config {
        legacy_discrepancy: true,
        ..consistent()
    };
    let w = World::signed_in_with(discrepancy, DESKTOP, FULL_KEY, "/legacy-api/migrate").await;
    let expected = compare(&w).await;
    assert_eq!(expected.differences(), 2, "one wallet and the buy count");
    let summary = w.find("#reconcile-summary").await;
    assert_eq!(
        summary.attr("data-all-equal").await.unwrap().as_deref(),
        Some("false")
    );
    assert_eq!(
        summary.attr("data-differences").await.unwrap().as_deref(),
        Some("2")
    );
    w.wait_text("#reconcile-summary", "2 differences").await;
    let wallet = expected
        .balances
        .iter()
        .find(|b| b.outcome == Outcome::Difference)
        .expect("a difference");
    let css = format!(
        "[data-testid=reconcile-balance][data-symbol='{}']",
        wallet.symbol
    );
    w.wait_text(
        &format!("{css}[data-outcome=difference] td.outcome"),
        "Difference",
    )
    .await;
    assert_eq!(
        w.value(&format!("{css} td.difference")).await,
        "-0.01".parse::<Decimal>().unwrap()
    );
    w.wait_text(
        "[data-testid=reconcile-trades][data-kind=Buy][data-outcome=difference]",
        "Difference",
    )
    .await;
    w.js("document.querySelector('#reconcile-summary').scrollIntoView(); return true;")
        .await;
    w.screenshot("legacy-migrate-difference-1280").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn operations_include_legacy_records_once() {
    let w = World::signed_in_with(consistent(), DESKTOP, FULL_KEY, "/operations").await;
    w.find("#ops-status").await;
    w.click("#ops-include-legacy").await;
    w.wait_js_true("location.search.includes('source=all')")
        .await;
    let summary = w.find("#timeline-summary").await;
    let (_, operations) = native_reconciliation(&w).await;
    let attr = |name: &'static str| {
        let summary = summary.clone();
        async move { summary.attr(name).await.unwrap().unwrap_or_default() }
    };
    // Every legacy record is one of the current operations: nothing is counted twice.
    assert_eq!(attr("data-entries").await, operations.to_string());
    assert_eq!(attr("data-legacy").await, "0");
    assert!(attr("data-both").await.parse::<usize>().unwrap() > 0);
    w.wait_text(
        "[data-testid=timeline-entry][data-source=both] .badge-both",
        "Both APIs",
    )
    .await;
    let hidden = w
        .js("return document.querySelector('.ops-current').hidden;")
        .await;
    assert_eq!(hidden, serde_json::Value::Bool(true));
    w.screenshot("operations-with-legacy-1280").await;
    // Off again: the usual list, without the parameter.
    w.click("#ops-include-legacy").await;
    w.wait_js_true(
        "!location.search.includes('source=') && !document.querySelector('.ops-current').hidden",
    )
    .await;
    w.close().await;
}
