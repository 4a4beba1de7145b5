//! Legacy lists: trades, fiat, crypto and metal transactions render exactly what a native
//! client reads from the same sandbox, filters land in the URL and narrow the list, and
//! "Load more" follows `meta.next_cursor` to every item exactly once.

use folio::for_tests::status_words;
use folio_client::legacy::{
    LegacyCommodityTransactionsQuery, LegacyCryptoStatus, LegacyCryptoTransactionsQuery,
    LegacyFiatStatus, LegacyFiatTransactionsQuery, LegacyTradeType, LegacyTradesQuery,
    LegacyTransactionType,
};
use serde_json::Value;

use crate::support::{World, FULL_KEY};

/// `[id, amount data-value, raw status, status text]` of every row matching `rows`.
async fn rows(w: &World, rows: &str) -> Vec<Vec<String>> {
    let script = format!(
        "return JSON.stringify([...document.querySelectorAll({})].map(r => {{\
           const a = r.querySelector('td.amount'), s = r.querySelector('td.status');\
           return [r.dataset.id, a ? a.dataset.value : '', s ? s.dataset.status : '', s ? s.textContent : ''];\
         }}));",
        Value::String(rows.to_string())
    );
    let json = w.js(&script).await;
    serde_json::from_str(json.as_str().unwrap_or("[]")).expect("rows as JSON")
}

/// Presses "Load more" until the list says every page has arrived.
async fn load_every_page(w: &World) {
    w.eventually(
        "const s = document.querySelector('#legacy-list-status');\
         if (!s) return false; if (s.dataset.complete === 'true') return true;\
         const b = document.querySelector('#legacy-load-more'); if (b && !b.disabled) b.click();\
         return false;",
        "every page",
    )
    .await;
}

