//! Keys, scopes, write-scope probing and rate limits.

use super::*;

#[tokio::test]
async fn keyed_endpoints_need_a_known_key_with_the_scope() {
    let s = sandbox();
    for (path, scope) in [
        ("/public/v1/portfolio", "Balance"),
        ("/public/v1/portfolio-history?timeframe=DAY", "Balance"),
        ("/public/v1/operations", "Transaction"),
        ("/public/v1/earn/configs", "Earn (Read)"),
    ] {
        let a = s.get(path, None).await;
        assert_eq!(
            (a.status.as_u16(), a.code()),
            (401, "unauthorized".into()),
            "{path}"
        );
        let a = s.get(path, Some("wrong-key")).await;
        assert_eq!(
            (a.status.as_u16(), a.code()),
            (401, "unauthorized".into()),
            "{path}"
        );
        let a = s.get(path, Some(FULL)).await;
        assert_eq!(a.status, StatusCode::OK, "{path}");
        let narrow = if scope == "Balance" {
            None
        } else {
            Some(BALANCE)
        };
        if let Some(k) = narrow {
            let a = s.get(path, Some(k)).await;
            assert_eq!(a.status.as_u16(), 401);
            assert_eq!(a.json()["error"]["code"], "missing_scope");
            assert_eq!(a.json()["error"]["scope"], scope);
        }
    }
}

#[tokio::test]
async fn catalogue_answers_without_a_key_but_checks_a_sent_one() {
    let s = sandbox();
    let eth = s.state.read().prices.price_eur_at(1, now());
    assert!(eth > rust_decimal::Decimal::ZERO);
    for path in ["/public/v1/assets", "/public/v1/currencies"] {
        assert_eq!(s.get(path, None).await.status, StatusCode::OK);
        assert_eq!(s.get(path, Some(READ)).await.status, StatusCode::OK);
        assert_eq!(s.get(path, Some("nope")).await.code(), "unauthorized");
        let a = s.get(path, Some(BALANCE)).await;
        assert_eq!((a.status.as_u16(), a.code()), (401, "missing_scope".into()));
        assert_eq!(a.json()["error"]["scope"], "Trade (Read)");
    }
}

#[tokio::test]
async fn trading_limits_need_any_valid_key() {
    let s = sandbox();
    assert_eq!(
        s.get("/public/v1/trading-limits", None)
            .await
            .status
            .as_u16(),
        401
    );
    let a = s.get("/public/v1/trading-limits", Some(BALANCE)).await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.text, r#"{"data":null}"#);
    let a = s.post("/public/v1/trading-limits", Some(READ), "{}").await;
    assert_eq!(a.json()["error"]["scope"], "Trade (Write)");
    let a = s.post("/public/v1/trading-limits", Some(FULL), "{}").await;
    assert_eq!(a.code(), "invalid_parameter");
    let body =
        r#"{"buy_limit":100,"sell_limit":0,"currency_id":"b88b8466-efe3-11eb-b56f-0691764446a7"}"#;
    let set = s.post("/public/v1/trading-limits", Some(FULL), body).await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text);
    let again = s.post("/public/v1/trading-limits", Some(FULL), body).await;
    assert_eq!(
        (again.status.as_u16(), again.code()),
        (409, "limits_already_set".into())
    );
}

#[tokio::test]
async fn write_scopes_are_checked_before_the_body() {
    let s = sandbox();
    let btc = crate::fixed_catalogue::catalogue().assets[0].id.to_string();
    let config = s.state.read().earn_configs[0].id.to_string();
    let cases = [
        (
            "/public/v1/quotes",
            "Trade (Write)",
            format!(r#"{{"asset_id":"{btc}","side":"BUY","notional":"25"}}"#),
        ),
        (
            "/public/v1/earn/actions/STAKE",
            "Earn (Write)",
            format!(r#"{{"config_id":"{config}","asset_amount":0.5}}"#),
        ),
    ];
    for (path, scope, valid) in cases {
        for key in [READ, BALANCE] {
            let a = s.post(path, Some(key), "").await;
            assert_eq!(
                (a.status.as_u16(), a.code()),
                (401, "missing_scope".into()),
                "{path}"
            );
            assert_eq!(a.json()["error"]["scope"], scope);
        }
        assert_eq!(s.post(path, None, "").await.code(), "unauthorized");
        for bad in ["", "{}", "[]", "not json", r#"{"side":"BUY"}"#] {
            let a = s.post(path, Some(FULL), bad).await;
            assert_eq!(
                (a.status.as_u16(), a.code()),
                (400, "invalid_parameter".into()),
                "{path} {bad}"
            );
        }
        let status = s.post(path, Some(FULL), &valid).await.status.as_u16();
        assert!(status == 200 || status == 422, "{path}: {status}");
    }
    let both = format!(r#"{{"asset_id":"{btc}","side":"SELL","notional":"1","quantity":"1"}}"#);
    assert_eq!(
        s.post("/public/v1/quotes", Some(FULL), &both)
            .await
            .status
            .as_u16(),
        400
    );
    let a = s
        .post("/public/v1/earn/actions/restake", Some(FULL), "{}")
        .await;
    assert_eq!(a.code(), "invalid_parameter");
    let a = s
        .post("/public/v1/quotes/not-a-uuid/accept", Some(FULL), "")
        .await;
    assert_eq!(a.code(), "invalid_parameter");
    let a = s
        .post(&format!("/public/v1/quotes/{btc}/accept"), Some(FULL), "")
        .await;
    assert_eq!(
        (a.status.as_u16(), a.code()),
        (404, "quote_not_found".into())
    );
    assert_eq!(
        s.post(&format!("/public/v1/quotes/{btc}/accept"), Some(READ), "")
            .await
            .code(),
        "missing_scope"
    );
}

async fn burst(s: &Sandbox, method: &str, limit: u32) -> Vec<Answer> {
    for _ in 0..3 {
        let mut answers = Vec::new();
        for _ in 0..=limit {
            answers.push(
                s.send(method, "/public/v1/trading-limits", Some(FULL), Some("{}"))
                    .await,
            );
        }
        if answers.last().unwrap().status.as_u16() == 429 {
            return answers;
        }
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    }
    panic!("never rate limited");
}

#[tokio::test]
async fn reads_and_writes_are_rate_limited_per_key() {
    let s = sandbox_with(Config {
        read_rate_limit: 20,
        write_rate_limit: 5,
        ..config()
    });
    let reads = burst(&s, "GET", 20).await;
    assert!(reads[..20].iter().all(|a| a.status == StatusCode::OK));
    let limited = reads.last().unwrap();
    assert_eq!(limited.code(), "rate_limited");
    assert_eq!(limited.headers["retry-after"], "1");
    // Another key and the keyless catalogue have their own budgets.
    assert_eq!(
        s.get("/public/v1/trading-limits", Some(READ)).await.status,
        StatusCode::OK
    );
    let writes = burst(&s, "POST", 5).await;
    assert!(writes[..5].iter().all(|a| a.status.as_u16() == 400));
    assert_eq!(writes[5].code(), "rate_limited");
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    assert_eq!(
        s.get("/public/v1/trading-limits", Some(FULL)).await.status,
        StatusCode::OK
    );
}
