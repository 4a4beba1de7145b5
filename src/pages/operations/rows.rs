//! What one operation looks like in the Operations list: its date, what went out and what
//! came in, fee, tax, trade rates and status, plus the lower-cased text the free-text filter
//! searches. Built once per loaded operation, so filtering 10,000 of them is a scan over
//! prepared strings.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use folio_client::current::{Flow, Operation, OperationTransaction, TransactionType};
use folio_client::Money;

use crate::i18n::{t, tc};

use super::refill::Refill;
use super::search_words::SearchWords;

/// Symbols and names for asset and currency ids (`id → (symbol, name)`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names(pub HashMap<String, (String, String)>);

impl Names {
    /// The symbol for a unit id, or the id itself when unknown.
    pub fn symbol(&self, id: &str) -> String {
        self.0
            .get(id)
            .map(|(symbol, _)| symbol.clone())
            .unwrap_or_else(|| crate::data::id_names::short_id(id))
    }

    /// The symbol of a Money's unit ("" when it has none).
    pub fn unit_of(&self, money: &Money) -> String {
        money
            .unit_id()
            .map(|id| self.symbol(id))
            .unwrap_or_default()
    }
}

/// One operation, prepared for filtering and grouping: what every loaded operation keeps.
/// What a row shows in words is made only for the rows drawn (`row_texts`): at 100,000
/// operations those texts were a tenth of the page's memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperationSummary {
    /// The operation type as sent (`buy`, `card_cashback`, …).
    pub type_raw: String,
    /// When it was credited (the latest credited leg); `None` while pending.
    pub time: Option<DateTime<Utc>>,
    /// Whether any leg is still pending (no `credited_at`).
    pub pending: bool,
    /// The day it is listed under: the day of `time` in the person's time zone; `None`
    /// while pending. Worked out once here, not on every keystroke's regrouping.
    pub day: Option<NaiveDate>,
    /// Whether it was cancelled (`asset_balance_after` of `-1`).
    pub cancelled: bool,
    /// Whether it compensates (reverses) another transaction.
    pub compensating: bool,
    /// Which flows its legs have (incoming, outgoing).
    pub flows: (bool, bool),
    /// The number of its search words (lower-cased type, type label, and each leg's asset
    /// symbol and name) in the loaded list's [`SearchWords`].
    pub words: u32,
    /// Whether one of its ids ([`ids_of`]) is not hexadecimal digits and dashes (not a
    /// UUID): then its ids are searched whatever the search text. The ids themselves are
    /// read from the operation when searched, not copied here (issue 44: a lower-cased copy
    /// was about 185 bytes an operation, 18 MB at 100,000).
    pub ids_not_hex: bool,
    /// Which characters its ids hold ([`id_marks`] of each, together): a search text with a
    /// character none of them has is answered without reading the operation, and a text of
    /// one hexadecimal digit or dash is answered by this alone (issue 44: `b` or `e` read
    /// every id of 100,000 operations, 17 ms a keystroke).
    pub id_marks: u32,
}

/// The app's words for an operation type it knows (`None` for a type it does not know).
fn known_type_label(raw: &str) -> Option<&'static str> {
    Some(match raw {
        "deposit" => t("Deposit"),
        "withdrawal" => t("Withdrawal"),
        "buy" => tc("noun", "Buy"),
        "sell" => tc("noun", "Sell"),
        "swap" => t("Swap"),
        "savings_plan" => t("Savings plan"),
        "stake" => t("Stake"),
        "unstake" => t("Unstake"),
        "staking_reward" => t("Staking reward"),
        "passive_earn_reward" => t("Passive earn reward"),
        "refund" => t("Refund"),
        _ => return None,
    })
}

/// Whether Folio has words for this operation type.
pub fn is_known_type(raw: &str) -> bool {
    known_type_label(raw).is_some()
}

/// A readable label for an operation type; unknown types are shown by their raw name (as the
/// service wrote it, in every language).
pub fn type_label(raw: &str) -> String {
    known_type_label(raw).map_or_else(|| raw.to_string(), str::to_string)
}

/// Which side of an operation a leg with an amount is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// A fee leg.
    Fee,
    /// A tax leg.
    Tax,
    /// Out of the account.
    Out,
    /// Into the account.
    In,
}

/// The side of `tx` (a leg that moves an amount).
pub fn side_of(tx: &OperationTransaction) -> Side {
    match tx.transaction_type.as_ref() {
        Some(TransactionType::Fee) => Side::Fee,
        Some(TransactionType::Tax) => Side::Tax,
        _ if tx.flow == Some(Flow::Outgoing) => Side::Out,
        _ => Side::In,
    }
}

