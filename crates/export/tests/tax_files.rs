//! The three tax files written from a fixed sandbox history, read over HTTP with the client
//! as the app reads it: compared with the golden files in `tests/golden/` (rewritten with
//! `UPDATE_GOLDEN=1`), every CSV parsed with the `csv` crate, the Ghostfolio JSON checked
//! against Ghostfolio's documented import fields, and every operation type checked against
//! the tables of `docs/exports.md`.

mod tax_support;

use std::collections::BTreeSet;

use folio_client::current::OperationType;
use folio_export::tax::select::{select, Selector};
use folio_export::tax::{write, DateRange, GhostfolioSymbols, TaxFormat, TaxInput, TaxWriting};

use tax_support::{docs_header, docs_types, ghostfolio_problems, golden, history, parse_csv};

/// The headers as Bitpanda's export and Koinly's template spell them (also checked against
/// docs/exports.md).
const BITPANDA_HEADER: [&str; 18] = [
    "Transaction ID",
    "Timestamp",
    "Transaction Type",
    "In/Out",
    "Amount Fiat",
    "Fiat",
    "Amount Asset",
    "Asset",
    "Asset market price",
    "Asset market price currency",
    "Asset class",
    "Product ID",
    "Fee",
    "Fee asset",
    "Fee percent",
    "Spread",
    "Spread Currency",
    "Tax Fiat",
];
const KOINLY_HEADER: [&str; 12] = [
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
    "TxHash",
];

