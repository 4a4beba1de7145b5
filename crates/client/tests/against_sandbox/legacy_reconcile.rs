//! Reconciliation and the merged timeline against the sandbox: all equal on the consistent
//! ledger (without the tax cases), the two deliberate differences with `legacy_discrepancy`,
//! every event once; with the tax cases, their legacy-only buy is the one difference.

use crate::support::*;

use std::collections::{HashMap, HashSet};

use chrono::Datelike;

use folio_client::current::{Operation, OperationsQuery, PortfolioPosition};
use folio_client::legacy::reconcile::{
    reconcile, LegacyWallets, Outcome, Period, Reconciliation, TradeKind,
};
use folio_client::legacy::timeline::{merge_timeline, LegacyRecords, Source};
use folio_client::legacy::*;
use folio_client::{AssetId, Client};
use folio_sandbox::RunningServer;

async fn all_operations(c: &Client) -> Vec<Operation> {
    let (mut ops, mut seen) = (Vec::new(), HashSet::new());
    let mut q = OperationsQuery {
        page_size: Some(100),
        ..Default::default()
    };
    loop {
        let page = c.current().operations(&q).await.unwrap();
        let next = page.next().map(str::to_string);
        ops.extend(
            page.data
                .into_iter()
                .filter(|o| seen.insert(o.operation_id.clone())),
        );
        match next {
            Some(n) => q.cursor = Some(n),
            None => return ops,
        }
    }
}

async fn reconciliation(server: &RunningServer) -> Reconciliation {
    let c = client(server, FULL);
    let wallets = c.legacy().wallets().await.unwrap();
    let grouped = c.legacy().asset_wallets().await.unwrap();
    let fiat = c.legacy().fiat_wallets().await.unwrap();
    let trades = c
        .legacy()
        .trades_all(&LegacyTradesQuery {
            page_size: Some(500),
            ..Default::default()
        })
        .await
        .unwrap();
    let positions: Vec<PortfolioPosition> = c.current().portfolio(None).await.unwrap().into_vec();
    let ids: Vec<AssetId> = positions
        .iter()
        .filter_map(|p| p.asset_id.clone())
        .collect();
    let mut symbols: HashMap<String, String> = HashMap::new();
    for a in c.current().assets_by_ids(&ids).await.unwrap() {
        symbols.insert(a.id.to_string(), a.symbol.unwrap_or_default());
    }
    for cur in c.current().currencies().await.unwrap() {
        symbols.insert(cur.id.to_string(), cur.symbol.unwrap_or_default());
    }
    let ops = all_operations(&c).await;
    let legacy = LegacyWallets {
        crypto: &wallets,
        metal: &grouped.metal,
        fiat: &fiat,
    };
    reconcile(
        legacy,
        &trades,
        &positions,
        &ops,
        |id| symbols.get(id).cloned(),
        Period::default(),
    )
}

#[tokio::test]
async fn reconciliation_is_all_equal_on_the_consistent_ledger() {
    let server = legacy_sandbox_without_tax_cases(false).await;
    let report = reconciliation(&server).await;
    assert!(report.all_equal(), "{report:#?}");
    assert!(
        report
            .balances
            .iter()
            .filter(|r| r.outcome == Outcome::Match)
            .count()
            > 3
    );
    assert!(report.trades.iter().all(|r| r.current > 0));
    server.shutdown().await;
}

#[tokio::test]
async fn reconciliation_reports_the_deliberate_discrepancy() {
    let server = legacy_sandbox_without_tax_cases(true).await;
    let report = reconciliation(&server).await;
    assert_eq!(report.differences(), 2, "{report:#?}");
    let wrong: Vec<_> = report
        .balances
        .iter()
        .filter(|r| r.outcome == Outcome::Difference)
        .collect();
    assert_eq!(wrong.len(), 1);
    assert_eq!(
        wrong[0].legacy.unwrap() - wrong[0].current.unwrap(),
        "0.01".parse().unwrap()
    );
    let buys = report
        .trades
        .iter()
        .find(|r| r.kind == TradeKind::Buy)
        .unwrap();
    assert_eq!(buys.legacy + 1, buys.current);
    server.shutdown().await;
}

