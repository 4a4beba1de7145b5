//! The CSV shaped like Bitpanda's own trades export (the "Bitpanda CSV" tax tools import):
//! five preamble lines, then the header and one row per trade or per leg, oldest first.
//! Column by column mapping: `docs/exports.md`, "Bitpanda-style trades CSV".

use chrono::{DateTime, SecondsFormat, Utc};
use folio_client::current::AssetType;
use rust_decimal::Decimal;

use super::amounts::{per_unit, Group, NONE};
use super::entry::{Entry, Kind, Move, Shape, Unit};
use super::range::DateRange;
use super::summary::ExportSummary;
use super::units::UnitClass;
use crate::csv::{Cell, Csv};

/// The header of Bitpanda's export (since it added "Fee percent" and "Tax Fiat").
pub(crate) const HEADER: [&str; 18] = [
    "Transaction ID",
    "Timestamp",
    "Transaction Type",
    "In/Out",
    "Amount Fiat",
    "Fiat",
    "Amount Asset",
    "Asset",
    "Asset market price",
    "Asset market price currency",
    "Asset class",
    "Product ID",
    "Fee",
    "Fee asset",
    "Fee percent",
    "Spread",
    "Spread Currency",
    "Tax Fiat",
];

/// Lines before the header: Bitpanda's export has five (disclaimer, name, e-mail, account
/// opening, venue), so tools built for it look for the header on line 6. Folio writes as many,
/// naming no person.
fn preamble(range: &DateRange) -> [String; 5] {
    const DISCLAIMER: &str =
        "Disclaimer: Written by Folio from Bitpanda's API; check it against your statements.";
    [
        DISCLAIMER.to_string(),
        "Folio export".to_string(),
        format!("Period: {} to {} (UTC)", range.from(), range.to()),
        "Timestamps: UTC".to_string(),
        "Venue: Bitpanda".to_string(),
    ]
}

/// Where a row's fee comes from: the leg's informational `fee_amount` may be replaced by a fee
/// leg; a trade's fee or a fee leg already placed may not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FeeFrom {
    Info,
    Trade,
    Leg,
}

#[derive(Debug, Clone)]
struct Row {
    id: String,
    time: DateTime<Utc>,
    kind_word: String,
    incoming: bool,
    fiat: Option<(Decimal, Unit)>,
    asset: Option<(Decimal, Unit)>,
    price: Option<(Decimal, Unit)>,
    fee: Option<(Decimal, Unit, FeeFrom)>,
    fee_percent: Option<Decimal>,
    tax: Option<Decimal>,
}

impl Row {
    fn new(id: &str, entry: &Entry, kind_word: &str, incoming: bool) -> Self {
        Self {
            id: id.to_string(),
            time: entry.time,
            kind_word: kind_word.to_string(),
            incoming,
            fiat: None,
            asset: None,
            price: None,
            fee: None,
            fee_percent: None,
            tax: None,
        }
    }

    /// A row moving `m` alone (its unit in the fiat or the asset columns).
    fn of_move(m: &Move, entry: &Entry, kind_word: &str) -> Self {
        let mut row = Row::new(&m.leg_id.text(), entry, kind_word, m.incoming);
        if m.unit.is_fiat() {
            row.fiat = Some((m.amount, m.unit.clone()));
        } else {
            row.asset = Some((m.amount, m.unit.clone()));
        }
        row
    }

    fn holds(&self, unit: &Unit) -> bool {
        let same =
            |side: &Option<(Decimal, Unit)>| side.as_ref().is_some_and(|(_, u)| u.id == unit.id);
        same(&self.fiat) || same(&self.asset)
    }
}

/// The "Transaction Type" of a leg row of `kind`: (incoming, outgoing).
pub(crate) fn leg_words(kind: Kind, raw: &str) -> (String, String) {
    let (i, o) = match kind {
        Kind::Buy | Kind::SavingsPlan => ("buy", "buy"),
        Kind::Sell => ("sell", "sell"),
        Kind::Swap => ("buy", "sell"),
        Kind::Deposit | Kind::Withdrawal | Kind::Refund => ("deposit", "withdrawal"),
        Kind::Stake => ("transfer(stake)", "transfer"),
        Kind::Unstake => ("transfer", "transfer(unstake)"),
        Kind::StakingReward | Kind::PassiveEarnReward => ("reward", "withdrawal"),
        Kind::CardCashback => ("transfer", "withdrawal"),
        Kind::Unknown => (raw, raw),
    };
    (i.to_string(), o.to_string())
}

/// "Asset class" as Bitpanda's export words it.
fn class_word(unit: &Unit) -> &str {
    match &unit.info.class {
        UnitClass::Fiat => "Fiat",
        UnitClass::Asset(None) => NONE,
        UnitClass::Asset(Some(t)) => match t {
            AssetType::Cryptocoin | AssetType::Index => "Cryptocurrency",
            AssetType::Stock => "Stock (derivative)",
            AssetType::Etf => "ETF (derivative)",
            AssetType::Etc => "Commodity",
            AssetType::Metal => "Metal",
            AssetType::Other(name) => name,
        },
    }
}