#[tokio::test]
async fn tax_files_of_a_fixed_history() {
    let h = history().await;
    let range = DateRange::year(2025).expect("2025");
    let input = TaxInput::new(&h.operations, &h.units, range).with_legacy_trades(&h.legacy_trades);
    let mut failures = Vec::new();
    for format in TaxFormat::ALL {
        let file = write(format, &input);
        assert!(file.summary.rows > 50, "{:?}", file.summary);
        match format {
            TaxFormat::BitpandaCsv => {
                let (preamble, header, rows) = parse_csv(&file.text, 5);
                assert_eq!(preamble.len(), 5);
                assert_eq!(header, BITPANDA_HEADER);
                assert_eq!(header, docs_header("Bitpanda-style trades CSV"));
                assert_eq!(rows.len(), file.summary.rows);
            }
            TaxFormat::KoinlyCsv => {
                let (_, header, rows) = parse_csv(&file.text, 0);
                assert_eq!(header, KOINLY_HEADER);
                assert_eq!(header, docs_header("Koinly universal CSV"));
                assert_eq!(rows.len(), file.summary.rows);
            }
            TaxFormat::GhostfolioJson => {
                let problems = ghostfolio_problems(&file.text);
                assert!(problems.is_empty(), "{problems:#?}");
            }
        }
        // The sandbox's special operations fall in 2025 with this history.
        assert_eq!(file.summary.cancelled, 1, "{:?}", file.summary);
        assert_eq!(file.summary.compensated, 2, "{:?}", file.summary);
        assert!(file.summary.legacy_duplicates > 0, "{:?}", file.summary);
        assert_eq!(file.summary.legacy_added, 0, "{:?}", file.summary);
        let name = format!("tax-{}.{}", format.slug(), format.extension());
        if let Err(diff) = golden(&name, &file.text) {
            failures.push(diff);
        }
    }
    let market = input.with_ghostfolio_symbols(GhostfolioSymbols::Market);
    let file = write(TaxFormat::GhostfolioJson, &market);
    let problems = ghostfolio_problems(&file.text);
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(
        file.text.contains("\"symbol\": \"BTCUSD\""),
        "crypto by its Yahoo name"
    );
    if let Err(diff) = golden("tax-ghostfolio-market.json", &file.text) {
        failures.push(diff);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[tokio::test]
async fn every_operation_type_has_a_documented_row_in_every_format() {
    let h = history().await;
    let mut types: BTreeSet<String> = h
        .operations
        .iter()
        .filter_map(|op| op.operation_type.as_ref())
        .map(|t| t.as_str().to_string())
        .collect();
    assert!(
        types.len() >= 10,
        "the sandbox history should show most types: {types:?}"
    );
    types.extend(OperationType::KNOWN.iter().map(|t| t.as_str().to_string()));
    let docs = docs_types();
    assert_eq!(docs.len(), 3, "one table per format: {docs:?}");
    for (format, documented) in &docs {
        let missing: Vec<&String> = types.iter().filter(|t| !documented.contains(*t)).collect();
        assert!(
            missing.is_empty(),
            "{format}: no row documented for {missing:?}"
        );
        for extra in ["(other type)", "fee leg", "tax leg"] {
            assert!(
                documented.contains(extra),
                "{format}: no row documented for {extra}"
            );
        }
    }
}

/// Insights makes its ledger page by page while the operations arrive, knowing only the
/// currencies and legacy fiat ids until the first pages' assets are named (the catalogue's
/// answer comes while later pages are read): whenever the names arrive — before the first
/// page, after some, or only at the end — the result must be the selection the tax files
/// make at once (compensations across pages, the cancelled operation, legacy duplicates and
/// the names of assets included).
#[tokio::test]
async fn a_selection_made_page_by_page_is_the_one_made_at_once() {
    let h = history().await;
    let all_days = DateRange::all_days();
    let input =
        TaxInput::new(&h.operations, &h.units, all_days).with_legacy_trades(&h.legacy_trades);
    let at_once = select(&input);
    assert!(
        at_once.compensated > 0 && at_once.cancelled > 0,
        "{at_once:?}"
    );
    assert!(at_once.legacy_duplicates > 0 && at_once.unnamed_units == 0);
    // Legacy trades the current API lists are left out, so no id is there twice.
    assert!(at_once.one_per_id);
    let pages = h.operations.chunks(25).count();
    assert!(pages > 3, "{pages} pages");
    for named_from in [0, 1, 3, pages] {
        let mut selector = Selector::new(all_days, &h.legacy_trades);
        for (i, page) in h.operations.chunks(25).enumerate() {
            let units = if i < named_from {
                &h.early_units
            } else {
                &h.units
            };
            selector.add_page(page, units);
        }
        let by_page = selector.finish(&h.units);
        assert!(
            by_page.entries == at_once.entries,
            "named from page {named_from}: the same entries in the same order"
        );
        assert_eq!(
            counts(&by_page),
            counts(&at_once),
            "named from page {named_from}"
        );
        assert!(by_page.one_per_id);
    }
}

/// The app writes a file a slice of entries at a time, from a selection made page by page
/// as the operations arrive: every format, Ghostfolio's both ways of naming assets, a year
/// with entries and one without, and slices of 1, 7 and 1,000 entries give the bytes and
/// the summary of the file written at once.
#[tokio::test]
async fn a_file_written_slice_by_slice_is_the_file_written_at_once() {
    let h = history().await;
    let years = [2025, 2019].map(|y| DateRange::year(y).expect("year"));
    for range in years {
        let input =
            TaxInput::new(&h.operations, &h.units, range).with_legacy_trades(&h.legacy_trades);
        let market = input.with_ghostfolio_symbols(GhostfolioSymbols::Market);
        let files = TaxFormat::ALL
            .map(|f| (f, input))
            .into_iter()
            .chain([(TaxFormat::GhostfolioJson, market)]);
        for (format, input) in files {
            let at_once = write(format, &input);
            for size in [1, 7, 1_000] {
                let mut selector = Selector::new(range, &h.legacy_trades);
                for page in h.operations.chunks(25) {
                    selector.add_page(page, &h.units);
                }
                let selection = selector.finish(&h.units);
                let mut writing = TaxWriting::new(format, &input, selection);
                let (mut text, mut slices) = (String::new(), 0);
                while !writing.is_done() {
                    text.push_str(&writing.write(size));
                    slices += 1;
                    assert_eq!(writing.written(), (slices * size).min(writing.entries()));
                }
                let (end, name, summary) = writing.finish();
                text.push_str(&end);
                let what = format!("{format:?} {range:?}, slices of {size}");
                assert!(text == at_once.text, "{what}: the same bytes");
                assert_eq!(name, at_once.file_name, "{what}");
                assert_eq!(summary, at_once.summary, "{what}");
                if size == 1 && range == years[0] {
                    assert!(slices > 50, "{what}: {slices} slices");
                }
            }
        }
    }
}

/// A selection's figures that are not entries, as text to compare.
fn counts(s: &folio_export::tax::select::Selection) -> String {
    format!(
        "{:?}",
        (
            s.cancelled,
            s.compensated,
            s.unmatched_compensations,
            s.pending,
            &s.unknown_types,
            s.unnamed_units,
            s.unreadable_legs,
            s.legacy_added,
            s.legacy_duplicates,
        )
    )
}
