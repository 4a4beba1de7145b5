use super::*;
use crate::decode::oracle_decode as decode;
use serde_json::{json, Value};

fn item<A: serde::de::DeserializeOwned + std::fmt::Debug>(v: Value) -> A {
    decode(&v.to_string()).unwrap()
}

fn op(id: &str, kind: &str, legs: Value) -> Operation {
    item(json!({"operation_id": id, "operation_type": kind, "transactions": legs}))
}

fn ts(unix: i64) -> Value {
    json!({"date_iso8601": chrono::DateTime::from_timestamp(unix, 0).unwrap().to_rfc3339(), "unix": unix.to_string()})
}

fn at(unix: i64) -> String {
    chrono::DateTime::from_timestamp(unix, 0)
        .unwrap()
        .to_rfc3339()
}

#[test]
fn trades_in_both_apis_are_one_entry() {
    let current = vec![
        op(
            "op-buy",
            "buy",
            json!([
            {"transaction_id": "leg-fiat", "currency_id": "eur", "asset_amount": {"value": "100.00"}, "credited_at": at(300)},
            {"transaction_id": "leg-btc", "asset_id": "btc", "asset_amount": {"value": "0.00100000"}, "credited_at": at(300),
             "trade": {"trade_id": "trade-1"}}]),
        ),
        op(
            "op-dep",
            "deposit",
            json!([{"transaction_id": "leg-dep", "currency_id": "eur",
            "asset_amount": {"value": "50.00"}, "credited_at": at(200)}]),
        ),
        op(
            "op-new",
            "sell",
            json!([{"transaction_id": "leg-new", "asset_id": "eth", "asset_amount": {"value": "1"}}]),
        ),
    ];
    let legacy = LegacyRecords {
        trades: vec![
            item(
                json!({"type": "trade", "id": "trade-1", "attributes": {"type": "buy", "time": ts(300), "amount_cryptocoin": "0.001"}}),
            ),
            item(
                json!({"type": "trade", "id": "other-id", "attributes": {"type": "buy", "time": ts(200), "amount_cryptocoin": "50"}}),
            ),
            item(
                json!({"type": "trade", "id": "trade-old", "attributes": {"type": "buy", "time": ts(100), "amount_cryptocoin": "7"}}),
            ),
        ],
        fiat: vec![item(
            json!({"type": "fiat_wallet_transaction", "id": "leg-fiat", "attributes": {"type": "buy", "time": ts(300), "amount": "100"}}),
        )],
        crypto: vec![item(
            json!({"type": "transaction", "id": "legacy-only-id", "attributes": {"type": "buy", "time": ts(300), "amount": "0.00100000"}}),
        )],
        commodity: vec![item(
            json!({"type": "transaction", "id": "c-1", "attributes": {"time": ts(100), "amount": "7",
            "trade": {"type": "trade", "id": "trade-old", "attributes": {"type": "buy"}}}}),
        )],
    };
    let merged = merge_timeline(current, legacy);
    let summary: Vec<(Source, Option<&str>, usize)> = merged
        .iter()
        .map(|e| {
            (
                e.source,
                e.current.as_ref().map(|o| o.operation_id.as_str()),
                e.legacy.len(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (Source::Current, Some("op-new"), 0),
            (Source::Both, Some("op-buy"), 3),
            (Source::Both, Some("op-dep"), 1),
            (Source::Legacy, None, 2),
        ]
    );
    assert_eq!(merged[1].time.unwrap().timestamp(), 300);
    assert_eq!(merged[3].time.unwrap().timestamp(), 100);
    let trades_shown = merged
        .iter()
        .filter(|e| {
            e.legacy.iter().any(|r| matches!(r, LegacyRecord::Trade(_)))
                || e.current.as_ref().is_some_and(|o| {
                    o.operation_type
                        .as_ref()
                        .is_some_and(|t| t.as_str() == "buy")
                })
        })
        .count();
    assert_eq!(
        trades_shown, 3,
        "trade-1 once, the fallback-matched deposit, the legacy-only trade"
    );
}

#[test]
fn nothing_to_merge() {
    assert!(merge_timeline(Vec::new(), LegacyRecords::default()).is_empty());
}

#[test]
fn records_found_by_id_while_indexing_are_marked_and_the_others_are_still_found() {
    let current = [
        op(
            "op-buy",
            "buy",
            json!([{"transaction_id": "leg-btc", "asset_id": "btc", "asset_amount": {"value": "0.5"},
                "credited_at": at(300), "trade": {"trade_id": "trade-1"}}]),
        ),
        op(
            "op-dep",
            "deposit",
            json!([{"transaction_id": "leg-dep", "currency_id": "eur",
                "asset_amount": {"value": "50.00"}, "credited_at": at(200)}]),
        ),
    ];
    let mut wanted = Wanted::default();
    // 0: by trade id; 1: by time and amount only; 2: listed nowhere; 3: the id of 0 again.
    wanted.add("trade-1", None, None);
    wanted.add(
        "other-id",
        None,
        Some(chrono::DateTime::from_timestamp(200, 0).unwrap()),
    );
    wanted.add("missing", None, None);
    wanted.add("trade-1", None, None);
    let index = CurrentIndex::new(&current, &wanted);
    assert!(index.listed(0));
    assert!(!index.listed(1), "a match by time and amount is not marked");
    assert!(!index.listed(2));
    assert!(!index.listed(3), "numbered by the first record with the id");
    assert!(!index.listed(99));
    let time = chrono::DateTime::from_timestamp(200, 0);
    let fifty = Some(Decimal::from(50));
    assert_eq!(index.find_parts("other-id", None, time, fifty), Some(1));
    assert_eq!(index.find_parts("trade-1", None, None, None), Some(0));
    assert_eq!(index.find_parts("missing", None, None, None), None);
}
