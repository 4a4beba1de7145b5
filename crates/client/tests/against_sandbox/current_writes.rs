//! Quotes against the in-process sandbox: buy and sell, every refusal, a read-only key, and
//! the sandbox's request log proving each write was sent exactly once.

use crate::support::*;

use std::time::Duration;

use folio_client::current::{
    EarnAction, EarnActionRequest, EarnConfigsQuery, LimitsRequest, QuoteAmount, QuoteStatus, Side,
};
use folio_client::{ApiError, ApiKey, BaseUrls, Client, CurrencyId};
use folio_sandbox::Fault;

#[tokio::test]
async fn buy_by_notional_then_sell_by_quantity() {
    let server = write_sandbox().await;
    let c = client(&server, FULL);
    let btc = asset(&server, "BTC");
    let (eur_before, _) = holding(&server, "EUR");
    let (btc_before, _) = holding(&server, "BTC");

    let quote = c
        .current()
        .create_quote(&request(
            &btc,
            Side::Buy,
            QuoteAmount::Notional(dec("100.00")),
        ))
        .await
        .unwrap();
    assert_eq!(quote.status, Some(QuoteStatus::Open));
    let figures = quote.quote.clone().unwrap();
    assert_eq!(figures.notional, Some(dec("100.00")));
    assert!(quote.time_left(server.ledger().now()).unwrap() > chrono::Duration::seconds(20));
    let receipt = c.current().accept_quote(&quote.quote_id).await.unwrap();
    assert_eq!(receipt.status, Some(QuoteStatus::Finished));
    let e = receipt.execution.clone().unwrap();
    assert_eq!(
        (e.notional, e.quantity, e.fee),
        (figures.notional, figures.quantity, figures.premium)
    );
    assert_eq!(e.price_with_fee, figures.price_with_premium);
    assert!(e.executed_at.is_some() && receipt.trading_budget.is_none());
    let bought = e.quantity.unwrap();
    assert_eq!(holding(&server, "EUR").0, eur_before - dec("100"));
    assert_eq!(holding(&server, "BTC").0, btc_before + bought);
    let positions = c.current().portfolio(None).await.unwrap();
    let btc_position = positions
        .iter()
        .find(|p| p.asset_id.as_ref() == Some(&btc))
        .unwrap();
    assert_eq!(
        btc_position.balance.as_ref().unwrap().value,
        btc_before + bought
    );
    let op = operation_with_trade(&c, receipt.trade_id.as_ref().unwrap())
        .await
        .expect("trade in operations");
    assert_eq!(op.operation_type.unwrap().as_str(), "buy");

    let sell = c
        .current()
        .create_quote(&request(&btc, Side::Sell, QuoteAmount::Quantity(bought)))
        .await
        .unwrap();
    let sold = c.current().accept_quote(&sell.quote_id).await.unwrap();
    let e = sold.execution.unwrap();
    assert_eq!(e.quantity, Some(bought));
    assert!(
        e.price_with_fee.unwrap() < e.price.unwrap(),
        "a sell's fee lowers the price"
    );
    assert_eq!(holding(&server, "BTC").0, btc_before);
    assert_eq!(
        holding(&server, "EUR").0,
        eur_before - dec("100") + e.notional.unwrap()
    );
    let op = operation_with_trade(&c, sold.trade_id.as_ref().unwrap())
        .await
        .unwrap();
    assert_eq!(op.operation_type.unwrap().as_str(), "sell");
    assert_eq!(accept_requests(&server), 2);
    server.shutdown().await;
}

#[tokio::test]
async fn expired_already_accepted_and_insufficient_funds_change_nothing() {
    let server = write_sandbox().await;
    let c = client(&server, FULL);
    let eth = asset(&server, "ETH");
    let buy = request(&eth, Side::Buy, QuoteAmount::Notional(dec("20")));
    let accepted = c.current().create_quote(&buy).await.unwrap();
    c.current().accept_quote(&accepted.quote_id).await.unwrap();
    let ops = server.ledger().operations_count();

    let e = c
        .current()
        .accept_quote(&accepted.quote_id)
        .await
        .unwrap_err();
    assert!(
        matches!(e, ApiError::Unprocessable(_)) && e.code() == Some("quote_already_accepted"),
        "{e:?}"
    );
    assert!(!e.write_outcome_unknown());

    let stale = c.current().create_quote(&buy).await.unwrap();
    server.advance_clock(Duration::from_secs(31));
    assert!(stale.is_expired(server.ledger().now()));
    let e = c.current().accept_quote(&stale.quote_id).await.unwrap_err();
    assert_eq!(e.code(), Some("quote_expired"));

    let (eur, _) = holding(&server, "EUR");
    let too_much = request(
        &eth,
        Side::Buy,
        QuoteAmount::Notional((eur + dec("1")).round_dp(2)),
    );
    let e = c
        .current()
        .accept_quote(&c.current().create_quote(&too_much).await.unwrap().quote_id)
        .await
        .unwrap_err();
    assert_eq!(e.code(), Some("insufficient_funds"));
    let (eth_held, _) = holding(&server, "ETH");
    let oversell = request(&eth, Side::Sell, QuoteAmount::Quantity(eth_held + dec("1")));
    let e = c
        .current()
        .accept_quote(&c.current().create_quote(&oversell).await.unwrap().quote_id)
        .await
        .unwrap_err();
    assert_eq!(e.code(), Some("insufficient_funds"));
    assert_eq!(
        server.ledger().operations_count(),
        ops,
        "no refusal moved money"
    );
    assert_eq!(holding(&server, "EUR").0, eur);

    let e = c
        .current()
        .create_quote(&request(
            &eth,
            Side::Buy,
            QuoteAmount::Quantity(dec("0.000000001")),
        ))
        .await
        .unwrap_err();
    assert!(matches!(e, ApiError::BadRequest(_)), "{e:?}");
    let e = c
        .current()
        .accept_quote(&folio_client::QuoteId::new(eth.as_str()))
        .await
        .unwrap_err();
    assert!(
        matches!(e, ApiError::NotFound(_)) && e.code() == Some("quote_not_found"),
        "{e:?}"
    );
    server.shutdown().await;
}

