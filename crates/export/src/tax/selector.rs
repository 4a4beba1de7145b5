//! The selection made page by page: each page of operations becomes entries as it arrives
//! (Insights does this while the next page is on its way, so the work is hidden behind the
//! network), and [`Selector::finish`] applies what needs every operation — compensations,
//! the legacy trades the current API already lists, the names of units the catalogue gave
//! only at the end. `select::select` runs the same code on every operation at once, so the
//! tax files and Insights always select alike.

use std::collections::BTreeMap;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};

use folio_client::current::Operation;
use folio_client::legacy::reconcile::operation_time;
use folio_client::legacy::timeline::{CurrentIndex, Wanted};
use folio_client::legacy::{LegacyItem, LegacyTrade, LegacyTradeStatus};
use rustc_hash::FxHashSet;

use super::entry::{from_operation, sort_ledger, Entry, Kind};
use super::legacy_entry::from_legacy_trade;
use super::naming::{all_named, Unnamed};
use super::range::DateRange;
use super::reversals::LegIndex;
use super::select::{is_cancelled, Selection};
use super::units::Units;

/// A selection being made (see the module docs).
pub struct Selector<'r> {
    range: DateRange,
    legacy_trades: &'r [LegacyItem<LegacyTrade>],
    /// What the legacy trades will be looked up by, and the operations indexed by it so far.
    wanted: Wanted<'r>,
    index: CurrentIndex<'r>,
    /// Operations added so far (the next one's position in the whole list).
    added: usize,
    /// Each page's entries, oldest first (the service sends pages newest first).
    pages: Vec<MadePage>,
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
    pub fn new(range: DateRange, legacy_trades: &'r [LegacyItem<LegacyTrade>]) -> Self {
        let mut wanted = Wanted::default();
        for item in legacy_trades {
            wanted.add(&item.id, Some(&item.id), item.attributes.time.instant());
        }
        Selector {
            range,
            legacy_trades,
            wanted,
            index: CurrentIndex::default(),
            added: 0,
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
    fn note_id(&mut self, id: &str) {
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
        for (i, op) in ops.iter().enumerate() {
            self.legs.add(self.added.saturating_add(i), op);
        }
        let first = self.added;
        self.added = self.added.saturating_add(ops.len());
        let mut entries = Vec::with_capacity(ops.len());
        let mut made_from = Vec::with_capacity(ops.len());
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
            entries.push(from_operation(op, time, units, &mut self.unnamed));
            made_from.push(first.saturating_add(i));
        }
        for entry in &entries {
            self.note_id(&entry.id);
        }
        let named = entries.iter().all(all_named);
        self.pages.push(MadePage {
            entries,
            made_from,
            named,
        });
    }

    /// The entries the last page added made (oldest first), as far as its units are named.
    pub fn last_page(&self) -> &[Entry] {
        self.pages.last().map_or(&[], |p| p.entries.as_slice())
    }

    /// The selection, once every page was added: `ops` is every operation added (in the
    /// order added) and `units` the lookup as it is now.
    pub fn finish(mut self, ops: &[Operation], units: &Units) -> Selection {
        let (reversed, unmatched) = self.legs.reversals(ops);
        let mut sel = Selection {
            entries: Vec::with_capacity(self.added.saturating_add(self.legacy_trades.len())),
            pending: self.pending,
            cancelled: self.cancelled,
            ..Selection::default()
        };
        let left_out = LeftOut {
            reversed: &reversed,
            unmatched: &unmatched,
        };
        for page in std::mem::take(&mut self.pages).into_iter().rev() {
            let unnamed = if page.named {
                None
            } else {
                Some(&mut self.unnamed)
            };
            let mut placing = Placing {
                sel: &mut sel,
                left_out: &left_out,
                unnamed,
                units,
            };
            for (entry, from) in page.entries.into_iter().zip(page.made_from) {
                placing.place(entry, from);
            }
        }
        self.add_legacy(&mut sel, units);
        sort_ledger(&mut sel.entries);
        sel.one_per_id = self.one_per_id;
        sel
    }

    /// Adds the legacy trades the current API does not list (matched as the legacy timeline
    /// matches them, through its index of the operations), counting those it does list.
    fn add_legacy(&mut self, sel: &mut Selection, units: &Units) {
        for (record, item) in self.legacy_trades.iter().enumerate().rev() {
            let a = &item.attributes;
            let time = a.time.instant();
            // Most were found by id as the pages arrived (no look-up now).
            let listed = self.index.listed(record)
                || self
                    .index
                    .find_parts(&item.id, Some(&item.id), time, a.amount_cryptocoin)
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
            match &a.status {
                Some(LegacyTradeStatus::Finished) => {}
                Some(LegacyTradeStatus::Canceled) => {
                    sel.cancelled = sel.cancelled.saturating_add(1);
                    continue;
                }
                _ => {
                    sel.pending = sel.pending.saturating_add(1);
                    continue;
                }
            }
            match from_legacy_trade(item, time, units) {
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
fn id_hash(id: &str) -> u64 {
    BuildHasherDefault::<DefaultHasher>::default().hash_one(id)
}

fn bump(map: &mut BTreeMap<String, usize>, key: &str) {
    let n = map.entry(key.to_string()).or_insert(0);
    *n = n.saturating_add(1);
}

/// The operations the reversals leave out or keep as unmatched compensations, by position
/// in the whole list (each entry knows the position it was made from: no id is hashed).
struct LeftOut<'a> {
    reversed: &'a FxHashSet<usize>,
    unmatched: &'a FxHashSet<usize>,
}

/// The entries of one page, as they were made.
struct MadePage {
    entries: Vec<Entry>,
    /// The position (in the whole list of operations) each entry was made from.
    made_from: Vec<usize>,
    /// Every unit of every entry (legs and trade fees) was named when it was made: nothing
    /// to name or count when the selection is finished (its legs are not looked at again).
    named: bool,
}

/// Where the pages' entries go when the selection is finished.
struct Placing<'s, 'l> {
    sel: &'s mut Selection,
    left_out: &'l LeftOut<'l>,
    /// The placeholders, for a page with unnamed units (`None`: every unit is named).
    unnamed: Option<&'s mut Unnamed>,
    units: &'s Units,
}

impl Placing<'_, '_> {
    /// Puts one entry of the pages (made from the operation at `from`) where it belongs
    /// (named as far as `units` can). Never inlined into the caller's loop, so V8 optimises
    /// it after its first calls (see `entry::from_operation`).
    #[inline(never)]
    fn place(&mut self, mut entry: Entry, from: usize) {
        let (sel, left_out) = (&mut *self.sel, self.left_out);
        if !left_out.reversed.is_empty() && left_out.reversed.contains(&from) {
            sel.compensated = sel.compensated.saturating_add(1);
            return;
        }
        if !left_out.unmatched.is_empty() && left_out.unmatched.contains(&from) {
            sel.unmatched_compensations = sel.unmatched_compensations.saturating_add(1);
        }
        let unnamed = match self.unnamed.as_deref_mut() {
            Some(unnamed) => {
                unnamed.resolve(&mut entry, self.units);
                unnamed_legs(&entry)
            }
            None => 0,
        };
        count_entry(sel, &entry, unnamed);
        if entry.moves.is_empty() && entry.fees.is_empty() && entry.taxes.is_empty() {
            sel.without_legs.push(entry);
        } else {
            sel.entries.push(entry);
        }
    }
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
