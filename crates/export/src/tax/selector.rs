//! The selection made page by page: each page of operations becomes entries as it arrives
//! (Insights does this while the next page is on its way, so the work is hidden behind the
//! network), and [`Selector::finish`] applies what needs every operation — compensations,
//! the legacy trades the current API already lists, the names of units the catalogue gave
//! only at the end. `select::select` runs the same code on every operation at once, so the
//! tax files and Insights always select alike.

use std::collections::BTreeMap;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
use std::ops::Range;

use folio_client::current::Operation;
use folio_client::legacy::reconcile::operation_time;
use folio_client::legacy::timeline::{CurrentIndex, Wanted};
use rustc_hash::FxHashSet;

use super::entry::{from_operation, Entry, Kind};
use super::legacy_entry::from_legacy_trade;
use super::legacy_trades::{LegacyTrades, TradeState};
use super::naming::{all_named, Unnamed};
use super::range::DateRange;
use super::reversals::LegIndex;
use super::select::{is_cancelled, Selection};
use super::sent_id::SentId;
use super::units::Units;

mod finishing;

pub use finishing::Finishing;

/// A selection being made (see the module docs).
pub struct Selector<'r> {
    range: DateRange,
    legacy_trades: &'r LegacyTrades,
    /// What the legacy trades will be looked up by, and the operations indexed by it so far.
    wanted: Wanted<'r>,
    index: CurrentIndex<'r>,
    /// Operations added so far (the next one's position in the whole list).
    added: usize,
    /// Every entry made so far: page after page as the service sends them (newest first),
    /// each page's oldest first (the order its legs were made in, which the walk of a
    /// report follows). The finish puts the pages in order where they are, rather than
    /// moving 100,000 entries into a new list.
    entries: Vec<Entry>,
    /// The position (in the whole list of operations) of the operation each entry was
    /// made from: the reversals name operations by position.
    made_from: Vec<usize>,
    /// Where each page's entries are in `entries`, and whether every unit they name was
    /// named when they were made (then the finish does not look at their legs again).
    pages: Vec<(Range<usize>, bool)>,
    unnamed: Unnamed,
    /// Every leg added so far, for the reversals.
    legs: LegIndex,
    pending: usize,
    cancelled: usize,
    /// Every entry's id, as a 64-bit hash (see [`Selector::note_id`]).
    ids: FxHashSet<u64>,
    /// No two entries made so far may share an id.
    one_per_id: bool,
}

impl<'r> Selector<'r> {
    /// A selection over `range`, matching `legacy_trades` (empty: none) against the
    /// operations to come.
    pub fn new(range: DateRange, legacy_trades: &'r LegacyTrades) -> Self {
        let mut wanted = Wanted::default();
        for trade in legacy_trades.trades() {
            wanted.add(&trade.id, Some(&trade.id), trade.time);
        }
        Selector {
            range,
            legacy_trades,
            wanted,
            index: CurrentIndex::default(),
            added: 0,
            entries: Vec::new(),
            made_from: Vec::new(),
            pages: Vec::new(),
            unnamed: Unnamed::default(),
            legs: LegIndex::default(),
            pending: 0,
            cancelled: 0,
            ids: FxHashSet::default(),
            one_per_id: true,
        }
    }

    /// Notes an entry's id. Whether two entries share an id is what a report needs to know
    /// (Insights de-duplicates by id otherwise, a hash set of every id after the last
    /// answer); noting each id's hash as the pages arrive answers it while the network is
    /// the wait. Two ids with one 64-bit hash only make the answer "not shown", never wrong.
    /// (Not FxHash: it is 32 bits wide in wasm, where 100,000 ids would often share one.)
    fn note_id(&mut self, id: &SentId) {
        if self.one_per_id && !self.ids.insert(id_hash(id)) {
            self.one_per_id = false;
        }
    }