#[tokio::test]
async fn merged_timeline_counts_every_event_once() {
    let server = legacy_sandbox_without_tax_cases(false).await;
    let c = client(&server, FULL);
    let ops = all_operations(&c).await;
    let legacy = legacy_records(&c).await;
    let trades = legacy.trades.len();
    let merged = merge_timeline(ops.clone(), legacy);
    assert_eq!(merged.len(), ops.len());
    assert!(merged.iter().all(|e| e.source != Source::Legacy));
    let with_trade = merged.iter().filter(|e| {
        e.legacy
            .iter()
            .any(|r| matches!(r, timeline::LegacyRecord::Trade(_)))
    });
    assert_eq!(with_trade.count(), trades);
    server.shutdown().await;
}

/// Every legacy list, whole.
async fn legacy_records(c: &Client) -> LegacyRecords {
    LegacyRecords {
        trades: c
            .legacy()
            .trades_all(&LegacyTradesQuery {
                page_size: Some(500),
                ..Default::default()
            })
            .await
            .unwrap(),
        fiat: c
            .legacy()
            .fiat_transactions_all(&LegacyFiatTransactionsQuery {
                page_size: Some(500),
                ..Default::default()
            })
            .await
            .unwrap(),
        crypto: c
            .legacy()
            .crypto_transactions_all(&LegacyCryptoTransactionsQuery {
                page_size: Some(500),
                ..Default::default()
            })
            .await
            .unwrap(),
        commodity: c
            .legacy()
            .commodity_transactions_all(&LegacyCommodityTransactionsQuery {
                page_size: Some(500),
                ..Default::default()
            })
            .await
            .unwrap(),
    }
}

#[tokio::test]
async fn the_tax_cases_legacy_only_buy_is_the_one_difference() {
    let server = legacy_sandbox(false, None).await;
    let report = reconciliation(&server).await;
    assert_eq!(report.differences(), 1, "{report:#?}");
    assert!(report
        .balances
        .iter()
        .all(|r| r.outcome != Outcome::Difference));
    let buys = report
        .trades
        .iter()
        .find(|r| r.kind == TradeKind::Buy)
        .unwrap();
    assert_eq!(buys.legacy, buys.current + 1);
    // In the merged timeline, only the legacy-only operations' records (the 2020 deposit,
    // the buy's trade and its two wallet transactions) come from the legacy API alone.
    let c = client(&server, FULL);
    let ops = all_operations(&c).await;
    assert!(!ops
        .iter()
        .any(|o| o.operation_id.as_str() == folio_sandbox::tax_cases::BTC_LEGACY_BUY));
    let merged = merge_timeline(ops.clone(), legacy_records(&c).await);
    let legacy_only: Vec<_> = merged
        .iter()
        .filter(|e| e.source == Source::Legacy)
        .collect();
    assert!(!legacy_only.is_empty());
    assert_eq!(merged.len(), ops.len() + legacy_only.len());
    for e in &legacy_only {
        assert!(e.time.is_some_and(|t| t.year() == 2020), "{e:?}");
        for r in &e.legacy {
            assert!(r.id().starts_with("7a5ca5e0-0004-400"), "{r:?}");
        }
    }
    let trade = legacy_only
        .iter()
        .flat_map(|e| &e.legacy)
        .find_map(|r| match r {
            timeline::LegacyRecord::Trade(t) => Some(t),
            _ => None,
        })
        .expect("the legacy-only trade");
    assert_eq!(trade.id, folio_sandbox::tax_cases::BTC_LEGACY_BUY_TRADE);
    assert_eq!(trade.attributes.cryptocoin_symbol.as_deref(), Some("BTC"));
    server.shutdown().await;
}
