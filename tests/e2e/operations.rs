//! Operations: every type renders, filters live in the URL, "Load all" is complete and
//! stoppable, the CSV export equals the sandbox's own transactions, a failed page keeps what
//! was loaded. (The CSV export test is in `operations_export.rs`.)

use std::collections::HashSet;
use std::time::Duration;

use folio_sandbox::operation_json;
use folio_sandbox::{Config, Fault};
use serde_json::Value;

use crate::support::{config, World, DESKTOP, FULL_KEY, PHONE};

/// Opens Operations with `query` and waits for its first page.
pub(crate) async fn open(w: &World, query: &str) {
    w.goto(&format!("/operations{query}")).await;
    first_page(w).await;
}

/// Waits until the first page of operations has arrived.
pub(crate) async fn first_page(w: &World) {
    w.find("#ops-status").await;
    w.eventually(
        "return !document.querySelector('#ops-status').textContent.includes('(0 pages');",
        "the first page",
    )
    .await;
}

/// Presses "Load all" until the status says everything is loaded.
pub(crate) async fn load_all(w: &World) {
    w.eventually(
        "const b=document.querySelector('#ops-load-all'); if (b && !b.disabled) b.click();\
         return document.querySelector('#ops-status').textContent.includes('all loaded');",
        "everything loaded",
    )
    .await;
}

/// The JSON of the ledger's operations, newest first, as the API sends them.
pub(crate) fn ledger_ops(w: &World) -> Vec<(chrono::DateTime<chrono::Utc>, Value)> {
    w.server.ledger().with(|l| {
        l.operations
            .iter()
            .rev()
            .map(|op| (op.time, operation_json(op)))
            .collect()
    })
}

/// The distinct operation types among `ops`, sorted.
fn op_types(ops: &[(chrono::DateTime<chrono::Utc>, Value)]) -> Vec<String> {
    let mut types: Vec<String> = ops
        .iter()
        .map(|(_, o)| o["operation_type"].as_str().unwrap_or("").to_string())
        .collect();
    types.sort();
    types.dedup();
    types
}

/// Keeps every file the page exports (through `URL.createObjectURL`) for [`first_export`].
pub(crate) async fn capture_exports(w: &World) {
    w.js("window.__exports=[];const o=URL.createObjectURL;URL.createObjectURL=function(b){b.text().then(t=>window.__exports.push(t));return o.call(URL,b)};return true;").await;
}

