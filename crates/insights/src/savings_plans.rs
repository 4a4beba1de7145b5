//! Savings plans seen from their executions. The API sends no plan configuration, only the
//! buys a plan made (`Kind::SavingsPlan`), so everything here is inferred: a plan is the
//! executions of one asset bought with one fiat currency (a plan in EUR and one in CHF for
//! the same asset are two plans), its cadence is read from the gaps between the calendar
//! days it ran on, and the next date is an estimate.
//!
//! Days are whatever calendar the caller counts in (`day_of`, e.g.
//! `|t| days::tax_day(RuleSet::Austria, t)`). Several executions on one day count once for
//! the cadence and all of them for the totals. Money is exact and checked: a total that
//! would overflow is unknown (`None`), never a panic.
//!
//! Cadence: the median gap between consecutive execution days picks a band — weekly 6–8
//! days, biweekly 13–15, monthly 27–33, quarterly 85–95 — and at least two thirds of the gaps
//! must fall in it; anything else (or fewer than two execution days) is irregular.

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, Datelike, Days, Months, NaiveDate, Utc};
use folio_client::checked;
use folio_export::tax::entry::{Entry, Kind, Shape};
use rust_decimal::Decimal;
use rustc_hash::FxHashSet;

/// How often a plan runs, as its executions show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cadence {
    /// Every week (gaps of 6–8 days).
    Weekly,
    /// Every other week (gaps of 13–15 days).
    Biweekly,
    /// Every month (gaps of 27–33 days).
    Monthly {
        /// The usual day of the month (1–31): the most common one among the execution
        /// days (ties: the later day, as short months move a plan earlier, never later).
        day: u32,
    },
    /// Every three months (gaps of 85–95 days).
    Quarterly,
    /// No regular rhythm, or fewer than two execution days.
    Irregular,
}

/// One plan: the executions of one asset bought with one fiat currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavingsPlan {
    /// The asset's symbol as the entries name it (its id when the catalogue did not know it).
    pub asset: String,
    /// The asset's id as the entries name it (the plan's key; symbols are for display).
    pub asset_id: String,
    /// The fiat currency paid (its ISO code as the entries name it).
    pub fiat: String,
    /// How often it runs (inferred).
    pub cadence: Cadence,
    /// The executions (every entry, several on one day included).
    pub executions: usize,
    /// The first execution day.
    pub first: NaiveDate,
    /// The last execution day.
    pub last: NaiveDate,
    /// The median fiat amount of one execution.
    pub typical_amount: Option<Decimal>,
    /// The fiat paid in all (the fiat legs' amounts; `None` if the sum overflows).
    pub total_paid: Option<Decimal>,
    /// The asset bought in all (`None` if the sum overflows).
    pub total_bought: Option<Decimal>,
    /// Fiat paid per unit bought (`None` when either total is unknown, nothing was bought or
    /// the quotient overflows).
    pub average_price: Option<Decimal>,
    /// An estimate of the next execution day: the last one plus one cadence step (`None`
    /// when irregular, or past the end of chrono's calendar).
    pub next_expected: Option<NaiveDate>,
}

/// What [`detect`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Detected {
    /// The plans, sorted by asset symbol (then asset id), then fiat.
    pub plans: Vec<SavingsPlan>,
    /// Savings-plan entries that could not be used (no fiat-for-asset buy among their legs,
    /// a negative amount, or a leg that could not be read).
    pub unreadable: usize,
}

/// One usable execution.
#[derive(Debug, Clone, Copy)]
struct Execution {
    day: NaiveDate,
    paid: Decimal,
    bought: Decimal,
}

/// The executions of one plan, gathered.
#[derive(Debug)]
struct Group {
    symbol: String,
    executions: Vec<Execution>,
}

/// The plans among `entries` (savings-plan entries only; others are ignored), each
/// execution on the day `day_of` gives its time. Entries with an id already seen are
/// duplicates and left out.
pub fn detect(entries: &[Entry], day_of: &dyn Fn(DateTime<Utc>) -> NaiveDate) -> Detected {
    let mut seen = FxHashSet::default();
    let mut groups: BTreeMap<(Arc<str>, String), Group> = BTreeMap::new();
    let mut unreadable = 0usize;
    for entry in entries.iter().filter(|e| e.kind == Kind::SavingsPlan) {
        if !seen.insert(&entry.id) {
            continue;
        }
        let Some((key, symbol, execution)) = read(entry, day_of) else {
            unreadable = unreadable.saturating_add(1);
            continue;
        };
        groups
            .entry(key)
            .or_insert_with(|| Group {
                symbol,
                executions: Vec::new(),
            })
            .executions
            .push(execution);
    }
    let mut plans: Vec<SavingsPlan> = groups
        .into_iter()
        .filter_map(|((id, fiat), group)| plan(&id, fiat, group))
        .collect();
    plans.sort_by(|a, b| (&a.asset, &a.asset_id, &a.fiat).cmp(&(&b.asset, &b.asset_id, &b.fiat)));
    Detected { plans, unreadable }
}

/// The plan key (asset id, fiat symbol), the asset's symbol and the execution of a
/// savings-plan entry, when it is a readable buy of an asset with fiat.
fn read(
    entry: &Entry,
    day_of: &dyn Fn(DateTime<Utc>) -> NaiveDate,
) -> Option<((Arc<str>, String), String, Execution)> {
    if entry.unreadable_legs > 0 {
        return None;
    }
    let Shape::FiatTrade {
        fiat,
        asset,
        buying: true,
    } = entry.shape()
    else {
        return None;
    };
    if fiat.amount.is_sign_negative() || asset.amount.is_sign_negative() {
        return None;
    }
    let key = (asset.unit.id.clone(), fiat.unit.symbol().to_owned());
    let execution = Execution {
        day: day_of(entry.time),
        paid: fiat.amount,
        bought: asset.amount,
    };
    Some((key, asset.unit.symbol().to_owned(), execution))
}