/// The rows of one entry.
fn rows(entry: &Entry) -> Vec<Row> {
    let mut rows = Vec::new();
    let trade = entry.trade.clone().unwrap_or_default();
    match entry.shape() {
        Shape::FiatTrade {
            fiat,
            asset,
            buying,
        } => {
            let (word, incoming) = if buying {
                ("buy", false)
            } else {
                ("sell", true)
            };
            let mut row = Row::new(&entry.trade_or_operation_id().text(), entry, word, incoming);
            row.fiat = Some((fiat.amount, fiat.unit.clone()));
            row.asset = Some((asset.amount, asset.unit.clone()));
            row.price = trade.rate.map(|r| (r, fiat.unit.clone()));
            row.fee = trade.fee.map(|(v, u)| (v, u, FeeFrom::Trade));
            row.fee_percent = trade.fee_percent;
            rows.push(row);
        }
        Shape::AssetSwap { give, get } => {
            let mut sell = Row::of_move(give, entry, "sell");
            sell.incoming = true;
            let mut buy = Row::of_move(get, entry, "buy");
            buy.incoming = false;
            buy.fee = trade.fee.map(|(v, u)| (v, u, FeeFrom::Trade));
            buy.fee_percent = trade.fee_percent;
            rows.push(sell);
            rows.push(buy);
        }
        Shape::Legs => {
            let (word_in, word_out) = leg_words(entry.kind, entry.type_name());
            for m in &entry.moves {
                let word = if m.incoming { &word_in } else { &word_out };
                let mut row = Row::of_move(m, entry, word);
                row.fee = m.fee_info.map(|f| (f, m.unit.clone(), FeeFrom::Info));
                rows.push(row);
            }
        }
    }
    for Group {
        amount,
        unit,
        leg_id,
    } in per_unit(&entry.fees)
    {
        let slot = rows
            .iter_mut()
            .find(|r| r.holds(&unit) && r.fee.as_ref().is_none_or(|f| f.2 == FeeFrom::Info));
        match slot {
            Some(row) => row.fee = Some((amount, unit, FeeFrom::Leg)),
            None => {
                let mut row = Row::new(&leg_id.text(), entry, "withdrawal", false);
                if unit.is_fiat() {
                    row.fiat = Some((amount, unit));
                } else {
                    row.asset = Some((amount, unit));
                }
                rows.push(row);
            }
        }
    }
    for Group {
        amount,
        unit,
        leg_id,
    } in per_unit(&entry.taxes)
    {
        let slot = rows
            .iter_mut()
            .find(|r| r.tax.is_none() && r.fiat.as_ref().is_some_and(|(_, u)| u.id == unit.id));
        match slot {
            Some(row) if unit.is_fiat() => row.tax = Some(amount),
            _ => {
                let mut row = Row::new(&leg_id.text(), entry, "withdrawal", false);
                if unit.is_fiat() {
                    row.fiat = Some((amount, unit));
                    row.tax = Some(amount);
                } else {
                    row.asset = Some((amount, unit));
                }
                rows.push(row);
            }
        }
    }
    for row in &mut rows {
        if row.tax.is_none() && row.fiat.is_some() {
            row.tax = Some(Decimal::new(0, 2));
        }
    }
    rows
}

/// A cell's text and whether it is Folio's own (a number, a timestamp, `-`, a fixed word) or
/// text from the network (defused by the CSV writer).
struct Field(String, bool);

fn mine(text: impl Into<String>) -> Field {
    Field(text.into(), true)
}

fn theirs(text: impl Into<String>) -> Field {
    Field(text.into(), false)
}

fn number(d: Option<Decimal>) -> Field {
    mine(d.map_or_else(|| NONE.to_string(), |d| d.to_string()))
}

fn symbol(u: Option<&Unit>) -> Field {
    u.map_or_else(|| mine(NONE), |u| theirs(u.symbol()))
}

fn fields(row: &Row) -> Vec<Field> {
    let fiat_unit = row.fiat.as_ref().map(|(_, u)| u);
    let asset_unit = row.asset.as_ref().map(|(_, u)| u);
    let shown = asset_unit.or(fiat_unit);
    vec![
        theirs(row.id.as_str()),
        mine(row.time.to_rfc3339_opts(SecondsFormat::Secs, false)),
        theirs(row.kind_word.as_str()),
        mine(if row.incoming { "incoming" } else { "outgoing" }),
        number(row.fiat.as_ref().map(|(d, _)| *d)),
        symbol(fiat_unit),
        number(row.asset.as_ref().map(|(d, _)| *d)),
        symbol(shown),
        number(row.price.as_ref().map(|(d, _)| *d)),
        symbol(row.price.as_ref().map(|(_, u)| u)),
        shown.map_or_else(|| mine(NONE), |u| theirs(class_word(u))),
        asset_unit
            .and_then(|u| u.product_id.as_deref())
            .map_or_else(|| mine(NONE), theirs),
        number(row.fee.as_ref().map(|f| f.0)),
        symbol(row.fee.as_ref().map(|f| &f.1)),
        number(row.fee_percent),
        mine(NONE),
        mine(NONE),
        number(row.tax),
    ]
}

/// The file's beginning: the preamble naming the period, then the header.
pub(crate) fn head(range: &DateRange) -> Csv {
    let mut csv = Csv::default();
    for line in preamble(range) {
        csv.row([Cell::Text(&line)]);
    }
    csv.row(HEADER.iter().map(|h| Cell::Text(h)));
    csv
}

/// Writes the rows of `entry` (selected, in the file's order), counting into `summary`.
pub(crate) fn add_entry(csv: &mut Csv, entry: &Entry, summary: &mut ExportSummary) {
    let rows = rows(entry);
    if rows.is_empty() {
        return;
    }
    summary.count_written(entry, rows.len());
    for row in &rows {
        let fields = fields(row);
        csv.row(fields.iter().map(|Field(text, own)| {
            if *own {
                Cell::Number(text)
            } else {
                Cell::Text(text)
            }
        }));
    }
}