#[tokio::test]
async fn a_write_is_sent_exactly_once_whatever_happens() {
    let server = write_sandbox().await;
    let c = client(&server, FULL);
    let btc = asset(&server, "BTC");
    let q = c
        .current()
        .create_quote(&request(&btc, Side::Buy, QuoteAmount::Notional(dec("10"))))
        .await
        .unwrap();
    let ops = server.ledger().operations_count();
    for (status, retry_after) in [(503, Some(0)), (429, Some(0)), (500, None)] {
        server.clear_requests();
        // One shot: a retry would reach the ledger, execute the trade and show in the log.
        server.inject(Fault {
            retry_after_secs: retry_after,
            ..Fault::new("/accept", status)
        });
        let e = c.current().accept_quote(&q.quote_id).await.unwrap_err();
        assert_eq!(e.status(), Some(status));
        assert_eq!(accept_requests(&server), 1, "{status}: sent exactly once");
        assert_eq!(e.write_outcome_unknown(), status != 429);
    }
    assert_eq!(
        server.ledger().operations_count(),
        ops,
        "the faults answered before the ledger"
    );
    let done = c.current().accept_quote(&q.quote_id).await.unwrap();
    assert!(done.trade_id.is_some());

    // A connection that drops after the request was sent: Network, outcome unknown, one try.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let hits = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = hits.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let mut buf = [0u8; 4096];
            let _ = tokio::io::AsyncReadExt::read(&mut socket, &mut buf).await;
            drop(socket);
        }
    });
    let dropped = Client::new(BaseUrls::same_origin(&url), ApiKey::new(FULL));
    let e = dropped
        .current()
        .accept_quote(&q.quote_id)
        .await
        .unwrap_err();
    assert!(
        matches!(e, ApiError::Network { .. }) && e.write_outcome_unknown(),
        "{e:?}"
    );
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(hits.load(std::sync::atomic::Ordering::SeqCst), 1);
    server.shutdown().await;
}

#[tokio::test]
async fn a_read_only_key_cannot_reach_any_write() {
    let server = write_sandbox().await;
    let full = client(&server, FULL);
    let btc = asset(&server, "BTC");
    let q = full
        .current()
        .create_quote(&request(&btc, Side::Buy, QuoteAmount::Notional(dec("10"))))
        .await
        .unwrap();
    let read = client(&server, "folio-demo-read").key_known_good(true);
    let ops = server.ledger().operations_count();
    let scope = |e: ApiError| match e {
        ApiError::MissingScope(d) => d.scope,
        other => panic!("{other:?}"),
    };
    let trade_write = Some("Trade (Write)".to_string());
    assert_eq!(
        scope(
            read.current()
                .create_quote(&request(&btc, Side::Buy, QuoteAmount::Notional(dec("10"))))
                .await
                .unwrap_err()
        ),
        trade_write
    );
    assert_eq!(
        scope(read.current().accept_quote(&q.quote_id).await.unwrap_err()),
        trade_write
    );
    let limits = LimitsRequest {
        buy_limit: dec("1"),
        sell_limit: dec("1"),
        currency_id: CurrencyId::eur(),
    };
    assert_eq!(
        scope(
            read.current()
                .set_trading_limits(&limits)
                .await
                .unwrap_err()
        ),
        trade_write
    );
    let config = full
        .current()
        .earn_configs(&EarnConfigsQuery::default())
        .await
        .unwrap()
        .data[0]
        .id
        .clone();
    let stake = EarnActionRequest {
        config_id: config,
        wallet_id: None,
        asset_amount: dec("0.1"),
    };
    assert_eq!(
        scope(
            read.current()
                .earn_action(EarnAction::Stake, &stake)
                .await
                .unwrap_err()
        ),
        Some("Earn (Write)".to_string())
    );
    assert_eq!(server.ledger().operations_count(), ops);
    assert_eq!(read.current().trading_limits().await.unwrap(), None);
    server.shutdown().await;
}
