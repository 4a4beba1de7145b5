//! Market data, account, auth and rate limits.

use super::*;

#[tokio::test]
async fn market_data_shapes() {
    let ex = ex(true);
    // The sandbox clock runs: the answer lies between the readings before and after.
    let before = ex.state.clock.now().timestamp_millis();
    let time = ex.get("/time").await;
    let after = ex.state.clock.now().timestamp_millis();
    let epoch = time["epochMs"].as_i64().unwrap();
    assert!(
        (before..=after).contains(&epoch),
        "{before} ≤ {epoch} ≤ {after}"
    );
    assert!(time["iso"].as_str().unwrap().ends_with('Z'));
    let pairs = ex.get("/pairs").await;
    let list = pairs.as_array().unwrap();
    assert!(list.len() >= 8);
    for quote in ["EUR", "USD", "CHF"] {
        assert!(list.iter().any(|p| p["quoteAsset"] == quote), "{quote}");
    }
    for key in [
        "tickSize",
        "sizeIncrement",
        "amountIncrement",
        "maxOrderSize",
        "minOrderAmount",
        "maxOrderAmount",
    ] {
        dec(&list[0][key]);
    }
    assert_eq!(ex.get("/pairs?pair=ETH-USD").await[0]["pair"], "ETH-USD");
    let tickers = ex.get("/tickers?pair=BTC-EUR,ETH-CHF").await;
    assert_eq!(tickers.as_array().unwrap().len(), 2);
    let t = &tickers[0];
    assert!(dec(&t["low"]) <= dec(&t["price"]) && dec(&t["price"]) <= dec(&t["high"]));
    assert!(dec(&t["volume"]) > Decimal::ZERO);
    let book = ex.get("/orderbook/BTC-EUR?depth=7").await;
    let (bids, asks) = (
        book["bids"].as_array().unwrap(),
        book["asks"].as_array().unwrap(),
    );
    assert_eq!((bids.len(), asks.len()), (7, 7));
    assert!(dec(&bids[0]["price"]) < dec(&t["price"]) && dec(&asks[0]["price"]) > dec(&t["price"]));
    let mut total = Decimal::ZERO;
    for level in asks {
        total += dec(&level["quantity"]);
        assert_eq!(dec(&level["totalQuantity"]), total);
    }
    let assets = ex.get("/assets").await;
    assert!(assets
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["symbol"] == "CHF" && a["type"] == "fiat"));
    assert_eq!(ex.get("/assets?asset=BTC").await[0]["type"], "crypto");
}

#[tokio::test]
async fn candles_for_every_interval_are_numbers() {
    let ex = ex(false);
    for (interval, secs) in crate::exchange::market::INTERVALS {
        let candles = ex
            .get(&format!("/candles/BTC-EUR?interval={interval}&limit=30"))
            .await;
        let list = candles.as_array().unwrap();
        assert_eq!(list.len(), 30, "{interval}");
        for pair in list.windows(2) {
            assert_eq!(
                pair[1]["timestamp"].as_i64().unwrap() - pair[0]["timestamp"].as_i64().unwrap(),
                secs
            );
        }
        for c in list {
            assert!(c["open"].is_number() && c["volume"].is_number(), "{c}");
            let num = |k: &str| c[k].to_string().parse::<Decimal>().unwrap();
            assert!(num("low") <= num("open") && num("open") <= num("high"));
            assert!(num("low") <= num("close") && num("close") <= num("high"));
        }
    }
    let now = ex.state.clock.now().timestamp();
    let ranged = ex
        .get(&format!(
            "/candles/ETH-EUR?interval=1h&from={}&to={now}",
            now - 5 * 3600
        ))
        .await;
    assert_eq!(ranged.as_array().unwrap().len(), 6);
    let (status, body) = ex
        .send("GET", "/candles/ETH-EUR?interval=2h", Some(FULL), None)
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, "INVALID_PARAMETER")
    );
}

#[tokio::test]
async fn account_and_balances() {
    let ex = ex(true);
    let account = ex.get("/account").await;
    assert!(dec(&account["tradedVolume30d"]) > Decimal::ZERO);
    assert_eq!(account["currentTier"]["name"], "Tier 1");
    assert_eq!(account["nextTier"]["name"], "Tier 2");
    let balances = ex.get("/account/balances").await;
    assert!(balances.as_array().unwrap().len() >= 10);
    let (eur, locked) = ex.balance("EUR").await;
    assert!(
        eur > Decimal::ZERO && locked > Decimal::ZERO,
        "seeded open buy locks EUR"
    );
}

#[tokio::test]
async fn keys_scopes_and_unknown_things() {
    let ex = ex(true);
    let (s, b) = ex.send("GET", "/time", None, None).await;
    assert_eq!((s, code(&b)), (StatusCode::UNAUTHORIZED, "UNAUTHORIZED"));
    assert_eq!(b["errors"][0]["status"], "401");
    let (s, _) = ex.send("GET", "/time", Some("nope"), None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, b) = ex.send("GET", "/account/orders", Some(BALANCE), None).await;
    assert_eq!((s, code(&b)), (StatusCode::FORBIDDEN, "FORBIDDEN"));
    let (s, _) = ex.send("GET", "/account/orders", Some(READ), None).await;
    assert_eq!(s, StatusCode::OK);
    let (s, b) = ex
        .send("POST", "/account/orders", Some(READ), Some(json!({})))
        .await;
    assert_eq!((s, code(&b)), (StatusCode::FORBIDDEN, "FORBIDDEN"));
    let (s, b) = ex.send("GET", "/orderbook/BTC-GBP", Some(FULL), None).await;
    assert_eq!((s, code(&b)), (StatusCode::NOT_FOUND, "PAIR_NOT_FOUND"));
    let (s, _) = ex
        .send("GET", "/tickers?pair=NOPE-EUR", Some(FULL), None)
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, b) = ex.send("GET", "/nothing", Some(FULL), None).await;
    assert_eq!((s, code(&b)), (StatusCode::NOT_FOUND, "NOT_FOUND"));
    let (s, _) = ex
        .send("GET", "/account/trades/0000", Some(FULL), None)
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn market_data_is_limited_to_240_a_minute() {
    let ex = ex(true);
    let mut limited = 0;
    for _ in 0..245 {
        let (s, _) = ex.send("GET", "/time", Some(READ), None).await;
        if s == StatusCode::TOO_MANY_REQUESTS {
            limited += 1;
        }
    }
    // A minute boundary during the loop can only lower the count.
    assert!((1..=5).contains(&limited), "{limited}");
    let (s, _) = ex.send("GET", "/account", Some(FULL), None).await;
    assert_eq!(s, StatusCode::OK, "account endpoints have their own budget");
}
