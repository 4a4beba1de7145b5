//! Filters of the exchange Orders and Trades pages, read from and written to the URL
//! (`?status=open&pair=BTC-EUR,ETH-EUR&from=2026-11-01&to=2026-11-22&size=25`), and turned
//! into the exchange's query (Unix seconds). The days are days of the person's time zone, as
//! the tables' times are (`crate::format::local_time`), from its first second to its last.
//! Tested natively.

use crate::format::local_time;
use crate::url::UrlState;
use chrono::NaiveDate;
use folio_client::date_text::read_day;
use folio_client::exchange::{OrdersQuery, StatusFilter, TradesQuery};
use folio_client::OrderId;

/// Page sizes offered; the first is the default.
pub const PAGE_SIZES: [u32; 4] = [25, 10, 50, 100];

/// What both pages filter on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExchangeFilter {
    /// `open`, `closed` or an exact status (orders only).
    pub status: Option<String>,
    /// Pairs (`BTC-EUR`), upper case.
    pub pairs: Vec<String>,
    /// Only fills of this order (trades only).
    pub order_id: Option<String>,
    /// From this day (of the person's time zone).
    pub from: Option<NaiveDate>,
    /// Through this day (of the person's time zone).
    pub to: Option<NaiveDate>,
    /// Page size.
    pub size: u32,
}

fn pair_name(text: &str) -> Option<String> {
    let t = text.trim().to_ascii_uppercase();
    let valid = t.len() <= 21
        && t.split('-').count() == 2
        && t.split('-')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric()));
    valid.then_some(t)
}

fn status_value(text: &str) -> Option<String> {
    let t = text.trim().to_ascii_lowercase();
    let valid =
        !t.is_empty() && t.len() <= 32 && t.chars().all(|c| c.is_ascii_lowercase() || c == '-');
    valid.then_some(t)
}

fn id_value(text: &str) -> Option<String> {
    let t = text.trim();
    let valid =
        !t.is_empty() && t.len() <= 64 && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    valid.then(|| t.to_string())
}

fn day(text: Option<String>) -> Option<NaiveDate> {
    read_day(&text?)
}

impl ExchangeFilter {
    /// The first second of `from` and the last second of `to` in the person's time zone, in
    /// Unix seconds.
    fn range(&self) -> (Option<i64>, Option<i64>) {
        let start = self
            .from
            .and_then(local_time::start_of_day)
            .map(|t| t.timestamp());
        let end = self
            .to
            .and_then(local_time::end_of_day)
            .map(|t| t.timestamp() - 1);
        (start, end)
    }

    /// The orders query for one page.
    pub fn orders_query(&self, cursor: Option<String>) -> OrdersQuery {
        let (start_time, end_time) = self.range();
        OrdersQuery {
            status: self.status.as_deref().map(StatusFilter::parse),
            pairs: self.pairs.clone(),
            start_time,
            end_time,
            limit: Some(self.size),
            cursor,
        }
    }

    /// The trades query for one page.
    pub fn trades_query(&self, cursor: Option<String>) -> TradesQuery {
        let (start_time, end_time) = self.range();
        TradesQuery {
            pairs: self.pairs.clone(),
            order_id: self.order_id.clone().map(OrderId::new),
            start_time,
            end_time,
            limit: Some(self.size),
            cursor,
        }
    }

    /// Whether anything but the page size is set.
    pub fn is_active(&self) -> bool {
        self.to_query()[..5].iter().any(|(_, v)| v.is_some())
    }
}

impl UrlState for ExchangeFilter {
    type Scope = ();

    /// Reads the URL parameters (anything malformed is ignored).
    fn from_query((): (), get: impl Fn(&str) -> Option<String>) -> Self {
        let pairs = get("pair")
            .map(|p| p.split(',').filter_map(pair_name).collect())
            .unwrap_or_default();
        let size = get("size")
            .and_then(|s| s.trim().parse().ok())
            .filter(|s| PAGE_SIZES.contains(s))
            .unwrap_or(PAGE_SIZES[0]);
        Self {
            status: get("status").as_deref().and_then(status_value),
            pairs,
            order_id: get("order").as_deref().and_then(id_value),
            from: day(get("from")),
            to: day(get("to")),
            size,
        }
    }

