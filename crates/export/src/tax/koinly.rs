//! Koinly's universal CSV template: one row per trade, per deposit or withdrawal leg, per fee
//! Koinly cannot attach and per tax leg, oldest first. Koinly reads `Fee Amount` as paid on top
//! of `Sent Amount`, so a trade's fee (which Bitpanda includes in the legs) is taken out of the
//! side it was paid from. Mapping: `docs/exports.md`, "Koinly universal CSV".

use chrono::{DateTime, Timelike, Utc};
use rust_decimal::Decimal;

use super::amounts::{less, per_unit, plus, Group};
use super::entry::{Entry, Kind, Move, Shape, Unit};
use super::summary::ExportSummary;
use crate::csv::{Cell, Csv};

/// The universal template's header.
pub(crate) const HEADER: [&str; 12] = [
    "Date",
    "Sent Amount",
    "Sent Currency",
    "Received Amount",
    "Received Currency",
    "Fee Amount",
    "Fee Currency",
    "Net Worth Amount",
    "Net Worth Currency",
    "Label",
    "Description",
    "TxHash",
];

/// Koinly's tag for a staking deposit into the pool wallet.
const ADD_TO_POOL: &str = "Add to Pool";
/// Koinly's tag for staked funds coming back.
const REMOVE_FROM_POOL: &str = "Remove from Pool";
/// Koinly's income tag for staking and other rewards.
const REWARD: &str = "Reward";
/// Koinly's tag for card cashback.
const CASHBACK: &str = "Cashback";
/// Koinly's expense tag for a fee Koinly cannot attach to a withdrawal.
const COST: &str = "Cost";
/// Koinly's expense tag for withheld tax.
const TAX: &str = "Tax";

#[derive(Debug, Clone)]
struct Row {
    time: DateTime<Utc>,
    sent: Option<(Decimal, Unit)>,
    received: Option<(Decimal, Unit)>,
    fee: Option<(Decimal, Unit)>,
    net_worth: Option<(Decimal, Unit)>,
    label: &'static str,
    description: String,
    tx: String,
}

impl Row {
    fn new(entry: &Entry, tx: &str, label: &'static str, what: &str) -> Self {
        Self {
            time: entry.time,
            sent: None,
            received: None,
            fee: None,
            net_worth: None,
            label,
            description: format!("Bitpanda {what}"),
            tx: tx.to_string(),
        }
    }

    fn of_move(m: &Move, entry: &Entry, label: &'static str) -> Self {
        let mut row = Row::new(entry, &m.leg_id.text(), label, entry.type_name());
        let side = Some((m.amount, m.unit.clone()));
        if m.incoming {
            row.received = side;
        } else {
            row.sent = side;
        }
        row
    }
}

/// The label of an incoming leg row of `kind` (outgoing leg rows have none, but stakes).
pub(crate) fn incoming_label(kind: Kind) -> &'static str {
    match kind {
        Kind::StakingReward | Kind::PassiveEarnReward => REWARD,
        Kind::CardCashback => CASHBACK,
        Kind::Unstake => REMOVE_FROM_POOL,
        _ => "",
    }
}

/// A trade row: `give` sent, `get` received, the trade's fee taken out of the side it is in.
fn trade_row(entry: &Entry, give: &Move, get: &Move) -> Row {
    let mut row = Row::new(
        entry,
        &entry.trade_or_operation_id().text(),
        "",
        entry.type_name(),
    );
    let (mut sent, mut received) = (give.amount, get.amount);
    let fee = entry.trade.as_ref().and_then(|t| t.fee.clone());
    if let Some((fee, unit)) = fee {
        if unit.id == give.unit.id {
            if let Some(rest) = less(sent, fee) {
                sent = rest;
                row.fee = Some((fee, unit));
            }
        } else if unit.id == get.unit.id {
            if let Some(gross) = plus(received, fee) {
                received = gross;
                row.fee = Some((fee, unit));
            }
        }
    }
    row.sent = Some((sent, give.unit.clone()));
    row.received = Some((received, get.unit.clone()));
    row.net_worth = [&row.sent, &row.received]
        .into_iter()
        .flatten()
        .find(|(_, u)| u.is_fiat())
        .cloned();
    row
}