/// The plan of a group of executions (`None` only for an empty group).
fn plan(asset_id: &str, fiat: String, group: Group) -> Option<SavingsPlan> {
    let executions = group.executions;
    let days = distinct_days(&executions);
    let (first, last) = (*days.first()?, *days.last()?);
    let cadence = cadence(&days);
    let total_paid = checked::sum(executions.iter().map(|e| e.paid));
    let total_bought = checked::sum(executions.iter().map(|e| e.bought));
    Some(SavingsPlan {
        asset: group.symbol,
        asset_id: asset_id.to_owned(),
        fiat,
        cadence,
        executions: executions.len(),
        first,
        last,
        typical_amount: median(executions.iter().map(|e| e.paid).collect()),
        total_paid,
        total_bought,
        average_price: average_price(total_paid, total_bought),
        next_expected: next_expected(cadence, &days),
    })
}

/// The days executions ran on, sorted, each once.
fn distinct_days(executions: &[Execution]) -> Vec<NaiveDate> {
    let mut days: Vec<NaiveDate> = executions.iter().map(|e| e.day).collect();
    days.sort_unstable();
    days.dedup();
    days
}

/// The median of `values` (of an even count: halfway between the middle two; `None` when
/// empty). Computed as `low + (high − low) / 2`, which stays within the two values.
fn median(mut values: Vec<Decimal>) -> Option<Decimal> {
    values.sort_unstable();
    let upper = values.len() / 2;
    let high = *values.get(upper)?;
    if values.len() % 2 == 1 {
        return Some(high);
    }
    let low = *values.get(upper.checked_sub(1)?)?;
    low.checked_add(high.checked_sub(low)?.checked_div(Decimal::TWO)?)
}

/// Fiat paid per unit bought, when both totals are known and something was bought.
fn average_price(paid: Option<Decimal>, bought: Option<Decimal>) -> Option<Decimal> {
    paid?.checked_div(bought?)
}

/// A regular cadence's step, before the monthly day is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Weekly,
    Biweekly,
    Monthly,
    Quarterly,
}

/// The step whose band holds a gap of `days` days.
fn band(days: i64) -> Option<Step> {
    match days {
        6..=8 => Some(Step::Weekly),
        13..=15 => Some(Step::Biweekly),
        27..=33 => Some(Step::Monthly),
        85..=95 => Some(Step::Quarterly),
        _ => None,
    }
}

/// The cadence of the sorted, distinct execution days `days`.
fn cadence(days: &[NaiveDate]) -> Cadence {
    let gaps = gaps(days);
    let Some(step) = median_gap(&gaps).and_then(band) else {
        return Cadence::Irregular;
    };
    let in_band = gaps.iter().filter(|&&g| band(g) == Some(step)).count();
    if in_band.saturating_mul(3) < gaps.len().saturating_mul(2) {
        return Cadence::Irregular;
    }
    match step {
        Step::Weekly => Cadence::Weekly,
        Step::Biweekly => Cadence::Biweekly,
        Step::Monthly => Cadence::Monthly {
            day: usual_day(days),
        },
        Step::Quarterly => Cadence::Quarterly,
    }
}

/// The days between consecutive days of `days`.
fn gaps(days: &[NaiveDate]) -> Vec<i64> {
    days.windows(2)
        .filter_map(|w| match w {
            [a, b] => Some(b.signed_duration_since(*a).num_days()),
            _ => None,
        })
        .collect()
}

/// The median gap (of an even count: the lower middle one; `None` when there is none).
fn median_gap(gaps: &[i64]) -> Option<i64> {
    let mut sorted = gaps.to_vec();
    sorted.sort_unstable();
    sorted.get(sorted.len().checked_sub(1)? / 2).copied()
}

/// The most common day of the month among `days` (ties: the later day; 1 when empty).
fn usual_day(days: &[NaiveDate]) -> u32 {
    let mut counts = [0usize; 32];
    for d in days {
        if let Some(c) = counts.get_mut(d.day() as usize) {
            *c = c.saturating_add(1);
        }
    }
    (1..=31u32)
        .max_by_key(|&d| (counts.get(d as usize).copied().unwrap_or(0), d))
        .unwrap_or(1)
}

/// One cadence step after the last of `days` (sorted, distinct): a week, two weeks, the
/// plan's day next month, or its usual day three months on (clamped to the month's end).
pub(crate) fn next_expected(cadence: Cadence, days: &[NaiveDate]) -> Option<NaiveDate> {
    let last = *days.last()?;
    match cadence {
        Cadence::Weekly => last.checked_add_days(Days::new(7)),
        Cadence::Biweekly => last.checked_add_days(Days::new(14)),
        Cadence::Monthly { day } => months_on(last, 1, day),
        Cadence::Quarterly => months_on(last, 3, usual_day(days)),
        Cadence::Irregular => None,
    }
}

/// Day `day` of the month `months` after `from`'s month, or that month's last day when it
/// is shorter (a plan on the 31st runs on 30 April and on 28 or 29 February).
pub(crate) fn months_on(from: NaiveDate, months: u32, day: u32) -> Option<NaiveDate> {
    let first = from.with_day(1)?.checked_add_months(Months::new(months))?;
    first
        .with_day(day)
        .or_else(|| first.checked_add_months(Months::new(1))?.pred_opt())
}
