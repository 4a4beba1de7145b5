//! Every list's export buttons: the file holds exactly the rows the page shows. Legacy lists:
//! JSON = the records byte for byte as the API sent them, CSV = the documented columns.

use crate::operations::{capture_exports, first_export};
use crate::support::{World, FULL_KEY};

/// The ids of the rows the page shows (`data-id` of `css`).
async fn shown_ids(w: &World, css: &str) -> Vec<String> {
    let json = w
        .js(&format!(
            "return JSON.stringify([...document.querySelectorAll('{css}')].map(r => r.dataset.id));"
        ))
        .await;
    serde_json::from_str(json.as_str().unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_legacy_list_exports_the_rows_it_shows_as_sent() {
    let w = World::signed_in(
        FULL_KEY,
        "/legacy-api/crypto-transactions?page_size=10&type=deposit",
    )
    .await;
    w.find("[data-testid=legacy-crypto-transaction]").await;
    let ids = shown_ids(&w, "[data-testid=legacy-crypto-transaction]").await;
    assert!(!ids.is_empty());

    capture_exports(&w).await;
    w.click("#legacy-export-json").await;
    let json = first_export(&w, "the JSON export").await;
    let records: Vec<serde_json::Value> = serde_json::from_str(&json).expect("valid JSON");
    let exported: Vec<String> = records
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(exported, ids, "the rows shown, in order");
    assert!(records.iter().all(|r| r["attributes"]["type"] == "deposit"));
    // Byte for byte: every record's text is in the API's own answer for that page.
    let answer = w
        .js(&format!(
            "return fetch('/legacy/v1/wallets/transactions?type=deposit&page_size=10', {{headers: {{'X-Api-Key': '{FULL_KEY}'}}}}).then(r => r.text());"
        ))
        .await;
    let answer = answer.as_str().unwrap();
    for record in folio_client::json_text::array_items(&json).unwrap() {
        assert!(answer.contains(record), "as sent: {record}");
    }

    w.js("window.__exports = []; return true;").await;
    w.click("#legacy-export-csv").await;
    let csv_text = first_export(&w, "the CSV export").await;
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    assert_eq!(&header[..3], ["id", "type", "attributes.amount"]);
    let rows: Vec<String> = reader
        .records()
        .map(|r| r.unwrap()[0].to_string())
        .collect();
    assert_eq!(rows, ids, "one CSV row per row shown");
    w.close().await;
}

/// The ids shown by rows `css` in their `attr` data attribute.
async fn shown_by(w: &World, css: &str, attr: &str) -> Vec<String> {
    let json = w
        .js(&format!(
            "return JSON.stringify([...document.querySelectorAll('{css}')].map(r => r.dataset.{attr}));"
        ))
        .await;
    serde_json::from_str(json.as_str().unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exchange_orders_and_trades_export_the_rows_they_show() {
    let w = World::signed_in(FULL_KEY, "/market/orders?size=10").await;
    for (path, row, attr, prefix, first_columns) in [
        (
            "/market/orders?size=10",
            "[data-testid=order-row]",
            "orderId",
            "orders-export",
            "id,pair,side,type,status,pricedIn",
        ),
        (
            "/market/trades",
            "[data-testid=trade-row]",
            "tradeId",
            "trades-export",
            "id,orderId,pair,side,price,quantity",
        ),
    ] {
        w.goto(path).await;
        w.find(row).await;
        let ids = shown_by(&w, row, attr).await;
        assert!(!ids.is_empty(), "{path}");
        capture_exports(&w).await;
        w.click(&format!("#{prefix}-json")).await;
        let json = first_export(&w, "the JSON export").await;
        let records: Vec<serde_json::Value> = serde_json::from_str(&json).expect("valid JSON");
        let exported: Vec<String> = records
            .iter()
            .map(|r| r["id"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(exported, ids, "{path}: the rows shown, in order");
        assert!(
            records.iter().all(|r| r.get("pair").is_some()),
            "as sent (camelCase kept)"
        );
        w.js("window.__exports = []; return true;").await;
        w.click(&format!("#{prefix}-csv")).await;
        let csv_text = first_export(&w, "the CSV export").await;
        assert!(
            csv_text.starts_with(first_columns),
            "{path}: {}",
            &csv_text[..80.min(csv_text.len())]
        );
        let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
        let rows: Vec<String> = reader
            .records()
            .map(|r| r.unwrap()[0].to_string())
            .collect();
        assert_eq!(rows, ids, "{path}: one CSV row per row shown");
    }
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn earn_rewards_are_exported_from_operations() {
    let w = World::signed_in(FULL_KEY, "/earn").await;
    w.click("#earn-rewards-link a").await;
    w.wait_js_true("location.search.includes('type=staking_reward')")
        .await;
    crate::operations::first_page(&w).await;
    w.wait_js_true("document.querySelector('#export-csv')?.disabled === false")
        .await;
    capture_exports(&w).await;
    w.click("#export-csv").await;
    let csv_text = first_export(&w, "the rewards").await;
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert!(!rows.is_empty());
    assert!(
        rows.iter().all(|r| &r[2] == "staking_reward"),
        "only rewards"
    );
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_legacy_list_exports_the_rows_it_shows() {
    let w = World::signed_in(FULL_KEY, "/legacy-api/trades?page_size=5").await;
    for (path, row, first) in [
        (
            "/legacy-api/trades?page_size=5",
            "legacy-trade",
            "id,type,attributes.status,attributes.type,attributes.cryptocoin_id",
        ),
        (
            "/legacy-api/fiat-transactions?page_size=5",
            "legacy-fiat-transaction",
            "id,type,attributes.fiat_wallet_id",
        ),
        (
            "/legacy-api/crypto-transactions?page_size=5",
            "legacy-crypto-transaction",
            "id,type,attributes.amount,attributes.recipient",
        ),
        (
            "/legacy-api/commodity-transactions?page_size=5",
            "legacy-commodity-transaction",
            "id,type,attributes.amount,attributes.recipient",
        ),
    ] {
        w.goto(path).await;
        let css = format!("[data-testid={row}]");
        w.find(&css).await;
        let ids = shown_ids(&w, &css).await;
        capture_exports(&w).await;
        w.click("#legacy-export-json").await;
        let json = first_export(&w, "the JSON export").await;
        let records: Vec<serde_json::Value> = serde_json::from_str(&json).expect("valid JSON");
        let exported: Vec<String> = records
            .iter()
            .map(|r| r["id"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(exported, ids, "{path}");
        w.js("window.__exports = []; return true;").await;
        w.click("#legacy-export-csv").await;
        let csv_text = first_export(&w, "the CSV export").await;
        assert!(csv_text.starts_with(first), "{path}");
        let rows = csv::Reader::from_reader(csv_text.as_bytes())
            .records()
            .count();
        assert_eq!(rows, ids.len(), "{path}: a row each");
    }
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_legacy_wallet_lists_export_what_they_show() {
    let w = World::signed_in(FULL_KEY, "/legacy-api").await;
    w.find("[data-testid=legacy-fiat-wallet]").await;
    for (prefix, rows, first) in [
        (
            "legacy-wallets-export",
            "[data-testid=legacy-wallet]",
            "id,type,attributes.cryptocoin_id",
        ),
        (
            "legacy-fiat-wallets-export",
            "[data-testid=legacy-fiat-wallet]",
            "id,type,attributes.fiat_id",
        ),
        (
            "legacy-asset-wallets-export",
            "[data-testid=legacy-asset-wallet], [data-testid=legacy-metal-wallet]",
            "group,id,type,attributes.cryptocoin_id",
        ),
    ] {
        let ids = shown_ids(&w, rows).await;
        assert!(!ids.is_empty(), "{prefix}");
        capture_exports(&w).await;
        w.click(&format!("#{prefix}-json")).await;
        let json = first_export(&w, "the JSON export").await;
        let records: Vec<serde_json::Value> = serde_json::from_str(&json).expect("valid JSON");
        let exported: Vec<String> = records
            .iter()
            .map(|r| r["id"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(exported, ids, "{prefix}: the rows shown");
        w.js("window.__exports = []; return true;").await;
        w.click(&format!("#{prefix}-csv")).await;
        let csv_text = first_export(&w, "the CSV export").await;
        assert!(csv_text.starts_with(first), "{prefix}");
        let rows = csv::Reader::from_reader(csv_text.as_bytes())
            .records()
            .count();
        assert_eq!(rows, ids.len(), "{prefix}: a row each");
    }
    w.close().await;
}
