//! The legacy archive read page by page into its lists, packed in small slices and read back
//! with the `zip` and `csv` crates.

use std::io::Read;

use chrono::{TimeZone, Utc};
use folio_client::legacy::{raw_records, LegacyList, RawLegacyPage};
use folio_export::archive::{
    documented_columns, ArchiveInfo, ArchiveJob, Halt, ListDump, ListOutcome, Next, Step,
};

fn read(zip: &mut zip::ZipArchive<std::io::Cursor<Vec<u8>>>, name: &str) -> String {
    let mut text = String::new();
    zip.by_name(name)
        .unwrap_or_else(|_| panic!("{name} in the archive"))
        .read_to_string(&mut text)
        .unwrap();
    text
}

fn info() -> ArchiveInfo {
    ArchiveInfo {
        source: "https://api.example/legacy/".into(),
        started: Utc.with_ymd_and_hms(2026, 11, 23, 22, 0, 0).unwrap(),
        packed: Utc.with_ymd_and_hms(2026, 11, 23, 22, 5, 7).unwrap(),
    }
}

/// Packs `lists` in slices of `budget`; the ZIP's bytes, the steps taken and the lists back.
fn pack(lists: Vec<ListDump>, budget: usize) -> (Vec<u8>, usize, Vec<ListDump>) {
    let mut job = ArchiveJob::new(lists, info());
    let mut steps = 0;
    let mut last_done = 0;
    loop {
        steps += 1;
        match job.step(budget).unwrap() {
            Step::Working { done, total } => {
                assert!(done >= last_done && done <= total, "{done} of {total}");
                last_done = done;
            }
            Step::Done(zip) => return (zip.to_vec(), steps, job.into_lists()),
        }
    }
}

/// A page answered with `body`, whose next page is at `next`.
fn page(body: &str, next: Option<&str>) -> RawLegacyPage {
    RawLegacyPage {
        records: raw_records(body).unwrap_or_default(),
        body: body.to_string(),
        next_cursor: next.map(str::to_string),
        total_count: None,
    }
}

fn unzip(bytes: Vec<u8>) -> zip::ZipArchive<std::io::Cursor<Vec<u8>>> {
    zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a ZIP")
}

const TRADES: &str = r#"{"data":[{"type":"trade","attributes":{"status":"finished","type":"buy","amount_fiat":"10.00","amount_cryptocoin":"0.00012345","price":1.10,"time":{"date_iso8601":"2021-01-01T00:00:00+01:00","unix":"1609455600"},"note":"=HYPERLINK(\"x\")","extra_field":{"a":"b"}},"id":"t1"},{"type":"trade","attributes":{"status":"finished","type":"sell","amount_fiat":"5","fiat_to_eur_rate":"-0.5"},"id":"t2"}],"meta":{"total_count":2}}"#;

const ASSET_WALLETS: &str = r#"{"last_user_action":{"date_iso8601":"2021-01-01T00:00:00+01:00","unix":"1"},"data":{"type":"data","attributes":{"cryptocoin":{"type":"collection","attributes":{"wallets":[{"type":"wallet","attributes":{"cryptocoin_symbol":"BTC","balance":"0.50000000"},"id":"w1"}]}},"commodity":{"metal":{"type":"collection","attributes":{"wallets":[{"type":"wallet","attributes":{"cryptocoin_symbol":"XAU","balance":"1.0"},"id":"w2"}]}}}}}}"#;

fn lists() -> Vec<ListDump> {
    let mut trades = ListDump::new(LegacyList::Trades);
    let mut first = page(TRADES, None);
    first.total_count = Some(2);
    assert_eq!(trades.add_page(first).unwrap().next, Next::End);
    trades.outcome = ListOutcome::Complete;
    let mut wallets = ListDump::new(LegacyList::AssetWallets);
    wallets.add_page(page(ASSET_WALLETS, None)).unwrap();
    wallets.outcome = ListOutcome::Complete;
    let mut crypto = ListDump::new(LegacyList::CryptoTransactions);
    crypto.reported_total = Some(900);
    crypto.outcome = ListOutcome::Failed("the service answered 500".into());
    vec![wallets, trades, crypto]
}

