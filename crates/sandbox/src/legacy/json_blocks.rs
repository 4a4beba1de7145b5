//! Legacy JSON building blocks: 8-decimal amount strings, numeric string ids, timestamp
//! objects `{date_iso8601, unix: "<seconds>"}` and `{type, attributes, id}` items.

use crate::current::json_blocks::fixed;
use crate::fixed_catalogue::{catalogue, AssetKind};
use crate::ledger::Unit;
use chrono::{DateTime, SecondsFormat, Utc};
use rust_decimal::Decimal;
use serde_json::{json, Value};

/// The payment option every generated record names (a numeric string, as on the service).
pub const PAYMENT_OPTION_ID: &str = "12";

/// The one demo account's user id (legacy fiat transactions carry it).
pub const USER_ID: &str = "5f0d6e1a-3c2b-4d4e-9a8b-7c6d5e4f3a2b";

/// An amount or rate as a decimal string with exactly 8 decimals.
pub fn amount(d: Decimal) -> String {
    fixed(d, 8)
}

/// A timestamp object: ISO 8601 with offset (`+00:00`) and Unix seconds as a string.
pub fn timestamp(t: DateTime<Utc>) -> Value {
    json!({
        "date_iso8601": t.to_rfc3339_opts(SecondsFormat::Secs, false),
        "unix": t.timestamp().to_string(),
    })
}

/// The legacy numeric id of an asset (`cryptocoin_id`): catalogue position + 1.
pub fn cryptocoin_id(asset: usize) -> String {
    (asset + 1).to_string()
}

/// The legacy numeric id of a fiat currency (`fiat_id`): catalogue position + 1 (EUR = 1).
pub fn fiat_id(currency: usize) -> String {
    (currency + 1).to_string()
}

/// One JSON:API-like item.
pub fn item(kind: &str, id: impl ToString, attributes: Value) -> Value {
    json!({ "type": kind, "attributes": attributes, "id": id.to_string() })
}

/// Whether the legacy API lists this asset among crypto wallets (crypto and crypto indices).
pub fn is_cryptocoin(unit: Unit) -> bool {
    matches!(unit, Unit::Asset(i) if matches!(catalogue().assets[i].kind, AssetKind::Crypto | AssetKind::Index))
}

/// Whether this asset is a precious metal (commodity wallets and transactions).
pub fn is_metal(unit: Unit) -> bool {
    matches!(unit, Unit::Asset(i) if catalogue().assets[i].kind == AssetKind::Metal)
}

/// The symbol of an asset or currency.
pub fn symbol(unit: Unit) -> &'static str {
    match unit {
        Unit::Asset(i) => catalogue().assets[i].symbol,
        Unit::Fiat(c) => catalogue().currencies[c].symbol,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn shapes() {
        assert_eq!(amount(Decimal::new(15, 1)), "1.50000000");
        let t = Utc.with_ymd_and_hms(2026, 5, 4, 9, 15, 27).unwrap();
        let v = timestamp(t);
        assert_eq!(v["date_iso8601"], "2026-05-04T09:15:27+00:00");
        assert_eq!(v["unix"], "1777886127");
        assert_eq!((cryptocoin_id(0), fiat_id(0)), ("1".into(), "1".into()));
        assert!(is_cryptocoin(Unit::Asset(0)) && !is_cryptocoin(Unit::Fiat(0)));
    }
}
