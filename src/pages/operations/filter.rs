//! [`OperationsFilter`]: what the Operations page shows, kept in the URL query so a filtered
//! view can be bookmarked and shared (never the key):
//!
//! | param | meaning | applied |
//! |---|---|---|
//! | `type` | operation type (`buy`, `card_cashback`, …) | in the browser |
//! | `asset` | asset symbol (`BTC`) | by the service (`asset_id`) |
//! | `fiat` | fiat currency code (`EUR`) | by the service (`currency_id`) |
//! | `flow` | `in` or `out` | in the browser |
//! | `from`, `to` | dates `YYYY-MM-DD`, inclusive, UTC | by the service |
//! | `q` | free text: asset name or symbol, operation / transaction / trade id | in the browser |

use chrono::{DateTime, NaiveDate, Utc};
use folio_client::date_text::{day_text, read_day};

use crate::pages::operations::rows::OperationSummary;
use crate::url::UrlState;

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
    /// The part the service filters: (asset symbol, fiat code, from, to). A change here
    /// reloads from the first page.
    pub fn server_part(&self) -> ServerPart {
        let start = |d: NaiveDate| d.and_hms_opt(0, 0, 0).map(|t| t.and_utc());
        let end = |d: NaiveDate| d.and_hms_milli_opt(23, 59, 59, 999).map(|t| t.and_utc());
        (
            self.asset.clone(),
            self.fiat.clone(),
            self.from.and_then(start),
            self.to.and_then(end),
        )
    }

    /// Whether the browser-side filters (type, flow, text) keep this operation.
    pub fn keeps(&self, s: &OperationSummary, needle: &str) -> bool {
        if self.op_type.as_deref().is_some_and(|t| t != s.type_raw) {
            return false;
        }
        match self.flow {
            Some(FlowFilter::In) if !s.flows.0 => return false,
            Some(FlowFilter::Out) if !s.flows.1 => return false,
            _ => {}
        }
        needle.is_empty() || s.haystack.contains(needle)
    }

    /// The free text as matched (trimmed, lower case).
    pub fn needle(&self) -> String {
        crate::lower_case::lower_case(self.text.trim())
    }

    /// Indexes of the operations the browser-side filters keep.
    pub fn apply(&self, all: &[OperationSummary]) -> Vec<usize> {
        let needle = self.needle();
        (0..all.len())
            .filter(|&i| self.keeps(&all[i], &needle))
            .collect()
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
}
