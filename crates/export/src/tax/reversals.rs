//! Exact reversals: an operation every leg of which a compensation gives back with the same
//! money is left out together with that compensation; a compensation that reverses nothing
//! of the list exactly is kept as what it is (and counted).
//!
//! The legs are indexed page by page as the operations arrive ([`LegIndex::add`]), in a
//! compact form (a leg's id, amount and unit: 40 bytes), so a page can be dropped once it is
//! added: at 100,000 operations the ledger is read without keeping every operation (issue 44:
//! the tax files' memory). The operations with a compensating leg, rare, are kept whole.
//! What is left after the last answer looks only at the compensations and the operations
//! they name, not at every leg again.

use std::hash::{BuildHasher, BuildHasherDefault};
use std::num::NonZeroU32;

use folio_client::current::{Operation, OperationTransaction};
use hashbrown::HashTable;
use rust_decimal::Decimal;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};

use super::sent_id::SentId;

/// One leg as the reversals need it: its id and, when it has one, its amount and unit.
#[derive(Debug)]
struct Leg {
    key: SentId,
    money: Option<(Decimal, UnitNumber)>,
}

/// A unit id as a number ([`LegIndex::units`]); [`NO_UNIT`] for an amount without one.
type UnitNumber = NonZeroU32;

const NO_UNIT: UnitNumber = NonZeroU32::MIN;

/// Where each leg of the operations added so far is (see the module docs).
#[derive(Debug)]
pub struct LegIndex {
    /// Every leg added, operation after operation.
    legs: Vec<Leg>,
    /// Where each operation's legs start in `legs`, by the operation's position.
    starts: Vec<u32>,
    /// Each leg id once: the place in `legs` of the first leg with it.
    first_leg: HashTable<u32>,
    /// The ids more than one operation has a leg of (the same leg listed twice, e.g. by a
    /// page boundary that moved while reading): the first leg's place → the position of
    /// every later operation holding it, in order.
    more_holders: FxHashMap<u32, Vec<u32>>,
    /// Each unit id met → its number (from 2: 1 is [`NO_UNIT`]).
    units: FxHashMap<Box<str>, UnitNumber>,
    /// The operations with a compensating leg and their positions, in order.
    compensations: Vec<(usize, Operation)>,
    /// How a key is hashed (another function only in tests, to make every id collide).
    hash: fn(&SentId) -> u64,
}

impl Default for LegIndex {
    fn default() -> Self {
        Self::with_hash(hash_of)
    }
}

fn hash_of(key: &SentId) -> u64 {
    BuildHasherDefault::<FxHasher>::default().hash_one(key)
}

