//! [`OperationsFilter`]: what the Operations page shows, kept in the URL query so a filtered
//! view can be bookmarked and shared (never the key):
//!
//! | param | meaning | applied |
//! |---|---|---|
//! | `type` | operation type (`buy`, `card_cashback`, …) | in the browser |
//! | `asset` | asset symbol (`BTC`) | by the service (`asset_id`) |
//! | `fiat` | fiat currency code (`EUR`) | by the service (`currency_id`) |
//! | `flow` | `in` or `out` | in the browser |
//! | `from`, `to` | dates `YYYY-MM-DD`, inclusive, days of the person's time zone | by the service |
//! | `q` | free text: asset name or symbol, operation / transaction / trade id | in the browser |
//!
//! `from` and `to` are the days the list is grouped by: days of the browser's time zone
//! (`crate::format::local_time`), sent to the service as the instants they start and end at.
//! A link keeps the days, so it shows the same days to someone in another zone, each counted
//! from that person's midnight.

use chrono::{DateTime, NaiveDate, Utc};
use folio_client::date_text::{day_text, read_day};

use crate::format::local_time;
use crate::pages::operations::refill::Refill;
use crate::pages::operations::rows::{
    id_holds, id_marks, ids_of, is_hex, OperationSummary, OTHER_MARK,
};
use crate::pages::operations::search_words::SearchWords;
use crate::url::UrlState;
use folio_client::current::Operation;

/// The filters the service applies: (asset symbol, fiat code, from, to).
pub type ServerPart = (
    Option<String>,
    Option<String>,
    Option<DateTime<Utc>>,
    Option<DateTime<Utc>>,
);

/// Direction filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlowFilter {
    /// Operations with an incoming leg.
    In,
    /// Operations with an outgoing leg.
    Out,
}

/// The search text, once per search: lower case and trimmed, whether it could be part of a
/// UUID (then UUID-shaped ids are searched too), and which of the loaded list's search words
/// hold it.
#[derive(Debug, Clone, Default)]
pub struct Needle {
    /// The text searched for.
    pub text: String,
    /// Whether it is only hexadecimal digits, dashes and spaces.
    pub is_hex: bool,
    /// Whether each of the list's search words, by number, holds it.
    pub in_words: Vec<bool>,
    /// Its characters' marks ([`id_marks`]): an operation whose ids lack one of them is not
    /// found by its ids.
    pub marks: u32,
    /// Whether it is one hexadecimal digit or dash: then an operation's id marks alone say
    /// whether an id holds it.
    pub one_mark: bool,
}

/// Every filter of the Operations page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OperationsFilter {
    /// Operation type (raw name).
    pub op_type: Option<String>,
    /// Asset symbol, upper case.
    pub asset: Option<String>,
    /// Fiat currency code, upper case.
    pub fiat: Option<String>,
    /// Direction.
    pub flow: Option<FlowFilter>,
    /// First day, inclusive.
    pub from: Option<NaiveDate>,
    /// Last day, inclusive.
    pub to: Option<NaiveDate>,
    /// Free text (as typed).
    pub text: String,
}

fn code(value: Option<&str>) -> Option<String> {
    let v = value?.trim();
    let ok = (1..=16).contains(&v.len())
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.');
    ok.then(|| v.to_ascii_uppercase())
}

fn date(value: Option<&str>) -> Option<NaiveDate> {
    read_day(value?)
}

impl OperationsFilter {
    /// The part the service filters: (asset symbol, fiat code, from, to), `from` the first
    /// instant of its local day and `to` the last millisecond of its own. A change here
    /// reloads from the first page.
    pub fn server_part(&self) -> ServerPart {
        let start = local_time::start_of_day;
        let end = |d: NaiveDate| {
            let next = local_time::end_of_day(d)?.timestamp_millis();
            DateTime::from_timestamp_millis(next - 1)
        };
        (
            self.asset.clone(),
            self.fiat.clone(),
            self.from.and_then(start),
            self.to.and_then(end),
        )
    }

    /// Whether the browser-side filters (type, flow, text) keep this operation; `needle` is
    /// the search text worked out once per search ([`Self::needle_in`]), not per operation.
    /// `op` is the operation `s` summarises (its ids are searched where they are).
    pub fn keeps(&self, op: Option<&Operation>, s: &OperationSummary, needle: &Needle) -> bool {
        if self.op_type.as_deref().is_some_and(|t| t != s.type_raw) {
            return false;
        }
        match self.flow {
            Some(FlowFilter::In) if !s.flows.0 => return false,
            Some(FlowFilter::Out) if !s.flows.1 => return false,
            _ => {}
        }
        needle.text.is_empty()
            || needle.in_words.get(s.words as usize) == Some(&true)
            || ((s.ids_not_hex || needle.is_hex)
                && needle.marks & !s.id_marks == 0
                && op.is_some_and(|op| {
                    needle.one_mark || ids_of(op).any(|id| id_holds(id, &needle.text))
                }))
    }

