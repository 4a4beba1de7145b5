//! The legacy client against the sandbox over HTTP: every endpoint, paging reaches every
//! item exactly once, 410 after the sunset (reconciliation and the merged timeline are in
//! `legacy_reconcile_against_sandbox.rs`).

use crate::support::*;

use std::collections::HashSet;

use chrono::{TimeZone, Utc};
use folio_client::legacy::sunset::is_gone;
use folio_client::legacy::*;
use folio_client::{ApiError, ApiKey, BaseUrls, Client};

#[tokio::test]
async fn every_endpoint_decodes() {
    let server = legacy_sandbox(false, None).await;
    let c = client(&server, FULL);
    let wallets = c.legacy().wallets().await.unwrap();
    assert!(wallets.len() >= 16 && wallets.iter().all(|w| w.kind.as_deref() == Some("wallet")));
    assert!(wallets
        .iter()
        .any(|w| w.attributes.balance.is_some_and(|b| !b.is_zero())));
    let fiat = c.legacy().fiat_wallets().await.unwrap();
    assert_eq!(fiat[0].attributes.fiat_symbol.as_deref(), Some("EUR"));
    assert_eq!(fiat[0].attributes.pending_transactions_count, Some(1));
    let grouped = c.legacy().asset_wallets().await.unwrap();
    assert_eq!(grouped.cryptocoin.len(), wallets.len());
    assert_eq!(grouped.metal.len(), 4);
    assert!(grouped.last_user_action.unwrap().instant().is_some());
    let trades = c
        .legacy()
        .trades(&LegacyTradesQuery::default())
        .await
        .unwrap();
    assert_eq!((trades.data.len(), trades.meta.page_size), (25, Some(25)));
    let t = &trades.data[0].attributes;
    assert!(t
        .status
        .as_ref()
        .is_some_and(|s| *s == LegacyTradeStatus::Finished));
    assert!(t.time.instant().is_some() && t.amount_fiat.is_some() && t.cryptocoin_id.is_some());
    let fiat_tx = c
        .legacy()
        .fiat_transactions(&LegacyFiatTransactionsQuery::default())
        .await
        .unwrap();
    assert!(fiat_tx
        .links
        .next
        .as_deref()
        .unwrap()
        .starts_with("?next_cursor="));
    let crypto_tx = c
        .legacy()
        .crypto_transactions(&LegacyCryptoTransactionsQuery::default())
        .await
        .unwrap();
    assert_eq!(crypto_tx.meta.cursor.as_deref(), Some(""));
    assert!(crypto_tx.data.iter().all(|t| t
        .attributes
        .status
        .as_ref()
        .is_some_and(|s| s.is_known())));
    let commodity = c
        .legacy()
        .commodity_transactions_all(&LegacyCommodityTransactionsQuery::default())
        .await
        .unwrap();
    assert!(commodity.iter().any(|t| t.attributes.trade.is_some()));
    assert!(commodity
        .iter()
        .any(|t| t.attributes.is_savings == Some(true)));
    server.shutdown().await;
}

