//! Amounts at the edge of what a decimal holds, odd shapes, and the summary line.

use rust_decimal::Decimal;

use super::*;

const AT: &str = "2025-08-01T12:00:00Z";

#[test]
fn amounts_that_would_overflow_are_written_unchanged_never_panicking() {
    let max = Decimal::MAX.to_string();
    let t = trade("tr-max", "1", EUR, "1");
    let ops = [
        op(
            "o-sell-max",
            "sell",
            vec![
                with_trade(leg("t-a", BTC, "1", "sell", "OUTGOING", AT), t.clone()),
                with_trade(leg("t-b", EUR, &max, "sell", "INCOMING", AT), t),
            ],
        ),
        op(
            "o-fees-max",
            "withdrawal",
            vec![
                leg("t-w", BTC, "1", "withdrawal", "OUTGOING", AT),
                leg("t-f1", BTC, &max, "fee", "OUTGOING", AT),
                leg("t-f2", BTC, &max, "fee", "OUTGOING", AT),
            ],
        ),
    ];
    for format in TaxFormat::ALL {
        let f = file(format, &ops);
        assert_eq!(f.summary.operations, 2, "{format:?}");
    }
    let k = koinly_rows(&ops);
    let by_hash = |h: &str| k.iter().find(|r| r["TxHash"] == h).expect(h).clone();
    // The proceeds plus the fee do not fit: the row states what arrived, without the fee.
    let sell = by_hash("tr-max");
    assert_eq!(
        (
            sell["Received Amount"].as_str(),
            sell["Fee Amount"].as_str()
        ),
        (max.as_str(), "")
    );
    // Two fees that cannot be summed: one with the withdrawal, one as a cost of its own.
    assert_eq!(k.len(), 3);
    assert_eq!(by_hash("t-w")["Fee Amount"], max);
    assert_eq!(by_hash("t-f2")["Label"], "Cost");
    let bp = bitpanda_rows(&ops);
    assert_eq!(bp.len(), 3);
}

#[test]
fn a_trade_type_without_both_sides_is_written_leg_by_leg() {
    let ops = [op(
        "o-half",
        "buy",
        vec![leg("t-half", BTC, "0.1", "buy", "INCOMING", AT)],
    )];
    let bp = bitpanda_rows(&ops);
    assert_eq!(
        (bp[0]["Transaction Type"].as_str(), bp[0]["In/Out"].as_str()),
        ("buy", "incoming")
    );
    assert_eq!(bp[0]["Amount Fiat"], "-");
    let g = activities(&ops);
    assert_eq!(
        (g[0]["type"].as_str(), g[0]["unitPrice"].as_str()),
        ("BUY", "0")
    );
    assert_eq!(
        file(TaxFormat::GhostfolioJson, &ops).summary.without_price,
        1
    );
}

#[test]
fn a_buy_without_a_rate_gets_a_price_worked_out_from_its_amounts() {
    let mut t = trade("tr-nr", "1.00", EUR, "1");
    t.as_object_mut().expect("trade").remove("rate");
    let ops = [op(
        "o-nr",
        "buy",
        vec![
            with_trade(
                leg("t-nr-eur", EUR, "101.00", "buy", "OUTGOING", AT),
                t.clone(),
            ),
            with_trade(leg("t-nr-btc", BTC, "0.002", "buy", "INCOMING", AT), t),
        ],
    )];
    let g = activities(&ops);
    // (101.00 − 1.00) / 0.002
    assert_eq!(g[0]["unitPrice"], "50000");
    assert_eq!(bitpanda_rows(&ops)[0]["Asset market price"], "-");
}

#[test]
fn a_plain_file_counts_its_rows_and_leaves_nothing_out() {
    let ops = [op(
        "o-d",
        "deposit",
        vec![leg("t-d", EUR, "10.00", "deposit", "INCOMING", AT)],
    )];
    for (ops, counted) in [(&ops[..], 1), (&[][..], 0)] {
        let s = file(TaxFormat::KoinlyCsv, ops).summary;
        assert_eq!((s.rows, s.operations), (counted, counted));
        let left_out = [s.cancelled, s.compensated, s.pending, s.unreadable_legs];
        assert_eq!(left_out, [0; 4]);
        assert!(s.unknown_types.is_empty() && s.not_in_format.is_empty());
        assert_eq!(
            (s.without_price, s.legacy_added, s.unnamed_units),
            (0, 0, 0)
        );
    }
}

#[test]
fn ghostfolio_numbers_are_the_decimals_text() {
    let ops = [op(
        "o-big",
        "deposit",
        vec![leg(
            "t-big",
            BTC,
            "12345678901234567890.123456789",
            "deposit",
            "INCOMING",
            AT,
        )],
    )];
    let g = activities(&ops);
    assert_eq!(g[0]["quantity"], "12345678901234567890.123456789");
}
