//! What the tax files' test shares: the fixed sandbox history read over HTTP, the golden file
//! comparison, a CSV reader, a checker of Ghostfolio's documented import fields
//! (`ghostfolio.rs`) and the operation types the tables of `docs/exports.md` document.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::str::FromStr;

use chrono::{TimeZone, Utc};
use folio_client::current::{Operation, OperationsQuery};
use folio_client::legacy::LegacyTradesQuery;
use folio_client::{ApiKey, AssetId, BaseUrls, Client, Decimal};
use folio_export::tax::{LegacyTrades, Units};
use folio_sandbox::{Config, RunningServer};
mod ghostfolio;
pub use ghostfolio::ghostfolio_problems;

/// Everything read from the sandbox (the server lives as long as this).
pub struct History {
    pub operations: Vec<Operation>,
    pub legacy_trades: LegacyTrades,
    pub units: Units,
    /// What Insights knows before the operations arrive: the currencies and the legacy
    /// fiat ids, no asset.
    pub early_units: Units,
    _server: RunningServer,
}

/// The fixed history: seed 20250, 240 operations over the two years before 2026-05-04
/// 09:15:27 UTC, prices frozen, read with the demo key that has every scope.
pub async fn history() -> History {
    let server = folio_sandbox::serve(Config {
        seed: 20_250,
        operations: 240,
        frozen_prices: true,
        now: Some(Utc.with_ymd_and_hms(2026, 5, 4, 9, 15, 27).unwrap()),
        read_rate_limit: 100_000,
        ..Config::default()
    })
    .await
    .expect("sandbox starts");
    let client = Client::new(
        BaseUrls::same_origin(&server.url()),
        ApiKey::new("folio-demo-full"),
    );
    let mut operations = Vec::new();
    let mut paginator = client
        .current()
        .operations_paginator(OperationsQuery::default());
    let progress = paginator
        .run(None, |page, _| operations.extend(page))
        .await
        .expect("operations");
    assert!(progress.done && progress.stopped.is_none(), "{progress:?}");
    let currencies = client
        .current()
        .currencies()
        .await
        .expect("currencies")
        .items;
    let ids: BTreeSet<String> = operations
        .iter()
        .flat_map(|op| &op.transactions)
        .filter_map(|leg| leg.asset_id.as_ref().map(|a| a.to_string()))
        .collect();
    let ids: Vec<AssetId> = ids.into_iter().map(AssetId::new).collect();
    let assets = client.current().assets_by_ids(&ids).await.expect("assets");
    assert_eq!(assets.len(), ids.len(), "every asset named");
    let mut units = Units::from_catalogue(&currencies, &assets);
    let mut early_units = Units::from_catalogue(&currencies, &[]);
    for wallet in client
        .legacy()
        .fiat_wallets()
        .await
        .expect("fiat wallets")
        .items
    {
        if let (Some(id), Some(symbol)) = (wallet.attributes.fiat_id, wallet.attributes.fiat_symbol)
        {
            units.insert_legacy_fiat(id.clone(), symbol.clone());
            early_units.insert_legacy_fiat(id, symbol);
        }
    }
    // Kept a page at a time, as the app reads them for a tax file.
    let mut legacy_trades = LegacyTrades::new();
    client
        .legacy()
        .trades_each(
            &LegacyTradesQuery {
                page_size: Some(500),
                ..LegacyTradesQuery::default()
            },
            |page| page.iter().for_each(|trade| legacy_trades.push(trade)),
        )
        .await
        .expect("legacy trades");
    legacy_trades.done();
    History {
        operations,
        legacy_trades,
        units,
        early_units,
        _server: server,
    }
}

/// Compares `text` with the golden file `name` (or writes it when `UPDATE_GOLDEN=1`); the
/// error is a readable diff.
pub fn golden(name: &str, text: &str) -> Result<(), String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var("UPDATE_GOLDEN").as_deref() == Ok("1") {
        std::fs::create_dir_all(path.parent().expect("golden dir")).expect("golden dir");
        std::fs::write(&path, text).expect("golden written");
        return Ok(());
    }
    let Ok(expected) = std::fs::read_to_string(&path) else {
        return Err(format!(
            "{name}: no golden file at {}; run with UPDATE_GOLDEN=1 and check it by eye",
            path.display()
        ));
    };
    if expected == text {
        return Ok(());
    }
    let (want, got): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), text.lines().collect());
    let mut out = format!(
        "{name} differs from its golden file ({} lines expected, {} written; \
         UPDATE_GOLDEN=1 rewrites it):",
        want.len(),
        got.len()
    );
    let mut shown = 0;
    for i in 0..want.len().max(got.len()) {
        let (w, g) = (want.get(i), got.get(i));
        if w == g {
            continue;
        }
        out.push_str(&format!(
            "\n  line {}:\n  - {}\n  + {}",
            i + 1,
            w.unwrap_or(&"(none)"),
            g.unwrap_or(&"(none)")
        ));
        shown += 1;
        if shown == 8 {
            out.push_str("\n  …");
            break;
        }
    }
    if expected.replace("\r\n", "\n") == text.replace("\r\n", "\n") {
        out.push_str("\n  (only the line ends differ)");
    }
    Err(out)
}