#[test]
fn every_list_is_in_the_zip_as_sent_and_as_csv() {
    let (bytes, steps, _) = pack(lists(), 1);
    assert!(steps > 3, "packed in slices, not at once ({steps} steps)");
    let mut zip = unzip(bytes);
    let mut names: Vec<String> = zip.file_names().map(|n| n.unwrap().to_string()).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "README.txt",
            "asset-wallets.csv",
            "asset-wallets.json",
            "crypto-transactions.csv",
            "crypto-transactions.json",
            "trades.csv",
            "trades.json"
        ]
    );

    // JSON: the records byte for byte, in one array.
    let json = read(&mut zip, "trades.json");
    assert!(
        serde_json::from_str::<serde_json::Value>(&json).is_ok(),
        "valid JSON"
    );
    let records = folio_client::json_text::array_items(&json).unwrap();
    let sent = raw_records(TRADES).unwrap();
    assert_eq!(records.len(), 2);
    for (got, sent) in records.iter().zip(&sent) {
        assert_eq!(*got, sent.json);
    }
    assert_eq!(read(&mut zip, "asset-wallets.json"), ASSET_WALLETS);
    assert_eq!(read(&mut zip, "crypto-transactions.json").trim(), "[\n]");

    // CSV: documented columns first, then the extra attributes; values as sent; text
    // defused, numbers never.
    let csv_text = read(&mut zip, "trades.csv");
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    let documented = documented_columns(LegacyList::Trades);
    assert_eq!(&header[..documented.len()], &documented[..]);
    assert_eq!(
        &header[documented.len()..],
        ["attributes.note", "attributes.extra_field.a"]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 2);
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    assert_eq!(&rows[0][col("id")], "t1");
    assert_eq!(&rows[0][col("attributes.amount_cryptocoin")], "0.00012345");
    assert_eq!(&rows[0][col("attributes.price")], "1.10");
    assert_eq!(&rows[0][col("attributes.time.unix")], "1609455600");
    assert_eq!(&rows[0][col("attributes.note")], "'=HYPERLINK(\"x\")");
    assert_eq!(&rows[1][col("attributes.amount_fiat")], "5");
    assert_eq!(
        &rows[1][col("attributes.fiat_to_eur_rate")],
        "-0.5",
        "a number is never prefixed"
    );
    assert_eq!(&rows[1][col("attributes.price")], "");

    let wallets = read(&mut zip, "asset-wallets.csv");
    let mut reader = csv::Reader::from_reader(wallets.as_bytes());
    assert_eq!(reader.headers().unwrap().iter().next(), Some("group"));
    let groups: Vec<String> = reader
        .records()
        .map(|r| r.unwrap()[0].to_string())
        .collect();
    assert_eq!(groups, ["cryptocoin", "commodity.metal"]);

    // README: source, times, counts, what is missing.
    let readme = read(&mut zip, "README.txt");
    for line in [
        "https://api.example/legacy/v1",
        "2026-11-23 22:00:00 UTC",
        "2026-11-23 22:05:07 UTC",
        "Trades (GET /v1/trades): 2 records, complete.",
        "(GET /v1/asset-wallets): 2 wallets, complete.",
        "0 records (the API reported 900 in total), INCOMPLETE: reading failed (the service answered 500).",
        "crypto-transactions: the files hold only what was read before it failed",
    ] {
        assert!(readme.contains(line), "README lacks {line:?}:\n{readme}");
    }
    assert!(!readme.contains("None: every list"));
}

