//! The tables a report shows, built from the walk: gains per year and asset, income per
//! year, asset and kind, and each year's totals with the rule set's thresholds and pots.
//! A sum that overflows is unknown (`None`), never the smaller sum before it; a lot whose
//! gain is unknown (its cost or acquisition day) is left out of the sums and counted.

use std::collections::BTreeMap;

use chrono::Datelike;
use rust_decimal::Decimal;

use crate::engine::{Payment, Walk};
use crate::model::{
    plus, AssetRef, AustriaYear, Basis, Disposal, GainRow, GermanyYear, IncomeKind, IncomeRow,
    YearTotals,
};
use crate::RuleSet;

/// Gains per basis, unknown once a sum overflowed.
#[derive(Debug, Default, Clone)]
struct ByBasis(Vec<(Basis, Option<Decimal>)>);

impl ByBasis {
    fn add(&mut self, basis: Basis, gain: Decimal) {
        self.add_sum(basis, Some(gain));
    }

    /// Adds a sum (`None`: unknown, and so is the total from then on).
    fn add_sum(&mut self, basis: Basis, gain: Option<Decimal>) {
        match self.0.iter_mut().find(|(b, _)| *b == basis) {
            Some((_, sum)) => *sum = plus(*sum, gain),
            None => self.0.push((basis, gain)),
        }
    }

    fn of(&self, basis: Basis) -> Option<Decimal> {
        self.0
            .iter()
            .find(|(b, _)| *b == basis)
            .map_or(Some(Decimal::ZERO), |(_, s)| *s)
    }

    fn taxable(&self) -> Vec<(Basis, Option<Decimal>)> {
        let mut out: Vec<_> = self
            .0
            .iter()
            .filter(|(b, _)| b.is_taxable())
            .copied()
            .collect();
        out.sort_by_key(|(b, _)| *b);
        out
    }

    /// Adds every lot of `d` with a known gain; answers whether a lot's gain was unknown.
    fn add_disposal(&mut self, d: &Disposal) -> bool {
        let mut unknown = false;
        for lot in &d.lots {
            match lot.gain {
                Some(gain) if lot.basis != Basis::HoldingUnknown => self.add(lot.basis, gain),
                Some(gain) => {
                    self.add(lot.basis, gain);
                    unknown = true;
                }
                None => unknown = true,
            }
        }
        unknown
    }
}

/// The sales' gains summed per (year, asset) by basis, with the count of sales and of
/// sales with a lot of unknown gain: every lot's gain is added once, here, and the year
/// totals add these sums (an addition of decimals of different scales rescales one of them,
/// and a report adds tens of thousands of lot gains).
#[derive(Debug, Default)]
pub struct DisposalSums {
    rows: BTreeMap<(i32, AssetRef), (ByBasis, usize, usize)>,
}

impl DisposalSums {
    /// The sums of `disposals`.
    pub fn of(disposals: &[Disposal]) -> Self {
        let mut rows: BTreeMap<(i32, AssetRef), (ByBasis, usize, usize)> = BTreeMap::new();
        for d in disposals {
            let row = rows.entry((d.day.year(), d.asset.clone())).or_default();
            if row.0.add_disposal(d) {
                row.2 = row.2.saturating_add(1);
            }
            row.1 = row.1.saturating_add(1);
        }
        DisposalSums { rows }
    }

    /// Each year's sums (every asset's added up), with its counts.
    fn by_year(&self) -> BTreeMap<i32, (ByBasis, usize, usize)> {
        let mut years: BTreeMap<i32, (ByBasis, usize, usize)> = BTreeMap::new();
        for ((year, _), (sums, disposals, unknown)) in &self.rows {
            let y = years.entry(*year).or_default();
            for &(basis, sum) in &sums.0 {
                y.0.add_sum(basis, sum);
            }
            y.1 = y.1.saturating_add(*disposals);
            y.2 = y.2.saturating_add(*unknown);
        }
        years
    }

    /// Realised gains per (year, asset).
    pub fn gains(self) -> Vec<GainRow> {
        self.rows
            .into_iter()
            .map(|((year, asset), (sums, disposals, cost_unknown))| GainRow {
                year,
                asset,
                taxable: sums.taxable(),
                tax_free_gain: sums.of(Basis::TaxFree),
                disposals,
                cost_unknown,
            })
            .collect()
    }
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
                gross: Some(Decimal::ZERO),
                fee: Some(Decimal::ZERO),
                net: Some(Decimal::ZERO),
                count: 0,
                value: Some(Decimal::ZERO),
            });
        row.gross = plus(row.gross, Some(p.gross));
        row.fee = plus(row.fee, Some(p.fee));
        row.net = row.gross.zip(row.fee).and_then(|(g, f)| g.checked_sub(f));
        row.count = row.count.saturating_add(1);
        row.value = plus(row.value, p.value);
    }
    rows.into_values().collect()
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

/// Austria's Freigrenze for speculation gains (§ 31 (3) EStG): tax-free up to it.
pub fn speculation_limit() -> Decimal {
    Decimal::from(440)
}

/// What of `amount` is taxable under a Freigrenze of `limit` that frees amounts *below*
/// it: all of it from the limit on, nothing below it (and nothing when it is a loss).
pub fn over_freigrenze(amount: Decimal, limit: Decimal) -> Decimal {
    if amount < limit {
        Decimal::ZERO
    } else {
        amount
    }
}

