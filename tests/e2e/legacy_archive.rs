//! "Download everything": the legacy archive of a sandbox holding more than 50,000 legacy
//! records downloads as one ZIP; its lists hold exactly the sandbox's records (counts, one
//! record byte for byte, documented CSV headers), and Stop then Resume loses and repeats
//! nothing.

use std::collections::HashSet;
use std::io::{Read, Write};
use std::time::Duration;

use base64::Engine;
use folio_client::json_text::array_items;
use folio_sandbox::Fault;

use crate::support::{config, World, DESKTOP, FULL_KEY};

/// Paged legacy lists: (path under /legacy/v1, file stem in the archive).
const PAGED: [(&str, &str); 4] = [
    ("trades", "trades"),
    ("fiatwallets/transactions", "fiat-transactions"),
    ("wallets/transactions", "crypto-transactions"),
    ("assets/transactions/commodity", "commodity-transactions"),
];

/// The sandbox's own answer to `GET path` with the full key, over plain HTTP/1.0.
fn api_answer(w: &World, path: &str) -> String {
    let url = w.server.url();
    let host = url.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(host).expect("the sandbox answers");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.0\r\nHost: {host}\r\nX-Api-Key: {FULL_KEY}\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").expect("a full answer");
    assert!(
        head.starts_with("HTTP/1.0 200") || head.starts_with("HTTP/1.1 200"),
        "{head}"
    );
    body.to_string()
}

/// Makes the page hand every ZIP it offers to the test (base64 in `window.__zips`).
async fn capture_zips(w: &World) {
    w.js("window.__zips=[];const o=URL.createObjectURL;URL.createObjectURL=function(b){if(b.type==='application/zip'){b.arrayBuffer().then(buf=>{const u=new Uint8Array(buf);let s='';for(let i=0;i<u.length;i+=32768){s+=String.fromCharCode.apply(null,u.subarray(i,i+32768));}window.__zips.push(btoa(s));});}return o.call(URL,b)};return true;").await;
}