#[tokio::test]
async fn paging_reaches_every_item_exactly_once() {
    let server = legacy_sandbox(false, None).await;
    let c = client(&server, FULL);
    let small = |n| LegacyTradesQuery {
        page_size: Some(n),
        ..Default::default()
    };
    let all = c.legacy().trades_all(&small(500)).await.unwrap();
    let first = c.legacy().trades(&small(1)).await.unwrap();
    assert_eq!(all.len() as u64, first.meta.total_count.unwrap());
    // Page by hand with meta.next_cursor.
    let (mut seen, mut query) = (Vec::new(), small(7));
    loop {
        let page = c.legacy().trades(&query).await.unwrap();
        seen.extend(page.data.iter().map(|t| t.id.clone()));
        match page.next_cursor(query.page_size) {
            Some(next) => query.cursor = Some(next.to_string()),
            None => break,
        }
    }
    assert_eq!(seen, all.iter().map(|t| t.id.clone()).collect::<Vec<_>>());
    assert_eq!(seen.iter().collect::<HashSet<_>>().len(), seen.len());
    let fiat = |n| LegacyFiatTransactionsQuery {
        page_size: Some(n),
        ..Default::default()
    };
    assert_eq!(
        c.legacy().fiat_transactions_all(&fiat(9)).await.unwrap(),
        c.legacy().fiat_transactions_all(&fiat(500)).await.unwrap()
    );
    let crypto = |n| LegacyCryptoTransactionsQuery {
        page_size: Some(n),
        ..Default::default()
    };
    let crypto_all = c
        .legacy()
        .crypto_transactions_all(&crypto(500))
        .await
        .unwrap();
    assert_eq!(
        c.legacy()
            .crypto_transactions_all(&crypto(11))
            .await
            .unwrap(),
        crypto_all
    );
    let sells = LegacyTradesQuery {
        trade_type: Some(LegacyTradeType::Sell),
        page_size: Some(5),
        ..Default::default()
    };
    let sells = c.legacy().trades_all(&sells).await.unwrap();
    assert!(
        !sells.is_empty()
            && sells
                .iter()
                .all(|t| t.attributes.trade_type == Some(LegacyTradeType::Sell))
    );
    let pending = LegacyFiatTransactionsQuery {
        status: Some(LegacyFiatStatus::Pending),
        ..Default::default()
    };
    assert_eq!(
        c.legacy()
            .fiat_transactions_all(&pending)
            .await
            .unwrap()
            .len(),
        1
    );
    let transfers = LegacyCryptoTransactionsQuery {
        transaction_type: Some(LegacyTransactionType::Transfer),
        ..Default::default()
    };
    let transfers = c
        .legacy()
        .crypto_transactions_all(&transfers)
        .await
        .unwrap();
    assert!(transfers
        .iter()
        .all(|t| t.attributes.transaction_type == Some(LegacyTransactionType::Transfer)));
    server.shutdown().await;
}

#[tokio::test]
async fn after_the_sunset_the_legacy_api_is_gone_and_the_current_one_works() {
    let server = legacy_sandbox(
        false,
        Some(Utc.with_ymd_and_hms(2027, 2, 1, 0, 0, 0).unwrap()),
    )
    .await;
    let c = client(&server, FULL);
    let e = c.legacy().wallets().await.unwrap_err();
    assert!(matches!(e, ApiError::Gone(_)) && is_gone(&e), "{e:?}");
    assert_eq!(e.code(), Some("api_decommissioned"));
    assert!(is_gone(
        &c.legacy()
            .trades(&LegacyTradesQuery::default())
            .await
            .unwrap_err()
    ));
    assert!(is_gone(&c.legacy().asset_wallets().await.unwrap_err()));
    assert!(!c.current().portfolio(None).await.unwrap().is_empty());
    let bad = Client::new(BaseUrls::same_origin(&server.url()), ApiKey::new("nope"));
    assert!(is_gone(&bad.legacy().fiat_wallets().await.unwrap_err()));
    server.shutdown().await;
}

#[tokio::test]
async fn paged_items_keep_their_text_as_sent_and_the_archive_reads_every_record() {
    let server = legacy_sandbox(false, None).await;
    let c = client(&server, FULL);
    let page = c
        .legacy()
        .crypto_transactions(&LegacyCryptoTransactionsQuery::default())
        .await
        .unwrap();
    for item in &page.data {
        let raw = item.raw.as_deref().expect("the text as sent");
        let value: serde_json::Value = serde_json::from_str(raw).unwrap();
        assert_eq!(value["id"], item.id.as_str());
    }
    // The archive's raw pages: every record once, the same count the API reports.
    let mut cursor = None;
    let mut ids = std::collections::HashSet::new();
    let mut total = None;
    loop {
        let p = c
            .legacy()
            .raw_page(LegacyList::CryptoTransactions, cursor.as_deref(), 7)
            .await
            .unwrap();
        total = total.or(p.total_count);
        for r in &p.records {
            assert!(
                p.body.contains(&r.json),
                "a record's text is a slice of the answer"
            );
            assert!(ids.insert(r.id.clone().unwrap()), "no record twice");
        }
        match p.next_cursor {
            Some(next) => cursor = Some(next),
            None => break,
        }
    }
    assert_eq!(Some(ids.len() as u64), total);
}