#[test]
fn a_service_going_round_in_circles_is_stopped_and_said_so_not_complete() {
    // Records without an id, on pages whose cursors go A → B → A: each page brings a "new"
    // record, so only the cycle can end it.
    let mut fiat = ListDump::new(LegacyList::FiatTransactions);
    let mut pages = 0;
    let halt = loop {
        let body = format!(
            r#"{{"data":[{{"type":"fiat_wallet_transaction","attributes":{{"amount":"{pages}.00"}}}}]}}"#
        );
        let to = if pages % 2 == 0 { "A" } else { "B" };
        pages += 1;
        match fiat.add_page(page(&body, Some(to))).unwrap().next {
            Next::More => assert!(pages < 10, "a cycle must end"),
            Next::Halted(halt) => break halt,
            Next::End => panic!("a cycle is not an end"),
        }
    };
    assert_eq!(halt, Halt::CursorCycle);
    // The same record again on every page, with no id: one record, then nothing new.
    let mut trades = ListDump::new(LegacyList::Trades);
    let same = r#"{"data":[{"type":"trade","attributes":{"amount_fiat":"-0.5"}}]}"#;
    let mut next = Next::More;
    for i in 0..20 {
        next = trades
            .add_page(page(same, Some(&format!("c{i}"))))
            .unwrap()
            .next;
        if next != Next::More {
            break;
        }
    }
    assert_eq!(next, Next::Halted(Halt::NothingNew));
    assert_eq!(trades.len(), 1, "kept once, by its content");

    fiat.outcome = ListOutcome::Halted(halt);
    trades.outcome = ListOutcome::Halted(Halt::NothingNew);
    let (bytes, _, _) = pack(vec![trades, fiat], 100);
    let readme = read(&mut unzip(bytes), "README.txt");
    for line in [
        "Trades (GET /v1/trades): 1 records, INCOMPLETE: stopped: the service sent three pages in a row with nothing new.",
        "INCOMPLETE: stopped: the service pointed to a page it had already sent.",
        "fiat-transactions: the files hold only what was read before it was stopped (the service pointed to a page it had already sent).",
    ] {
        assert!(readme.contains(line), "README lacks {line:?}:\n{readme}");
    }
    assert!(!readme.contains("complete."), "{readme}");
}

