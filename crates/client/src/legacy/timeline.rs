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
use rustc_hash::{FxHashMap, FxHashSet};

use super::reconcile::operation_time;
use super::types::LegacyItem;
use super::wire::{
    LegacyCommodityTransaction, LegacyCryptoTransaction, LegacyFiatTransaction, LegacyTrade,
};
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

/// What the records to match ask the index for: their ids and trade ids, and their times
/// (to the second). The index keeps only the legs that can match one of them.
#[derive(Debug, Default)]
pub struct Wanted<'r> {
    /// Each id → the number of the first record (in the order added) with it.
    ids: FxHashMap<&'r str, usize>,
    times: FxHashSet<i64>,
    records: usize,
}

impl<'r> Wanted<'r> {
    /// A record with these parts will be looked up (the next record: numbered from 0 in
    /// the order added, see [`CurrentIndex::listed`]).
    pub fn add(&mut self, id: &'r str, trade_id: Option<&'r str>, time: Option<DateTime<Utc>>) {
        let record = self.records;
        self.records = self.records.saturating_add(1);
        self.ids.entry(id).or_insert(record);
        if let Some(t) = trade_id {
            self.ids.entry(t).or_insert(record);
        }
        if let Some(t) = time {
            self.times.insert(t.timestamp());
        }
    }

    /// Every record of `records` will be looked up.
    pub fn of_records(records: &'r [LegacyRecord]) -> Self {
        let mut wanted = Wanted::default();
        for r in records {
            wanted.add(r.id(), r.trade_id(), r.time());
        }
        wanted
    }
}

/// What a legacy record is matched against: the current operations' leg ids and trade ids,
/// and their legs' (time, amount) keys, each pointing at the operation's position — only
/// those some [`Wanted`] record can match. The ids are the records' own (borrowed from
/// [`Wanted`], so the operations can be indexed page by page as they arrive and nothing is
/// cloned), hashed with FxHash; an amount is normalised only when its time is wanted: over
/// every leg of a long history, SipHash, one string per key and a normalised amount per leg
/// were most of the ledger's time. (The keys come from the account's own service; a
/// crafted collision could only slow this down.)
#[derive(Debug, Default)]
pub struct CurrentIndex<'r> {
    by_id: FxHashMap<&'r str, usize>,
    by_time_amount: FxHashMap<(i64, Decimal), usize>,
    /// The records (by number, see [`Wanted::add`]) an operation was found for by id as
    /// the operations were added.
    listed: Vec<bool>,
}

impl<'r> CurrentIndex<'r> {
    /// The index of `current` for the records `wanted` names.
    pub fn new(current: &[Operation], wanted: &Wanted<'r>) -> Self {
        let mut index = CurrentIndex::default();
        for (i, op) in current.iter().enumerate() {
            index.add(i, op, wanted);
        }
        index
    }

    /// Indexes the operation at position `i` of the whole list (pages may be added one by
    /// one, in the list's order). (Never inlined into the loop, so V8 optimises it after its
    /// first calls instead of running the whole loop in its baseline tier.)
    #[inline(never)]
    pub fn add(&mut self, i: usize, op: &Operation, wanted: &Wanted<'r>) {
        for leg in &op.transactions {
            if let Some((&id, &record)) = wanted.ids.get_key_value(leg.transaction_id.as_str()) {
                self.by_id.entry(id).or_insert(i);
                self.mark(record);
            }
            if let Some(trade) = leg.trade.as_ref().and_then(|t| t.trade_id.as_ref()) {
                if let Some((&id, &record)) = wanted.ids.get_key_value(trade.as_str()) {
                    self.by_id.entry(id).or_insert(i);
                    self.mark(record);
                }
            }
            if let (Some(t), Some(m)) = (leg.credited_at, leg.asset_amount.as_ref()) {
                if wanted.times.contains(&t.timestamp()) {
                    self.by_time_amount
                        .entry((t.timestamp(), m.value.normalize()))
                        .or_insert(i);
                }
            }
        }
    }

    fn mark(&mut self, record: usize) {
        if self.listed.len() <= record {
            self.listed.resize(record.saturating_add(1), false);
        }
        if let Some(listed) = self.listed.get_mut(record) {
            *listed = true;
        }
    }

    /// Whether an operation was found by id, while they were added, for the record numbered
    /// `record` (see [`Wanted::add`]): an answer without a look-up. `false` says only that
    /// none was found that way ([`Self::find_parts`] also matches by time and amount, and a
    /// record whose id an earlier record has is numbered by that one).
    pub fn listed(&self, record: usize) -> bool {
        self.listed.get(record).copied().unwrap_or(false)
    }

    /// The position of the operation a record with these parts is (by its id, else its
    /// trade id, else its time and amount).
    #[inline(never)]
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
    let records = legacy.into_records();
    let matches: Vec<Option<usize>> = {
        let index = CurrentIndex::new(&current, &Wanted::of_records(&records));
        records.iter().map(|r| index.find(r)).collect()
    };
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
    for (record, matched) in records.into_iter().zip(matches) {
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
    crate::sorting::sort_by(&mut entries, |a, b| match (a.time, b.time) {
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