/// Waits (up to `secs`) until `script` returns true.
async fn wait_for(w: &World, script: &str, secs: u64, what: &str) {
    for _ in 0..secs * 5 {
        if w.js(script).await.as_bool() == Some(true) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let status = w
        .js("return document.querySelector('#archive-status')?.textContent;")
        .await;
    panic!("{what} never happened; status {status}");
}

/// A script returning the state shown for `list` ("Reading…", "Stopped", …).
fn row_state(list: &str) -> String {
    format!("return document.querySelector('[data-testid=archive-list][data-list=\"{list}\"]')?.dataset.state;")
}

fn read_file(zip: &mut zip::ZipArchive<std::io::Cursor<Vec<u8>>>, name: &str) -> String {
    let mut text = String::new();
    zip.by_name(name)
        .unwrap_or_else(|_| panic!("{name} is in the archive"))
        .read_to_string(&mut text)
        .unwrap();
    text
}

/// The documented header of `file` in docs/legacy-archive.md (the line after its heading).
fn documented_header(file: &str) -> String {
    let docs = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/legacy-archive.md"
    ))
    .expect("docs/legacy-archive.md");
    let heading = format!("#### `{file}`");
    let after = docs
        .split_once(&heading)
        .unwrap_or_else(|| panic!("{heading} documented"))
        .1;
    let block = after.split_once("```text\n").expect("a header block").1;
    block.lines().next().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_legacy_archive_holds_every_record_once_even_after_stop_and_resume() {
    let w = World::signed_in_with(
        folio_sandbox::Config {
            operations: 24_200,
            // The random history alone: 24,200 operations make just over 50,000 records.
            tax_cases: false,
            ..config()
        },
        DESKTOP,
        FULL_KEY,
        "/legacy-api/archive",
    )
    .await;
    let mut totals = Vec::new();
    for (path, stem) in PAGED {
        let first = api_answer(&w, &format!("/legacy/v1/{path}?page_size=1"));
        let v: serde_json::Value = serde_json::from_str(&first).unwrap();
        totals.push((
            stem,
            v["meta"]["total_count"].as_u64().unwrap() as usize,
            first,
        ));
    }
    let all: usize = totals.iter().map(|t| t.1).sum();
    assert!(all >= 50_000, "the sandbox holds {all} legacy records");

    // The crypto transactions' first page is answered 503 with a 4 s Retry-After: Stop is
    // pressed while that list is being read.
    w.server.inject(Fault {
        retry_after_secs: Some(4),
        ..Fault::new("/legacy/v1/wallets/transactions", 503)
    });
    capture_zips(&w).await;
    w.click("#archive-start").await;
    let reading = row_state("crypto-transactions").replace(";", "==='Reading…';");
    wait_for(&w, &reading, 120, "reading the crypto transactions").await;
    w.click("#archive-stop").await;
    wait_for(
        &w,
        "return !!document.querySelector('#archive-resume');",
        30,
        "stopped",
    )
    .await;
    assert_eq!(w.js(&row_state("trades")).await, "Complete");
    assert_eq!(w.js(&row_state("crypto-transactions")).await, "Stopped");
    assert_eq!(w.js(&row_state("commodity-transactions")).await, "Waiting");
    let read_before = w
        .js("return +document.querySelector('[data-list=\"crypto-transactions\"]').dataset.read;")
        .await;
    assert!(
        read_before.as_u64().unwrap() <= 500,
        "stopped after at most one page: {read_before}"
    );

    w.click("#archive-resume").await;
    wait_for(&w, "return window.__zips.length > 0;", 300, "the ZIP").await;
    assert!(w
        .text("#archive-status")
        .await
        .contains("Every list is complete."));
    let zip64 = w.js("return window.__zips[0];").await;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(zip64.as_str().unwrap())
        .unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a ZIP");
    let readme = read_file(&mut zip, "README.txt");
    assert!(
        readme.contains("None: every list was read to its end."),
        "{readme}"
    );

    for (stem, total, first) in &totals {
        let json = read_file(&mut zip, &format!("{stem}.json"));
        let parsed: Vec<serde_json::Value> = serde_json::from_str(&json).expect("valid JSON");
        let records = array_items(&json).unwrap();
        assert_eq!(records.len(), parsed.len());
        assert_eq!(records.len(), *total, "{stem}: every record");
        let ids: HashSet<String> = parsed.iter().map(|r| r["id"].to_string()).collect();
        assert_eq!(ids.len(), *total, "{stem}: no record twice");
        // The newest record, byte for byte as the API sent it.
        let sent: serde_json::Value = serde_json::from_str(first).unwrap();
        assert!(
            first.contains(records[0]),
            "{stem}: the newest record byte for byte as sent"
        );
        assert_eq!(
            parsed[0], sent["data"][0],
            "{stem}: the newest record first"
        );

        let csv_text = read_file(&mut zip, &format!("{stem}.csv"));
        let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
        let header = reader
            .headers()
            .unwrap()
            .iter()
            .collect::<Vec<_>>()
            .join(",");
        let documented = documented_header(&format!("{stem}.csv"));
        assert!(
            header.starts_with(&documented),
            "{stem}.csv header {header} is not documented {documented}"
        );
        assert_eq!(reader.records().count(), *total, "{stem}.csv rows");
    }
    for (path, stem) in [("wallets", "wallets"), ("fiatwallets", "fiat-wallets")] {
        let answer = api_answer(&w, &format!("/legacy/v1/{path}"));
        let sent: serde_json::Value = serde_json::from_str(&answer).unwrap();
        let json = read_file(&mut zip, &format!("{stem}.json"));
        let kept: Vec<serde_json::Value> = serde_json::from_str(&json).unwrap();
        assert_eq!(&kept, sent["data"].as_array().unwrap(), "{stem}");
    }
    assert_eq!(
        read_file(&mut zip, "asset-wallets.json"),
        api_answer(&w, "/legacy/v1/asset-wallets")
    );
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_list_the_service_sends_round_in_circles_is_stopped_with_its_reason_not_complete() {
    // Enough trades for a full first page: a short page is the list's last, whatever it says.
    let w = World::signed_in_with(
        folio_sandbox::Config {
            operations: 3_000,
            ..config()
        },
        DESKTOP,
        FULL_KEY,
        "/legacy-api/archive",
    )
    .await;
    // The trades always say "next page" at the same cursor.
    w.server.inject(Fault::of_kind(
        "/legacy/v1/trades",
        folio_sandbox::FaultKind::RepeatedCursor,
        20,
    ));
    capture_zips(&w).await;
    w.click("#archive-start").await;
    wait_for(&w, "return window.__zips.length > 0;", 120, "the ZIP").await;
    let state = w.js(&row_state("trades")).await;
    assert_eq!(
        state.as_str(),
        Some("Stopped: the service pointed to a page it had already sent"),
        "never \"Complete\""
    );
    let shown = w.text("[data-testid=archive-list][data-list=trades]").await;
    assert!(
        shown.contains("Stopped: the service pointed to a page"),
        "{shown}"
    );
    assert!(w
        .text("#archive-status")
        .await
        .contains("1 list is incomplete"));
    assert!(
        w.sent("GET", "/legacy/v1/trades") <= 3,
        "the cycle ended the reading at once"
    );
    let zip64 = w.js("return window.__zips[0];").await;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(zip64.as_str().unwrap())
        .unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a ZIP");
    let readme = read_file(&mut zip, "README.txt");
    assert!(
        readme.contains("INCOMPLETE: stopped: the service pointed to a page it had already sent."),
        "{readme}"
    );
    w.close().await;
}
