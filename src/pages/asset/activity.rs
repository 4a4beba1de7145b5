//! What an asset's page says about the person's operations on it: how many there are, how
//! many of each type, the first and the latest, and the latest few with what each moved of
//! the asset. Worked out page by page as the operations arrive (the operations themselves
//! are not kept), from the same pages the Operations list filtered to the asset reads, so
//! its counts are the list's ("Showing N of N loaded operations" with the same filters).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use folio_client::current::{Operation, OperationTransaction};
use rust_decimal::Decimal;

use crate::pages::operations::rows::{side_of, Side};

/// How many of the latest operations the page lists.
pub const LATEST_SHOWN: usize = 5;

/// One of the latest operations on the asset.
#[derive(Debug, Clone, PartialEq)]
pub struct Latest {
    /// The operation's id (the Operations list finds it by it).
    pub id: String,
    /// Its type as sent (`buy`, `staking_reward`, …; `unknown` when it has none).
    pub type_raw: String,
    /// When it was credited (its latest credited leg); `None` while pending.
    pub time: Option<DateTime<Utc>>,
    /// What it moved of the asset: in minus out (fees and taxes paid in it count as out);
    /// `None` when it overflowed.
    pub moved: Option<Decimal>,
}

/// The person's operations on one asset, added up.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Activity {
    /// Operations read.
    pub count: usize,
    /// Operations of each type (as sent).
    pub by_type: BTreeMap<String, usize>,
    /// The earliest and the latest credited time among them.
    pub first: Option<DateTime<Utc>>,
    pub last: Option<DateTime<Utc>>,
    /// The first [`LATEST_SHOWN`] operations in the service's order (newest first).
    pub latest: Vec<Latest>,
}

/// The operation's type as sent, `unknown` without one (as the Operations list names it).
fn type_raw(op: &Operation) -> String {
    op.operation_type
        .as_ref()
        .map_or_else(|| "unknown".to_string(), |t| t.as_str().to_string())
}

/// Whether the leg moves `asset` (its own asset id, else its amount's).
fn moves(tx: &OperationTransaction, asset: &str) -> bool {
    let id = tx
        .asset_id
        .as_ref()
        .or_else(|| tx.asset_amount.as_ref()?.asset_id.as_ref());
    id.is_some_and(|id| id.as_str() == asset)
}

/// In minus out of `asset` over the operation's legs (checked: `None` on overflow).
fn moved(op: &Operation, asset: &str) -> Option<Decimal> {
    op.transactions
        .iter()
        .filter(|tx| moves(tx, asset))
        .try_fold(Decimal::ZERO, |total, tx| {
            let value = tx.asset_amount.as_ref().map_or(Decimal::ZERO, |m| m.value);
            match side_of(tx) {
                Side::In => total.checked_add(value),
                Side::Out | Side::Fee | Side::Tax => total.checked_sub(value),
            }
        })
}