/// Trade `i` as the legacy API sends it.
fn trade(i: usize) -> String {
    format!(r#"{{"type":"trade","attributes":{{"amount_fiat":"{i}.00"}},"id":"t{i}"}}"#)
}

/// A page of the trades numbered `range`.
fn trades_page(range: std::ops::Range<usize>) -> String {
    format!(
        "{{\"data\":[{}]}}",
        range.map(trade).collect::<Vec<_>>().join(",")
    )
}

#[test]
fn a_partial_archive_is_packed_and_reading_goes_on_into_the_same_lists() {
    let mut trades = ListDump::new(LegacyList::Trades);
    trades
        .add_page(page(&trades_page(0..3), Some("next")))
        .unwrap();
    assert_eq!(trades.cursor(), Some("next"));
    trades.outcome = ListOutcome::Stopped;
    let (first, _, mut lists) = pack(vec![trades], 2);
    let json = read(&mut unzip(first), "trades.json");
    assert_eq!(
        folio_client::json_text::array_items(&json).unwrap().len(),
        3
    );

    // Resume: the next page goes into the same list; the page read twice adds nothing.
    let trades = &mut lists[0];
    assert_eq!(
        trades
            .add_page(page(&trades_page(2..5), None))
            .unwrap()
            .added,
        2
    );
    trades.outcome = ListOutcome::Complete;
    let (second, _, _) = pack(lists, 2);
    let mut zip = unzip(second);
    let json = read(&mut zip, "trades.json");
    let records = folio_client::json_text::array_items(&json).unwrap();
    let expected: Vec<String> = (0..5).map(trade).collect();
    assert_eq!(
        records,
        expected.iter().map(String::as_str).collect::<Vec<_>>()
    );
    let csv_text = read(&mut zip, "trades.csv");
    assert_eq!(
        csv::Reader::from_reader(csv_text.as_bytes())
            .records()
            .count(),
        5
    );
}

#[test]
fn fifty_thousand_records_stream_in_by_page_and_pack_in_bounded_slices() {
    let mut list = ListDump::new(LegacyList::CryptoTransactions);
    for p in 0..100 {
        let body = format!(
            "{{\"data\":[{}]}}",
            (p * 500..(p + 1) * 500)
                .map(|i| format!(r#"{{"type":"transaction","attributes":{{"amount":"0.{i:08}","tx_id":"0x{i:x}"}},"id":"id-{i}"}}"#))
                .collect::<Vec<_>>()
                .join(",")
        );
        let next = (p < 99).then(|| format!("p{p}"));
        list.add_page(page(&body, next.as_deref())).unwrap();
    }
    assert_eq!(list.len(), 50_000);
    list.outcome = ListOutcome::Complete;
    let (bytes, steps, _) = pack(vec![list], 2_000);
    assert!(steps >= 25, "50,000 CSV rows in slices of 2,000: {steps}");
    let mut zip = unzip(bytes);
    let csv_text = read(&mut zip, "crypto-transactions.csv");
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 50_000);
    assert_eq!(&rows[49_999][0], "id-49999");
    let json = read(&mut zip, "crypto-transactions.json");
    let parsed: Vec<serde_json::Value> = serde_json::from_str(&json).unwrap();
    assert_eq!(parsed.len(), 50_000);
    assert!(read(&mut zip, "README.txt").contains("50,000 records, complete."));
}

#[test]
fn the_documented_headers_are_the_ones_written() {
    let docs = include_str!("../../../docs/legacy-archive.md");
    for list in LegacyList::ALL {
        let stem = folio_export::archive::file_stem(list);
        let heading = format!("#### `{stem}.csv`");
        let block = docs
            .split_once(&heading)
            .and_then(|(_, after)| after.split_once("```text\n"))
            .unwrap_or_else(|| panic!("{heading} is documented"))
            .1;
        let documented = block.lines().next().unwrap();
        assert_eq!(documented, documented_columns(list).join(","), "{stem}");
    }
}

/// A page added a few records at a time, as the app adds it between its tasks, keeps what
/// the page added at once keeps: the same records in the same JSON, the same counts and the
/// same next step, a record seen on an earlier page left out.
#[test]
fn a_page_added_in_slices_is_the_page_added_at_once() {
    let pages = [(0..3, Some("c1")), (2..12, Some("c2")), (12..17, None)];
    let mut whole = ListDump::new(LegacyList::Trades);
    let at_once: Vec<_> = pages
        .iter()
        .map(|(range, next)| {
            whole
                .add_page(page(&trades_page(range.clone()), *next))
                .unwrap()
        })
        .collect();
    for budget in [1, 4, 500] {
        let mut sliced = ListDump::new(LegacyList::Trades);
        let mut slices = 0;
        for ((range, next), expected) in pages.iter().zip(&at_once) {
            let mut adding = sliced.adding(page(&trades_page(range.clone()), *next));
            let added = loop {
                slices += 1;
                if let Some(added) = sliced.add_records(&mut adding, budget).unwrap() {
                    break added;
                }
                assert!(budget < 500, "no slice is left over once the page is in");
            };
            assert_eq!(added, *expected, "slices of {budget}");
            // Asked again, the page's end is the same answer, not the list's end.
            let again = sliced.add_records(&mut adding, budget).unwrap();
            assert_eq!(again, Some(*expected), "asked again");
        }
        // 3 + 10 + 5 records: 18 slices of one, 1 + 3 + 2 of four, one a page of 500.
        let expected_slices = match budget {
            1 => 18,
            4 => 6,
            _ => 3,
        };
        assert_eq!(slices, expected_slices, "slices of {budget}");
        assert_eq!((sliced.len(), sliced.cursor()), (17, None));
        sliced.outcome = ListOutcome::Complete;
        let (bytes, _, _) = pack(vec![sliced], 100);
        let json = read(&mut unzip(bytes), "trades.json");
        let expected: Vec<String> = (0..17).map(trade).collect();
        assert_eq!(
            folio_client::json_text::array_items(&json).unwrap(),
            expected.iter().map(String::as_str).collect::<Vec<_>>()
        );
    }
    assert_eq!(
        at_once
            .iter()
            .map(|a| (a.added, a.next))
            .collect::<Vec<_>>(),
        [(3, Next::More), (9, Next::More), (5, Next::End)]
    );
}