/// Prepares one operation; its search words are numbered in `search_words`.
pub fn summarize(
    op: &Operation,
    names: &Names,
    search_words: &mut SearchWords,
) -> OperationSummary {
    let type_raw = op
        .operation_type
        .as_ref()
        .map(|t| t.as_str().to_string())
        .unwrap_or_else(|| "unknown".into());
    let label = type_label(&type_raw);
    let mut s = OperationSummary {
        type_raw,
        time: op.transactions.iter().filter_map(|t| t.credited_at).max(),
        pending: op.transactions.iter().any(|t| t.credited_at.is_none()),
        day: None,
        cancelled: op.transactions.iter().any(|t| {
            t.asset_balance_after
                .as_ref()
                .is_some_and(|m| m.value == -rust_decimal::Decimal::ONE)
        }),
        compensating: op.transactions.iter().any(|t| t.compensates.is_some()),
        flows: (false, false),
        words: 0,
        ids_not_hex: ids_of(op).any(|id| !is_hex(id)),
        id_marks: ids_of(op).fold(0, |marks, id| marks | id_marks(id)),
    };
    s.day = s
        .time
        .filter(|_| !s.pending)
        .map(|t| crate::format::local_time::local(t).date());
    let mut words = vec![s.type_raw.clone(), label];
    for tx in &op.transactions {
        if let Some(unit) = tx.asset_amount.as_ref().and_then(Money::unit_id) {
            if let Some((symbol, name)) = names.0.get(unit) {
                words.push(symbol.clone());
                words.push(name.clone());
            }
        }
        if tx.asset_amount.is_some() {
            match side_of(tx) {
                Side::Out => s.flows.1 = true,
                Side::In => s.flows.0 = true,
                Side::Fee | Side::Tax => {}
            }
        }
    }
    s.words = search_words.number(crate::lower_case::lower_case(&words.join(" ")));
    s
}

/// The ids the search box finds an operation by: its own, its legs' and their trades'.
pub fn ids_of(op: &Operation) -> impl Iterator<Item = &str> {
    let legs = op.transactions.iter().flat_map(|tx| {
        let trade = tx.trade.as_ref().and_then(|t| t.trade_id.as_ref());
        std::iter::once(tx.transaction_id.as_str()).chain(trade.map(|id| id.as_str()))
    });
    std::iter::once(op.operation_id.as_str()).chain(legs)
}

/// Whether `id` in lower case holds `needle` (in lower case already). The service's ids are
/// lower-case UUIDs: those are searched as they are, without a lower-cased copy.
pub fn id_holds(id: &str, needle: &str) -> bool {
    if id.is_ascii() && !id.bytes().any(|b| b.is_ascii_uppercase()) {
        id.contains(needle)
    } else {
        crate::lower_case::lower_case(id).contains(needle)
    }
}

/// The mark of any character that is not a hexadecimal digit or a dash.
pub const OTHER_MARK: u32 = 1 << 17;

/// Which characters `text` holds, in lower case, one bit each: the hexadecimal digits
/// (bits 0–15), the dash (bit 16), and [`OTHER_MARK`] for any other. If a text holds a
/// search text, its marks include the search text's.
pub fn id_marks(text: &str) -> u32 {
    text.bytes().fold(0, |marks, b| {
        marks
            | match b.to_ascii_lowercase() {
                d @ b'0'..=b'9' => 1 << (d - b'0'),
                d @ b'a'..=b'f' => 1 << (d - b'a' + 10),
                b'-' => 1 << 16,
                _ => OTHER_MARK,
            }
    })
}

/// Whether `text` is only hexadecimal digits, dashes and spaces: what UUIDs are written with.
/// The service's ids are UUIDs, so a search for a name or symbol (`bt`, `bitcoin`) skips
/// every operation's ids, about four fifths of its searchable text (issue 44: a keystroke
/// at 100,000 operations read 18 MB of ids).
pub fn is_hex(text: &str) -> bool {
    text.bytes()
        .all(|b| b.is_ascii_hexdigit() || b == b'-' || b == b' ')
}

/// One line of the list: a day heading or an operation (by index into the loaded list).
/// Plain numbers, so regrouping 100,000 operations on a keystroke allocates no text and
/// compares cheaply; a heading is worded only when its row is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListRow {
    /// The heading of the day of the operation at this index ([`day_of`]: `4 May 2026`, or
    /// "Pending").
    Day(usize),
    /// An operation.
    Operation(usize),
}

/// The day an operation is listed under, in the person's time zone.
pub fn day_of(s: &OperationSummary) -> String {
    match s.day {
        Some(day) => crate::format::format_day(day),
        None => t("Pending").to_string(),
    }
}