/// The rows of one entry.
fn rows(entry: &Entry) -> Vec<Row> {
    let mut rows = Vec::new();
    match entry.shape() {
        Shape::FiatTrade {
            fiat,
            asset,
            buying,
        } => {
            let (give, get) = if buying { (fiat, asset) } else { (asset, fiat) };
            rows.push(trade_row(entry, give, get));
        }
        Shape::AssetSwap { give, get } => rows.push(trade_row(entry, give, get)),
        Shape::Legs => {
            for m in &entry.moves {
                let pool_side = match entry.kind {
                    Kind::Stake => m.incoming,
                    Kind::Unstake => !m.incoming,
                    _ => false,
                };
                let mirrored = entry
                    .moves
                    .iter()
                    .any(|o| o.incoming != m.incoming && o.unit.id == m.unit.id);
                if pool_side && mirrored {
                    continue;
                }
                let label = match (m.incoming, entry.kind) {
                    (true, kind) => incoming_label(kind),
                    (false, Kind::Stake) => ADD_TO_POOL,
                    (false, _) => "",
                };
                rows.push(Row::of_move(m, entry, label));
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
            .find(|r| r.fee.is_none() && r.sent.as_ref().is_some_and(|(_, u)| u.id == unit.id));
        match slot {
            Some(row) => row.fee = Some((amount, unit)),
            None => {
                let what = format!("{} fee", entry.type_name());
                let mut row = Row::new(entry, &leg_id.text(), COST, &what);
                row.sent = Some((amount, unit));
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
        let what = format!("{} tax", entry.type_name());
        let mut row = Row::new(entry, &leg_id.text(), TAX, &what);
        row.sent = Some((amount, unit));
        rows.push(row);
    }
    rows
}

fn amount_cells(side: &Option<(Decimal, Unit)>) -> (String, Option<String>) {
    match side {
        Some((d, u)) => (d.to_string(), Some(u.symbol().to_string())),
        None => (String::new(), None),
    }
}

/// The file's beginning: the header.
pub(crate) fn head() -> Csv {
    Csv::with_header(&HEADER)
}

/// Writes the rows of `entry` (selected, in the file's order), counting into `summary`.
pub(crate) fn add_entry(csv: &mut Csv, entry: &Entry, summary: &mut ExportSummary) {
    let rows = rows(entry);
    if rows.is_empty() {
        return;
    }
    summary.count_written(entry, rows.len());
    for row in &rows {
        let date = format!(
            "{} {:02}:{:02}:{:02} UTC",
            folio_client::date_text::day_text(row.time.date_naive()),
            row.time.hour(),
            row.time.minute(),
            row.time.second()
        );
        let (sent, sent_cur) = amount_cells(&row.sent);
        let (received, received_cur) = amount_cells(&row.received);
        let (fee, fee_cur) = amount_cells(&row.fee);
        let (worth, worth_cur) = amount_cells(&row.net_worth);
        let text = |s: &Option<String>| s.clone().unwrap_or_default();
        let (sent_cur, received_cur, fee_cur, worth_cur) = (
            text(&sent_cur),
            text(&received_cur),
            text(&fee_cur),
            text(&worth_cur),
        );
        csv.row([
            Cell::Number(&date),
            Cell::Number(&sent),
            Cell::Text(&sent_cur),
            Cell::Number(&received),
            Cell::Text(&received_cur),
            Cell::Number(&fee),
            Cell::Text(&fee_cur),
            Cell::Number(&worth),
            Cell::Text(&worth_cur),
            Cell::Text(row.label),
            Cell::Text(&row.description),
            Cell::Text(&row.tx),
        ]);
    }
}