impl Activity {
    /// Adds one page of operations on `asset` (an asset id), in the service's order.
    pub fn add(&mut self, page: &[Operation], asset: &str) {
        for op in page {
            self.count = self.count.saturating_add(1);
            let kind = type_raw(op);
            let n = self.by_type.entry(kind.clone()).or_default();
            *n = n.saturating_add(1);
            let time = op.transactions.iter().filter_map(|t| t.credited_at).max();
            if let Some(time) = time {
                self.first = Some(self.first.map_or(time, |f| f.min(time)));
                self.last = Some(self.last.map_or(time, |l| l.max(time)));
            }
            if self.latest.len() < LATEST_SHOWN {
                self.latest.push(Latest {
                    id: op.operation_id.to_string(),
                    type_raw: kind,
                    time,
                    moved: moved(op, asset),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An operation with legs `(asset, amount, flow, type, credited)`.
    fn op(id: &str, kind: &str, legs: &[(&str, &str, &str, &str, Option<&str>)]) -> Operation {
        let legs: Vec<String> = legs
            .iter()
            .enumerate()
            .map(|(i, (asset, amount, flow, tx_type, at))| {
                let at = at.map_or(String::new(), |at| format!(r#","credited_at":"{at}""#));
                format!(
                    r#"{{"transaction_id":"{id}-{i}","asset_id":"{asset}","flow":"{flow}",
                    "transaction_type":"{tx_type}",
                    "asset_amount":{{"value":"{amount}","asset_id":"{asset}"}}{at}}}"#
                )
            })
            .collect();
        let json = format!(
            r#"{{"operation_id":"{id}","operation_type":"{kind}","transactions":[{}]}}"#,
            legs.join(",")
        );
        serde_json::from_str(&json).expect("a test operation")
    }

    fn d(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn at(text: &str) -> Option<DateTime<Utc>> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn counts_types_span_and_what_each_moved() {
        let t1 = Some("2026-03-01T10:00:00Z");
        let t2 = Some("2025-01-15T08:30:00Z");
        let t3 = Some("2024-06-30T23:59:59Z");
        let page_one = [
            // Sold 0.25 BTC for 15,000 EUR, and paid 0.001 BTC of fee.
            op(
                "sell-1",
                "sell",
                &[
                    ("btc", "0.25", "OUTGOING", "sell", t1),
                    ("btc", "0.001", "OUTGOING", "fee", t1),
                    ("eur", "15000", "INCOMING", "sell", t1),
                ],
            ),
            // A reward still pending: no time.
            op(
                "reward-1",
                "staking_reward",
                &[("btc", "0.0002", "INCOMING", "reward", None)],
            ),
        ];
        let page_two = [
            op(
                "buy-1",
                "buy",
                &[
                    ("eur", "30000", "OUTGOING", "buy", t2),
                    ("btc", "0.5", "INCOMING", "buy", t2),
                ],
            ),
            op(
                "reward-2",
                "staking_reward",
                &[("btc", "0.0001", "INCOMING", "reward", t3)],
            ),
        ];
        let mut a = Activity::default();
        a.add(&page_one, "btc");
        a.add(&page_two, "btc");
        assert_eq!(a.count, 4);
        let types: Vec<(&str, usize)> = a.by_type.iter().map(|(k, n)| (k.as_str(), *n)).collect();
        assert_eq!(types, [("buy", 1), ("sell", 1), ("staking_reward", 2)]);
        assert_eq!(
            (a.first, a.last),
            (at("2024-06-30T23:59:59Z"), at("2026-03-01T10:00:00Z"))
        );
        let latest: Vec<(&str, Option<Decimal>)> =
            a.latest.iter().map(|l| (l.id.as_str(), l.moved)).collect();
        assert_eq!(
            latest,
            [
                ("sell-1", Some(d("-0.251"))),
                ("reward-1", Some(d("0.0002"))),
                ("buy-1", Some(d("0.5"))),
                ("reward-2", Some(d("0.0001"))),
            ]
        );
        assert_eq!(a.latest[1].time, None);
    }

    #[test]
    fn keeps_only_the_latest_few_and_survives_an_overflow() {
        let huge = "79228162514264337593543950335";
        let mut a = Activity::default();
        let page: Vec<Operation> = (0..7)
            .map(|i| {
                op(
                    &format!("op-{i}"),
                    "deposit",
                    &[(
                        "btc",
                        huge,
                        "INCOMING",
                        "deposit",
                        Some("2026-01-01T00:00:00Z"),
                    )],
                )
            })
            .collect();
        a.add(&page, "btc");
        assert_eq!(a.count, 7);
        assert_eq!(a.latest.len(), LATEST_SHOWN);
        assert_eq!(a.latest[4].id, "op-4");
        let twice = op(
            "twice",
            "transfer",
            &[
                ("btc", huge, "INCOMING", "transfer", None),
                ("btc", huge, "INCOMING", "transfer", None),
            ],
        );
        let mut b = Activity::default();
        b.add(&[twice], "btc");
        assert_eq!(b.latest[0].moved, None);
        assert_eq!((b.first, b.last), (None, None));
    }
}