/// Groups the (already newest-first) operations `shown` by day into `rows`: a heading
/// wherever the day changes.
pub fn group_by_day(all: &[OperationSummary], shown: &[usize], rows: &mut Refill<ListRow>) {
    // Compare days as dates (no allocation per operation: this runs on every keystroke).
    let mut current = None;
    for &i in shown {
        let key = all.get(i).map(|s| s.day);
        if current != key {
            rows.push(ListRow::Day(i));
            current = key;
        }
        rows.push(ListRow::Operation(i));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grouped(all: &[OperationSummary], shown: &[usize]) -> Vec<ListRow> {
        let mut rows = Refill::new(None);
        group_by_day(all, shown, &mut rows);
        rows.finish().0
    }

    fn op(json: &str) -> Operation {
        folio_client::decode::decode(json).unwrap()
    }

    #[test]
    fn buy_with_fee_and_unknown_type() {
        let buy = op(
            r#"{"operation_id":"o1","operation_type":"buy","transactions":[
            {"transaction_id":"t1","flow":"OUTGOING","transaction_type":"buy","credited_at":"2026-05-04T09:15:27.412Z",
             "asset_amount":{"value":"100.00","currency_id":"eur"}},
            {"transaction_id":"t2","flow":"INCOMING","transaction_type":"buy","credited_at":"2026-05-04T09:15:27.412Z",
             "asset_amount":{"value":"0.00150000","asset_id":"btc"},"trade":{"rate":"65000.00","rate_with_fee":"65968.50"}},
            {"transaction_id":"t3","flow":"OUTGOING","transaction_type":"fee","credited_at":"2026-05-04T09:15:27.412Z",
             "asset_amount":{"value":"1.49","currency_id":"eur"}}]}"#,
        );
        let mut names = Names::default();
        names
            .0
            .insert("btc".into(), ("BTC".into(), "Bitcoin".into()));
        names.0.insert("eur".into(), ("EUR".into(), "Euro".into()));
        let mut words = SearchWords::default();
        let s = summarize(&buy, &names, &mut words);
        let texts = super::super::row_texts::row_texts(&buy, &names);
        assert_eq!(texts.out, vec!["100.00 EUR"]);
        assert_eq!(texts.incoming, vec!["0.00150000 BTC"]);
        assert_eq!(texts.fee.as_deref(), Some("1.49 EUR"));
        assert_eq!(texts.rate, Some(("65,000.00".into(), "65,968.50".into())));
        assert_eq!(
            (texts.id.as_str(), texts.type_label.as_str()),
            ("o1", "Buy")
        );
        assert_eq!(words.text(s.words), "buy buy eur euro btc bitcoin eur euro");
        assert_eq!(ids_of(&buy).collect::<Vec<_>>(), ["o1", "t1", "t2", "t3"]);
        // o, t: other characters; 1, 2, 3.
        assert_eq!(s.id_marks, OTHER_MARK | 0b1110);
        assert_eq!(id_marks("aF-9"), 1 << 10 | 1 << 15 | 1 << 16 | 1 << 9);
        assert!(s.ids_not_hex);
        assert!(!s.pending && s.flows == (true, true));
        let odd = op(
            r#"{"operation_id":"o2","operation_type":"card_cashback","transactions":[
            {"transaction_id":"t9","flow":"INCOMING","asset_amount":{"value":"1","asset_id":"btc"}}]}"#,
        );
        let s2 = summarize(&odd, &names, &mut words);
        assert_eq!(
            (
                super::super::row_texts::row_texts(&odd, &names)
                    .type_label
                    .as_str(),
                s2.pending
            ),
            ("card_cashback", true)
        );
        let all = [s, s2];
        let rows = grouped(&all, &[1, 0]);
        assert_eq!(rows[0], ListRow::Day(1));
        assert_eq!(rows[2], ListRow::Day(0));
        assert_eq!(
            (day_of(&all[1]), day_of(&all[0])),
            ("Pending".into(), "4 May 2026".into())
        );
    }

    #[test]
    fn days_are_the_persons_own() {
        use crate::format::local_time::{set_test_zone, TestZone};
        let at = |id: &str, time: &str| {
            op(&format!(
                r#"{{"operation_id":"{id}","operation_type":"deposit","transactions":[
                {{"transaction_id":"t{id}","flow":"INCOMING","credited_at":"{time}",
                 "asset_amount":{{"value":"1","currency_id":"eur"}}}}]}}"#
            ))
        };
        // Newest first: 22:00 UTC on 4 May is 00:00 on 5 May in Vienna, 21:59 UTC still 4 May.
        let ops = [
            at("a", "2026-05-04T22:00:00Z"),
            at("b", "2026-05-04T21:59:00Z"),
            at("c", "2026-05-04T00:30:00Z"),
        ];
        set_test_zone(Some(TestZone::VIENNA_2026));
        let names = Names::default();
        let all: Vec<_> = ops
            .iter()
            .map(|o| summarize(o, &names, &mut SearchWords::default()))
            .collect();
        assert_eq!(
            grouped(&all, &[0, 1, 2]),
            [
                ListRow::Day(0),
                ListRow::Operation(0),
                ListRow::Day(1),
                ListRow::Operation(1),
                ListRow::Operation(2),
            ]
        );
        assert_eq!(
            (day_of(&all[0]), day_of(&all[1])),
            ("5 May 2026".into(), "4 May 2026".into())
        );
        set_test_zone(None);
        // In UTC the three share a day.
        let all: Vec<_> = ops
            .iter()
            .map(|o| summarize(o, &names, &mut SearchWords::default()))
            .collect();
        assert_eq!(grouped(&all, &[0, 1, 2]).len(), 4);
    }
}
