//! Helpers shared by the Trade, Limits and Earn tests: the sandbox's request log as the
//! witness of what was sent, an API client for the ledger's side, and form driving.

use folio_client::current::{Operation, OperationsQuery};
use folio_client::{ApiKey, AssetId, BaseUrls, Client};

use crate::support::{World, FULL_KEY};

/// How many `method` requests whose path contains `path_part` the sandbox answered.
pub fn count(w: &World, method: &str, path_part: &str) -> usize {
    w.server
        .requests()
        .iter()
        .filter(|r| r.method == method && r.path.contains(path_part))
        .count()
}

/// Every POST the sandbox answered.
pub fn posts(w: &World) -> Vec<String> {
    w.server
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST")
        .map(|r| r.path)
        .collect()
}

/// A native client with the full key, to read what the ledger did.
pub fn api(w: &World) -> Client {
    Client::new(
        BaseUrls::same_origin(&w.server.url()),
        ApiKey::new(FULL_KEY),
    )
}

/// The newest operations of one asset.
pub async fn operations_of(w: &World, asset: &str) -> Vec<Operation> {
    let query = OperationsQuery {
        page_size: Some(10),
        asset_ids: vec![AssetId::new(asset)],
        ..OperationsQuery::default()
    };
    api(w)
        .current()
        .operations(&query)
        .await
        .expect("operations")
        .data
}

/// The id of the asset with this symbol.
pub fn asset_id(w: &World, symbol: &str) -> String {
    w.server
        .ledger()
        .assets()
        .into_iter()
        .find(|(_, s, _)| s == symbol)
        .map(|(id, _, _)| id)
        .expect("asset in catalogue")
}

/// (balance, available) of an asset in the ledger.
pub fn holding(w: &World, symbol: &str) -> (rust_decimal::Decimal, rust_decimal::Decimal) {
    w.server
        .ledger()
        .portfolio("EUR")
        .into_iter()
        .find(|p| p.symbol == symbol)
        .map(|p| (p.balance, p.available))
        .unwrap_or_default()
}

/// Clicks an element (found again if the page re-rendered it meanwhile).
pub async fn click(w: &World, css: &str) {
    let mut last = String::new();
    for _ in 0..5 {
        match w.find(css).await.click().await {
            Ok(()) => return,
            Err(e) => last = e.to_string(),
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    panic!("click {css}: {last}");
}

/// Replaces the text of an input.
pub async fn fill(w: &World, css: &str, text: &str) {
    let input = w.find(css).await;
    input.clear().await.expect("clears");
    input.send_keys(text).await.expect("types");
}

/// Chooses an option of a select by its value.
pub async fn choose(w: &World, css: &str, value: &str) {
    w.find(css)
        .await
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("select {value} in {css}: {e}"));
}

/// On the Trade page: search `symbol`, pick it, choose side and unit, type the amount.
pub async fn order(w: &World, symbol: &str, side: &str, unit: &str, amount: &str) {
    fill(w, "#asset-search", symbol).await;
    click(w, "#asset-search-button").await;
    click(w, &format!("#asset-results button[data-symbol='{symbol}']")).await;
    w.wait_text("#picked-asset", symbol).await;
    click(w, &format!("#side-{side}")).await;
    click(w, &format!("#unit-{unit}")).await;
    fill(w, "#trade-amount", amount).await;
}

/// Gets a quote for the typed order and waits for the card.
pub async fn quote(w: &World) {
    click(w, "#get-quote").await;
    w.find("[data-testid=quote-card]").await;
}

/// The `data-value` of an element, parsed. Read in one script (waiting up to 15 s for the
/// element and its value), so a re-render after the page reloads its data cannot leave the
/// test holding a detached element.
pub async fn value(w: &World, css: &str) -> rust_decimal::Decimal {
    let script = format!(
        "const el = document.querySelector({}); return el ? el.getAttribute('data-value') : null;",
        serde_json::Value::String(css.to_string())
    );
    let mut last = serde_json::Value::Null;
    for _ in 0..150 {
        last = w.js(&script).await;
        if let Some(v) = last.as_str().filter(|v| !v.is_empty()) {
            return v
                .parse()
                .unwrap_or_else(|_| panic!("{css} data-value {v:?}"));
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("{css} never had a data-value; last {last:?}")
}
