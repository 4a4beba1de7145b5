//! Placing, filling and canceling orders; validation codes.

use super::*;

#[tokio::test]
async fn far_limit_rests_with_funds_locked_then_cancels() {
    let ex = ex(true);
    let mid = ex.mid("BTC-EUR").await;
    let price = (mid * Decimal::new(5, 1)).floor();
    let (eur, locked) = ex.balance("EUR").await;
    let (s, order) = ex.order(limit_buy("BTC-EUR", "0.01", price)).await;
    assert_eq!(s, StatusCode::CREATED, "{order}");
    assert_eq!(
        (
            order["status"].as_str(),
            order["side"].as_str(),
            order["type"].as_str()
        ),
        (Some("new"), Some("Buy"), Some("Limit"))
    );
    assert_eq!(order["timeInForce"], "GTC");
    let cost = (Decimal::new(1, 2) * price).round_dp(2);
    assert_eq!(ex.balance("EUR").await, (eur - cost, locked + cost));
    let id = order["id"].as_str().unwrap();
    let open = ex.get("/account/orders?status=open").await;
    assert!(open["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|o| o["id"] == id));
    let (s, canceled) = ex
        .send("DELETE", &format!("/account/orders/{id}"), Some(FULL), None)
        .await;
    assert_eq!(
        (s, canceled["status"].as_str()),
        (StatusCode::OK, Some("canceled"))
    );
    assert_eq!(ex.balance("EUR").await, (eur, locked));
    let (s, b) = ex
        .send("DELETE", &format!("/account/orders/{id}"), Some(FULL), None)
        .await;
    assert_eq!(
        (s, code(&b)),
        (StatusCode::CONFLICT, "ORDER_NOT_CANCELLABLE")
    );
    let (s, b) = ex
        .send(
            "GET",
            "/account/orders/5b0c1a2e-0000-4000-8000-000000000000",
            Some(FULL),
            None,
        )
        .await;
    assert_eq!((s, code(&b)), (StatusCode::NOT_FOUND, "ORDER_NOT_FOUND"));
}

#[tokio::test]
async fn market_buy_fills_at_once_with_a_fee() {
    let ex = ex(true);
    let (eur, _) = ex.balance("EUR").await;
    let (eth, _) = ex.balance("ETH").await;
    let (s, order) = ex
        .order(json!({"pair": "ETH-EUR", "side": "Buy", "type": "Market", "quantity": "0.5"}))
        .await;
    assert_eq!(
        (s, order["status"].as_str()),
        (StatusCode::CREATED, Some("new"))
    );
    let id = order["id"].as_str().unwrap();
    let done = ex.get(&format!("/account/orders/{id}")).await;
    assert_eq!(done["status"], "filled");
    assert_eq!(dec(&done["filledPercentage"]), Decimal::ONE_HUNDRED);
    let trades = ex.get(&format!("/account/trades?orderId={id}")).await;
    let list = trades["data"].as_array().unwrap();
    assert!(!list.is_empty());
    let (mut qty, mut total, mut fee) = (Decimal::ZERO, Decimal::ZERO, Decimal::ZERO);
    for t in list {
        assert_eq!(
            (t["side"].as_str(), t["fee"]["currency"].as_str()),
            (Some("buy"), Some("ETH"))
        );
        qty += dec(&t["quantity"]);
        total += dec(&t["totalAmount"]);
        fee += dec(&t["fee"]["amount"]);
    }
    assert_eq!(qty, Decimal::new(5, 1));
    assert!(fee > Decimal::ZERO);
    assert_eq!(ex.balance("EUR").await.0, eur - total);
    assert_eq!(ex.balance("ETH").await.0, eth + qty - fee);
    let one = ex
        .get(&format!(
            "/account/trades/{}",
            list[0]["id"].as_str().unwrap()
        ))
        .await;
    assert_eq!(one["orderId"], id);
    assert!(one["executedAt"].as_str().unwrap().ends_with('Z'));
}

#[tokio::test]
async fn resting_limit_fills_partially_then_fully_as_the_walk_crosses_it() {
    let ex = ex(false);
    let mid = ex.mid("BTC-EUR").await;
    let price = (mid * Decimal::new(998, 3)).floor();
    let (_, order) = ex.order(limit_buy("BTC-EUR", "0.05", price)).await;
    let id = order["id"].as_str().unwrap().to_string();
    let mut seen = Vec::new();
    for _ in 0..2_000 {
        let o = ex.get(&format!("/account/orders/{id}")).await;
        let status = o["status"].as_str().unwrap().to_string();
        if seen.last() != Some(&status) {
            seen.push(status.clone());
        }
        if status == "filled" {
            assert_eq!(dec(&o["filledAveragePrice"]), price);
            break;
        }
        ex.advance(10);
    }
    assert!(seen.contains(&"partially-filled".to_string()), "{seen:?}");
    assert_eq!(seen.last().map(String::as_str), Some("filled"), "{seen:?}");
    let trades = ex.get(&format!("/account/trades?orderId={id}")).await;
    assert!(trades["data"].as_array().unwrap().len() >= 2);
}

#[tokio::test]
async fn stop_market_triggers_and_gtd_expires() {
    let ex = ex(false);
    let mid = ex.mid("ETH-EUR").await;
    let trigger = (mid * Decimal::new(999, 3)).round_dp(1);
    let (s, stop) = ex.order(json!({"pair": "ETH-EUR", "side": "Sell", "type": "StopMarket", "quantity": "0.1", "triggerPrice": trigger.to_string()})).await;
    assert_eq!(s, StatusCode::CREATED, "{stop}");
    let far = (mid * Decimal::new(5, 1)).round_dp(1);
    let end = ex.state.clock.now().timestamp() + 60;
    let (s, gtd) = ex.order(json!({"pair": "ETH-EUR", "side": "Buy", "type": "Limit", "quantity": "0.1", "limitPrice": far.to_string(), "timeInForce": "GTD", "endTime": end})).await;
    assert_eq!(s, StatusCode::CREATED, "{gtd}");
    let stop_id = stop["id"].as_str().unwrap();
    let mut status = String::new();
    for _ in 0..3_000 {
        ex.advance(10);
        status = ex.get(&format!("/account/orders/{stop_id}")).await["status"]
            .as_str()
            .unwrap()
            .to_string();
        if status != "new" {
            break;
        }
    }
    assert_eq!(status, "filled");
    ex.advance(120);
    let gtd = ex
        .get(&format!("/account/orders/{}", gtd["id"].as_str().unwrap()))
        .await;
    assert_eq!(gtd["status"], "canceled");
    assert!(gtd["endTime"].as_str().unwrap().ends_with(".000Z"));
}

#[tokio::test]
async fn ioc_and_fok_limits() {
    let ex = ex(true);
    let mid = ex.mid("SOL-EUR").await;
    let far = (mid * Decimal::new(9, 1)).round_dp(2);
    let (_, ioc) = ex.order(json!({"pair": "SOL-EUR", "side": "Buy", "type": "Limit", "quantity": "1", "limitPrice": far.to_string(), "timeInForce": "IOC"})).await;
    let ioc = ex
        .get(&format!("/account/orders/{}", ioc["id"].as_str().unwrap()))
        .await;
    assert_eq!(ioc["status"], "canceled");
    let book = ex.get("/orderbook/SOL-EUR?depth=1").await;
    let ask = dec(&book["asks"][0]["price"]);
    let huge = dec(&book["asks"][0]["quantity"]) + Decimal::ONE;
    let (_, fok) = ex.order(json!({"pair": "SOL-EUR", "side": "Buy", "type": "Limit", "quantity": huge.to_string(), "limitPrice": ask.to_string(), "timeInForce": "FOK"})).await;
    let fok = ex
        .get(&format!("/account/orders/{}", fok["id"].as_str().unwrap()))
        .await;
    assert_eq!(
        (fok["status"].as_str(), dec(&fok["filledQuantity"])),
        (Some("canceled"), Decimal::ZERO)
    );
    let (_, part) = ex.order(json!({"pair": "SOL-EUR", "side": "Buy", "type": "Limit", "quantity": huge.to_string(), "limitPrice": ask.to_string(), "timeInForce": "IOC"})).await;
    let part = ex
        .get(&format!("/account/orders/{}", part["id"].as_str().unwrap()))
        .await;
    assert_eq!(part["status"], "filled-and-canceled");
    assert_eq!(dec(&part["filledQuantity"]), huge - Decimal::ONE);
}

#[tokio::test]
async fn validation_codes() {
    let ex = ex(true);
    let mid = ex.mid("BTC-EUR").await;
    let p = mid.to_string();
    // Refused bodies (BTC-EUR; `MID` stands for the mid price) and their codes.
    let cases: Vec<(Value, String)> =
        serde_json::from_str(include_str!("refusals.json")).expect("fixture");
    let before = ex.get("/account/orders?limit=100").await["data"]
        .as_array()
        .unwrap()
        .len();
    for (mut body, want) in cases {
        body["pair"] = json!("BTC-EUR");
        if let Some(limit) = body.get("limitPrice").and_then(Value::as_str) {
            body["limitPrice"] = json!(limit.replace("MID", &p));
        }
        let (s, answer) = ex.order(body.clone()).await;
        assert_eq!(
            (s, code(&answer)),
            (StatusCode::UNPROCESSABLE_ENTITY, want.as_str()),
            "{body}"
        );
        assert_eq!(answer["errors"][0]["status"], "422");
        assert!(!answer["errors"][0]["detail"].as_str().unwrap().is_empty());
    }
    let (s, b) = ex
        .order(json!({"pair": "BTC-GBP", "side": "Buy", "type": "Market", "quantity": "1"}))
        .await;
    assert_eq!((s, code(&b)), (StatusCode::NOT_FOUND, "PAIR_NOT_FOUND"));
    let (s, b) = ex.send("POST", "/account/orders", Some(FULL), None).await;
    assert_eq!((s, code(&b)), (StatusCode::BAD_REQUEST, "INVALID_BODY"));
    let after = ex.get("/account/orders?limit=100").await["data"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(before, after, "refused orders leave no trace");
}
