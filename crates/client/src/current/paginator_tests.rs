//! Tests of the operations paginator: against the sandbox, and with scripted pages for a
//! misbehaving service (repeated cursors, pages with nothing new, unreadable records).

use super::*;
use crate::transport::fake::FakeTransport;
use crate::{ApiKey, BaseUrls};

async fn sandbox(ops: usize) -> (folio_sandbox::RunningServer, Client) {
    let server = folio_sandbox::serve(folio_sandbox::Config {
        operations: ops,
        read_rate_limit: 1000,
        ..Default::default()
    })
    .await
    .unwrap();
    let client = Client::new(
        BaseUrls::same_origin(&server.url()),
        ApiKey::new("folio-demo-full"),
    );
    (server, client)
}

#[tokio::test]
async fn walks_to_the_end_without_duplicates() {
    let (server, client) = sandbox(260).await;
    let mut pager = client.current().operations_paginator(OperationsQuery {
        page_size: Some(10),
        ..Default::default()
    });
    let mut all = Vec::new();
    let mut reports = Vec::new();
    let end = pager
        .run(None, |ops, p| {
            all.extend(ops);
            reports.push(p);
        })
        .await
        .unwrap();
    let expected = server.ledger().operations_count();
    assert_eq!(all.len(), expected);
    let ids: HashSet<_> = all.iter().map(|o| o.operation_id.clone()).collect();
    assert_eq!(ids.len(), expected);
    assert!(end.done && end.items == expected);
    assert!(end.pages >= expected.div_ceil(10));
    assert!(reports.windows(2).all(|w| w[0].pages + 1 == w[1].pages));
    assert!(matches!(pager.next_page().await.unwrap(), Step::Finished));
}

#[tokio::test]
async fn stops_at_a_limit_and_when_cancelled() {
    let (_server, client) = sandbox(100).await;
    let mut pager = client.current().operations_paginator(OperationsQuery {
        page_size: Some(5),
        ..Default::default()
    });
    let p = pager.run(Some(12), |_, _| {}).await.unwrap();
    assert!(p.items >= 12 && p.items < 20 && !p.done);
    pager.cancel_handle().cancel();
    assert!(matches!(pager.next_page().await.unwrap(), Step::Cancelled));
    assert_eq!(pager.progress().pages, p.pages);
}

fn page(ids: &[&str], next: Option<&str>) -> String {
    let data: Vec<serde_json::Value> = ids
        .iter()
        .map(|id| serde_json::json!({"operation_id": id, "operation_type": "buy", "transactions": []}))
        .collect();
    serde_json::json!({"data": data, "next_cursor": next, "has_next_page": next.is_some()})
        .to_string()
}

fn scripted(pages: &[String]) -> (FakeTransport, Paginator<FakeTransport>) {
    let fake = FakeTransport::default();
    for p in pages {
        fake.answer(200, p);
    }
    let client = Client::with_transport(BaseUrls::same_origin(""), ApiKey::new("k"), fake.clone());
    (
        fake,
        client
            .current()
            .operations_paginator(OperationsQuery::default()),
    )
}

#[tokio::test]
async fn a_repeated_cursor_stops_the_walk() {
    let (fake, mut pager) = scripted(&[
        page(&["a"], Some("c1")),
        page(&["b"], Some("c2")),
        page(&["c"], Some("c1")),
    ]);
    let mut all = Vec::new();
    let end = pager.run(None, |ops, _| all.extend(ops)).await.unwrap();
    assert_eq!(all.len(), 3);
    assert_eq!(end.stopped, Some(Stopped::RepeatedCursor));
    assert!(end.done);
    assert_eq!(fake.sent().len(), 3, "the repeated cursor is not asked for");
    assert!(matches!(
        pager.next_page().await.unwrap(),
        Step::Stopped(Stopped::RepeatedCursor)
    ));
    assert_eq!(fake.sent().len(), 3);
}

#[tokio::test]
async fn pages_that_bring_nothing_new_stop_the_walk() {
    // An unknown cursor restarts at page 1: the same records again and again.
    let (fake, mut pager) = scripted(&[
        page(&["a", "b"], Some("c1")),
        page(&["a", "b"], Some("c2")),
        page(&[], Some("c3")),
        page(&["b"], Some("c4")),
        page(&["z"], Some("c5")),
    ]);
    let end = pager.run(None, |_, _| {}).await.unwrap();
    assert_eq!(end.stopped, Some(Stopped::NoNewItems));
    assert_eq!((end.items, end.pages), (2, 4));
    assert_eq!(fake.sent().len(), 1 + MAX_PAGES_WITHOUT_NEW);
}

#[tokio::test]
async fn a_new_record_resets_the_count_and_the_last_page_ends_normally() {
    let (_fake, mut pager) = scripted(&[
        page(&["a"], Some("c1")),
        page(&["a"], Some("c2")),
        page(&["a"], Some("c3")),
        page(&["b"], Some("c4")),
        page(&["b"], Some("c5")),
        page(&["c"], None),
    ]);
    let end = pager.run(None, |_, _| {}).await.unwrap();
    assert_eq!(end.stopped, None);
    assert!(end.done);
    assert_eq!((end.items, end.pages), (3, 6));
}

#[tokio::test]
async fn unreadable_records_are_skipped_and_counted() {
    let bad = serde_json::json!({
        "data": [
            {"operation_id": "a", "operation_type": "buy", "transactions": []},
            {"operation_id": "b", "transactions": "not a list"},
            {"operation_id": 7},
            {"operation_id": "c", "transactions": [{"transaction_id": "t", "asset_amount": {"value": ""}}]},
            {"operationId": "d", "operationType": "sell", "transactions": []}
        ],
        "next_cursor": "x",
        "has_next_page": false
    })
    .to_string();
    let (_fake, mut pager) = scripted(&[bad]);
    let mut ids = Vec::new();
    let end = pager
        .run(None, |ops, _| {
            ids.extend(ops.into_iter().map(|o| o.operation_id.to_string()))
        })
        .await
        .unwrap();
    assert_eq!(ids, ["a", "d"]);
    assert_eq!(end.skipped, 3);
    assert!(end.done && end.stopped.is_none());
}

#[tokio::test]
async fn the_next_page_is_asked_for_before_a_page_is_handed_over() {
    let (fake, mut pager) = scripted(&[
        page(&["a"], Some("c1")),
        page(&["b"], Some("c2")),
        page(&["c"], None),
    ]);
    let mut asked_when_handed = Vec::new();
    pager
        .run(None, |_, _| asked_when_handed.push(fake.sent().len()))
        .await
        .unwrap();
    // Pages 1 and 2 are handed over once the request for the next page is out; the last
    // page has no next one.
    assert_eq!(asked_when_handed, [2, 3, 3]);
}
