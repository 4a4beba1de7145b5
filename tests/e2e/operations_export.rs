//! Operations export: the CSV of a filtered date range equals, row for row, the sandbox's
//! own transactions for that range.

use serde_json::Value;

use crate::operations::{capture_exports, first_export, ledger_ops, load_all, open};
use crate::support::{World, FULL_KEY};

/// A CSV field, quoted when it holds a comma or a quote.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn operations_csv_export_equals_the_sandbox_transactions() {
    let w = World::signed_in(FULL_KEY, "/").await;
    let ops = ledger_ops(&w);
    let (to, from) = (
        ops[ops.len() / 4].0.date_naive(),
        ops[ops.len() / 2].0.date_naive(),
    );
    open(&w, &format!("?from={from}&to={to}")).await;
    load_all(&w).await;
    let mut symbols = std::collections::HashMap::new();
    for (id, symbol, _) in w
        .server
        .ledger()
        .assets()
        .into_iter()
        .chain(w.server.ledger().currencies())
    {
        symbols.insert(id, symbol);
    }
    let s = |v: &Value| v.as_str().unwrap_or("").to_string();
    let sym = |m: &Value| {
        let id = m
            .get("asset_id")
            .or(m.get("currency_id"))
            .map(s)
            .unwrap_or_default();
        symbols.get(&id).cloned().unwrap_or(id)
    };
    let mut expected = vec!["date_utc,operation_id,operation_type,transaction_id,transaction_type,flow,asset_symbol,amount,fee,fee_currency,rate,rate_with_fee,eur_rate,trade_id,balance_after".to_string()];
    let first = from.and_hms_opt(0, 0, 0).unwrap().and_utc();
    let last = to.and_hms_milli_opt(23, 59, 59, 999).unwrap().and_utc();
    for (time, op) in ops.iter().filter(|(t, _)| *t >= first && *t <= last) {
        let _ = time;
        for tx in op["transactions"].as_array().unwrap() {
            let trade = &tx["trade"];
            let date = tx
                .get("credited_at")
                .and_then(Value::as_str)
                .map(|t| {
                    chrono::DateTime::parse_from_rfc3339(t)
                        .unwrap()
                        .format("%Y-%m-%dT%H:%M:%S%.3fZ")
                        .to_string()
                })
                .unwrap_or_default();
            let fields = [
                date,
                s(&op["operation_id"]),
                s(&op["operation_type"]),
                s(&tx["transaction_id"]),
                s(&tx["transaction_type"]),
                s(&tx["flow"]),
                csv_field(&sym(&tx["asset_amount"])),
                s(&tx["asset_amount"]["value"]),
                s(&tx["fee_amount"]["value"]),
                csv_field(&sym(&tx["fee_amount"])),
                s(&trade["rate"]),
                s(&trade["rate_with_fee"]),
                s(&trade["to_eur_rate"]),
                s(&trade["trade_id"]),
                s(&tx["asset_balance_after"]["value"]),
            ];
            expected.push(fields.join(","));
        }
    }
    assert!(expected.len() > 5, "the range has transactions");
    capture_exports(&w).await;
    w.click("#export-csv").await;
    let csv = first_export(&w, "CSV export").await;
    let got: Vec<&str> = csv.trim_end().split("\r\n").collect();
    assert_eq!(got.len(), expected.len(), "one row per transaction");
    for (g, e) in got.iter().zip(&expected) {
        assert_eq!(g, e);
    }
    w.close().await;
}