    /// Adds the next page of operations (in the service's order, newest first), naming units
    /// through `units` as far as it knows them (the rest are named by [`Self::finish`]).
    pub fn add_page(&mut self, ops: &[Operation], units: &Units) {
        if !self.legacy_trades.is_empty() {
            for (i, op) in ops.iter().enumerate() {
                self.index
                    .add(self.added.saturating_add(i), op, &self.wanted);
            }
        }
        for op in ops {
            self.legs.add(op);
        }
        let first = self.added;
        self.added = self.added.saturating_add(ops.len());
        let start = self.entries.len();
        // Walking the page backwards makes its entries come out oldest first.
        for (i, op) in ops.iter().enumerate().rev() {
            let Some(time) = operation_time(op) else {
                self.pending = self.pending.saturating_add(1);
                continue;
            };
            if !self.range.contains(time) {
                continue;
            }
            if is_cancelled(op) {
                self.cancelled = self.cancelled.saturating_add(1);
                continue;
            }
            let entry = from_operation(op, time, units, &mut self.unnamed);
            self.note_id(&entry.id);
            self.entries.push(entry);
            self.made_from.push(first.saturating_add(i));
        }
        let made = start..self.entries.len();
        let named = self
            .entries
            .get(made.clone())
            .unwrap_or(&[])
            .iter()
            .all(all_named);
        self.pages.push((made, named));
    }

    /// The entries the last page added made (oldest first), as far as its units are named.
    pub fn last_page(&self) -> &[Entry] {
        let start = self.pages.last().map_or(0, |(made, _)| made.start);
        self.entries.get(start..).unwrap_or(&[])
    }

    /// Puts the entries (and where each was made from) oldest first, in place: the whole
    /// list turned around puts the pages in order, then each page is turned back. Answers
    /// where the pages made with a unit unnamed now are (in order).
    fn in_order(&mut self) -> Vec<Range<usize>> {
        let n = self.entries.len();
        self.entries.reverse();
        self.made_from.reverse();
        let mut unnamed = Vec::new();
        for (made, named) in std::mem::take(&mut self.pages).into_iter().rev() {
            let at = n.saturating_sub(made.end)..n.saturating_sub(made.start);
            if let Some(page) = self.entries.get_mut(at.clone()) {
                page.reverse();
            }
            if let Some(page) = self.made_from.get_mut(at.clone()) {
                page.reverse();
            }
            if !named {
                unnamed.push(at);
            }
        }
        unnamed
    }

    /// The selection, once every page was added: `units` is the lookup as it is now. All at
    /// once: the browser runs [`Self::finishing`] a step a task. (The pages need not be kept
    /// until then: what the finish needs of them was kept as they were added.)
    pub fn finish(self, units: &Units) -> Selection {
        let mut finishing = self.finishing();
        while finishing.step(units) {}
        finishing.into_selection()
    }

    /// Adds the legacy trades the current API does not list (matched as the legacy timeline
    /// matches them, through its index of the operations), counting those it does list.
    fn add_legacy(&mut self, sel: &mut Selection, units: &Units) {
        for (record, trade) in self.legacy_trades.trades().iter().enumerate().rev() {
            let time = trade.time;
            // Most were found by id as the pages arrived (no look-up now).
            let listed = self.index.listed(record)
                || self
                    .index
                    .find_parts(&trade.id, Some(&trade.id), time, trade.amount_coin)
                    .is_some();
            let Some(time) = time else {
                if !listed {
                    sel.pending = sel.pending.saturating_add(1);
                }
                continue;
            };
            if !self.range.contains(time) {
                continue;
            }
            if listed {
                sel.legacy_duplicates = sel.legacy_duplicates.saturating_add(1);
                continue;
            }
            match trade.state {
                TradeState::Finished => {}
                TradeState::Canceled => {
                    sel.cancelled = sel.cancelled.saturating_add(1);
                    continue;
                }
                TradeState::Open => {
                    sel.pending = sel.pending.saturating_add(1);
                    continue;
                }
            }
            match from_legacy_trade(trade, time, units) {
                Some(entry) => {
                    count_entry(sel, &entry, unnamed_legs(&entry));
                    if let Some(m) = entry
                        .moves
                        .iter()
                        .find(|m| !m.unit.is_fiat() && units.get(&m.unit.id).is_none())
                    {
                        bump(&mut sel.legacy_unmatched, m.unit.symbol());
                    }
                    sel.legacy_added = sel.legacy_added.saturating_add(1);
                    self.note_id(&entry.id);
                    sel.entries.push(entry);
                }
                None => sel.unreadable_legs = sel.unreadable_legs.saturating_add(1),
            }
        }
    }
}

