//! The legs indexed page by page find the same reversals as a scan of every operation at
//! once, wherever the pages break and when an operation is listed twice.

use folio_client::current::Operation;
use rustc_hash::{FxHashMap, FxHashSet};
use serde_json::json;

use super::selection::withdrawal_and_refund;
use super::*;
use crate::tax::reversals::LegIndex;
use crate::tax::SentId;

/// The oracle: the reversals found by scanning every leg of every operation at once (how
/// `select` found them before the legs were indexed page by page).
fn reversals_by_scan(ops: &[Operation]) -> (FxHashSet<usize>, FxHashSet<usize>) {
    let targets: FxHashSet<&str> = ops
        .iter()
        .flat_map(|op| op.transactions.iter())
        .filter_map(|leg| leg.compensates.as_deref())
        .collect();
    if targets.is_empty() {
        return Default::default();
    }
    let mut leg_owner: FxHashMap<&str, usize> = FxHashMap::default();
    for (i, op) in ops.iter().enumerate() {
        for leg in &op.transactions {
            if targets.contains(leg.transaction_id.as_str()) {
                leg_owner.insert(leg.transaction_id.as_str(), i);
            }
        }
    }
    let same_money = |a: &folio_client::current::OperationTransaction,
                      b: &folio_client::current::OperationTransaction| {
        match (&a.asset_amount, &b.asset_amount) {
            (Some(x), Some(y)) => x.value == y.value && x.unit_id() == y.unit_id(),
            _ => false,
        }
    };
    let leg_of = |id: &str| {
        let i = *leg_owner.get(id)?;
        ops[i]
            .transactions
            .iter()
            .find(|l| l.transaction_id.as_str() == id)
    };
    // A pure compensation: every leg reverses a leg of the list with the same money.
    let mut matched: FxHashSet<&str> = FxHashSet::default();
    let mut pure: FxHashSet<usize> = FxHashSet::default();
    let mut compensations: FxHashSet<usize> = FxHashSet::default();
    for (i, op) in ops.iter().enumerate() {
        if !op.transactions.iter().any(|l| l.compensates.is_some()) {
            continue;
        }
        compensations.insert(i);
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
    // A reversed operation: every leg is reversed by a pure compensation.
    let reversed: FxHashSet<usize> = ops
        .iter()
        .enumerate()
        .filter(|(i, op)| {
            !compensations.contains(i)
                && !op.transactions.is_empty()
                && op
                    .transactions
                    .iter()
                    .all(|l| matched.contains(l.transaction_id.as_str()))
        })
        .map(|(i, _)| i)
        .collect();
    let mut left_out = reversed.clone();
    let mut unmatched = FxHashSet::default();
    for &i in &compensations {
        let reverses_left_out = pure.contains(&i)
            && ops[i].transactions.iter().all(|leg| {
                leg.compensates
                    .as_deref()
                    .and_then(|t| leg_owner.get(t))
                    .is_some_and(|owner| reversed.contains(owner))
            });
        if reverses_left_out {
            left_out.insert(i);
        } else {
            unmatched.insert(i);
        }
    }
    (left_out, unmatched)
}

fn indexed(pages: &[&[Operation]]) -> (FxHashSet<usize>, FxHashSet<usize>) {
    indexed_with(LegIndex::default(), pages)
}

/// [`indexed`] with the index given (one whose hash makes ids collide).
fn indexed_with(
    mut index: LegIndex,
    pages: &[&[Operation]],
) -> (FxHashSet<usize>, FxHashSet<usize>) {
    for page in pages {
        for op in *page {
            index.add(op);
        }
    }
    index.reversals()
}

/// Asserts that `ops` cut into two pages at every place finds `expected`.
fn assert_every_page_break_finds(
    ops: &[Operation],
    expected: &(FxHashSet<usize>, FxHashSet<usize>),
) {
    for cut in 0..=ops.len() {
        let (first, second) = ops.split_at(cut);
        assert_eq!(&indexed(&[first, second]), expected, "pages cut at {cut}");
    }
}

/// Newest first, as the service lists them: an exact refund of a withdrawal, a partial one,
/// a compensation naming a leg the list lacks, and a plain deposit.
fn history() -> Vec<Operation> {
    let [w, r] = withdrawal_and_refund("50.00");
    let w2 = op(
        "o-w2",
        "withdrawal",
        vec![leg(
            "t-w2",
            EUR,
            "50.00",
            "withdrawal",
            "OUTGOING",
            "2025-05-03T08:00:00Z",
        )],
    );
    let mut partial = leg(
        "t-r2",
        EUR,
        "20.00",
        "refund",
        "INCOMING",
        "2025-05-04T08:00:00Z",
    );
    partial["compensates"] = json!("t-w2");
    let mut orphan = leg(
        "t-o",
        EUR,
        "5.00",
        "refund",
        "INCOMING",
        "2025-06-01T08:00:00Z",
    );
    orphan["compensates"] = json!("t-missing");
    let deposit = op(
        "o-d",
        "deposit",
        vec![leg(
            "t-d",
            EUR,
            "10.00",
            "deposit",
            "INCOMING",
            "2025-04-01T08:00:00Z",
        )],
    );
    vec![
        op("o-o", "refund", vec![orphan]),
        op("o-r2", "refund", vec![partial]),
        r,
        w2,
        w,
        deposit,
    ]
}

#[test]
fn every_page_break_finds_what_the_scan_finds() {
    let ops = history();
    let expected = reversals_by_scan(&ops);
    // Positions: 0 a refund naming a missing leg, 1 a refund of 20.00 of the withdrawal at
    // 3 (50.00), 2 the exact refund of the withdrawal at 4. Left out: 2 and 4; kept as what
    // they are: the compensations 0 and 1.
    assert_eq!(expected.0, FxHashSet::from_iter([2, 4]));
    assert_eq!(expected.1, FxHashSet::from_iter([0, 1]));
    assert_every_page_break_finds(&ops, &expected);
}

#[test]
fn an_operation_listed_twice_still_matches_the_scan() {
    let mut ops = history();
    // The withdrawal again on the next page (a page boundary that moved while reading).
    ops.push(ops[4].clone());
    let expected = reversals_by_scan(&ops);
    // Both copies of the withdrawal are left out with the refund.
    assert_eq!(expected.0, FxHashSet::from_iter([2, 4, 6]));
    assert_eq!(indexed(&[&ops[..3], &ops[3..]]), expected);
}

#[test]
fn ids_sharing_a_hash_still_match_the_scan() {
    // Every id hashes alike: each lookup must pick the operations that hold the leg itself
    // (a 32-bit hash in wasm makes a few real ids collide at 100,000 operations).
    let same = |_: &SentId| 7u64;
    let ops = history();
    assert_eq!(
        indexed_with(LegIndex::with_hash(same), &[&ops[..2], &ops[2..]]),
        reversals_by_scan(&ops)
    );
    let mut twice = history();
    twice.push(twice[4].clone());
    let expected = reversals_by_scan(&twice);
    assert_eq!(expected.0, FxHashSet::from_iter([2, 4, 6]));
    assert_eq!(
        indexed_with(LegIndex::with_hash(same), &[&twice[..3], &twice[3..]]),
        expected
    );
}

/// `ops` with each leg id (and each id a leg compensates) given by `id`.
fn with_leg_ids(ops: &[Operation], id: impl Fn(&str) -> String) -> Vec<Operation> {
    let mut ops = ops.to_vec();
    for leg in ops.iter_mut().flat_map(|op| op.transactions.iter_mut()) {
        leg.transaction_id = folio_client::TransactionId::new(id(leg.transaction_id.as_str()));
        if let Some(target) = &mut leg.compensates {
            *target = id(target);
        }
    }
    ops
}

/// A UUID-shaped id for `name` (its bytes in the last group), in `upper` case or lower.
fn uuid_for(name: &str, upper: bool) -> String {
    let hex: String = name.bytes().map(|b| format!("{b:02x}")).collect();
    let id = format!("0c6f1e2a-7b3d-4e5f-8a9b-{:0>12}", &hex[..hex.len().min(12)]);
    if upper {
        id.to_uppercase()
    } else {
        id
    }
}

#[test]
fn uuid_leg_ids_kept_as_bytes_match_the_scan() {
    // The service's ids are lowercase UUIDs, kept as 16 bytes: the same reversals.
    let ops = with_leg_ids(&history(), |id| uuid_for(id, false));
    let expected = reversals_by_scan(&ops);
    assert_eq!(expected.0, FxHashSet::from_iter([2, 4]));
    assert_every_page_break_finds(&ops, &expected);
}

#[test]
fn a_uuid_in_another_case_is_another_id() {
    // The refund names the withdrawal's leg in uppercase: not the same text, so not the
    // same leg (the scan compares texts); both are kept, the refund counted as unmatched.
    let [w, r] = withdrawal_and_refund("50.00");
    let w = with_leg_ids(&[w], |id| uuid_for(id, false));
    let r = with_leg_ids(&[r], |id| uuid_for(id, true));
    let ops = [r[0].clone(), w[0].clone()];
    let expected = reversals_by_scan(&ops);
    assert_eq!(expected.0, FxHashSet::default());
    assert_eq!(expected.1, FxHashSet::from_iter([0]));
    assert_eq!(indexed(&[&ops]), expected);
    assert_ne!(
        SentId::of(&uuid_for("t-w", false)),
        SentId::of(&uuid_for("t-w", true))
    );
    assert!(matches!(
        SentId::of(&uuid_for("t-w", false)),
        SentId::Uuid(_)
    ));
}
