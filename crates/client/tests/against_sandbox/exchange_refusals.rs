//! Exchange refusals against the sandbox: validation codes the order form also catches,
//! scopes, and a write that is never retried.

use crate::support::*;

use folio_client::exchange::{validate_order, NewOrder};
use folio_client::ApiError;
use folio_sandbox::Fault;

#[tokio::test]
async fn refusals_scopes_and_writes_never_retried() {
    let server = exchange_sandbox(true).await;
    let c = client(&server, "folio-demo-full");
    let pair = c.exchange().pairs(Some("BTC-EUR")).await.unwrap().remove(0);
    let mid = c.exchange().tickers(&["BTC-EUR"]).await.unwrap()[0]
        .price
        .unwrap();
    for (qty, price, code) in [
        ("0.00001", mid, "BELOW_MIN_ORDER_AMOUNT"),
        ("0.01", mid + dec("0.5"), "INVALID_TICK_SIZE"),
        ("5", mid, "INSUFFICIENT_BALANCE"),
    ] {
        let draft = limit_buy_draft(qty, price, Some(mid));
        let (available, _) = balance(&c, "EUR").await;
        assert!(
            validate_order(&pair, &draft, available).is_err(),
            "the form catches {code}"
        );
        let e = c
            .exchange()
            .place_order(&draft.to_new_order("BTC-EUR"))
            .await
            .unwrap_err();
        assert!(matches!(e, ApiError::Unprocessable(_)), "{e:?}");
        assert_eq!(e.code(), Some(code));
    }
    let both = NewOrder {
        amount: Some(dec("100")),
        ..limit_buy("BTC-EUR", "0.01", mid)
    };
    assert_eq!(
        c.exchange().place_order(&both).await.unwrap_err().code(),
        Some("QUANTITY_XOR_AMOUNT")
    );
    let read = client(&server, "folio-demo-read");
    assert!(matches!(
        read.exchange()
            .place_order(&limit_buy("BTC-EUR", "0.01", mid))
            .await,
        Err(ApiError::MissingScope(_))
    ));
    let none = client(&server, "folio-demo-balance");
    assert!(matches!(
        none.exchange().balances(None).await,
        Err(ApiError::MissingScope(_))
    ));
    assert!(matches!(
        client(&server, "wrong").exchange().account().await,
        Err(ApiError::Unauthorized(_))
    ));
    server.inject(Fault {
        times: 3,
        retry_after_secs: Some(0),
        ..Fault::new("/exchange/v1/account/orders", 503)
    });
    server.clear_requests();
    let e = c
        .exchange()
        .place_order(&limit_buy("BTC-EUR", "0.01", (mid * dec("0.5")).floor()))
        .await
        .unwrap_err();
    assert!(e.write_outcome_unknown());
    assert_eq!(
        server
            .requests()
            .iter()
            .filter(|r| r.method == "POST")
            .count(),
        1
    );
    server.shutdown().await;
}
