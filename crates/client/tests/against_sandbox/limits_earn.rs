//! Trading limits and earn actions against the in-process sandbox, the ledger as witness.

use crate::support::*;

use folio_client::current::{
    EarnAction, EarnActionRequest, EarnActionStatus, EarnConfigsQuery, EarnType, LimitsRequest,
    OperationsQuery, QuoteAmount, Side,
};
use folio_client::{ApiError, CurrencyId, Decimal};

#[tokio::test]
async fn limits_are_set_once_and_budget_every_trade() {
    let server = write_sandbox().await;
    let c = client(&server, FULL);
    assert_eq!(c.current().trading_limits().await.unwrap(), None);
    let limits = LimitsRequest {
        buy_limit: dec("150.50"),
        sell_limit: dec("0"),
        currency_id: CurrencyId::eur(),
    };
    let set = c.current().set_trading_limits(&limits).await.unwrap();
    assert_eq!(
        (set.buy_limit, set.buy_budget_remaining),
        (Some(dec("150.5")), Some(dec("150.5")))
    );
    assert!(set.resets_at.is_some());
    let again = c.current().set_trading_limits(&limits).await.unwrap_err();
    assert!(
        matches!(again, ApiError::Conflict(_)) && again.code() == Some("limits_already_set"),
        "{again:?}"
    );

    let btc = asset(&server, "BTC");
    let q = c
        .current()
        .create_quote(&request(&btc, Side::Buy, QuoteAmount::Notional(dec("100"))))
        .await
        .unwrap();
    let budget = c
        .current()
        .accept_quote(&q.quote_id)
        .await
        .unwrap()
        .trading_budget
        .unwrap();
    assert_eq!(budget.buy_budget_remaining, Some(dec("50.5")));
    assert_eq!(budget.limit_currency_id, Some(CurrencyId::eur()));
    let ops = server.ledger().operations_count();
    let over = c
        .current()
        .create_quote(&request(
            &btc,
            Side::Buy,
            QuoteAmount::Notional(dec("50.51")),
        ))
        .await
        .unwrap();
    let e = c.current().accept_quote(&over.quote_id).await.unwrap_err();
    assert_eq!(e.code(), Some("trading_limit_exceeded"));
    assert_eq!(server.ledger().operations_count(), ops);
    let now = c.current().trading_limits().await.unwrap().unwrap();
    assert_eq!(
        now.used_share(&Side::Buy),
        Some((dec("100") / dec("150.5")).clamp(Decimal::ZERO, Decimal::ONE))
    );
    server.shutdown().await;
}

#[tokio::test]
async fn stake_then_unstake_moves_available_balance() {
    let server = write_sandbox().await;
    let c = client(&server, FULL);
    let eth = asset(&server, "ETH");
    let q = c
        .current()
        .create_quote(&request(&eth, Side::Buy, QuoteAmount::Notional(dec("200"))))
        .await
        .unwrap();
    c.current().accept_quote(&q.quote_id).await.unwrap();
    let configs = c
        .current()
        .earn_configs(&EarnConfigsQuery {
            asset_id: Some(eth.clone()),
            ..EarnConfigsQuery::default()
        })
        .await
        .unwrap();
    let flexible = configs
        .data
        .iter()
        .find(|c| c.earn_type == Some(EarnType::Flexible))
        .unwrap();
    let (balance, available) = holding(&server, "ETH");
    let amount = dec("0.01234567");
    let stake = EarnActionRequest {
        config_id: flexible.id.clone(),
        wallet_id: None,
        asset_amount: amount,
    };
    let done = c
        .current()
        .earn_action(EarnAction::Stake, &stake)
        .await
        .unwrap();
    assert_eq!(done.status, Some(EarnActionStatus::Initiated));
    assert_eq!(done.asset_amount, Some(amount));
    assert_eq!(holding(&server, "ETH"), (balance, available - amount));
    let position = c
        .current()
        .portfolio(None)
        .await
        .unwrap()
        .into_iter()
        .find(|p| p.asset_id.as_ref() == Some(&eth))
        .unwrap();
    assert_eq!(
        position.available_balance.unwrap().value,
        available - amount
    );

    let unstake = EarnActionRequest {
        wallet_id: done.wallet_id.clone(),
        ..stake.clone()
    };
    c.current()
        .earn_action(EarnAction::Unstake, &unstake)
        .await
        .unwrap();
    assert_eq!(holding(&server, "ETH"), (balance, available));
    let page = c
        .current()
        .operations(&OperationsQuery {
            page_size: Some(2),
            ..OperationsQuery::default()
        })
        .await
        .unwrap();
    let types: Vec<String> = page
        .data
        .iter()
        .filter_map(|o| o.operation_type.as_ref().map(|t| t.as_str().to_string()))
        .collect();
    assert_eq!(types, ["unstake", "stake"]);

    let too_much = EarnActionRequest {
        asset_amount: available + dec("1"),
        ..stake
    };
    let e = c
        .current()
        .earn_action(EarnAction::Stake, &too_much)
        .await
        .unwrap_err();
    assert_eq!(e.code(), Some("insufficient_funds"));
    server.shutdown().await;
}
