//! One timeline from legacy records and current operations, labelled by source.
//!
//! **Match key.** A legacy record is the same event as a current operation when:
//! 1. *by id* — a legacy trade's `id` (or a commodity transaction's embedded trade `id`)
//!    equals a leg's `trade.trade_id`, or a legacy transaction's `id` equals a leg's
//!    `transaction_id`; otherwise
//! 2. *by time and amount* — the record's time (to the second) equals a leg's
//!    `credited_at` (to the second) and its amount (`amount_cryptocoin` for a trade,
//!    `amount` for a transaction) equals that leg's `asset_amount` (as numbers).
//!
//! A matched operation becomes one entry with source [`Source::Both`] carrying the
//! operation and every legacy record that matched it, so a trade that exists in both APIs
//! (as a legacy trade and its wallet transactions) is shown and counted once. Unmatched
//! legacy records become [`Source::Legacy`] entries, grouped by trade id where they have one
//! (a trade with its commodity transaction); unmatched operations are [`Source::Current`].
//! Entries are newest first; entries without any time come first (pending).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

use super::reconcile::operation_time;
use super::records::{
    LegacyCommodityTransaction, LegacyCryptoTransaction, LegacyFiatTransaction, LegacyTrade,
};
use super::types::LegacyItem;
use crate::current::Operation;

/// Where an entry comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Only the current API.
    Current,
    /// Only the legacy API.
    Legacy,
    /// Both APIs (counted once).
    Both,
}

/// One legacy record of any list.
#[derive(Debug, Clone, PartialEq)]
pub enum LegacyRecord {
    /// From `/v1/trades`.
    Trade(LegacyItem<LegacyTrade>),
    /// From `/v1/fiatwallets/transactions`.
    Fiat(LegacyItem<LegacyFiatTransaction>),
    /// From `/v1/wallets/transactions`.
    Crypto(LegacyItem<LegacyCryptoTransaction>),
    /// From `/v1/assets/transactions/commodity` (boxed: it embeds a trade).
    Commodity(Box<LegacyItem<LegacyCommodityTransaction>>),
}

impl LegacyRecord {
    /// The item id.
    pub fn id(&self) -> &str {
        match self {
            Self::Trade(i) => &i.id,
            Self::Fiat(i) => &i.id,
            Self::Crypto(i) => &i.id,
            Self::Commodity(i) => &i.id,
        }
    }

    /// The trade it belongs to: a trade's own id, a commodity transaction's embedded trade.
    pub fn trade_id(&self) -> Option<&str> {
        match self {
            Self::Trade(i) => Some(&i.id),
            Self::Commodity(i) => i.attributes.trade.as_ref().map(|t| t.id.as_str()),
            _ => None,
        }
    }

    /// When it happened.
    pub fn time(&self) -> Option<DateTime<Utc>> {
        match self {
            Self::Trade(i) => i.attributes.time.instant(),
            Self::Fiat(i) => i.attributes.time.instant(),
            Self::Crypto(i) => i.attributes.time.instant(),
            Self::Commodity(i) => i.attributes.time.instant(),
        }
    }

    /// The amount compared by the fallback key.
    pub fn amount(&self) -> Option<Decimal> {
        match self {
            Self::Trade(i) => i.attributes.amount_cryptocoin,
            Self::Fiat(i) => i.attributes.amount,
            Self::Crypto(i) => i.attributes.amount,
            Self::Commodity(i) => i.attributes.amount,
        }
    }
}

/// One entry of the merged timeline.
#[derive(Debug, Clone, PartialEq)]
pub struct TimelineEntry {
    /// Where it comes from.
    pub source: Source,
    /// When it happened (the operation's time, else the earliest legacy time).
    pub time: Option<DateTime<Utc>>,
    /// The current operation, if any.
    pub current: Option<Operation>,
    /// The legacy records of this event.
    pub legacy: Vec<LegacyRecord>,
}

/// The legacy lists to merge.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LegacyRecords {
    /// Trades.
    pub trades: Vec<LegacyItem<LegacyTrade>>,
    /// Fiat transactions.
    pub fiat: Vec<LegacyItem<LegacyFiatTransaction>>,
    /// Crypto transactions.
    pub crypto: Vec<LegacyItem<LegacyCryptoTransaction>>,
    /// Commodity transactions.
    pub commodity: Vec<LegacyItem<LegacyCommodityTransaction>>,
}