    /// The free text as matched (trimmed, lower case).
    pub fn needle(&self) -> String {
        crate::lower_case::lower_case(self.text.trim())
    }

    /// The search text as matched against `words`, the loaded list's search words.
    pub fn needle_in(&self, words: &SearchWords) -> Needle {
        let text = self.needle();
        let marks = id_marks(&text);
        Needle {
            is_hex: is_hex(&text),
            in_words: words.holding(&text),
            one_mark: text.len() == 1 && marks & OTHER_MARK == 0,
            marks,
            text,
        }
    }

    /// Puts the indexes of the operations the browser-side filters keep into `shown`
    /// (`ops` and `all`, their summaries, by the same index; `words`: the search words the
    /// summaries are numbered in).
    pub fn apply(
        &self,
        ops: &[Operation],
        all: &[OperationSummary],
        words: &SearchWords,
        shown: &mut Refill<usize>,
    ) {
        let needle = self.needle_in(words);
        for (i, s) in all.iter().enumerate() {
            if self.keeps(ops.get(i), s, &needle) {
                shown.push(i);
            }
        }
    }

    /// Whether any filter is set.
    pub fn is_active(&self) -> bool {
        self.to_query().iter().any(|(_, v)| v.is_some())
    }
}

impl UrlState for OperationsFilter {
    type Scope = ();

    /// Reads the filter from URL parameters (`get(name)`); invalid values are ignored.
    fn from_query((): (), get: impl Fn(&str) -> Option<String>) -> Self {
        let op_type = get("type")
            .map(|t| t.trim().to_ascii_lowercase())
            .filter(|t| {
                (1..=40).contains(&t.len())
                    && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            });
        Self {
            op_type,
            asset: code(get("asset").as_deref()),
            fiat: code(get("fiat").as_deref()),
            flow: match get("flow").as_deref() {
                Some("in") => Some(FlowFilter::In),
                Some("out") => Some(FlowFilter::Out),
                _ => None,
            },
            from: date(get("from").as_deref()),
            to: date(get("to").as_deref()),
            text: get("q").unwrap_or_default().chars().take(100).collect(),
        }
    }

