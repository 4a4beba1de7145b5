//! An asset's page: reached from a portfolio row and left with Back, its figures are the
//! sandbox's own (and the portfolio's), its period choice is kept in the address, a read-only
//! key sees no Buy, sell or Stake, and an asset without an exchange market says why there is
//! no chart.

use crate::support::{figure, World, FULL_KEY, READ_KEY};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn from_a_portfolio_row_to_the_asset_page_and_back() {
    let w = World::signed_in(FULL_KEY, "/").await;
    let btc = w
        .server
        .ledger()
        .portfolio("EUR")
        .into_iter()
        .find(|p| p.symbol == "BTC")
        .expect("the demo account holds bitcoin");
    let row = "[data-asset-symbol='BTC']";
    let row_value = figure(&w.text(&format!("{row} .value")).await);
    w.click(&format!("{row} a.asset-link")).await;
    w.wait_text("#asset-title", "Bitcoin").await;
    assert!(w.url().await.ends_with("/assets/BTC"), "{}", w.url().await);

    // The holding is the portfolio's: the same balance, available and value.
    assert_eq!(w.value("#asset-balance").await, btc.balance);
    assert_eq!(w.value("#asset-available").await, btc.available);
    let value = w.value("#asset-value").await;
    assert_eq!(Some(value), btc.value);
    assert_eq!(value.round_dp(2), row_value);
    // The price now is the catalogue's ticker (above zero), and the class is in words.
    assert!(w.value("#asset-price").await > rust_decimal::Decimal::ZERO);
    assert_eq!(w.text("#asset-class").await, "Crypto");

    // Its price over a day from the exchange's BTC_EUR candles, then over a week.
    w.find("#asset-prices-table tbody tr").await;
    let day_rows = w
        .js("return document.querySelectorAll('#asset-prices-table tbody tr').length")
        .await;
    assert_eq!(day_rows.as_u64(), Some(96), "a day of 15-minute candles");
    w.click("#period-week").await;
    w.wait_js_true("location.search === '?period=week'").await;
    w.wait_js_true("document.querySelectorAll('#asset-prices-table tbody tr').length === 168")
        .await;

    // The ways on: its operations, its market, Trade and Earn, each with the asset chosen.
    let href = |id: &str| format!("return document.querySelector('{id}').getAttribute('href')");
    assert_eq!(
        w.js(&href("#asset-operations")).await.as_str(),
        Some("/operations?asset=BTC")
    );
    assert_eq!(
        w.js(&href("#asset-trade")).await.as_str(),
        Some("/trade?asset=BTC")
    );
    assert_eq!(
        w.js(&href("[data-testid=asset-market]")).await.as_str(),
        Some("/market?pair=BTC_EUR")
    );

    // Its operations: the list filtered to bitcoin, each opened operation leading back here.
    w.click("#asset-operations").await;
    w.wait_js_true("location.search === '?asset=BTC'").await;
    w.click(".op-row .op-open").await;
    w.find("[data-testid=op-asset-link][href='/assets/BTC']")
        .await;
    w.js("history.back()").await;
    w.wait_text("#asset-title", "Bitcoin").await;

    // Trade opens with bitcoin chosen.
    w.click("#asset-trade").await;
    w.wait_text("#picked-asset", "(BTC)").await;

    // Back returns to the asset's page, and again to the portfolio, whose row is still there.
    w.js("history.back()").await;
    w.wait_text("#asset-title", "Bitcoin").await;
    w.js("history.back()").await;
    w.find(row).await;
    assert!(w.url().await.ends_with('/'), "{}", w.url().await);
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_key_sees_no_trade_or_stake_and_a_stock_explains_its_missing_chart() {
    let w = World::signed_in(READ_KEY, "/assets/ETH").await;
    w.wait_text("#asset-title", "Ethereum").await;
    w.find("#asset-offers [data-testid=asset-offer]").await;
    assert!(w.is_absent("#asset-trade").await, "no Buy or sell");
    assert!(w.is_absent("#asset-stake").await, "no Stake");

    w.goto("/assets/aapl").await;
    w.wait_text("#asset-title", "Apple").await;
    let why = w.text("#asset-no-chart").await;
    assert!(why.contains("no market for AAPL"), "{why}");
    assert_eq!(w.text("#asset-isin").await, "US0378331005");
    w.find("#asset-no-staking").await;
    assert!(w.is_absent("#asset-trade").await, "no Buy or sell");

    w.goto("/assets/NOSUCHCOIN").await;
    w.wait_text("#asset-title", "Asset not found").await;
    w.close().await;
}

/// The rows of the table `css` as the text of their cells.
async fn cells(w: &World, css: &str) -> Vec<Vec<String>> {
    let rows = w
        .js(&format!(
            "return Array.from(document.querySelectorAll('{css}')).map(tr => Array.from(tr.cells).map(c => c.textContent.trim()))"
        ))
        .await;
    serde_json::from_value(rows).expect("rows of cells")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_assets_lots_are_the_open_lots_insights_lists_for_it_under_either_rule_set() {
    let w = World::signed_in(FULL_KEY, "/").await;
    for rules in ["de", "at"] {
        // Insights' open lots of bitcoin (the asset column dropped).
        w.goto(&format!("/insights?rules={rules}")).await;
        w.find("#insights-report").await;
        w.click("#insights-lots-list summary").await;
        w.find("#insights-lots-list tbody tr").await;
        assert!(w.is_absent("#insights-lots-more").await, "every lot drawn");
        let insights: Vec<Vec<String>> = cells(&w, "#insights-lots-list tbody tr")
            .await
            .into_iter()
            .filter(|row| row[0] == "BTC")
            .map(|row| row[1..].to_vec())
            .collect();
        assert!(!insights.is_empty(), "the demo account holds bitcoin lots");

        // The asset's page lists the same lots under the same rules.
        w.goto(&format!("/assets/BTC?rules={rules}")).await;
        w.find("#asset-lots-table tbody tr").await;
        assert_eq!(
            cells(&w, "#asset-lots-table tbody tr").await,
            insights,
            "{rules}"
        );
        let chosen = w
            .js("return document.querySelector('#asset-lots-rules').value")
            .await;
        assert_eq!(chosen.as_str(), Some(rules));

        // What is sellable tax-free today is the lots whose tax-free day has come.
        let free: rust_decimal::Decimal = insights
            .iter()
            .filter(|row| row.last().map(String::as_str) == Some("now"))
            .map(|row| figure(&row[1]))
            .sum();
        assert_eq!(w.value("#asset-free-today").await, free, "{rules}");
        let count = figure(&w.text("#asset-lots-count").await);
        assert_eq!(count, rust_decimal::Decimal::from(insights.len()));
    }
    // The rule set is switched on the page itself, and kept in the address.
    w.choose("#asset-lots-rules", "de").await;
    w.wait_js_true("location.search === '?rules=de'").await;
    w.find("#asset-lots-table tbody tr").await;
    w.assert_accessible("an asset's lots").await;
    w.close().await;
}

/// "Showing N of M loaded operations": (N, M).
async fn showing(w: &World) -> (u64, u64) {
    let status = w.text("#ops-status").await;
    let numbers: Vec<u64> = status
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    (numbers[0], numbers[1])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_assets_operation_counts_are_the_operations_lists_under_the_same_filters() {
    let w = World::signed_in(FULL_KEY, "/assets/BTC").await;
    w.wait_text("#asset-title", "Bitcoin").await;
    w.find("#asset-ops-count").await;
    let total: u64 = w
        .js("return document.querySelector('#asset-ops-count').dataset.count")
        .await
        .as_str()
        .and_then(|n| n.parse().ok())
        .expect("the count");
    let text = w.text("#asset-ops-count").await;
    assert!(
        text.starts_with(&format!("{total} operations on BTC")),
        "{text}"
    );
    let types: Vec<(String, u64, String)> = serde_json::from_value(
        w.js("return Array.from(document.querySelectorAll('#asset-op-types li')).map(li => \
              [li.dataset.type, Number(li.dataset.count), li.querySelector('a').getAttribute('href')])")
            .await,
    )
    .expect("the types");
    assert!(
        types.len() >= 3,
        "bitcoin is bought, sold and more: {types:?}"
    );
    assert_eq!(types.iter().map(|t| t.1).sum::<u64>(), total, "{types:?}");
    let latest: Vec<String> = serde_json::from_value(
        w.js("return Array.from(document.querySelectorAll('[data-testid=asset-latest-op]')).map(r => r.dataset.id)")
            .await,
    )
    .expect("the latest");
    assert_eq!(latest.len(), 5);
    assert_eq!(w.axe_violations().await, Vec::<String>::new());

    // Every operation on BTC: the list filtered to it counts as many once all are loaded.
    w.click("#asset-operations").await;
    w.wait_js_true("location.search === '?asset=BTC'").await;
    crate::operations::first_page(&w).await;
    crate::operations::load_all(&w).await;
    assert_eq!(showing(&w).await, (total, total));

    // Each type: the list filtered to BTC and that type shows as many.
    for (kind, count, href) in &types {
        assert_eq!(href, &format!("/operations?asset=BTC&type={kind}"));
        w.goto(href).await;
        crate::operations::first_page(&w).await;
        crate::operations::load_all(&w).await;
        assert_eq!(showing(&w).await, (*count, total), "{kind}");
    }

    // The latest operation, followed from the asset's page, is the one the list finds by its id.
    w.goto("/assets/BTC").await;
    w.click("[data-testid=asset-latest-op] a").await;
    let wanted = format!("?asset=BTC&q={}", latest[0]);
    w.wait_js_true(&format!("location.search === '{wanted}'"))
        .await;
    crate::operations::first_page(&w).await;
    w.wait_text("#ops-status", "Showing 1 of").await;
    w.close().await;
}
