//! Which operations the files are written from: cancelled, reversed, pending, the period.

use chrono::{NaiveDate, TimeZone, Utc};

use super::*;

fn deposit_at(id: &str, at: &str) -> Operation {
    op(
        id,
        "deposit",
        vec![leg(
            &format!("t-{id}"),
            EUR,
            "10.00",
            "deposit",
            "INCOMING",
            at,
        )],
    )
}

fn all_formats(ops: &[Operation]) -> Vec<TaxFile> {
    TaxFormat::ALL.iter().map(|f| file(*f, ops)).collect()
}

#[test]
fn a_cancelled_operation_is_left_out_and_counted() {
    let mut cancelled = leg(
        "t-c",
        EUR,
        "100.00",
        "deposit",
        "INCOMING",
        "2025-02-01T00:00:00Z",
    );
    cancelled["asset_balance_after"] = json!({ "value": "-1", "currency_id": EUR });
    let ops = [
        op("o-c", "deposit", vec![cancelled]),
        deposit_at("ok", "2025-02-02T00:00:00Z"),
    ];
    for f in all_formats(&ops) {
        assert_eq!(f.summary.cancelled, 1, "{:?}", f.summary.format);
        assert!(
            !f.text.contains("t-c,") && !f.text.contains("o-c"),
            "{}",
            f.text
        );
    }
    assert_eq!(koinly_rows(&ops).len(), 1);
}

pub(super) fn withdrawal_and_refund(refunded: &str) -> [Operation; 2] {
    let w = op(
        "o-w",
        "withdrawal",
        vec![leg(
            "t-w",
            EUR,
            "50.00",
            "withdrawal",
            "OUTGOING",
            "2025-05-01T08:00:00Z",
        )],
    );
    let mut r = leg(
        "t-r",
        EUR,
        refunded,
        "refund",
        "INCOMING",
        "2025-05-02T08:00:00Z",
    );
    r["compensates"] = json!("t-w");
    r["compensates_info"] =
        json!({ "operation_type": "withdrawal", "transaction_type": "withdrawal" });
    [w, op("o-r", "refund", vec![r])]
}

#[test]
fn an_exact_reversal_leaves_out_both_sides() {
    let ops = withdrawal_and_refund("50.00");
    for f in all_formats(&ops) {
        assert_eq!(f.summary.compensated, 2, "{:?}", f.summary.format);
        assert_eq!(f.summary.rows, 0);
    }
    assert!(koinly_rows(&ops).is_empty());
}

#[test]
fn a_reversal_across_the_period_end_still_leaves_out_the_side_inside() {
    let [w, _] = withdrawal_and_refund("50.00");
    let mut late = leg(
        "t-r",
        EUR,
        "50.00",
        "refund",
        "INCOMING",
        "2026-01-03T08:00:00Z",
    );
    late["compensates"] = json!("t-w");
    let ops = [w, op("o-r", "refund", vec![late])];
    let f = file(TaxFormat::KoinlyCsv, &ops);
    assert_eq!((f.summary.compensated, f.summary.rows), (1, 0));
}

#[test]
fn a_partial_compensation_is_written_as_what_it_is() {
    let ops = withdrawal_and_refund("20.00");
    let f = file(TaxFormat::KoinlyCsv, &ops);
    assert_eq!(
        (f.summary.compensated, f.summary.unmatched_compensations),
        (0, 1)
    );
    let k = koinly_rows(&ops);
    assert_eq!(k.len(), 2);
    assert_eq!(k[0]["Sent Amount"], "50.00");
    assert_eq!(k[1]["Received Amount"], "20.00");
}

#[test]
fn a_pending_operation_has_no_date_and_is_left_out() {
    let mut pending = leg("t-p", EUR, "250.00", "deposit", "INCOMING", AT_UNUSED);
    pending.as_object_mut().expect("leg").remove("credited_at");
    let ops = [op("o-p", "deposit", vec![pending])];
    let f = file(TaxFormat::BitpandaCsv, &ops);
    assert_eq!((f.summary.pending, f.summary.rows), (1, 0));
}

const AT_UNUSED: &str = "2025-06-01T00:00:00Z";

#[test]
fn the_period_includes_both_end_days_in_utc() {
    let ops = [
        deposit_at("before", "2024-12-31T23:59:59.999Z"),
        deposit_at("first", "2025-01-01T00:00:00.000Z"),
        deposit_at("last", "2025-12-31T23:59:59.999Z"),
        deposit_at("after", "2026-01-01T00:00:00.000Z"),
        // 00:30 on 1 January in Vienna is still 2025 in UTC.
        deposit_at("vienna", "2026-01-01T00:30:00+01:00"),
    ];
    let k = koinly_rows(&ops);
    let hashes: Vec<&str> = k.iter().map(|r| r["TxHash"].as_str()).collect();
    assert_eq!(hashes, ["t-first", "t-vienna", "t-last"]);
}

