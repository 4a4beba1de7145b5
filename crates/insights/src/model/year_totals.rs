//! A year's totals under each rule set: what the summary of one tax year shows.

use rust_decimal::Decimal;

use super::Basis;

/// Austria's figures for one year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AustriaYear {
    /// The 27.5 % base: Neuvermögen crypto gains realised from 1 March 2022, securities'
    /// gains, dividends and lending income, losses offset, not below 0. Fees are not in it.
    pub special_rate_base: Option<Decimal>,
    /// 27.5 % of the base, to the cent.
    pub estimate: Option<Decimal>,
    /// Net speculation gains (§ 31: Altvermögen and metals within a year, Neuvermögen sold
    /// before 1 March 2022), losses offset within the year.
    pub speculation_gains: Option<Decimal>,
    /// What of them is taxable at the progressive rate: nothing when they are at most the
    /// €440 Freigrenze (§ 31 (3)) or a loss (which offsets no other income, § 31 (4)).
    pub speculation_taxable: Option<Decimal>,
}

/// Germany's figures for one year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GermanyYear {
    /// Net gain of private sales within a year (§ 23 EStG), losses offset.
    pub private_sales: Option<Decimal>,
    /// The year's Freigrenze for private sales (600 € up to 2023, 1,000 € from 2024).
    pub private_sales_limit: Decimal,
    /// What of it is taxable: all of it when it reaches the limit, nothing below.
    pub private_sales_taxable: Option<Decimal>,
    /// Rewards' value on receipt (§ 22 Nr. 3 EStG).
    pub other_income: Option<Decimal>,
    /// Its Freigrenze (256 €).
    pub other_income_limit: Decimal,
    /// What of it is taxable.
    pub other_income_taxable: Option<Decimal>,
    /// The year's net gain from selling shares (§ 20 (2) Nr. 1).
    pub share_sales: Option<Decimal>,
    /// Share losses brought from earlier years of the report (≤ 0).
    pub share_losses_brought: Option<Decimal>,
    /// Share losses left to carry into the next year (≤ 0; § 20 (6) sentence 4).
    pub share_losses_carried: Option<Decimal>,
    /// Capital income after the share pot: funds' and ETCs' gains (before the funds'
    /// partial exemption), dividends, share gains left after their losses, and general
    /// capital losses brought from earlier years.
    pub capital_income: Option<Decimal>,
    /// General capital losses left to carry into the next year (≤ 0).
    pub capital_losses_carried: Option<Decimal>,
    /// The Sparer-Pauschbetrag (801 € up to 2022, 1,000 € from 2023; one person).
    pub allowance: Decimal,
    /// Capital income above the allowance.
    pub capital_taxable: Option<Decimal>,
}

/// The totals of one calendar year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YearTotals {
    /// The year.
    pub year: i32,
    /// Taxable gains minus losses, per basis present in the year (never added across
    /// bases: they are taxed differently).
    pub taxable: Vec<(Basis, Option<Decimal>)>,
    /// Tax-free gains.
    pub tax_free_gains: Option<Decimal>,
    /// Gains whose treatment is not known (acquisition date unknown).
    pub holding_unknown_gains: Option<Decimal>,
    /// Income's value on receipt (known values only; `income_unvalued` counts the rest).
    pub income: Option<Decimal>,
    /// Payments whose value is not known.
    pub income_unvalued: usize,
    /// Tax the service withheld (outgoing tax legs, less tax credited back, EUR).
    pub withheld_tax: Option<Decimal>,
    /// Fees paid (trade fees and fee legs, EUR).
    pub fees: Option<Decimal>,
    /// The spread paid: the API does not send it, so it is never known.
    pub spread: Option<Decimal>,
    /// Sales counted.
    pub disposals: usize,
    /// Sales with a lot of unknown cost or day (their gain is not in the sums).
    pub disposals_unknown: usize,
    /// Austria's figures (Austrian rules only).
    pub austria: Option<AustriaYear>,
    /// Germany's figures (German rules only).
    pub germany: Option<GermanyYear>,
}

impl YearTotals {
    /// The year's gain on `basis` (zero when the year has none).
    pub fn taxable_on(&self, basis: Basis) -> Option<Decimal> {
        self.taxable
            .iter()
            .find(|(b, _)| *b == basis)
            .map_or(Some(Decimal::ZERO), |(_, g)| *g)
    }
}