/// The year's income values by what the rules do with them.
struct IncomeSums {
    all: Option<Decimal>,
    dividends: Option<Decimal>,
    lending: Option<Decimal>,
    rewards: Option<Decimal>,
    unvalued: usize,
}

impl IncomeSums {
    /// Nothing yet.
    fn zero() -> Self {
        let zero = Some(Decimal::ZERO);
        IncomeSums {
            all: zero,
            dividends: zero,
            lending: zero,
            rewards: zero,
            unvalued: 0,
        }
    }

    fn add(&mut self, p: &Payment) {
        let Some(v) = p.value else {
            self.unvalued = self.unvalued.saturating_add(1);
            return;
        };
        self.all = plus(self.all, Some(v));
        match p.kind {
            IncomeKind::Dividend => self.dividends = plus(self.dividends, Some(v)),
            IncomeKind::Lending => {
                self.lending = plus(self.lending, Some(v));
                self.rewards = plus(self.rewards, Some(v));
            }
            IncomeKind::Staking | IncomeKind::Cashback => {
                self.rewards = plus(self.rewards, Some(v))
            }
        }
    }
}

/// Each year's income sums, in one pass over the payments (not one pass per year).
fn income_by_year(payments: &[Payment]) -> BTreeMap<i32, IncomeSums> {
    let mut by_year: BTreeMap<i32, IncomeSums> = BTreeMap::new();
    for p in payments {
        by_year
            .entry(p.year)
            .or_insert_with(IncomeSums::zero)
            .add(p);
    }
    by_year
}

fn austria(sums: &ByBasis, income: &IncomeSums) -> AustriaYear {
    let special = plus(
        plus(sums.of(Basis::SpecialRate), income.dividends),
        income.lending,
    );
    let base = special.map(|s| s.max(Decimal::ZERO));
    let speculation = sums.of(Basis::Progressive);
    AustriaYear {
        special_rate_base: base,
        estimate: base
            .and_then(|b| b.checked_mul(Decimal::new(275, 3)))
            .map(|t| t.round_dp(2)),
        speculation_gains: speculation,
        speculation_taxable: speculation.map(|s| {
            if s > speculation_limit() {
                s
            } else {
                Decimal::ZERO
            }
        }),
    }
}

/// Losses Germany carries from one year of the report into the next.
#[derive(Clone, Copy)]
struct Carried {
    shares: Option<Decimal>,
    capital: Option<Decimal>,
}

fn germany(
    year: i32,
    sums: &ByBasis,
    income: &IncomeSums,
    brought: Carried,
) -> (GermanyYear, Carried) {
    let private_sales = sums.of(Basis::PrivateSale);
    let share_sales = sums.of(Basis::ShareSale);
    let share_net = plus(share_sales, brought.shares);
    let share_left = share_net.map(|n| n.max(Decimal::ZERO));
    let general = plus(
        plus(
            plus(sums.of(Basis::CapitalIncome), income.dividends),
            share_left,
        ),
        brought.capital,
    );
    let capital_income = general.map(|g| g.max(Decimal::ZERO));
    let allowance = saver_allowance(year);
    let carried = Carried {
        shares: share_net.map(|n| n.min(Decimal::ZERO)),
        capital: general.map(|g| g.min(Decimal::ZERO)),
    };
    let de = GermanyYear {
        private_sales,
        private_sales_limit: private_sales_limit(year),
        private_sales_taxable: private_sales.map(|p| over_freigrenze(p, private_sales_limit(year))),
        other_income: income.rewards,
        other_income_limit: other_income_limit(),
        other_income_taxable: income
            .rewards
            .map(|r| over_freigrenze(r, other_income_limit())),
        share_sales,
        share_losses_brought: brought.shares,
        share_losses_carried: carried.shares,
        capital_income,
        capital_losses_carried: carried.capital,
        allowance,
        capital_taxable: capital_income
            .and_then(|c| c.checked_sub(allowance))
            .map(|c| c.max(Decimal::ZERO)),
    };
    (de, carried)
}

/// Each year's totals (oldest first; Germany's loss pots carried from year to year), from
/// the walk and its sales' sums.
pub fn totals(walk: &Walk, gains: &DisposalSums, rules: RuleSet) -> Vec<YearTotals> {
    let sums = gains.by_year();
    let mut years = walk.active_years.clone();
    years.extend(sums.keys().copied());
    years.sort_unstable();
    years.dedup();
    let zero = Some(Decimal::ZERO);
    let mut income_of = income_by_year(&walk.payments);
    let mut carried = Carried {
        shares: zero,
        capital: zero,
    };
    years
        .into_iter()
        .map(|year| {
            let empty = Default::default();
            let (s, disposals, unknown) = sums.get(&year).unwrap_or(&empty);
            let income = income_of.remove(&year).unwrap_or_else(IncomeSums::zero);
            let germany = (rules == RuleSet::Germany).then(|| {
                let (de, next) = germany(year, s, &income, carried);
                carried = next;
                de
            });
            YearTotals {
                year,
                taxable: s.taxable(),
                tax_free_gains: s.of(Basis::TaxFree),
                holding_unknown_gains: s.of(Basis::HoldingUnknown),
                income: income.all,
                income_unvalued: income.unvalued,
                withheld_tax: walk.withheld.get(&year).copied().unwrap_or(zero),
                fees: walk.fees.get(&year).copied().unwrap_or(zero),
                spread: None,
                disposals: *disposals,
                disposals_unknown: *unknown,
                austria: (rules == RuleSet::Austria).then(|| austria(s, &income)),
                germany,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