/// A CSV text read with the `csv` crate after `skip` lines: (skipped lines, header, rows).
/// Every row must have the header's number of fields; numbers must be exact decimals.
pub fn parse_csv(text: &str, skip: usize) -> (Vec<String>, Vec<String>, Vec<Vec<String>>) {
    assert!(text.ends_with("\r\n"), "CSV lines end with CRLF");
    let mut lines = text.split_inclusive("\r\n");
    let skipped: Vec<String> = lines
        .by_ref()
        .take(skip)
        .map(|l| l.trim_end().to_string())
        .collect();
    let body: String = lines.collect();
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(body.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("a header")
        .iter()
        .map(str::to_string)
        .collect();
    let rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| {
            let r = r.expect("every row parses with as many fields as the header");
            assert_eq!(r.len(), header.len());
            r.iter().map(str::to_string).collect()
        })
        .collect();
    let numeric = [
        "Amount Fiat",
        "Amount Asset",
        "Asset market price",
        "Fee",
        "Fee percent",
        "Tax Fiat",
        "Sent Amount",
        "Received Amount",
        "Fee Amount",
        "Net Worth Amount",
    ];
    for (i, name) in header.iter().enumerate() {
        if !numeric.contains(&name.as_str()) {
            continue;
        }
        for row in &rows {
            let cell = &row[i];
            let ok = cell.is_empty()
                || cell == "-"
                || Decimal::from_str(cell).is_ok_and(|d| !d.is_sign_negative());
            assert!(ok, "{name}: {cell:?} is not a decimal in {row:?}");
        }
    }
    (skipped, header, rows)
}
/// The header documented in the "### " section `title` of "## Files for tax tools": the first
/// line of the section that is one `code` span holding a comma-separated list.
pub fn docs_header(title: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/exports.md");
    let docs = std::fs::read_to_string(&path).expect("docs/exports.md");
    let section = docs
        .split("\n### ")
        .find(|s| s.starts_with(title))
        .unwrap_or_else(|| panic!("no \"### {title}\" in docs/exports.md"));
    let line = section
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with('`') && l.ends_with('`') && l.contains(','))
        .unwrap_or_else(|| panic!("no header line under \"### {title}\""));
    line.trim_matches('`')
        .split(',')
        .map(str::to_string)
        .collect()
}

/// The operation types documented under "## Files for tax tools" in `docs/exports.md`, by
/// "### " heading: the first column of each table headed "Operation type" (the `code` words of
/// the cell, or its plain text).
pub fn docs_types() -> BTreeMap<String, BTreeSet<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/exports.md");
    let docs = std::fs::read_to_string(&path).expect("docs/exports.md");
    let section = docs
        .split("\n## ")
        .find(|s| s.starts_with("Files for tax tools"))
        .expect("a \"## Files for tax tools\" section");
    let mut out = BTreeMap::new();
    for part in section.split("\n### ").skip(1) {
        let (title, body) = part.split_once('\n').unwrap_or((part, ""));
        let mut types = BTreeSet::new();
        let mut in_table = false;
        for line in body.lines() {
            let line = line.trim();
            if !line.starts_with('|') {
                in_table = false;
                continue;
            }
            let first = line
                .trim_start_matches('|')
                .split('|')
                .next()
                .unwrap_or("")
                .trim();
            if first == "Operation type" {
                in_table = true;
                continue;
            }
            if !in_table || first.starts_with("---") || first.starts_with(":--") {
                continue;
            }
            let code: Vec<&str> = first.split('`').skip(1).step_by(2).collect();
            if code.is_empty() {
                types.insert(first.to_string());
            } else {
                types.extend(code.into_iter().map(str::to_string));
            }
        }
        out.insert(title.trim().to_string(), types);
    }
    out
}
