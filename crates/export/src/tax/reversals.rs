//! Exact reversals: an operation every leg of which a compensation gives back with the same
//! money is left out together with that compensation; a compensation that reverses nothing
//! of the list exactly is kept as what it is (and counted).
//!
//! The legs are indexed page by page as the operations arrive ([`LegIndex::add`]), so what
//! is left after the last answer looks only at the compensations and the operations they
//! name, not at every leg again.

use std::hash::{BuildHasher, BuildHasherDefault};

use folio_client::current::{Operation, OperationTransaction};
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};

/// Where each leg of the operations added so far is, by its id's hash (see the module docs).
#[derive(Debug)]
pub struct LegIndex {
    /// A leg id's hash → the position of the first operation with a leg of that hash.
    owner_by_hash: FxHashMap<u64, usize>,
    /// The hashes more than one operation has a leg of (the same leg listed twice, or two
    /// ids with one hash) → every such operation's position, in order. FxHash is 32 bits
    /// wide in wasm, so at 100,000 operations a few ids share one: each is then looked up
    /// among its own few operations, never by a scan of every operation.
    shared: FxHashMap<u64, Vec<usize>>,
    /// The positions of the operations with a compensating leg, in order.
    compensations: Vec<usize>,
    /// How an id is hashed (another function only in tests, to make every id collide).
    hash: fn(&str) -> u64,
}

impl Default for LegIndex {
    fn default() -> Self {
        Self::with_hash(hash_of)
    }
}

fn hash_of(id: &str) -> u64 {
    BuildHasherDefault::<FxHasher>::default().hash_one(id)
}

impl LegIndex {
    /// An empty index hashing ids with `hash`.
    pub(crate) fn with_hash(hash: fn(&str) -> u64) -> Self {
        LegIndex {
            owner_by_hash: FxHashMap::default(),
            shared: FxHashMap::default(),
            compensations: Vec::new(),
            hash,
        }
    }

    /// Indexes `op`, the operation at position `at` of the whole list.
    pub fn add(&mut self, at: usize, op: &Operation) {
        let mut compensates = false;
        for leg in &op.transactions {
            let hash = (self.hash)(leg.transaction_id.as_str());
            let first = *self.owner_by_hash.entry(hash).or_insert(at);
            if first != at {
                let all = self.shared.entry(hash).or_insert_with(|| vec![first]);
                if all.last() != Some(&at) {
                    all.push(at);
                }
            }
            compensates |= leg.compensates.is_some();
        }
        if compensates {
            self.compensations.push(at);
        }
    }

    /// The positions (in order) of the operations in `ops` that hold a leg with id `id`.
    fn holders<'s>(
        &'s self,
        ops: &'s [Operation],
        id: &'s str,
    ) -> impl Iterator<Item = usize> + 's {
        let hash = (self.hash)(id);
        let candidates: &[usize] = match self.shared.get(&hash) {
            Some(all) => all,
            None => self
                .owner_by_hash
                .get(&hash)
                .map_or(&[], std::slice::from_ref),
        };
        candidates.iter().copied().filter(move |&i| {
            ops.get(i).is_some_and(|op| {
                op.transactions
                    .iter()
                    .any(|l| l.transaction_id.as_str() == id)
            })
        })
    }

    /// The operations (by position in `ops`, every operation added in order) left out as
    /// one side of an exact reversal, and the compensations that reverse nothing of the
    /// list exactly.
    pub fn reversals(&self, ops: &[Operation]) -> (FxHashSet<usize>, FxHashSet<usize>) {
        if self.compensations.is_empty() {
            return Default::default();
        }
        let owners = self.owners(ops);
        let leg_of = |id: &str| -> Option<&OperationTransaction> {
            ops.get(*owners.get(id)?)?
                .transactions
                .iter()
                .find(|l| l.transaction_id.as_str() == id)
        };
        // A pure compensation: every leg reverses a leg of the list with the same money.
        let mut matched: FxHashSet<&str> = FxHashSet::default();
        let mut pure: FxHashSet<usize> = FxHashSet::default();
        for &i in &self.compensations {
            let Some(op) = ops.get(i) else { continue };
            let targets: Vec<Option<&str>> = op
                .transactions
                .iter()
                .map(|leg| {
                    let target = leg.compensates.as_deref()?;
                    let original = leg_of(target)?;
                    same_money(leg, original).then_some(target)
                })
                .collect();
            if targets.iter().all(Option::is_some) {
                pure.insert(i);
                matched.extend(targets.into_iter().flatten());
            }
        }
        // A reversed operation: every leg is reversed by a pure compensation (so it holds a
        // matched leg: only those are looked at; with a leg listed in two operations, each
        // is looked at).
        let originals: FxHashSet<usize> = matched
            .iter()
            .flat_map(|id| self.holders(ops, id))
            .collect();
        let compensations: FxHashSet<usize> = self.compensations.iter().copied().collect();
        let reversed: FxHashSet<usize> = originals
            .into_iter()
            .filter(|i| {
                !compensations.contains(i)
                    && ops.get(*i).is_some_and(|op| {
                        !op.transactions.is_empty()
                            && op
                                .transactions
                                .iter()
                                .all(|l| matched.contains(l.transaction_id.as_str()))
                    })
            })
            .collect();
        let mut left_out = reversed.clone();
        let mut unmatched = FxHashSet::default();
        for &i in &self.compensations {
            let reverses_left_out = pure.contains(&i)
                && ops.get(i).is_some_and(|op| {
                    op.transactions.iter().all(|leg| {
                        leg.compensates
                            .as_deref()
                            .and_then(|t| owners.get(t))
                            .is_some_and(|owner| reversed.contains(owner))
                    })
                });
            if reverses_left_out {
                left_out.insert(i);
            } else {
                unmatched.insert(i);
            }
        }
        (left_out, unmatched)
    }

    /// The position of the last operation holding each leg some compensation names.
    fn owners<'o>(&self, ops: &'o [Operation]) -> FxHashMap<&'o str, usize> {
        let mut owners = FxHashMap::default();
        let targets = self
            .compensations
            .iter()
            .filter_map(|&i| ops.get(i))
            .flat_map(|op| op.transactions.iter())
            .filter_map(|leg| leg.compensates.as_deref());
        for target in targets {
            if let Some(i) = self.holders(ops, target).last() {
                owners.insert(target, i);
            }
        }
        owners
    }
}

/// Whether two legs move the same amount of the same unit.
fn same_money(a: &OperationTransaction, b: &OperationTransaction) -> bool {
    match (&a.asset_amount, &b.asset_amount) {
        (Some(x), Some(y)) => x.value == y.value && x.unit_id() == y.unit_id(),
        _ => false,
    }
}
