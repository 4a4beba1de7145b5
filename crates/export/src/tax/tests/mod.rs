//! Unit tests of the tax files: hand-made operations (decoded from JSON as the client decodes
//! the service's), one file of each format, and the cells that matter read back.

mod edge_cases;
mod formats;
mod legacy;
mod reversals;
mod selection;
mod trades;

use folio_client::current::{AssetType, Operation};
use serde_json::{json, Value};

use super::{write, DateRange, TaxFile, TaxFormat, TaxInput, UnitInfo, Units};

pub(super) const EUR: &str = "cur-eur";
pub(super) const BTC: &str = "ast-btc";
pub(super) const ETH: &str = "ast-eth";

/// EUR, BTC and ETH.
pub(super) fn units() -> Units {
    let mut units = Units::new();
    units.insert(EUR, UnitInfo::fiat("EUR"));
    units.insert(BTC, UnitInfo::asset("BTC", AssetType::Cryptocoin));
    units.insert(ETH, UnitInfo::asset("ETH", AssetType::Cryptocoin));
    units
}

/// A leg's JSON: `unit` is fiat when it starts with `cur-`.
pub(super) fn leg(
    id: &str,
    unit: &str,
    amount: &str,
    tx_type: &str,
    flow: &str,
    at: &str,
) -> Value {
    let key = if unit.starts_with("cur-") {
        "currency_id"
    } else {
        "asset_id"
    };
    json!({
        "transaction_id": id,
        key: unit,
        "asset_amount": { "value": amount, key: unit },
        "fee_amount": { "value": "0", key: unit },
        "transaction_type": tx_type,
        "flow": flow,
        "credited_at": at,
        "asset_balance_after": { "value": "1", key: unit },
    })
}

/// An operation from its legs.
pub(super) fn op(id: &str, op_type: &str, legs: Vec<Value>) -> Operation {
    serde_json::from_value(json!({
        "operation_id": id,
        "operation_type": op_type,
        "transactions": legs,
    }))
    .expect("operation decodes")
}

/// Trade details for a leg.
pub(super) fn trade(id: &str, fee: &str, fee_unit: &str, rate: &str) -> Value {
    let key = if fee_unit.starts_with("cur-") {
        "currency_id"
    } else {
        "asset_id"
    };
    json!({
        "trade_id": id,
        "fee": { "value": fee, key: fee_unit },
        "fee_percentage": "1.49",
        "rate": rate,
        "rate_with_fee": rate,
        "to_eur_rate": "1",
    })
}

/// A leg with trade details.
pub(super) fn with_trade(mut leg: Value, trade: Value) -> Value {
    leg["trade"] = trade;
    leg
}

/// The year 2025.
pub(super) fn y2025() -> DateRange {
    DateRange::year(2025).expect("a year")
}

/// The file of `format` for `ops` over 2025.
pub(super) fn file(format: TaxFormat, ops: &[Operation]) -> TaxFile {
    let units = units();
    write(format, &TaxInput::new(ops, &units, y2025()))
}

/// The records of a CSV text (after `skip` lines), header first.
pub(super) fn records(text: &str, skip: usize) -> Vec<Vec<String>> {
    let body: String = text.split_inclusive("\r\n").skip(skip).collect();
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(body.as_bytes())
        .records()
        .map(|r| {
            r.expect("a CSV record")
                .iter()
                .map(str::to_string)
                .collect()
        })
        .collect()
}

/// The Bitpanda CSV's data rows as header → cell maps.
pub(super) fn bitpanda_rows(ops: &[Operation]) -> Vec<std::collections::HashMap<String, String>> {
    keyed(&records(&file(TaxFormat::BitpandaCsv, ops).text, 5))
}

/// Koinly's data rows as header → cell maps.
pub(super) fn koinly_rows(ops: &[Operation]) -> Vec<std::collections::HashMap<String, String>> {
    keyed(&records(&file(TaxFormat::KoinlyCsv, ops).text, 0))
}

fn keyed(records: &[Vec<String>]) -> Vec<std::collections::HashMap<String, String>> {
    let (header, rows) = records.split_first().expect("a header");
    rows.iter()
        .map(|r| header.iter().cloned().zip(r.iter().cloned()).collect())
        .collect()
}

/// Ghostfolio's activities as key → text maps: strings decoded, numbers as written (raw
/// JSON text, never read through a float).
pub(super) fn activities(ops: &[Operation]) -> Vec<std::collections::HashMap<String, String>> {
    ghostfolio_activities(&file(TaxFormat::GhostfolioJson, ops).text)
}

/// The activities of a Ghostfolio file's text (see [`activities`]).
pub(super) fn ghostfolio_activities(text: &str) -> Vec<std::collections::HashMap<String, String>> {
    #[derive(serde::Deserialize)]
    struct Doc {
        activities: Vec<std::collections::HashMap<String, Box<serde_json::value::RawValue>>>,
    }
    let doc: Doc = serde_json::from_str(text).expect("Ghostfolio JSON");
    doc.activities
        .into_iter()
        .map(|a| {
            a.into_iter()
                .map(|(k, raw)| {
                    let text = raw.get();
                    let value = if text.starts_with('"') {
                        serde_json::from_str::<String>(text).expect("a string")
                    } else {
                        text.to_string()
                    };
                    (k, value)
                })
                .collect()
        })
        .collect()
}
