//! The tables a report shows, built from the walk: gains per year and asset, income per
//! year, asset and kind, and each year's totals with the rule set's thresholds.

use std::collections::BTreeMap;

use chrono::Datelike;
use rust_decimal::Decimal;

use crate::engine::{Payment, Walk};
use crate::model::{
    AssetRef, AustriaYear, Basis, Disposal, GainRow, GermanyYear, IncomeKind, IncomeRow, YearTotals,
};
use crate::RuleSet;

fn plus(a: Decimal, b: Decimal) -> Decimal {
    a.checked_add(b).unwrap_or(a)
}

/// Realised gains per (year, asset).
pub fn gains(disposals: &[Disposal]) -> Vec<GainRow> {
    let mut rows: BTreeMap<(i32, AssetRef), GainRow> = BTreeMap::new();
    for d in disposals {
        let year = d.time.year();
        let row = rows
            .entry((year, d.asset.clone()))
            .or_insert_with(|| GainRow {
                year,
                asset: d.asset.clone(),
                taxable_gain: Decimal::ZERO,
                tax_free_gain: Decimal::ZERO,
                disposals: 0,
                cost_unknown: 0,
            });
        row.taxable_gain = plus(row.taxable_gain, d.taxable_gain());
        row.tax_free_gain = plus(row.tax_free_gain, d.tax_free_gain());
        row.disposals = row.disposals.saturating_add(1);
        if d.cost_unknown() {
            row.cost_unknown = row.cost_unknown.saturating_add(1);
        }
    }
    rows.into_values().collect()
}

/// Income per (year, asset, kind).
pub fn income(payments: &[Payment]) -> Vec<IncomeRow> {
    let mut rows: BTreeMap<(i32, AssetRef, IncomeKind), IncomeRow> = BTreeMap::new();
    for p in payments {
        let row = rows
            .entry((p.year, p.asset.clone(), p.kind))
            .or_insert_with(|| IncomeRow {
                year: p.year,
                asset: p.asset.clone(),
                kind: p.kind,
                gross: Decimal::ZERO,
                fee: Decimal::ZERO,
                net: Decimal::ZERO,
                count: 0,
                value: Some(Decimal::ZERO),
            });
        row.gross = plus(row.gross, p.gross);
        row.fee = plus(row.fee, p.fee);
        row.net = row.gross.checked_sub(row.fee).unwrap_or(row.gross);
        row.count = row.count.saturating_add(1);
        row.value = row.value.zip(p.value).and_then(|(a, b)| a.checked_add(b));
    }
    rows.into_values().collect()
}

/// The sums of lot gains of one year by basis.
#[derive(Default)]
struct BasisSums {
    by_basis: Vec<(Basis, Decimal)>,
    losses: Decimal,
    taxable: Decimal,
    tax_free: Decimal,
    disposals: usize,
}

impl BasisSums {
    fn add(&mut self, d: &Disposal) {
        self.disposals = self.disposals.saturating_add(1);
        self.taxable = plus(self.taxable, d.taxable_gain());
        self.tax_free = plus(self.tax_free, d.tax_free_gain());
        for lot in &d.lots {
            let Some(gain) = lot.gain else { continue };
            if lot.basis.is_taxable() && gain.is_sign_negative() {
                self.losses = plus(self.losses, gain);
            }
            match self.by_basis.iter_mut().find(|(b, _)| *b == lot.basis) {
                Some((_, sum)) => *sum = plus(*sum, gain),
                None => self.by_basis.push((lot.basis, gain)),
            }
        }
    }

    fn of(&self, basis: Basis) -> Decimal {
        self.by_basis
            .iter()
            .find(|(b, _)| *b == basis)
            .map_or(Decimal::ZERO, |(_, s)| *s)
    }
}

/// Germany's Freigrenze for private sales in `year` (§ 23 (3) sentence 5 EStG).
pub fn private_sales_limit(year: i32) -> Decimal {
    Decimal::from(if year <= 2023 { 600 } else { 1_000 })
}

/// Germany's Sparer-Pauschbetrag for one person in `year` (§ 20 (9) EStG).
pub fn saver_allowance(year: i32) -> Decimal {
    Decimal::from(if year <= 2022 { 801 } else { 1_000 })
}

/// Germany's Freigrenze for other income (§ 22 Nr. 3 sentence 2 EStG).
pub fn other_income_limit() -> Decimal {
    Decimal::from(256)
}

/// What of `amount` is taxable under a Freigrenze of `limit`: all of it from the limit on,
/// nothing below it (and nothing when it is a loss).
pub fn over_freigrenze(amount: Decimal, limit: Decimal) -> Decimal {
    if amount < limit {
        Decimal::ZERO
    } else {
        amount
    }
}

/// Each year's totals.
pub fn totals(walk: &Walk, rules: RuleSet) -> Vec<YearTotals> {
    let mut sums: BTreeMap<i32, BasisSums> = BTreeMap::new();
    for d in &walk.disposals {
        sums.entry(d.time.year()).or_default().add(d);
    }
    let mut years = walk.active_years.clone();
    years.extend(sums.keys().copied());
    folio_client::sorting::sort(&mut years);
    years.dedup();
    years
        .into_iter()
        .map(|year| {
            let empty = BasisSums::default();
            let s = sums.get(&year).unwrap_or(&empty);
            let paid = walk.payments.iter().filter(|p| p.year == year);
            let (mut income, mut dividends, mut rewards, mut unvalued) =
                (Decimal::ZERO, Decimal::ZERO, Decimal::ZERO, 0usize);
            for p in paid {
                match p.value {
                    Some(v) => {
                        income = plus(income, v);
                        if p.kind == IncomeKind::Dividend {
                            dividends = plus(dividends, v);
                        } else {
                            rewards = plus(rewards, v);
                        }
                    }
                    None => unvalued = unvalued.saturating_add(1),
                }
            }
            let austria = (rules == RuleSet::Austria).then(|| {
                let base = plus(s.of(Basis::SpecialRate), dividends).max(Decimal::ZERO);
                AustriaYear {
                    special_rate_base: base,
                    estimate: base
                        .checked_mul(Decimal::new(275, 3))
                        .map_or(Decimal::ZERO, |t| t.round_dp(2)),
                    progressive_gains: s.of(Basis::Progressive),
                }
            });
            let germany = (rules == RuleSet::Germany).then(|| {
                let private_sales = s.of(Basis::PrivateSale);
                let capital = plus(s.of(Basis::CapitalIncome), dividends);
                let allowance = saver_allowance(year);
                GermanyYear {
                    private_sales,
                    private_sales_limit: private_sales_limit(year),
                    private_sales_taxable: over_freigrenze(
                        private_sales,
                        private_sales_limit(year),
                    ),
                    other_income: rewards,
                    other_income_limit: other_income_limit(),
                    other_income_taxable: over_freigrenze(rewards, other_income_limit()),
                    capital_income: capital,
                    allowance,
                    capital_taxable: capital
                        .checked_sub(allowance)
                        .unwrap_or(Decimal::ZERO)
                        .max(Decimal::ZERO),
                }
            });
            YearTotals {
                year,
                taxable_gains: s.taxable,
                tax_free_gains: s.tax_free,
                losses: s.losses,
                income,
                income_unvalued: unvalued,
                withheld_tax: walk.withheld.get(&year).copied().unwrap_or_default(),
                fees: walk.fees.get(&year).copied().unwrap_or_default(),
                spread: None,
                disposals: s.disposals,
                austria,
                germany,
            }
        })
        .collect()
}
