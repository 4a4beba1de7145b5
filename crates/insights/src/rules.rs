//! Which rule applies where: the regime of an asset class, the day Austria's Neuvermögen
//! starts, and how a part of a sale is taxed under each rule set (docs/insights.md gives
//! each rule's source).

use chrono::NaiveDate;
use folio_client::current::AssetType;
use folio_export::tax::entry::Unit;

use crate::holding::held_more_than_a_year;
use crate::model::{Basis, Regime};
use crate::RuleSet;

/// Austria's Neuvermögen: crypto acquired from this day on (§ 124b Z 384 EStG).
pub fn neuvermoegen_from() -> NaiveDate {
    NaiveDate::from_ymd_opt(2021, 3, 1).unwrap_or(NaiveDate::MIN)
}

/// How the rules treat a unit, and whether its class was known.
pub fn regime_of(unit: &Unit) -> (Regime, bool) {
    match unit.asset_type() {
        Some(AssetType::Cryptocoin) | Some(AssetType::Index) => (Regime::Crypto, true),
        Some(AssetType::Metal) => (Regime::Metal, true),
        Some(AssetType::Stock) | Some(AssetType::Etf) | Some(AssetType::Etc) => {
            (Regime::Security, true)
        }
        _ => (Regime::Crypto, false),
    }
}

/// How a part of a sale on `sold` taken from `part` is taxed.
pub fn basis(rules: RuleSet, regime: Regime, part: Option<NaiveDate>, sold: NaiveDate) -> Basis {
    let over_a_year = part.is_some_and(|a| held_more_than_a_year(a, sold));
    match (rules, regime) {
        (RuleSet::Germany, Regime::Security) => Basis::CapitalIncome,
        (RuleSet::Germany, _) if over_a_year => Basis::TaxFree,
        (RuleSet::Germany, _) => Basis::PrivateSale,
        (RuleSet::Austria, Regime::Security) => Basis::SpecialRate,
        // Individual lots in Austria are Altvermögen crypto or metals.
        (RuleSet::Austria, _) if part.is_some() && over_a_year => Basis::TaxFree,
        (RuleSet::Austria, _) if part.is_some() => Basis::Progressive,
        // The pool (Neuvermögen), or a part without any lot (assumed Neuvermögen).
        (RuleSet::Austria, Regime::Metal) => Basis::Progressive,
        (RuleSet::Austria, Regime::Crypto) => Basis::SpecialRate,
    }
}