/// A 64-bit hash of an entry id (SipHash with fixed keys: the same on every platform).
fn id_hash(id: &SentId) -> u64 {
    BuildHasherDefault::<DefaultHasher>::default().hash_one(id)
}

fn bump(map: &mut BTreeMap<String, usize>, key: &str) {
    let n = map.entry(key.to_string()).or_insert(0);
    *n = n.saturating_add(1);
}

/// How many of `entry`'s legs name a unit the lookup did not know.
fn unnamed_legs(entry: &Entry) -> usize {
    entry
        .moves
        .iter()
        .chain(&entry.fees)
        .chain(&entry.taxes)
        .filter(|m| !m.unit.named)
        .count()
}

/// Counts `entry` (with `unnamed` legs whose unit is still unnamed) in `sel`'s summary.
fn count_entry(sel: &mut Selection, entry: &Entry, unnamed: usize) {
    if entry.kind == Kind::Unknown {
        bump(&mut sel.unknown_types, entry.type_name());
    }
    sel.unnamed_units = sel.unnamed_units.saturating_add(unnamed);
    sel.unreadable_legs = sel.unreadable_legs.saturating_add(entry.unreadable_legs);
}

#[cfg(test)]
mod tests {
    use super::Selector;
    use crate::tax::legacy_trades::LegacyTrades;
    use crate::tax::range::DateRange;
    use crate::tax::tests::{leg, op, units, EUR};

    /// A deposit of `unit` at `day` (November 2025), with its id the day's number.
    fn deposit(day: u32, unit: &str) -> folio_client::current::Operation {
        let at = format!("2025-11-{day:02}T10:00:00Z");
        op(
            &format!("d{day}"),
            "deposit",
            vec![leg(
                &format!("t{day}"),
                unit,
                "10",
                "deposit",
                "INCOMING",
                &at,
            )],
        )
    }

    /// Pages arrive newest first; the finish turns them around in place. Four pages (one
    /// empty, two with a unit nobody named) come out oldest first, each entry still beside
    /// the position it was made from, and the unnamed pages where they now are.
    #[test]
    fn in_order_puts_pages_newest_first_oldest_first_in_place() {
        let units = units();
        let mut selector = Selector::new(DateRange::all_days(), LegacyTrades::none());
        // Positions in the whole list: d6 0, d5 1, d4 2 | d3 3, d2 4 | (none) | d1 5.
        selector.add_page(&[deposit(6, EUR), deposit(5, EUR), deposit(4, EUR)], &units);
        selector.add_page(&[deposit(3, "ast-unknown"), deposit(2, EUR)], &units);
        selector.add_page(&[], &units);
        selector.add_page(&[deposit(1, "ast-unknown")], &units);

        let unnamed = selector.in_order();

        let ids: Vec<String> = selector.entries.iter().map(|e| e.id.to_string()).collect();
        assert_eq!(ids, ["d1", "d2", "d3", "d4", "d5", "d6"]);
        assert_eq!(selector.made_from, [5, 4, 3, 2, 1, 0]);
        assert_eq!(unnamed, [0..1, 1..3]);
    }

    /// The finish a step at a time: five steps, each answering whether one is left, and
    /// none after the last; the entries come out in order, the unnamed unit counted.
    #[test]
    fn a_finish_a_step_at_a_time() {
        let units = units();
        let mut selector = Selector::new(DateRange::all_days(), LegacyTrades::none());
        let ops = [deposit(3, EUR), deposit(2, "ast-unknown"), deposit(1, EUR)];
        selector.add_page(&ops, &units);
        let mut finishing = selector.finishing();
        let answers: Vec<bool> = (0..6).map(|_| finishing.step(&units)).collect();
        assert_eq!(answers, [true, true, true, true, false, false]);
        let sel = finishing.into_selection();
        let ids: Vec<String> = sel.entries.iter().map(|e| e.id.to_string()).collect();
        assert_eq!(ids, ["d1", "d2", "d3"]);
        assert_eq!(sel.unnamed_units, 1);
        assert!(sel.one_per_id);
    }
}