    /// The URL parameters, in a fixed order (absent ones are `None`).
    fn to_query(&self) -> Vec<(&'static str, Option<String>)> {
        vec![
            ("status", self.status.clone()),
            (
                "pair",
                (!self.pairs.is_empty()).then(|| self.pairs.join(",")),
            ),
            ("order", self.order_id.clone()),
            ("from", self.from.map(|d| d.to_string())),
            ("to", self.to.map(|d| d.to_string())),
            (
                "size",
                (self.size != PAGE_SIZES[0]).then(|| self.size.to_string()),
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_round_trip_and_queries() {
        let raw = |k: &str| match k {
            "status" => Some("Open".to_string()),
            "pair" => Some("btc-eur, ETH-EUR,bad,<x>-y".to_string()),
            "from" => Some("2026-11-01".to_string()),
            "to" => Some("2026-11-02".to_string()),
            "size" => Some("10".to_string()),
            "order" => Some("a b".to_string()),
            _ => None,
        };
        let f = ExchangeFilter::from_query((), raw);
        assert_eq!(f.status.as_deref(), Some("open"));
        assert_eq!(f.pairs, ["BTC-EUR", "ETH-EUR"]);
        assert_eq!(f.order_id, None);
        assert_eq!(f.size, 10);
        let q = f.orders_query(Some("c1".into()));
        assert_eq!(q.status, Some(StatusFilter::Open));
        assert_eq!(q.start_time, Some(1_793_491_200));
        assert_eq!(q.end_time, Some(1_793_491_200 + 2 * 86_400 - 1));
        assert_eq!(q.limit, Some(10));
        assert_eq!(q.cursor.as_deref(), Some("c1"));
        let params = f.to_query();
        assert_eq!(params[1].1.as_deref(), Some("BTC-EUR,ETH-EUR"));
        assert_eq!(params[5].1.as_deref(), Some("10"));
        assert!(f.is_active());
        let plain = ExchangeFilter::from_query((), |k| (k == "size").then(|| "7".into()));
        assert_eq!(plain.size, 25);
        assert!(!plain.is_active());
        assert_eq!(plain.to_query()[5].1, None);
        let exact =
            ExchangeFilter::from_query((), |k| (k == "status").then(|| "partially-filled".into()));
        assert_eq!(
            exact.orders_query(None).status.unwrap().as_str(),
            "partially-filled"
        );
        let t = ExchangeFilter::from_query((), |k| (k == "order").then(|| "0b6c-12".into()));
        assert_eq!(t.trades_query(None).order_id.unwrap().as_str(), "0b6c-12");
    }

    #[test]
    fn days_are_the_persons_own() {
        use crate::format::local_time::{set_test_zone, TestZone};
        let range = |from: &'static str, to: &'static str| {
            let f = ExchangeFilter::from_query((), move |k| match k {
                "from" => Some(from.to_string()),
                "to" => Some(to.to_string()),
                _ => None,
            });
            let q = f.trades_query(None);
            (q.start_time.unwrap(), q.end_time.unwrap())
        };
        // 2026-11-01T00:00:00Z is 1_793_491_200.
        assert_eq!(
            range("2026-11-01", "2026-11-01"),
            (1_793_491_200, 1_793_491_200 + 86_400 - 1)
        );
        // Vienna in winter (+1): the day starts an hour earlier in UTC.
        set_test_zone(Some(TestZone::VIENNA_2026));
        assert_eq!(
            range("2026-11-01", "2026-11-01"),
            (1_793_491_200 - 3_600, 1_793_491_200 + 86_400 - 3_600 - 1)
        );
        // 25 October has 25 hours: 22:00 UTC on the 24th to 22:59:59 UTC on the 25th.
        // (2026-10-25T00:00:00Z is 1_793_491_200 - 7 * 86_400 = 1_792_886_400.)
        assert_eq!(
            range("2026-10-25", "2026-10-25"),
            (1_792_886_400 - 7_200, 1_792_886_400 + 23 * 3_600 - 1)
        );
        set_test_zone(None);
    }
}
