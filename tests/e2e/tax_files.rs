//! "Files for tax tools" on Operations: a Koinly file for one year is prepared from every
//! operation, its summary line is shown before the download, and the file holds exactly the
//! rows the line announces, each naming an operation of that year (TxHash is a Bitpanda id).

use std::collections::HashSet;

use chrono::Datelike;

use crate::operations::{capture_exports, first_export, ledger_ops, open};
use crate::support::{slow_network, World, DESKTOP, FULL_KEY};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_koinly_file_for_a_year_holds_what_its_summary_says() {
    let w = World::signed_in(FULL_KEY, "/").await;
    let ops = ledger_ops(&w);
    // The year with the most operations.
    let mut years: Vec<i32> = ops.iter().map(|(t, _)| t.year()).collect();
    years.sort();
    let year = *years
        .iter()
        .max_by_key(|y| years.iter().filter(|x| x == y).count())
        .unwrap();
    // Every id an operation of that year (TxHash is a Bitpanda id) carries: its own, its legs', its trades'.
    let mut of_year: HashSet<String> = HashSet::new();
    for (_, op) in ops.iter().filter(|(t, _)| t.year() == year) {
        of_year.insert(op["operation_id"].as_str().unwrap().to_string());
        for tx in op["transactions"].as_array().unwrap() {
            for id in [&tx["transaction_id"], &tx["trade"]["trade_id"]] {
                if let Some(id) = id.as_str() {
                    of_year.insert(id.to_string());
                }
            }
        }
    }

    open(&w, "?type=buy").await;
    w.click("#tax-files summary").await;
    w.find("#tax-year").await;
    // A custom period ending before it starts is refused at the field; nothing is read.
    w.js("const s=document.querySelector('#tax-year');s.value='custom';s.dispatchEvent(new Event('change'));return true;").await;
    w.js("for (const [id,v] of [['#tax-from','2025-02-01'],['#tax-to','2025-01-01']]) {const e=document.querySelector(id);e.value=v;e.dispatchEvent(new Event('change'));} return true;").await;
    w.click("#tax-prepare").await;
    assert_eq!(
        w.text("#tax-to-error").await,
        "The end must not be before the start."
    );
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        w.text("#tax-summary").await,
        "",
        "nothing is read for a wrong period"
    );

    w.js(&format!("const s=document.querySelector('#tax-year');s.value='{year}';s.dispatchEvent(new Event('change'));const f=document.querySelector('#tax-format');f.value='koinly';f.dispatchEvent(new Event('change'));return true;")).await;
    w.click("#tax-prepare").await;
    w.find("#tax-download").await;
    let summary = w.text("#tax-summary").await;
    assert!(
        summary.starts_with(&format!("Koinly file for {year}-01-01 to {year}-12-31: ")),
        "{summary}"
    );
    let rows: usize = summary
        .split(": ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.replace(',', "").parse().ok())
        .unwrap_or_else(|| panic!("a row count in {summary}"));

    capture_exports(&w).await;
    w.click("#tax-download").await;
    let file = first_export(&w, "the Koinly file").await;
    let mut reader = csv::Reader::from_reader(file.as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        [
            "Date",
            "Sent Amount",
            "Sent Currency",
            "Received Amount",
            "Received Currency",
            "Fee Amount",
            "Fee Currency",
            "Net Worth Amount",
            "Net Worth Currency",
            "Label",
            "Description",
            "TxHash"
        ]
    );
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(
        records.len(),
        rows,
        "the file holds the rows its summary announced"
    );
    assert!(rows > 0);
    for r in &records {
        assert!(
            r[0].starts_with(&year.to_string()),
            "a row of {year}: {r:?}"
        );
        assert!(
            of_year
                .iter()
                .any(|id| r[11].contains(id.as_str()) || r[10].contains(id.as_str())),
            "a row naming an operation of {year}: {r:?}"
        );
    }
    w.close().await;
}

/// Stop ends a file being prepared: the summary says no file was made, no download is
/// offered, no more operations are asked for, and a new file can be prepared.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_ends_a_file_being_prepared() {
    let slow = folio_sandbox::Config {
        operations: 5_000,
        ..slow_network(300)
    };
    let w = World::signed_in_with(slow, DESKTOP, FULL_KEY, "/").await;
    open(&w, "").await;
    w.click("#tax-files summary").await;
    w.click("#tax-prepare").await;
    w.wait_text("#tax-summary", "so far").await;
    w.click("#tax-stop").await;
    assert_eq!(
        w.text("#tax-summary").await,
        "Export stopped: no file was made."
    );
    let asked = || w.sent("GET", "/operations");
    tokio::time::sleep(std::time::Duration::from_millis(900)).await;
    let settled = asked();
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    assert_eq!(asked(), settled, "no page is asked for after Stop");
    assert!(w.is_absent("#tax-download").await);
    assert!(w.is_absent("#tax-stop").await);
    assert_eq!(
        w.js("return document.querySelector('#tax-prepare').disabled")
            .await,
        false,
        "a new file can be prepared"
    );
    // A new period while a file is prepared stops it: it would be offered as the new
    // period's file.
    w.click("#tax-prepare").await;
    w.wait_text("#tax-summary", "so far").await;
    w.js("const s = document.querySelector('#tax-year'); s.value = 'custom'; s.dispatchEvent(new Event('change'));")
        .await;
    assert_eq!(
        w.text("#tax-summary").await,
        "Export stopped: no file was made."
    );
    tokio::time::sleep(std::time::Duration::from_millis(900)).await;
    let settled = asked();
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    assert_eq!(asked(), settled, "no page is asked for after the change");
    assert!(w.is_absent("#tax-download").await);
    w.close().await;
}