/// The text of the first file exported since [`capture_exports`] (waiting for it).
pub(crate) async fn first_export(w: &World, what: &str) -> String {
    w.eventually("return window.__exports.length;", what).await;
    let text = w.js("return window.__exports[0];").await;
    text.as_str().expect("an exported text").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn operations_every_type_renders_with_pending_and_unknown() {
    let w = World::signed_in(FULL_KEY, "/operations").await;
    first_page(&w).await;
    w.assert_kept_spaces_fit("Operations at 1280 px").await;
    load_all(&w).await;
    let ops = ledger_ops(&w);
    let types = op_types(&ops);
    for t in [
        "deposit",
        "withdrawal",
        "buy",
        "sell",
        "swap",
        "savings_plan",
        "stake",
        "unstake",
        "staking_reward",
        "passive_earn_reward",
        "refund",
        "card_cashback",
    ] {
        assert!(types.contains(&t.to_string()), "sandbox lacks {t}");
    }
    for t in &types {
        w.find("#ops-type").await.select_by_value(t).await.unwrap();
        let sel = format!(".op-row[data-type='{t}'] .op-type");
        let text = w.text(&sel).await;
        assert!(!text.is_empty(), "{t} shows a label");
        if t == "card_cashback" {
            assert_eq!(text, "card_cashback", "unknown types keep their raw name");
        }
    }
    let pending = ops
        .iter()
        .find(|(_, o)| {
            o["transactions"]
                .as_array()
                .is_some_and(|txs| txs.iter().any(|t| t.get("credited_at").is_none()))
        })
        .map(|(_, o)| o["operation_id"].as_str().unwrap().to_string())
        .expect("a pending operation");
    w.find("#ops-type").await.select_by_value("").await.unwrap();
    w.find("#ops-search")
        .await
        .send_keys(&pending)
        .await
        .unwrap();
    w.wait_text(
        &format!(".op-row[data-id='{pending}'] .op-status"),
        "Pending",
    )
    .await;
    w.find(&format!(".op-row[data-id='{pending}'] .op-open"))
        .await
        .click()
        .await
        .unwrap();
    w.wait_text("[data-testid=op-detail]", pending.as_str())
        .await;
    assert!(w.text("[data-testid=op-detail]").await.contains("Pending"));
    w.screenshot("operations-1280").await;
    w.assert_accessible("Operations").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn operations_filters_land_in_the_url_and_survive_reload() {
    let w = World::signed_in_with(config(), PHONE, FULL_KEY, "/operations").await;
    first_page(&w).await;
    w.assert_kept_spaces_fit("Operations at 360 px").await;
    let total: i64 = w
        .js("return +document.querySelector('.ops-list').dataset.rows;")
        .await
        .as_i64()
        .unwrap();
    w.find("#ops-type")
        .await
        .select_by_value("buy")
        .await
        .unwrap();
    w.eventually(
        "return location.search.includes('type=buy');",
        "type in URL",
    )
    .await;
    w.find("#ops-search").await.send_keys("BTC").await.unwrap();
    w.eventually("return location.search.includes('q=BTC');", "text in URL")
        .await;
    let narrowed = w
        .eventually(
            "const r=document.querySelectorAll('.op-row[data-type]');\
         return r.length>0 && [...r].every(e=>e.dataset.type==='buy');",
            "only buys",
        )
        .await;
    assert_eq!(narrowed, Value::Bool(true));
    let rows: i64 = w
        .js("return +document.querySelector('.ops-list').dataset.rows;")
        .await
        .as_i64()
        .unwrap();
    assert!(rows < total, "{rows} < {total}");
    w.screenshot("operations-360").await;
    w.browser.refresh().await.unwrap();
    first_page(&w).await;
    let search = w
        .js("return document.querySelector('#ops-search').value + '|' + document.querySelector('#ops-type').value;")
        .await;
    assert_eq!(search.as_str(), Some("BTC|buy"));
    assert!(
        !w.url().await.contains("folio-demo"),
        "the key never enters the URL"
    );
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn operations_load_all_is_complete_and_stop_halts() {
    let many_and_slow = Config {
        operations: 1500,
        latency_ms: 250,
        ..config()
    };
    let w = World::signed_in_with(many_and_slow, DESKTOP, FULL_KEY, "/operations").await;
    first_page(&w).await;
    w.find("#ops-load-all").await.click().await.unwrap();
    w.wait_text("[data-testid=load-all-progress]", "pages")
        .await;
    w.find("#ops-stop").await.click().await.unwrap();
    w.wait_text("#ops-status", "more available").await;
    let first = w.text("#ops-status").await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(
        w.text("#ops-status").await,
        first,
        "nothing loads after Stop"
    );
    load_all(&w).await;
    let expected = w.server.ledger().operations_count();
    let status = w.text("#ops-status").await;
    assert!(
        status.contains(&format!("of {expected} loaded")),
        "{status}"
    );
    capture_exports(&w).await;
    w.click("#export-json").await;
    let json = first_export(&w, "JSON export").await;
    let list: Vec<Value> = serde_json::from_str(&json).unwrap();
    let ids: HashSet<&str> = list
        .iter()
        .filter_map(|o| o["operation_id"].as_str())
        .collect();
    assert_eq!(
        (list.len(), ids.len()),
        (expected, expected),
        "no duplicates"
    );
    let rows = w
        .js("return document.querySelectorAll('.op-row').length;")
        .await;
    assert!(rows.as_i64().unwrap() <= 200, "virtualised: {rows}");
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn operations_failed_page_shows_retry_and_keeps_rows() {
    let w = World::signed_in(FULL_KEY, "/operations").await;
    first_page(&w).await;
    let before = w.text("#ops-status").await;
    w.server.inject(Fault {
        times: 1,
        ..Fault::new("/operations", 500)
    });
    w.find("#ops-load-more").await.click().await.unwrap();
    w.find("[data-testid=error-view]").await;
    assert_eq!(w.text("#ops-status").await, before, "loaded rows are kept");
    assert!(
        w.js("return document.querySelectorAll('.op-row[data-type]').length;")
            .await
            .as_i64()
            .unwrap()
            > 0
    );
    w.find("[data-testid=error-view] button")
        .await
        .click()
        .await
        .unwrap();
    w.eventually(
        "return !document.querySelector('[data-testid=error-view]');",
        "retry succeeded",
    )
    .await;
    // The error view goes as soon as the retry starts; the status line
    // changes only when the retried page has arrived.
    let changed = format!(
        "return document.querySelector('#ops-status').textContent.trim() !== {};",
        serde_json::to_string(before.trim()).unwrap()
    );
    w.eventually(&changed, "the retried page was added").await;
    w.close().await;
}