#[test]
fn a_date_range_is_whole_days() {
    let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).expect("date");
    assert!(DateRange::new(d(2025, 2, 1), d(2025, 1, 31)).is_none());
    let one_day = DateRange::new(d(2025, 3, 9), d(2025, 3, 9)).expect("one day");
    assert!(one_day.contains(Utc.with_ymd_and_hms(2025, 3, 9, 0, 0, 0).unwrap()));
    assert!(one_day.contains(Utc.with_ymd_and_hms(2025, 3, 9, 23, 59, 59).unwrap()));
    assert!(!one_day.contains(Utc.with_ymd_and_hms(2025, 3, 10, 0, 0, 0).unwrap()));
    assert!(!one_day.contains(Utc.with_ymd_and_hms(2025, 3, 8, 23, 59, 59).unwrap()));
}

#[test]
fn rows_are_oldest_first() {
    let ops = [
        deposit_at("b", "2025-04-02T00:00:00Z"),
        deposit_at("a", "2025-04-01T00:00:00Z"),
    ];
    let hashes: Vec<String> = koinly_rows(&ops)
        .into_iter()
        .map(|r| r["TxHash"].clone())
        .collect();
    assert_eq!(hashes, ["t-a", "t-b"]);
}

#[test]
fn an_unreadable_leg_is_left_out_and_counted() {
    let mut no_flow = leg(
        "t-nf",
        BTC,
        "1",
        "deposit",
        "INCOMING",
        "2025-07-01T00:00:00Z",
    );
    no_flow.as_object_mut().expect("leg").remove("flow");
    let ops = [op("o-nf", "deposit", vec![no_flow])];
    let f = file(TaxFormat::KoinlyCsv, &ops);
    assert_eq!((f.summary.unreadable_legs, f.summary.rows), (1, 0));
}

#[test]
fn an_unknown_unit_is_written_by_its_id_and_counted() {
    let ops = [op(
        "o-u",
        "deposit",
        vec![leg(
            "t-u",
            "ast-mystery",
            "3",
            "deposit",
            "INCOMING",
            "2025-07-01T00:00:00Z",
        )],
    )];
    let f = file(TaxFormat::KoinlyCsv, &ops);
    assert_eq!(f.summary.unnamed_units, 1);
    assert_eq!(koinly_rows(&ops)[0]["Received Currency"], "ast-mystery");
}

#[test]
fn a_selection_says_one_entry_per_id_only_when_no_id_is_listed_twice() {
    let units = units();
    let selection = |ops: &[Operation]| {
        crate::tax::select::select(&TaxInput::new(ops, &units, DateRange::all_days()))
    };
    let distinct = [
        deposit_at("a", "2025-04-01T00:00:00Z"),
        deposit_at("b", "2025-04-02T00:00:00Z"),
    ];
    assert!(selection(&distinct).one_per_id);
    // The same operation on two pages, and the same id at another time (the service changed
    // it between the two reads): each makes the answer "not shown".
    let twice = [
        deposit_at("a", "2025-04-01T00:00:00Z"),
        deposit_at("a", "2025-04-01T00:00:00Z"),
    ];
    assert!(!selection(&twice).one_per_id);
    let moved = [
        deposit_at("a", "2025-04-01T00:00:00Z"),
        deposit_at("a", "2025-04-03T00:00:00Z"),
    ];
    let s = selection(&moved);
    assert_eq!(s.entries.len(), 2);
    assert!(!s.one_per_id);
}

/// Insights makes each page with the units known when it arrives. A buy whose legs were
/// named then, but whose trade fee was paid in an asset named only at the end, still has
/// that fee named when the selection is finished: the selection made at once.
#[test]
fn a_trade_fee_in_an_asset_named_only_at_the_end_is_named() {
    use crate::tax::select::{select, Selector};
    use crate::tax::LegacyTrades;

    const AT: &str = "2025-03-01T10:00:00Z";
    let t = trade("tr-fee", "0.0001", ETH, "58000.00");
    let ops = [op(
        "o-buy",
        "buy",
        vec![
            with_trade(
                leg("t-eur", EUR, "100.00", "buy", "OUTGOING", AT),
                t.clone(),
            ),
            with_trade(leg("t-btc", BTC, "0.0017", "buy", "INCOMING", AT), t),
        ],
    )];
    let units = units();
    let mut early = Units::new();
    early.insert(EUR, UnitInfo::fiat("EUR"));
    early.insert(BTC, UnitInfo::asset("BTC", AssetType::Cryptocoin));
    let at_once = select(&TaxInput::new(&ops, &units, DateRange::all_days()));
    let mut selector = Selector::new(DateRange::all_days(), LegacyTrades::none());
    selector.add_page(&ops, &early);
    let by_page = selector.finish(&units);
    let fee_unit = |s: &crate::tax::select::Selection| {
        let (_, unit) = s.entries[0].trade.clone().unwrap().fee.unwrap();
        (unit.named, unit.symbol().to_string())
    };
    assert_eq!(fee_unit(&at_once), (true, "ETH".to_string()));
    assert_eq!(fee_unit(&by_page), fee_unit(&at_once));
    assert!(by_page.entries == at_once.entries);
}
