//! JSON building blocks: decimal strings at a fixed scale and Money objects.

use crate::clock::iso;
use crate::ledger::Unit;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::{json, Value};

/// `d` rounded (half away from zero) and padded to exactly `dp` decimals.
pub fn fixed(d: Decimal, dp: u32) -> String {
    let mut x = d.round_dp_with_strategy(dp, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
    x.rescale(dp);
    x.to_string()
}

/// A Money object for an amount of `unit`, at the unit's precision.
pub fn money(unit: Unit, value: Decimal) -> Value {
    money_dp(unit, value, unit.precision())
}

/// A Money object for an amount of `unit`, at `dp` decimals.
pub fn money_dp(unit: Unit, value: Decimal, dp: u32) -> Value {
    let key = match unit {
        Unit::Asset(_) => "asset_id",
        Unit::Fiat(_) => "currency_id",
    };
    json!({ "value": fixed(value, dp), key: unit.id().to_string() })
}

/// An ISO-8601 UTC timestamp with milliseconds.
pub fn time(t: DateTime<Utc>) -> Value {
    Value::String(iso(t))
}

/// A decimal as a JSON number (for the few fields the service sends as numbers).
pub fn number(d: Decimal) -> Value {
    d.normalize()
        .to_string()
        .parse::<serde_json::Number>()
        .map_or(Value::Null, Value::Number)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_scale_and_money() {
        assert_eq!(fixed(Decimal::new(15, 1), 8), "1.50000000");
        assert_eq!(fixed(Decimal::new(12345, 3), 2), "12.35");
        assert_eq!(money(Unit::Fiat(0), Decimal::TEN)["value"], "10.00");
        assert_eq!(
            money(Unit::Fiat(0), Decimal::TEN)["currency_id"],
            crate::fixed_catalogue::EUR_ID
        );
        assert_eq!(number(Decimal::new(310, 4)).to_string(), "0.031");
    }
}
