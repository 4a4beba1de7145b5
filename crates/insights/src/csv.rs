//! Every table of a report as CSV, through Folio's one CSV writer (`folio_export::csv`):
//! amounts exactly as computed (decimal point, no rounding), dates `YYYY-MM-DD`, an empty
//! cell where a figure is not known. Columns are named in the header.

use folio_export::csv::{Cell, Csv};
use rust_decimal::Decimal;

use crate::model::{Acquired, Basis, Disposal, GainRow, IncomeRow, OpenLot, YearTotals};

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

/// How a file names when a lot was acquired: its day, `average` (the pool), `unknown`.
fn acquired_text(acquired: Acquired) -> String {
    match acquired {
        Acquired::On(day) => day.to_string(),
        Acquired::Pool => "average".into(),
        Acquired::Unknown => "unknown".into(),
    }
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
            "Taxed as",
            "Tax-free gain EUR",
            "Sales",
            "Sales with unknown cost or day",
        ],
        rows.iter()
            .flat_map(|r| {
                let taxable: Vec<(Option<Basis>, Option<Decimal>)> = if r.taxable.is_empty() {
                    vec![(None, Some(Decimal::ZERO))]
                } else {
                    r.taxable.iter().map(|(b, g)| (Some(*b), *g)).collect()
                };
                taxable.into_iter().map(move |(basis, gain)| {
                    vec![
                        (r.year.to_string(), true),
                        t(&*r.asset.symbol),
                        t(&*r.asset.id),
                        n(gain),
                        t(basis.map(Basis::csv_label).unwrap_or_default()),
                        n(r.tax_free_gain),
                        (r.disposals.to_string(), true),
                        (r.cost_unknown.to_string(), true),
                    ]
                })
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
                (d.day.to_string(), true),
                t(&d.entry_id),
                t(&*d.asset.symbol),
                n(Some(d.quantity)),
                n(d.proceeds),
                t(acquired_text(lot.acquired)),
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
                    n(r.gross),
                    n(r.fee),
                    n(r.net),
                    (r.count.to_string(), true),
                    n(r.value),
                ]
            })
            .collect(),
    )
}

/// The year's taxable gains by treatment in one cell (`taxable at 27.5 %: 120; …`): they
/// are taxed differently, so a file never adds them up either.
fn taxable_text(taxable: &[(Basis, Option<Decimal>)]) -> String {
    taxable
        .iter()
        .map(|(b, g)| {
            format!(
                "{}: {}",
                b.csv_label(),
                g.map(|g| num(Some(g))).unwrap_or_else(|| "unknown".into())
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Each year's totals (the rule set's columns empty for the other country).
pub fn years_csv(rows: &[YearTotals]) -> String {
    write(
        &[
            "Year",
            "Taxable gains EUR (by treatment)",
            "Tax-free gains EUR",
            "Gains with unknown acquisition day EUR",
            "Income EUR",
            "Income payments without value",
            "Tax withheld EUR",
            "Fees EUR",
            "Spread EUR",
            "AT special-rate base EUR",
            "AT estimate 27.5% EUR",
            "AT speculation gains (§ 31) EUR",
            "AT speculation taxable EUR",
            "DE private sales EUR",
            "DE private sales taxable EUR",
            "DE other income EUR",
            "DE other income taxable EUR",
            "DE share sales EUR",
            "DE share losses carried EUR",
            "DE capital income EUR",
            "DE capital income taxable EUR",
            "DE capital losses carried EUR",
        ],
        rows.iter()
            .map(|y| {
                let at = y.austria.as_ref();
                let de = y.germany.as_ref();
                vec![
                    (y.year.to_string(), true),
                    t(taxable_text(&y.taxable)),
                    n(y.tax_free_gains),
                    n(y.holding_unknown_gains),
                    n(y.income),
                    (y.income_unvalued.to_string(), true),
                    n(y.withheld_tax),
                    n(y.fees),
                    n(y.spread),
                    n(at.and_then(|a| a.special_rate_base)),
                    n(at.and_then(|a| a.estimate)),
                    n(at.and_then(|a| a.speculation_gains)),
                    n(at.and_then(|a| a.speculation_taxable)),
                    n(de.and_then(|g| g.private_sales)),
                    n(de.and_then(|g| g.private_sales_taxable)),
                    n(de.and_then(|g| g.other_income)),
                    n(de.and_then(|g| g.other_income_taxable)),
                    n(de.and_then(|g| g.share_sales)),
                    n(de.and_then(|g| g.share_losses_carried)),
                    n(de.and_then(|g| g.capital_income)),
                    n(de.and_then(|g| g.capital_taxable)),
                    n(de.and_then(|g| g.capital_losses_carried)),
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
                    t(acquired_text(l.acquired)),
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
