//! Order and trade list filters and cursor paging.

use super::*;
use std::collections::HashSet;

async fn collect(ex: &Ex, path: &str, limit: usize) -> Vec<Value> {
    let mut out = Vec::new();
    let mut cursor = String::new();
    loop {
        let sep = if path.contains('?') { '&' } else { '?' };
        let page = ex
            .get(&format!("{path}{sep}limit={limit}&cursor={cursor}"))
            .await;
        let data = page["data"].as_array().unwrap();
        assert!(data.len() <= limit);
        out.extend(data.iter().cloned());
        assert_eq!(page["meta"]["limit"], json!(limit));
        if page["meta"]["hasNextPage"] != json!(true) {
            assert_eq!(page["meta"]["nextCursor"], "");
            return out;
        }
        cursor = page["meta"]["nextCursor"].as_str().unwrap().to_string();
    }
}

#[tokio::test]
async fn paging_reaches_every_order_and_trade_exactly_once() {
    let ex = ex(true);
    let all = collect(&ex, "/account/orders", 100).await;
    assert_eq!(all.len(), crate::exchange::seed::HISTORY_ORDERS + 2);
    for limit in [1, 7, 25] {
        let paged = collect(&ex, "/account/orders", limit).await;
        let ids: Vec<_> = paged.iter().map(|o| o["id"].clone()).collect();
        assert_eq!(ids, all.iter().map(|o| o["id"].clone()).collect::<Vec<_>>());
    }
    let first = ex.get("/account/orders?limit=5").await;
    let cursor = first["meta"]["nextCursor"].as_str().unwrap().to_string();
    ex.order(json!({"pair": "BTC-EUR", "side": "Buy", "type": "Market", "amount": "50.00"}))
        .await;
    let second = ex
        .get(&format!("/account/orders?limit=5&cursor={cursor}"))
        .await;
    assert_eq!(
        second["data"][0]["id"], all[5]["id"],
        "new orders do not shift pages"
    );
    let trades = collect(&ex, "/account/trades", 9).await;
    let ids: HashSet<_> = trades
        .iter()
        .map(|t| t["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), trades.len());
    let (s, _) = ex
        .send("GET", "/account/orders?limit=101", Some(FULL), None)
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, _) = ex
        .send("GET", "/account/orders?cursor=zz", Some(FULL), None)
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn order_filters() {
    let ex = ex(true);
    let all = collect(&ex, "/account/orders", 100).await;
    let open = collect(&ex, "/account/orders?status=open", 100).await;
    let closed = collect(&ex, "/account/orders?status=closed", 100).await;
    assert_eq!(open.len(), 2);
    assert_eq!(open.len() + closed.len(), all.len());
    let filled = collect(&ex, "/account/orders?status=filled", 100).await;
    assert!(!filled.is_empty() && filled.iter().all(|o| o["status"] == "filled"));
    let some = collect(&ex, "/account/orders?pair=BTC-EUR,ETH-EUR", 100).await;
    assert!(some
        .iter()
        .all(|o| o["pair"] == "BTC-EUR" || o["pair"] == "ETH-EUR"));
    assert!(some.len() < all.len() && !some.is_empty());
    let now = ex.state.clock.now().timestamp();
    let week = collect(
        &ex,
        &format!(
            "/account/orders?startTime={}&endTime={now}",
            now - 7 * 86_400
        ),
        100,
    )
    .await;
    assert!(!week.is_empty() && week.len() < all.len());
    let (s, _) = ex
        .send("GET", "/account/orders?status=sleeping", Some(FULL), None)
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, _) = ex
        .send(
            "GET",
            "/account/orders?startTime=yesterday",
            Some(FULL),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let eth = collect(&ex, "/account/trades?pair=ETH-USD", 100).await;
    assert!(eth.iter().all(|t| t["pair"] == "ETH-USD"));
}
