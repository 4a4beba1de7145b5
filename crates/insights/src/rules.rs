//! Which rule applies where and when: the regime of an asset class, the days the Austrian
//! reform draws its lines on, and how a part of a sale is taxed under each rule set
//! (docs/insights.md gives each rule's source and the day it applies from).

use chrono::NaiveDate;
use folio_client::current::AssetType;
use folio_export::tax::entry::Unit;

use crate::holding::held_more_than_a_year;
use crate::model::{Acquired, Basis, Regime};
use crate::RuleSet;

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap_or(NaiveDate::MIN)
}

/// Austria's Neuvermögen: crypto acquired from this day on (§ 124b Z 384 EStG).
pub fn neuvermoegen_from() -> NaiveDate {
    date(2021, 3, 1)
}

/// Austria's new crypto rules apply to realisations from this day on: the 27.5 % special
/// rate (§ 27 (4a), § 27a (1) Z 2) and swaps that realise nothing (§ 27b (3) Z 2); earlier
/// realisations follow the old § 31 (§ 124b Z 384 EStG).
pub fn new_rules_from() -> NaiveDate {
    date(2022, 3, 1)
}

/// How the rules treat a unit, and whether its class was known.
pub fn regime_of(unit: &Unit) -> (Regime, bool) {
    if unit.is_fiat() {
        return (Regime::Cash, true);
    }
    match unit.asset_type() {
        Some(AssetType::Cryptocoin) | Some(AssetType::Index) => (Regime::Crypto, true),
        Some(AssetType::Metal) => (Regime::Metal, true),
        Some(AssetType::Stock) => (Regime::Stock, true),
        Some(AssetType::Etf) => (Regime::Fund, true),
        Some(AssetType::Etc) => (Regime::Commodity, true),
        _ => (Regime::Crypto, false),
    }
}

/// Whether Austria keeps an acquisition of `regime` on `day` in the moving-average pool
/// (Neuvermögen crypto, KryptowährungsVO § 2; securities, § 27a (4) Z 4) rather than as a
/// lot of its own (Altvermögen crypto, metals).
pub fn pooled_in_austria(regime: Regime, day: NaiveDate) -> bool {
    match regime {
        Regime::Crypto => day >= neuvermoegen_from(),
        Regime::Stock | Regime::Fund | Regime::Commodity => true,
        Regime::Metal | Regime::Cash => false,
    }
}

/// Whether a swap of `given` for `got` on `day` realises nothing in Austria (crypto for
/// crypto from 1 March 2022; the pool's part carries its cost over).
pub fn swap_carries_cost(rules: RuleSet, given: Regime, got: Regime, day: NaiveDate) -> bool {
    rules == RuleSet::Austria
        && given == Regime::Crypto
        && got == Regime::Crypto
        && day >= new_rules_from()
}

/// Whether Austrian crypto acquired `acquired` is Neuvermögen (the pool, or a day from
/// 1 March 2021).
pub fn is_neuvermoegen(acquired: Acquired) -> bool {
    match acquired {
        Acquired::Pool => true,
        Acquired::On(day) => day >= neuvermoegen_from(),
        Acquired::Unknown => false,
    }
}

/// How a part of a sale on `sold`, taken from a lot acquired `acquired`, is taxed.
pub fn basis(rules: RuleSet, regime: Regime, acquired: Acquired, sold: NaiveDate) -> Basis {
    let by_holding = |day: Option<NaiveDate>, within: Basis| match day {
        Some(day) if held_more_than_a_year(day, sold) => Basis::TaxFree,
        Some(_) => within,
        None => Basis::HoldingUnknown,
    };
    match (rules, regime) {
        (RuleSet::Germany, Regime::Stock) => Basis::ShareSale,
        (RuleSet::Germany, Regime::Fund | Regime::Commodity) => Basis::CapitalIncome,
        (RuleSet::Germany, _) => by_holding(acquired.day(), Basis::PrivateSale),
        (RuleSet::Austria, r) if r.is_security() => Basis::SpecialRate,
        // Neuvermögen crypto (the pool, or an arrival's own lot acquired from 1 March 2021):
        // 27.5 % from 1 March 2022; a sale before then follows the old § 31, and was within
        // a year (acquired from 1 March 2021).
        (RuleSet::Austria, Regime::Crypto) if is_neuvermoegen(acquired) => {
            if sold >= new_rules_from() {
                Basis::SpecialRate
            } else {
                Basis::Progressive
            }
        }
        // Lots of their own: Altvermögen crypto, metals, arrivals of unknown day.
        (RuleSet::Austria, _) => by_holding(acquired.day(), Basis::Progressive),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn austrian_lines_fall_on_the_days_the_law_names() {
        let pool = Acquired::Pool;
        // Neuvermögen sold on 28 February 2022: old § 31 (speculation, progressive).
        assert_eq!(
            basis(RuleSet::Austria, Regime::Crypto, pool, date(2022, 2, 28)),
            Basis::Progressive
        );
        // … and on 1 March 2022: 27.5 %.
        assert_eq!(
            basis(RuleSet::Austria, Regime::Crypto, pool, date(2022, 3, 1)),
            Basis::SpecialRate
        );
        assert!(!pooled_in_austria(Regime::Crypto, date(2021, 2, 28)));
        assert!(pooled_in_austria(Regime::Crypto, date(2021, 3, 1)));
        assert!(!swap_carries_cost(
            RuleSet::Austria,
            Regime::Crypto,
            Regime::Crypto,
            date(2022, 2, 28)
        ));
        assert!(swap_carries_cost(
            RuleSet::Austria,
            Regime::Crypto,
            Regime::Crypto,
            date(2022, 3, 1)
        ));
    }

    #[test]
    fn an_unknown_acquisition_day_leaves_the_treatment_unknown() {
        for rules in [RuleSet::Austria, RuleSet::Germany] {
            assert_eq!(
                basis(rules, Regime::Metal, Acquired::Unknown, date(2025, 1, 1)),
                Basis::HoldingUnknown
            );
        }
        // Securities do not depend on it.
        assert_eq!(
            basis(
                RuleSet::Germany,
                Regime::Stock,
                Acquired::Unknown,
                date(2025, 1, 1)
            ),
            Basis::ShareSale
        );
        assert_eq!(
            basis(
                RuleSet::Austria,
                Regime::Fund,
                Acquired::Unknown,
                date(2025, 1, 1)
            ),
            Basis::SpecialRate
        );
    }
}