/// `n` as a place or position (never past `u32::MAX`: an account has far fewer legs).
fn small(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl LegIndex {
    /// An empty index hashing keys with `hash`.
    pub(crate) fn with_hash(hash: fn(&SentId) -> u64) -> Self {
        LegIndex {
            legs: Vec::new(),
            starts: Vec::new(),
            first_leg: HashTable::new(),
            more_holders: FxHashMap::default(),
            units: FxHashMap::default(),
            compensations: Vec::new(),
            hash,
        }
    }

    /// Indexes `op`, the next operation of the whole list (its position is the number of
    /// operations added before it).
    pub fn add(&mut self, op: &Operation) {
        let at = small(self.starts.len());
        self.starts.push(small(self.legs.len()));
        let mut compensates = false;
        for leg in &op.transactions {
            let key = SentId::of(leg.transaction_id.as_str());
            let money = leg
                .asset_amount
                .as_ref()
                .map(|m| (m.value, self.unit_number(m.unit_id())));
            let hash = (self.hash)(&key);
            let first = {
                let legs = &self.legs;
                self.first_leg
                    .find(hash, |&i| {
                        legs.get(i as usize).is_some_and(|l| l.key == key)
                    })
                    .copied()
            };
            let place = small(self.legs.len());
            self.legs.push(Leg { key, money });
            match first {
                Some(first) => {
                    if self.operation_of(first) != Some(at) {
                        let more = self.more_holders.entry(first).or_default();
                        if more.last() != Some(&at) {
                            more.push(at);
                        }
                    }
                }
                None => {
                    let (legs, hash_key) = (&self.legs, self.hash);
                    self.first_leg.insert_unique(hash, place, |&i| {
                        legs.get(i as usize).map_or(0, |l| hash_key(&l.key))
                    });
                }
            }
            compensates |= leg.compensates.is_some();
        }
        if compensates {
            self.compensations.push((at as usize, op.clone()));
        }
    }

    /// The number of unit id `id` (numbered now when new).
    fn unit_number(&mut self, id: Option<&str>) -> UnitNumber {
        let Some(id) = id else { return NO_UNIT };
        if let Some(&n) = self.units.get(id) {
            return n;
        }
        let next = small(self.units.len().saturating_add(2));
        let n = NonZeroU32::new(next).unwrap_or(NO_UNIT);
        self.units.insert(id.into(), n);
        n
    }

    /// The position of the operation holding the leg at `place` in `legs`.
    fn operation_of(&self, place: u32) -> Option<u32> {
        let after = self.starts.partition_point(|&start| start <= place);
        small(after).checked_sub(1)
    }

    /// The legs of the operation at `position`.
    fn legs_of(&self, position: usize) -> &[Leg] {
        let start = self.starts.get(position).map_or(0, |&s| s as usize);
        let end = self
            .starts
            .get(position.saturating_add(1))
            .map_or(self.legs.len(), |&s| s as usize);
        self.legs.get(start..end).unwrap_or(&[])
    }

    /// The positions (in order) of the operations that hold a leg with key `key`.
    fn holders(&self, key: &SentId) -> Vec<usize> {
        let hash = (self.hash)(key);
        let legs = &self.legs;
        let Some(&first) = self.first_leg.find(hash, |&i| {
            legs.get(i as usize).is_some_and(|l| &l.key == key)
        }) else {
            return Vec::new();
        };
        let more = self.more_holders.get(&first).map_or(&[][..], Vec::as_slice);
        self.operation_of(first)
            .into_iter()
            .chain(more.iter().copied())
            .map(|p| p as usize)
            .collect()
    }

    /// Whether the compensating leg `leg` moves the same amount of the same unit as `original`.
    fn same_money(&self, leg: &OperationTransaction, original: &Leg) -> bool {
        let (Some(m), Some((value, unit))) = (&leg.asset_amount, original.money) else {
            return false;
        };
        let number = match m.unit_id() {
            None => Some(NO_UNIT),
            Some(id) => self.units.get(id).copied(),
        };
        m.value == value && number == Some(unit)
    }

    /// The operations (by position in the whole list) left out as one side of an exact
    /// reversal, and the compensations that reverse nothing of the list exactly.
    pub fn reversals(&self) -> (FxHashSet<usize>, FxHashSet<usize>) {
        if self.compensations.is_empty() {
            return Default::default();
        }
        let owners = self.owners();
        let leg_of = |id: &str| -> Option<&Leg> {
            let key = SentId::of(id);
            self.legs_of(*owners.get(id)?).iter().find(|l| l.key == key)
        };
        // A pure compensation: every leg reverses a leg of the list with the same money.
        let mut matched: FxHashSet<SentId> = FxHashSet::default();
        let mut pure: FxHashSet<usize> = FxHashSet::default();
        for (i, op) in &self.compensations {
            let targets: Vec<Option<&str>> = op
                .transactions
                .iter()
                .map(|leg| {
                    let target = leg.compensates.as_deref()?;
                    let original = leg_of(target)?;
                    self.same_money(leg, original).then_some(target)
                })
                .collect();
            if targets.iter().all(Option::is_some) {
                pure.insert(*i);
                matched.extend(targets.into_iter().flatten().map(SentId::of));
            }
        }
        // A reversed operation: every leg is reversed by a pure compensation (so it holds a
        // matched leg: only those are looked at; with a leg listed in two operations, each
        // is looked at).
        let originals: FxHashSet<usize> = matched.iter().flat_map(|k| self.holders(k)).collect();
        let compensations: FxHashSet<usize> = self.compensations.iter().map(|(i, _)| *i).collect();
        let reversed: FxHashSet<usize> = originals
            .into_iter()
            .filter(|i| {
                let legs = self.legs_of(*i);
                !compensations.contains(i)
                    && !legs.is_empty()
                    && legs.iter().all(|l| matched.contains(&l.key))
            })
            .collect();
        let mut left_out = reversed.clone();
        let mut unmatched = FxHashSet::default();
        for (i, op) in &self.compensations {
            let reverses_left_out = pure.contains(i)
                && op.transactions.iter().all(|leg| {
                    leg.compensates
                        .as_deref()
                        .and_then(|t| owners.get(t))
                        .is_some_and(|owner| reversed.contains(owner))
                });
            if reverses_left_out {
                left_out.insert(*i);
            } else {
                unmatched.insert(*i);
            }
        }
        (left_out, unmatched)
    }

    /// The position of the last operation holding each leg some compensation names.
    fn owners(&self) -> FxHashMap<&str, usize> {
        let mut owners = FxHashMap::default();
        let targets = self
            .compensations
            .iter()
            .flat_map(|(_, op)| op.transactions.iter())
            .filter_map(|leg| leg.compensates.as_deref());
        for target in targets {
            if let Some(&i) = self.holders(&SentId::of(target)).last() {
                owners.insert(target, i);
            }
        }
        owners
    }
}
