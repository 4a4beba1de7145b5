//! Portfolio: the total and every position equal the sandbox's own figures; the page is
//! accessible and works on a phone and on a desktop.

use crate::support::{config, figure, World, FULL_KEY, PHONE};

/// Fails unless the total and every row on screen equal the ledger's figures.
pub(crate) async fn assert_figures_match(w: &World) {
    // The API values asset rows only; fiat counts when it is in the valuation currency
    // (other fiat is listed apart, unconverted: the service gives no exchange rates).
    let positions = w.server.ledger().portfolio("EUR");
    assert!(
        positions.len() >= 3,
        "the demo account holds several positions"
    );
    let expected_total: rust_decimal::Decimal = positions
        .iter()
        .map(|p| match (p.is_fiat, p.value) {
            (false, Some(value)) => value.round_dp(2),
            (true, _) if p.symbol == "EUR" => p.balance,
            _ => rust_decimal::Decimal::ZERO,
        })
        .sum();
    let shown = w.text("#portfolio-total").await;
    assert_eq!(
        figure(&shown),
        expected_total.round_dp(2),
        "total {shown:?}"
    );

    // Read as text content: on a phone the balance is on the asset's page, not in the list.
    let content = |css: String| async move {
        let script = format!(
            "return document.querySelector({}).textContent",
            serde_json::Value::String(css.clone())
        );
        w.js(&script)
            .await
            .as_str()
            .unwrap_or_else(|| panic!("{css} is missing"))
            .to_string()
    };
    for p in positions.iter().filter(|p| !p.is_fiat) {
        let row = format!("[data-asset-symbol='{}']", p.symbol);
        let balance = content(format!("{row} .balance")).await;
        assert_eq!(
            figure(&balance),
            p.balance,
            "{} balance {balance:?}",
            p.symbol
        );
        let value = w.text(&format!("{row} .value")).await;
        let expected = p.value.expect("assets have a value");
        assert_eq!(
            figure(&value),
            expected.round_dp(2),
            "{} value {value:?}",
            p.symbol
        );
    }
    for p in positions.iter().filter(|p| p.is_fiat) {
        let row = format!("[data-currency-symbol='{}']", p.symbol);
        let balance = w.text(&format!("{row} .balance")).await;
        assert_eq!(
            figure(&balance),
            p.balance.round_dp(2),
            "{} balance {balance:?}",
            p.symbol
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn total_and_positions_equal_the_sandbox_on_desktop() {
    let w = World::signed_in(FULL_KEY, "/").await;
    assert_figures_match(&w).await;
    w.find("[data-testid=allocation-table]").await;
    // By asset class: the classes add up to the total exactly, cash among them.
    w.find("#class-table tr[data-class='cash']").await;
    let sum = w
        .js("return [...document.querySelectorAll('#class-table tr[data-class]')].map(r => r.dataset.value)")
        .await;
    let sum = sum
        .as_array()
        .expect("class values")
        .iter()
        .map(|v| {
            v.as_str()
                .expect("a value")
                .parse::<rust_decimal::Decimal>()
                .expect("a decimal")
        })
        .try_fold(rust_decimal::Decimal::ZERO, |a, v| a.checked_add(v))
        .expect("no overflow");
    assert_eq!(sum, w.value("#portfolio-total").await);
    w.find("#concentration").await;
    w.screenshot("portfolio-1280").await;
    w.assert_accessible("the portfolio").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn portfolio_works_on_a_360px_phone() {
    let w = World::signed_in_with(config(), PHONE, FULL_KEY, "/").await;
    assert_figures_match(&w).await;
    // A list: each row shows its name (a link to the asset's page), value and return; the
    // balance is on the asset's page.
    let hidden = w
        .js("return getComputedStyle(document.querySelector('[data-testid=position-row] .balance')).display")
        .await;
    assert_eq!(hidden.as_str(), Some("none"));
    w.find("[data-asset-symbol='BTC'] a.asset-link[href='/assets/BTC']")
        .await;
    w.assert_fits_width("the portfolio").await;
    w.screenshot("portfolio-360").await;
    w.close().await;
}

/// A reload asks for the positions only: the tab keeps the public catalogue it read
/// (currencies and asset names, `folio_client`'s `kept`), and the names are shown as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_asks_only_for_the_positions_and_keeps_the_names() {
    let w = World::signed_in(FULL_KEY, "/").await;
    assert_figures_match(&w).await;
    let row = "[data-asset-symbol='BTC']";
    let first = w.text(row).await;
    let catalogue_reads = |from: usize| -> (usize, usize) {
        let after = &w.server.requests()[from..];
        let catalogue = after
            .iter()
            .filter(|r| r.path == "/public/v1/currencies" || r.path == "/public/v1/assets")
            .count();
        let positions = after
            .iter()
            .filter(|r| r.path == "/public/v1/portfolio")
            .count();
        (catalogue, positions)
    };
    let before = w.server.requests().len();
    assert!(
        w.storages()
            .await
            .0
            .contains(folio_client::KEPT_ITEM_PREFIX),
        "the catalogue is kept in the tab"
    );

    w.goto("/").await;
    assert_figures_match(&w).await;
    assert_eq!(w.text(row).await, first, "the asset is named as before");
    assert_eq!(
        catalogue_reads(before),
        (0, 1),
        "(catalogue reads, positions reads) after the reload"
    );
    w.close().await;
}
