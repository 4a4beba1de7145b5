//! Builds ledger entries the way `folio_export::tax::select` does, for fixtures.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use folio_client::current::AssetType;
use folio_export::tax::entry::{Entry, Kind, Move, Unit};
use folio_export::tax::UnitInfo;
use rust_decimal::Decimal;

use crate::{report, Entered, InsightsInput, Report, RuleSet};

pub fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

pub fn day(y: i32, m: u32, dd: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, dd).unwrap()
}

pub fn at(y: i32, m: u32, dd: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, dd, 12, 0, 0).unwrap()
}

/// A time in UTC to the minute.
pub fn utc(y: i32, m: u32, dd: u32, h: u32, min: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, dd, h, min, 0).unwrap()
}

/// What the person entered: a cost and/or an acquisition day.
pub fn entered(
    id: &str,
    cost: Option<&str>,
    acquired: Option<NaiveDate>,
) -> HashMap<String, Entered> {
    HashMap::from([(
        id.to_string(),
        Entered {
            cost: cost.map(d),
            acquired,
        },
    )])
}

pub fn unit(symbol: &str, class: Option<AssetType>) -> Unit {
    Unit {
        id: format!("id-{symbol}").into(),
        info: std::sync::Arc::new(match class {
            Some(c) => UnitInfo::asset(symbol, c),
            None => UnitInfo::fiat(symbol),
        }),
        named: true,
        product_id: None,
    }
}

pub fn eur() -> Unit {
    unit("EUR", None)
}

pub fn crypto(symbol: &str) -> Unit {
    unit(symbol, Some(AssetType::Cryptocoin))
}

pub fn mv(amount: &str, unit: Unit, incoming: bool) -> Move {
    Move {
        leg_id: "".into(),
        amount: d(amount),
        unit,
        incoming,
        fee_info: None,
        tax_leg: false,
    }
}

pub fn entry(id: &str, kind: Kind, time: DateTime<Utc>, moves: Vec<Move>) -> Entry {
    Entry {
        id: id.into(),
        raw_type: format!("{kind:?}").to_lowercase().into(),
        kind,
        time,
        moves,
        fees: vec![],
        taxes: vec![],
        trade: None,
        unreadable_legs: 0,
        legacy: false,
    }
}

/// A buy of `qty` `asset` for `eur` EUR (fees included).
pub fn buy(id: &str, time: DateTime<Utc>, asset: &Unit, qty: &str, eur_paid: &str) -> Entry {
    let mut e = entry(
        id,
        Kind::Buy,
        time,
        vec![mv(eur_paid, eur(), false), mv(qty, asset.clone(), true)],
    );
    e.trade = Some(Box::default());
    e
}

/// A sale of `qty` `asset` for `eur` EUR (after fees).
pub fn sell(id: &str, time: DateTime<Utc>, asset: &Unit, qty: &str, eur_got: &str) -> Entry {
    let mut e = entry(
        id,
        Kind::Sell,
        time,
        vec![mv(qty, asset.clone(), false), mv(eur_got, eur(), true)],
    );
    e.trade = Some(Box::default());
    e
}

pub fn swap(id: &str, time: DateTime<Utc>, give: (&Unit, &str), get: (&Unit, &str)) -> Entry {
    entry(
        id,
        Kind::Swap,
        time,
        vec![
            mv(give.1, give.0.clone(), false),
            mv(get.1, get.0.clone(), true),
        ],
    )
}

pub fn reward(id: &str, time: DateTime<Utc>, asset: &Unit, qty: &str) -> Entry {
    entry(
        id,
        Kind::StakingReward,
        time,
        vec![mv(qty, asset.clone(), true)],
    )
}

pub fn deposit(id: &str, time: DateTime<Utc>, asset: &Unit, qty: &str) -> Entry {
    entry(id, Kind::Deposit, time, vec![mv(qty, asset.clone(), true)])
}

pub fn run(entries: &[Entry], rules: RuleSet) -> Report {
    run_with(entries, rules, &HashMap::new())
}

pub fn run_with(entries: &[Entry], rules: RuleSet, entered: &HashMap<String, Entered>) -> Report {
    report(&InsightsInput {
        entries,
        one_per_id: false,
        rules,
        prices_eur: &HashMap::new(),
        entered,
        today: day(2026, 11, 24),
        portfolio_value_eur: None,
    })
}

/// The year's totals.
pub fn year(r: &Report, y: i32) -> &crate::YearTotals {
    r.years
        .iter()
        .find(|t| t.year == y)
        .expect("a year of activity")
}
