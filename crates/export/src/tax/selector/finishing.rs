//! [`Finishing`]: the finish of a selection ([`Selector::finish`]) a step at a time. At
//! 100,000 operations the finish is several milliseconds natively and several times that in
//! the browser, after the last answer; done in one task it held the page past 50 ms
//! (issue 44: Koinly's file). Each step here is one part of it, so the browser can draw and
//! answer input between two.

use std::iter::Peekable;
use std::ops::Range;

use rustc_hash::FxHashSet;

use super::{count_entry, unnamed_legs, Selector};
use crate::tax::entry::{sort_ledger, Entry};
use crate::tax::naming::Unnamed;
use crate::tax::select::Selection;
use crate::tax::units::Units;

/// A finish under way: [`Finishing::step`] until it answers `false`, then
/// [`Finishing::into_selection`].
pub struct Finishing<'r> {
    selector: Selector<'r>,
    sel: Selection,
    next: Step,
    /// The operations (by position) the reversals leave out, and the compensations that
    /// reverse nothing exactly (found by the first step).
    reversed: FxHashSet<usize>,
    unmatched: FxHashSet<usize>,
    /// Where the entries made with a unit unnamed are, once in order.
    unnamed_pages: Vec<Range<usize>>,
}

/// The steps, in the order they are done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Which operations and compensations reverse each other.
    Reversals,
    /// The pages' entries put oldest first.
    InOrder,
    /// Each entry named, counted, or left out ([`Placing`]).
    Placing,
    /// The legacy trades the current API does not list, added.
    Legacy,
    /// Everything in the ledger's order.
    Sort,
    /// Nothing left.
    Done,
}

impl<'r> Selector<'r> {
    /// The finish of the selection, to be done a step at a time (see [`Finishing`]).
    pub fn finishing(self) -> Finishing<'r> {
        let sel = Selection {
            pending: self.pending,
            cancelled: self.cancelled,
            ..Selection::default()
        };
        Finishing {
            selector: self,
            sel,
            next: Step::Reversals,
            reversed: FxHashSet::default(),
            unmatched: FxHashSet::default(),
            unnamed_pages: Vec::new(),
        }
    }
}

impl Finishing<'_> {
    /// Does the next step: `units` is the lookup as it is now, the same at every step.
    /// Answers whether a step is left.
    pub fn step(&mut self, units: &Units) -> bool {
        self.next = match self.next {
            Step::Reversals => {
                (self.reversed, self.unmatched) = self.selector.legs.reversals();
                Step::InOrder
            }
            Step::InOrder => {
                self.unnamed_pages = self.selector.in_order();
                Step::Placing
            }
            Step::Placing => {
                self.place(units);
                Step::Legacy
            }
            Step::Legacy => {
                self.selector.add_legacy(&mut self.sel, units);
                Step::Sort
            }
            Step::Sort => {
                sort_ledger(&mut self.sel.entries);
                self.sel.one_per_id = self.selector.one_per_id;
                Step::Done
            }
            Step::Done => Step::Done,
        };
        self.next != Step::Done
    }

    /// The selection, once [`Self::step`] answered `false` (before that, what is made so
    /// far).
    pub fn into_selection(self) -> Selection {
        self.sel
    }

    /// Names, counts or leaves out each entry the pages made, into the selection.
    fn place(&mut self, units: &Units) {
        let mut entries = std::mem::take(&mut self.selector.entries);
        let made_from = &self.selector.made_from;
        let mut placing = Placing {
            sel: &mut self.sel,
            reversed: &self.reversed,
            unmatched: &self.unmatched,
            unnamed: &mut self.selector.unnamed,
            unnamed_pages: self.unnamed_pages.iter().peekable(),
            units,
        };
        let mut at = 0usize;
        entries.retain_mut(|entry| {
            let from = made_from.get(at).copied().unwrap_or(usize::MAX);
            let keep = placing.keep(at, from, entry);
            at = at.saturating_add(1);
            keep
        });
        self.sel.entries = entries;
    }
}

/// What the finish does with each entry the pages made.
struct Placing<'s, 'p> {
    sel: &'s mut Selection,
    /// The operations (by position) the reversals leave out, and the compensations that
    /// reverse nothing exactly.
    reversed: &'s FxHashSet<usize>,
    unmatched: &'s FxHashSet<usize>,
    /// The placeholders, and the parts of the entries made with a unit unnamed (in order).
    unnamed: &'s mut Unnamed,
    unnamed_pages: Peekable<std::slice::Iter<'p, Range<usize>>>,
    units: &'s Units,
}

impl Placing<'_, '_> {
    /// Whether the entry at `at` (made from the operation at `from`) stays in the list,
    /// named as far as `units` can and counted. One without legs is moved to
    /// `without_legs` (a copy: they are rare). Never inlined into the caller's loop, so V8
    /// optimises it after its first calls (see `entry::from_operation`).
    #[inline(never)]
    fn keep(&mut self, at: usize, from: usize, entry: &mut Entry) -> bool {
        let sel = &mut *self.sel;
        if !self.reversed.is_empty() && self.reversed.contains(&from) {
            sel.compensated = sel.compensated.saturating_add(1);
            return false;
        }
        if !self.unmatched.is_empty() && self.unmatched.contains(&from) {
            sel.unmatched_compensations = sel.unmatched_compensations.saturating_add(1);
        }
        while self.unnamed_pages.next_if(|page| page.end <= at).is_some() {}
        let unnamed = match self.unnamed_pages.peek() {
            Some(page) if page.contains(&at) => {
                self.unnamed.resolve(entry, self.units);
                unnamed_legs(entry)
            }
            _ => 0,
        };
        count_entry(sel, entry, unnamed);
        if entry.moves.is_empty() && entry.fees.is_empty() && entry.taxes.is_empty() {
            sel.without_legs.push(entry.clone());
            return false;
        }
        true
    }
}