impl LegacyRecords {
    fn into_records(self) -> Vec<LegacyRecord> {
        let t = self.trades.into_iter().map(LegacyRecord::Trade);
        let f = self.fiat.into_iter().map(LegacyRecord::Fiat);
        let c = self.crypto.into_iter().map(LegacyRecord::Crypto);
        let m = self
            .commodity
            .into_iter()
            .map(|c| LegacyRecord::Commodity(Box::new(c)));
        t.chain(c).chain(m).chain(f).collect()
    }
}

/// What a legacy record is matched against: every current operation's leg ids and trade ids,
/// and its legs' (time, amount) keys, each pointing at the operation's position.
#[derive(Debug, Default)]
pub struct CurrentIndex {
    by_id: HashMap<String, usize>,
    by_time_amount: HashMap<(i64, Decimal), usize>,
}

impl CurrentIndex {
    /// The index of `current` (borrowed: nothing is cloned but the keys).
    pub fn new(current: &[Operation]) -> Self {
        let mut index = CurrentIndex::default();
        for (i, op) in current.iter().enumerate() {
            for leg in &op.transactions {
                index
                    .by_id
                    .entry(leg.transaction_id.to_string())
                    .or_insert(i);
                if let Some(trade) = leg.trade.as_ref().and_then(|t| t.trade_id.as_ref()) {
                    index.by_id.entry(trade.to_string()).or_insert(i);
                }
                if let (Some(t), Some(m)) = (leg.credited_at, leg.asset_amount.as_ref()) {
                    index
                        .by_time_amount
                        .entry((t.timestamp(), m.value.normalize()))
                        .or_insert(i);
                }
            }
        }
        index
    }

    /// The position of the operation a record with these parts is (by its id, else its
    /// trade id, else its time and amount).
    pub fn find_parts(
        &self,
        id: &str,
        trade_id: Option<&str>,
        time: Option<DateTime<Utc>>,
        amount: Option<Decimal>,
    ) -> Option<usize> {
        let by_key = || {
            let key = (time?.timestamp(), amount?.normalize());
            self.by_time_amount.get(&key).copied()
        };
        self.by_id
            .get(id)
            .or(trade_id.and_then(|t| self.by_id.get(t)))
            .copied()
            .or_else(by_key)
    }

    /// The position of the operation `record` is, if the current API lists it.
    pub fn find(&self, record: &LegacyRecord) -> Option<usize> {
        self.find_parts(
            record.id(),
            record.trade_id(),
            record.time(),
            record.amount(),
        )
    }
}

/// Merges `current` operations and `legacy` records (see the module docs).
pub fn merge_timeline(current: Vec<Operation>, legacy: LegacyRecords) -> Vec<TimelineEntry> {
    let index = CurrentIndex::new(&current);
    let mut entries: Vec<TimelineEntry> = current
        .into_iter()
        .map(|op| TimelineEntry {
            source: Source::Current,
            time: operation_time(&op),
            current: Some(op),
            legacy: Vec::new(),
        })
        .collect();
    let mut legacy_groups: HashMap<String, usize> = HashMap::new();
    for record in legacy.into_records() {
        let matched = index.find(&record);
        let group = record
            .trade_id()
            .and_then(|t| legacy_groups.get(t))
            .copied();
        let at = match matched.or(group) {
            Some(i) => i,
            None => {
                entries.push(TimelineEntry {
                    source: Source::Legacy,
                    time: None,
                    current: None,
                    legacy: Vec::new(),
                });
                entries.len() - 1
            }
        };
        if let Some(t) = record.trade_id() {
            legacy_groups.entry(t.to_string()).or_insert(at);
        }
        let entry = &mut entries[at];
        if entry.current.is_some() {
            entry.source = Source::Both;
        }
        let t = record.time();
        entry.time = match (entry.current.is_some(), entry.time, t) {
            (true, Some(own), _) => Some(own),
            (_, Some(a), Some(b)) => Some(a.min(b)),
            (_, a, b) => a.or(b),
        };
        entry.legacy.push(record);
    }
    entries.sort_by(|a, b| match (a.time, b.time) {
        (None, None) => std::cmp::Ordering::Equal,
        (None, Some(_)) => std::cmp::Ordering::Less,
        (Some(_), None) => std::cmp::Ordering::Greater,
        (Some(x), Some(y)) => y.cmp(&x),
    });
    entries
}

#[cfg(test)]
#[path = "timeline_tests.rs"]
mod tests;
