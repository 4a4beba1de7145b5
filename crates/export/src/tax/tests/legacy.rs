//! Legacy trades: added when the current API does not list them, once when it does.

use folio_client::legacy::{LegacyItem, LegacyTrade};

use super::*;
use crate::tax::LegacyTrades;

fn legacy_trade(id: &str, status: &str, side: &str, at: &str) -> LegacyItem<LegacyTrade> {
    serde_json::from_value(json!({
        "type": "trade",
        "id": id,
        "attributes": {
            "status": status,
            "type": side,
            "cryptocoin_id": "1",
            "cryptocoin_symbol": "BTC",
            "fiat_id": "1",
            "amount_fiat": "25.00",
            "amount_cryptocoin": "0.0005",
            "price": "50000.00",
            "time": { "date_iso8601": at, "unix": "0" },
        }
    }))
    .expect("legacy trade decodes")
}

fn current_buy_with_trade(trade_id: &str) -> Operation {
    let t = trade(trade_id, "0.37", EUR, "50000.00");
    let at = "2025-04-01T09:00:00Z";
    op(
        "o-cur",
        "buy",
        vec![
            with_trade(
                leg("t-cur-eur", EUR, "25.00", "buy", "OUTGOING", at),
                t.clone(),
            ),
            with_trade(leg("t-cur-btc", BTC, "0.0005", "buy", "INCOMING", at), t),
        ],
    )
}

fn files(ops: &[Operation], legacy: &[LegacyItem<LegacyTrade>]) -> Vec<TaxFile> {
    let mut units = units();
    units.insert_legacy_fiat("1", "EUR");
    let legacy = LegacyTrades::of(legacy);
    let input = TaxInput::new(ops, &units, y2025()).with_legacy_trades(&legacy);
    TaxFormat::ALL.iter().map(|f| write(*f, &input)).collect()
}

#[test]
fn a_legacy_trade_the_current_api_lists_is_written_once() {
    let ops = [current_buy_with_trade("tr-shared")];
    let legacy = [legacy_trade(
        "tr-shared",
        "finished",
        "buy",
        "2025-04-01T09:00:00+00:00",
    )];
    for f in files(&ops, &legacy) {
        assert_eq!(f.summary.operations, 1, "{:?}", f.summary.format);
        assert_eq!(
            (f.summary.legacy_added, f.summary.legacy_duplicates),
            (0, 1)
        );
    }
}

#[test]
fn a_legacy_trade_only_the_legacy_api_has_is_added() {
    let legacy = [
        legacy_trade("lg-2", "finished", "buy", "2025-04-01T11:00:00+02:00"),
        legacy_trade("lg-3", "canceled", "sell", "2025-04-02T11:00:00+02:00"),
        legacy_trade("lg-old", "finished", "sell", "2024-04-02T11:00:00+02:00"),
    ];
    let [bp, koinly, ghostfolio] = <[TaxFile; 3]>::try_from(files(&[], &legacy)).expect("three");
    for f in [&bp, &koinly, &ghostfolio] {
        assert_eq!(
            (f.summary.legacy_added, f.summary.cancelled),
            (1, 1),
            "{:?}",
            f.summary.format
        );
    }
    let rows = keyed(&records(&bp.text, 5));
    assert_eq!(rows.len(), 1);
    let r = &rows[0];
    assert_eq!(
        (r["Transaction ID"].as_str(), r["Timestamp"].as_str()),
        ("lg-2", "2025-04-01T09:00:00+00:00")
    );
    assert_eq!(
        (r["Transaction Type"].as_str(), r["In/Out"].as_str()),
        ("buy", "outgoing")
    );
    assert_eq!(
        (r["Amount Fiat"].as_str(), r["Fiat"].as_str()),
        ("25.00", "EUR")
    );
    assert_eq!(
        (r["Amount Asset"].as_str(), r["Asset"].as_str()),
        ("0.0005", "BTC")
    );
    assert_eq!(
        (r["Asset market price"].as_str(), r["Product ID"].as_str()),
        ("50000.00", "1")
    );
    assert_eq!(r["Fee"], "-");

    let k = keyed(&records(&koinly.text, 0));
    assert_eq!(
        (
            k[0]["Sent Amount"].as_str(),
            k[0]["Received Amount"].as_str()
        ),
        ("25.00", "0.0005")
    );

    let g = ghostfolio_activities(&ghostfolio.text);
    assert_eq!(
        (g[0]["type"].as_str(), g[0]["unitPrice"].as_str()),
        ("BUY", "50000.00")
    );
    assert_eq!(g[0]["comment"], "Bitpanda legacy buy lg-2");
}
