//! Every table of a report as CSV, through Folio's one CSV writer (`folio_export::csv`):
//! amounts exactly as computed (decimal point, no rounding), dates `YYYY-MM-DD`, an empty
//! cell where a figure is not known. Columns are named in the header.

use folio_export::csv::{Cell, Csv};
use rust_decimal::Decimal;

use crate::model::{Disposal, GainRow, IncomeRow, OpenLot, YearTotals};

fn num(value: Option<Decimal>) -> String {
    value.map(|v| v.normalize().to_string()).unwrap_or_default()
}

fn write(header: &[&str], rows: Vec<Vec<(String, bool)>>) -> String {
    let mut csv = Csv::with_header(header);
    for row in &rows {
        csv.row(row.iter().map(|(text, is_number)| {
            if *is_number {
                Cell::Number(text)
            } else {
                Cell::Text(text)
            }
        }));
    }
    csv.into_string()
}

fn t(text: impl Into<String>) -> (String, bool) {
    (text.into(), false)
}

fn n(value: Option<Decimal>) -> (String, bool) {
    (num(value), true)
}

/// Realised gains per year and asset.
pub fn gains_csv(rows: &[GainRow]) -> String {
    write(
        &[
            "Year",
            "Asset",
            "Asset ID",
            "Taxable gain EUR",
            "Tax-free gain EUR",
            "Sales",
            "Sales with unknown cost",
        ],
        rows.iter()
            .map(|r| {
                vec![
                    (r.year.to_string(), true),
                    t(&*r.asset.symbol),
                    t(&*r.asset.id),
                    n(Some(r.taxable_gain)),
                    n(Some(r.tax_free_gain)),
                    (r.disposals.to_string(), true),
                    (r.cost_unknown.to_string(), true),
                ]
            })
            .collect(),
    )
}

/// Every sale with the lots it used (one row per lot).
pub fn disposals_csv(rows: &[&Disposal]) -> String {
    let mut out = Vec::new();
    for d in rows {
        for lot in &d.lots {
            out.push(vec![
                (d.time.format("%Y-%m-%d").to_string(), true),
                t(&d.entry_id),
                t(&*d.asset.symbol),
                n(Some(d.quantity)),
                n(d.proceeds),
                t(lot
                    .acquired
                    .map(|a| a.to_string())
                    .unwrap_or_else(|| "average".into())),
                n(Some(lot.quantity)),
                n(lot.cost),
                n(lot.proceeds),
                n(lot.gain),
                t(lot.basis.csv_label()),
                t(if d.swap { "swap" } else { "sale" }),
            ]);
        }
    }
    write(
        &[
            "Date",
            "Operation ID",
            "Asset",
            "Quantity sold",
            "Proceeds EUR",
            "Lot acquired",
            "Lot quantity",
            "Lot cost EUR",
            "Lot proceeds EUR",
            "Lot gain EUR",
            "Treatment",
            "Kind",
        ],
        out,
    )
}

/// Income per year, asset and kind.
pub fn income_csv(rows: &[&IncomeRow]) -> String {
    write(
        &[
            "Year",
            "Kind",
            "Asset",
            "Gross",
            "Fee",
            "Net",
            "Payments",
            "Value EUR",
        ],
        rows.iter()
            .map(|r| {
                vec![
                    (r.year.to_string(), true),
                    t(r.kind.csv_label()),
                    t(&*r.asset.symbol),
                    n(Some(r.gross)),
                    n(Some(r.fee)),
                    n(Some(r.net)),
                    (r.count.to_string(), true),
                    n(r.value),
                ]
            })
            .collect(),
    )
}

/// Each year's totals (the rule set's columns empty for the other country).
pub fn years_csv(rows: &[YearTotals]) -> String {
    write(
        &[
            "Year",
            "Taxable gains EUR",
            "Tax-free gains EUR",
            "Losses EUR",
            "Income EUR",
            "Income payments without value",
            "Tax withheld EUR",
            "Fees EUR",
            "Spread EUR",
            "AT special-rate base EUR",
            "AT estimate 27.5% EUR",
            "AT progressive-rate gains EUR",
            "DE private sales EUR",
            "DE private sales taxable EUR",
            "DE other income EUR",
            "DE other income taxable EUR",
            "DE capital income EUR",
            "DE capital income taxable EUR",
        ],
        rows.iter()
            .map(|y| {
                let at = y.austria.as_ref();
                let de = y.germany.as_ref();
                vec![
                    (y.year.to_string(), true),
                    n(Some(y.taxable_gains)),
                    n(Some(y.tax_free_gains)),
                    n(Some(y.losses)),
                    n(Some(y.income)),
                    (y.income_unvalued.to_string(), true),
                    n(Some(y.withheld_tax)),
                    n(Some(y.fees)),
                    n(y.spread),
                    n(at.map(|a| a.special_rate_base)),
                    n(at.map(|a| a.estimate)),
                    n(at.map(|a| a.progressive_gains)),
                    n(de.map(|g| g.private_sales)),
                    n(de.map(|g| g.private_sales_taxable)),
                    n(de.map(|g| g.other_income)),
                    n(de.map(|g| g.other_income_taxable)),
                    n(de.map(|g| g.capital_income)),
                    n(de.map(|g| g.capital_taxable)),
                ]
            })
            .collect(),
    )
}

/// The lots still held.
pub fn open_lots_csv(rows: &[OpenLot]) -> String {
    write(
        &[
            "Asset",
            "Asset ID",
            "Acquired",
            "Quantity",
            "Cost EUR",
            "Value EUR",
            "Unrealised EUR",
            "Tax-free from",
        ],
        rows.iter()
            .map(|l| {
                vec![
                    t(&*l.asset.symbol),
                    t(&*l.asset.id),
                    t(l.acquired
                        .map(|a| a.to_string())
                        .unwrap_or_else(|| "average".into())),
                    n(Some(l.quantity)),
                    n(l.cost),
                    n(l.value),
                    n(l.unrealised),
                    t(l.tax_free_from.map(|d| d.to_string()).unwrap_or_default()),
                ]
            })
            .collect(),
    )
}