    /// The value of each URL parameter (`None` = absent), in [`PARAMS`] order.
    fn to_query(&self) -> Vec<(&'static str, Option<String>)> {
        let day = |d: Option<NaiveDate>| d.map(day_text);
        vec![
            ("type", self.op_type.clone()),
            ("asset", self.asset.clone()),
            ("fiat", self.fiat.clone()),
            (
                "flow",
                self.flow.map(|f| match f {
                    FlowFilter::In => "in".to_string(),
                    FlowFilter::Out => "out".to_string(),
                }),
            ),
            ("from", day(self.from)),
            ("to", day(self.to)),
            (
                "q",
                Some(self.text.clone()).filter(|t| !t.trim().is_empty()),
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::query_string;

    #[test]
    fn round_trips_through_the_url() {
        let raw = |k: &str| match k {
            "type" => Some("Buy".to_string()),
            "asset" => Some("btc".to_string()),
            "flow" => Some("out".to_string()),
            "from" => Some("2026-01-02".to_string()),
            "to" => Some("not a date".to_string()),
            "q" => Some("bit coin&".to_string()),
            _ => None,
        };
        let f = OperationsFilter::from_query((), raw);
        assert_eq!(f.op_type.as_deref(), Some("buy"));
        assert_eq!(f.asset.as_deref(), Some("BTC"));
        assert_eq!(f.flow, Some(FlowFilter::Out));
        assert_eq!(f.to, None);
        let q = query_string(&f.to_query());
        assert_eq!(
            q,
            "?type=buy&asset=BTC&flow=out&from=2026-01-02&q=bit%20coin%26"
        );
        assert!(f.is_active() && !OperationsFilter::default().is_active());
        let (_, _, from, to) = f.server_part();
        assert_eq!(from.unwrap().to_rfc3339(), "2026-01-02T00:00:00+00:00");
        assert!(to.is_none());
        let bad = OperationsFilter::from_query((), |k| (k == "asset").then(|| "<b>".to_string()));
        assert_eq!(bad.asset, None);
    }

    #[test]
    fn days_are_the_persons_own() {
        use crate::format::local_time::{set_test_zone, TestZone};
        let days = |from: &str, to: &str| {
            let (from, to) = (from.to_string(), to.to_string());
            let f = OperationsFilter::from_query((), move |k| match k {
                "from" => Some(from.clone()),
                "to" => Some(to.clone()),
                _ => None,
            });
            let (_, _, start, end) = f.server_part();
            (start.unwrap().to_rfc3339(), end.unwrap().to_rfc3339())
        };
        // UTC (the native default): whole UTC days.
        assert_eq!(
            days("2026-05-04", "2026-05-04"),
            (
                "2026-05-04T00:00:00+00:00".into(),
                "2026-05-04T23:59:59.999+00:00".into()
            )
        );
        // Vienna in summer: 4 May starts at 22:00 UTC the day before.
        set_test_zone(Some(TestZone::VIENNA_2026));
        assert_eq!(
            days("2026-05-04", "2026-05-04"),
            (
                "2026-05-03T22:00:00+00:00".into(),
                "2026-05-04T21:59:59.999+00:00".into()
            )
        );
        // 29 March has 23 hours (CET until 01:00 UTC, CEST after), 25 October 25.
        assert_eq!(
            days("2026-03-29", "2026-03-29"),
            (
                "2026-03-28T23:00:00+00:00".into(),
                "2026-03-29T21:59:59.999+00:00".into()
            )
        );
        assert_eq!(
            days("2026-10-25", "2026-10-25"),
            (
                "2026-10-24T22:00:00+00:00".into(),
                "2026-10-25T22:59:59.999+00:00".into()
            )
        );
        // West of UTC the day starts later.
        set_test_zone(Some(TestZone::BOGOTA));
        assert_eq!(
            days("2026-01-01", "2026-12-31"),
            (
                "2026-01-01T05:00:00+00:00".into(),
                "2027-01-01T04:59:59.999+00:00".into()
            )
        );
        set_test_zone(None);
    }

    /// A search text finds an operation by its words or its ids (its own, its legs' and
    /// their trades'); one that cannot be part of a UUID (`bitcoin`, `bt`) does not look at
    /// UUIDs, but does at ids of another shape.
    #[test]
    fn search_text_finds_words_and_ids() {
        use crate::pages::operations::rows::{summarize, Names};
        let words = std::cell::RefCell::new(SearchWords::default());
        let read = |operation_id: &str| {
            let json = format!(
                r#"{{"operation_id":"{operation_id}","operation_type":"buy","transactions":[
                {{"transaction_id":"a981b3dd-246b","flow":"INCOMING","credited_at":"2026-05-04T09:15:27.412Z",
                 "asset_amount":{{"value":"1","asset_id":"btc-0"}},"trade":{{"trade_id":"5e0f-77c1"}}}}]}}"#
            );
            let mut names = Names::default();
            names
                .0
                .insert("btc-0".into(), ("BTC".into(), "Bitcoin".into()));
            let op: Operation = folio_client::decode::decode(&json).unwrap();
            let summary = summarize(&op, &names, &mut words.borrow_mut());
            (op, summary)
        };
        let keeps = |(op, s): &(Operation, OperationSummary), text: &str| {
            let f = OperationsFilter {
                text: text.into(),
                ..Default::default()
            };
            f.keeps(Some(op), s, &f.needle_in(&words.borrow()))
        };
        let uuids = read("7f452d26-9a03");
        assert!(!uuids.1.ids_not_hex);
        assert!(keeps(&uuids, "Bitcoin") && keeps(&uuids, "7F452") && keeps(&uuids, "246b"));
        assert!(keeps(&uuids, "5e0f-77"), "a trade's id");
        assert!(!keeps(&uuids, "litecoin") && !keeps(&uuids, "9a04"));
        assert!(!keeps(&uuids, "x") && !keeps(&uuids, "d26-9ax"));
        // A unit's id is not an operation's: its symbol and name are what is searched.
        assert!(!keeps(&uuids, "btc-0"));
        // "OP-7F452" is not hexadecimal: its ids are searched whatever the text, in lower case.
        let odd = read("OP-7F452");
        assert!(odd.1.ids_not_hex && keeps(&odd, "p-7f") && keeps(&odd, "op-7F452"));
        assert!(!keeps(&odd, "op-8"));
        // One character, or one absent from every id, is answered by the ids' marks.
        assert!(keeps(&uuids, "8") && keeps(&uuids, "E") && keeps(&uuids, "-"));
        let few: Operation = folio_client::decode::decode(
            r#"{"operation_id":"0000-1111","operation_type":"buy","transactions":[
            {"transaction_id":"2222-3333","flow":"INCOMING","credited_at":"2026-05-04T09:15:27.412Z"}]}"#,
        )
        .unwrap();
        let few = (
            few.clone(),
            summarize(&few, &Names::default(), &mut words.borrow_mut()),
        );
        assert!(keeps(&few, "3") && keeps(&few, "2-3") && keeps(&few, "0-11"));
        assert!(!keeps(&few, "4") && !keeps(&few, "e") && !keeps(&few, "32"));
        // Marks are of every id together: characters from two ids pass them; the ids are
        // then read, and neither holds the text.
        assert!(!keeps(&few, "13") && !keeps(&uuids, "7c1d"));
        // Without the operation (a summary ahead of the list), only its words are searched.
        let f = OperationsFilter {
            text: "7f452".into(),
            ..Default::default()
        };
        assert!(!f.keeps(None, &uuids.1, &f.needle_in(&words.borrow())));
    }
}
