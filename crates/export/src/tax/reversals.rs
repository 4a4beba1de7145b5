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
#[derive(Debug, Default)]
pub struct LegIndex {
    /// A leg id's hash → the position of the last operation with a leg of that hash.
    owner_by_hash: FxHashMap<u64, usize>,
    /// Two operations had legs of one hash (the same leg listed twice, or two ids with one
    /// hash): the owners are then looked up by id over every operation.
    ambiguous: bool,
    /// The positions of the operations with a compensating leg, in order.
    compensations: Vec<usize>,
}

fn hash_of(id: &str) -> u64 {
    BuildHasherDefault::<FxHasher>::default().hash_one(id)
}

impl LegIndex {
    /// Indexes `op`, the operation at position `at` of the whole list.
    pub fn add(&mut self, at: usize, op: &Operation) {
        let mut compensates = false;
        for leg in &op.transactions {
            let hash = hash_of(leg.transaction_id.as_str());
            if let Some(before) = self.owner_by_hash.insert(hash, at) {
                self.ambiguous |= before != at;
            }
            compensates |= leg.compensates.is_some();
        }
        if compensates {
            self.compensations.push(at);
        }
    }

    /// The operations (by position in `ops`, every operation added in order) left out as
    /// one side of an exact reversal, and the compensations that reverse nothing of the
    /// list exactly.
    pub fn reversals(&self, ops: &[Operation]) -> (FxHashSet<usize>, FxHashSet<usize>) {
        if self.compensations.is_empty() {
            return Default::default();
        }
        let owners = self.owners(ops);
        let leg_of = |id: &str| -> Option<(usize, &OperationTransaction)> {
            let i = *owners.get(id)?;
            let leg = ops
                .get(i)?
                .transactions
                .iter()
                .find(|l| l.transaction_id.as_str() == id)?;
            Some((i, leg))
        };
        // A pure compensation: every leg reverses a leg of the list with the same money.
        let mut matched: FxHashSet<&str> = FxHashSet::default();
        let mut originals: Vec<usize> = Vec::new();
        let mut pure: FxHashSet<usize> = FxHashSet::default();
        for &i in &self.compensations {
            let Some(op) = ops.get(i) else { continue };
            let targets: Vec<Option<(&str, usize)>> = op
                .transactions
                .iter()
                .map(|leg| {
                    let target = leg.compensates.as_deref()?;
                    let (owner, original) = leg_of(target)?;
                    same_money(leg, original).then_some((target, owner))
                })
                .collect();
            if targets.iter().all(Option::is_some) {
                pure.insert(i);
                for (target, owner) in targets.into_iter().flatten() {
                    matched.insert(target);
                    originals.push(owner);
                }
            }
        }
        // A reversed operation: every leg is reversed by a pure compensation (so it owns a
        // matched leg: only those are looked at).
        // (With an operation listed twice, each copy is looked at.)
        if self.ambiguous {
            originals = (0..ops.len()).collect();
        }
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
        let targets = self
            .compensations
            .iter()
            .filter_map(|&i| ops.get(i))
            .flat_map(|op| op.transactions.iter())
            .filter_map(|leg| leg.compensates.as_deref());
        let mut owners = FxHashMap::default();
        if self.ambiguous {
            let targets: FxHashSet<&str> = targets.collect();
            for (i, op) in ops.iter().enumerate() {
                for leg in &op.transactions {
                    if let Some(&id) = targets.get(leg.transaction_id.as_str()) {
                        owners.insert(id, i);
                    }
                }
            }
            return owners;
        }
        for target in targets {
            let Some(&i) = self.owner_by_hash.get(&hash_of(target)) else {
                continue;
            };
            // The hash may be another id's: the operation must hold the leg itself.
            let holds = ops.get(i).is_some_and(|op| {
                op.transactions
                    .iter()
                    .any(|l| l.transaction_id.as_str() == target)
            });
            if holds {
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
