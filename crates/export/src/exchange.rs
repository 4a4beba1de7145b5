//! The exchange's orders and trades as CSV: the documented columns — the fields the interface
//! lists, as the API spells them (camelCase), the fee object as `fee.amount` and
//! `fee.currency` — then any other field the records carry. Values are as sent. Their JSON
//! export is the records as received ([`crate::archive::json_array`]).

use crate::archive::{records_csv, Columns};

/// The documented columns of an exchange order (`service-interface.md`, "Exchange API: order").
pub const ORDER_COLUMNS: [&str; 21] = [
    "id",
    "pair",
    "side",
    "type",
    "status",
    "pricedIn",
    "quantity",
    "amount",
    "limitPrice",
    "triggerPrice",
    "filledQuantity",
    "filledAmount",
    "filledPercentage",
    "filledAveragePrice",
    "fee.amount",
    "fee.currency",
    "timeInForce",
    "createdAt",
    "updatedAt",
    "executedAt",
    "endTime",
];

/// The documented columns of an exchange trade (`contract.md`: the sandbox's trade record).
pub const TRADE_COLUMNS: [&str; 10] = [
    "id",
    "orderId",
    "pair",
    "side",
    "price",
    "quantity",
    "totalAmount",
    "fee.amount",
    "fee.currency",
    "executedAt",
];

fn columns(names: &[&str]) -> Columns {
    Columns::with_names(names.iter().map(|n| n.to_string()).collect())
}

/// Orders (their JSON texts) as CSV.
pub fn orders_csv(records: &[&str]) -> String {
    records_csv(columns(&ORDER_COLUMNS), records)
}

/// Trades (their JSON texts) as CSV.
pub fn trades_csv(records: &[&str]) -> String {
    records_csv(columns(&TRADE_COLUMNS), records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_columns_first_then_extras_values_as_sent() {
        let csv = trades_csv(&[
            r#"{"id":"t1","orderId":"o1","pair":"BTC-EUR","side":"buy","price":"50000.10","quantity":"0.00100","fee":{"amount":"0.05","currency":"EUR"},"totalAmount":"50.00","executedAt":"2026-01-02T03:04:05.678Z","venue":"x"}"#,
        ]);
        let mut lines = csv.lines();
        assert_eq!(
            lines.next(),
            Some(&*format!("{},venue", TRADE_COLUMNS.join(",")))
        );
        assert_eq!(
            lines.next(),
            Some("t1,o1,BTC-EUR,buy,50000.10,0.00100,50.00,0.05,EUR,2026-01-02T03:04:05.678Z,x")
        );
        assert!(orders_csv(&[]).starts_with("id,pair,side,type,status,pricedIn,"));
    }
}