/// Reads the rows matching `css` and checks they are exactly the `expected` items, by id and
/// in order.
async fn rows_in_order(
    w: &World,
    css: &str,
    expected: impl Iterator<Item = String>,
) -> Vec<Vec<String>> {
    let shown = rows(w, css).await;
    let ids: Vec<&str> = shown.iter().map(|r| r[0].as_str()).collect();
    let expected: Vec<String> = expected.collect();
    assert_eq!(ids, expected, "{css}");
    shown
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trades_filter_in_the_url_and_load_more_reaches_every_trade_once() {
    let w = World::signed_in(FULL_KEY, "/legacy-api/trades?page_size=10").await;
    w.find("[data-testid=legacy-trade]").await;
    w.choose("#legacy-type", "sell").await;
    w.wait_js_true(
        "location.search.includes('type=sell') && location.search.includes('page_size=10')",
    )
    .await;
    w.wait_js_true("[...document.querySelectorAll('[data-testid=legacy-trade]')].every(r => r.dataset.type === 'sell')")
        .await;
    load_every_page(&w).await;
    let api = w.api();
    let query = |t| LegacyTradesQuery {
        trade_type: t,
        page_size: Some(500),
        ..Default::default()
    };
    let sells = api
        .legacy()
        .trades_all(&query(Some(LegacyTradeType::Sell)))
        .await
        .expect("sells");
    let all = api.legacy().trades_all(&query(None)).await.expect("trades");
    assert!(
        sells.len() > 10 && sells.len() < all.len(),
        "several pages, narrowed"
    );
    let shown = rows_in_order(
        &w,
        "[data-testid=legacy-trade]",
        sells.iter().map(|t| t.id.clone()),
    )
    .await;
    for (row, trade) in shown.iter().zip(&sells) {
        let a = &trade.attributes;
        assert_eq!(
            Some(row[1].parse().unwrap()),
            a.amount_cryptocoin,
            "{}",
            trade.id
        );
        let status = a
            .status
            .as_ref()
            .map(|s| s.as_str().to_string())
            .unwrap_or_default();
        assert_eq!(
            (row[2].as_str(), row[3].as_str()),
            (status.as_str(), status_words(&status).as_str())
        );
    }
    // Swaps are sells with a text badge.
    let swap = sells
        .iter()
        .find(|t| t.attributes.is_swap == Some(true))
        .expect("a swap");
    w.wait_text(
        &format!(
            "[data-testid=legacy-trade][data-id='{}'] .badge-swap",
            swap.id
        ),
        "Swap",
    )
    .await;
    // One request per page, each following the previous page's meta.next_cursor.
    let pages: Vec<_> = w
        .server
        .requests()
        .into_iter()
        .filter(|r| {
            let query = r.query.as_deref().unwrap_or("");
            r.path == "/legacy/v1/trades"
                && query.contains("type=sell")
                && query.contains("page_size=10")
        })
        .collect();
    // A full last page may need one more (empty) request to know it was the last.
    let needed = sells.len().div_ceil(10);
    assert!(
        pages.len() == needed || (sells.len() % 10 == 0 && pages.len() == needed + 1),
        "{} requests for {} trades",
        pages.len(),
        sells.len()
    );
    for (i, request) in pages.iter().enumerate().skip(1) {
        let cursor = format!("cursor={}", sells[i * 10 - 1].id);
        assert!(
            request.query.as_deref().unwrap_or("").contains(&cursor),
            "{request:?}"
        );
    }
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transaction_lists_filter_by_kind_and_status_and_page_completely() {
    // Fiat: the status filter is chosen on the page and lands in the URL.
    let w = World::signed_in(FULL_KEY, "/legacy-api/fiat-transactions?page_size=500").await;
    let api = w.api();
    w.find("[data-testid=legacy-fiat-transaction]").await;
    w.choose("#legacy-status", "finished").await;
    w.wait_js_true("location.search.includes('status=finished')")
        .await;
    let finished = LegacyFiatTransactionsQuery {
        status: Some(LegacyFiatStatus::Finished),
        page_size: Some(500),
        ..Default::default()
    };
    let expected = api
        .legacy()
        .fiat_transactions_all(&finished)
        .await
        .expect("fiat");
    w.wait_js_true(&format!(
        "document.querySelectorAll('[data-testid=legacy-fiat-transaction]').length === {}",
        expected.len()
    ))
    .await;
    load_every_page(&w).await;
    let shown = rows_in_order(
        &w,
        "[data-testid=legacy-fiat-transaction]",
        expected.iter().map(|t| t.id.clone()),
    )
    .await;
    assert!(shown
        .iter()
        .all(|r| r[2] == "finished" && r[3] == "Completed"));
    for (row, t) in shown.iter().zip(&expected) {
        assert_eq!(Some(row[1].parse().unwrap()), t.attributes.amount);
    }
    // Crypto: type and status straight from a shared link, several pages.
    w.goto("/legacy-api/crypto-transactions?type=buy&status=finished&page_size=7")
        .await;
    w.find("[data-testid=legacy-crypto-transaction]").await;
    load_every_page(&w).await;
    let query = LegacyCryptoTransactionsQuery {
        transaction_type: Some(LegacyTransactionType::Buy),
        status: Some(LegacyCryptoStatus::Finished),
        page_size: Some(500),
        ..Default::default()
    };
    let expected = api
        .legacy()
        .crypto_transactions_all(&query)
        .await
        .expect("crypto");
    assert!(expected.len() > 7, "several pages");
    rows_in_order(
        &w,
        "[data-testid=legacy-crypto-transaction]",
        expected.iter().map(|t| t.id.clone()),
    )
    .await;
    assert_eq!(
        w.find("#legacy-type")
            .await
            .prop("value")
            .await
            .unwrap()
            .as_deref(),
        Some("buy")
    );
    // Metals: no filters, small pages, savings-plan executions marked in words.
    w.goto("/legacy-api/commodity-transactions?page_size=3")
        .await;
    w.find("[data-testid=legacy-commodity-transaction]").await;
    load_every_page(&w).await;
    let all = LegacyCommodityTransactionsQuery {
        page_size: Some(500),
        ..Default::default()
    };
    let expected = api
        .legacy()
        .commodity_transactions_all(&all)
        .await
        .expect("metals");
    rows_in_order(
        &w,
        "[data-testid=legacy-commodity-transaction]",
        expected.iter().map(|t| t.id.clone()),
    )
    .await;
    if let Some(s) = expected
        .iter()
        .find(|t| t.attributes.is_savings == Some(true))
    {
        w.wait_text(
            &format!(
                "[data-testid=legacy-commodity-transaction][data-id='{}'] .badge-savings",
                s.id
            ),
            "Savings plan",
        )
        .await;
    }
    w.close().await;
}
