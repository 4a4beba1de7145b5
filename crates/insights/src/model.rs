//! What a report holds: every figure in EUR as an exact `Decimal`, `None` where an input
//! was missing (a cost nobody knows, a reward without a price) or a sum overflowed — never
//! a silent zero and never a smaller sum.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use rust_decimal::Decimal;

pub use crate::flags::{Flag, NotUnderstood, Unclear};
pub use year_totals::{AustriaYear, GermanyYear, YearTotals};

mod year_totals;

/// How the rules treat an asset, from the catalogue's class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Regime {
    /// Cryptocurrencies and crypto indices (DE § 23 EStG; AT § 27b EStG).
    Crypto,
    /// Physical precious metals (DE § 23 EStG; AT speculation, § 31 EStG).
    Metal,
    /// Stocks (DE § 20 EStG, losses in their own pot; AT § 27, 27.5 %).
    Stock,
    /// ETFs and other funds (DE § 20 EStG with the InvStG; AT § 27, 27.5 %).
    Fund,
    /// ETCs, exchange-traded commodities (DE § 20 EStG assumed; AT § 27, 27.5 %).
    Commodity,
    /// A fiat currency (a dividend paid in EUR, say): never a holding the rules tax.
    Cash,
}

impl Regime {
    /// Whether the class is a security (stock, fund, ETC).
    pub fn is_security(self) -> bool {
        matches!(self, Regime::Stock | Regime::Fund | Regime::Commodity)
    }
}

/// An asset as the report names it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AssetRef {
    /// The current API's asset id (a legacy coin the catalogue could not match keeps its
    /// legacy id). Shared: every sale and payment of the asset holds the same.
    pub id: Arc<str>,
    /// Its symbol (the id when the catalogue did not know it).
    pub symbol: Arc<str>,
    /// How the rules treat it.
    pub regime: Regime,
}

/// When a lot was acquired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Acquired {
    /// On this day (in the rule set's calendar).
    On(NaiveDate),
    /// Austria's moving-average pool: no single day.
    Pool,
    /// Not known: an asset that came in from elsewhere without a date entered (or more
    /// left than the history acquired).
    Unknown,
}

impl Acquired {
    /// The day, when known.
    pub fn day(self) -> Option<NaiveDate> {
        match self {
            Acquired::On(day) => Some(day),
            Acquired::Pool | Acquired::Unknown => None,
        }
    }
}

/// How the part of a sale that used one lot is taxed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Basis {
    /// DE: private sale within a year (§ 23 EStG), subject to the yearly Freigrenze.
    PrivateSale,
    /// DE: sale of shares (§ 20 (2) Nr. 1 EStG): its losses offset only share gains.
    ShareSale,
    /// DE: other capital income (§ 20 EStG): funds, ETCs.
    CapitalIncome,
    /// AT: special rate 27.5 % (Neuvermögen crypto sold from 1 March 2022, securities).
    SpecialRate,
    /// AT: speculation (§ 31 EStG) at the progressive rate: Altvermögen or metals within a
    /// year, Neuvermögen sold before 1 March 2022.
    Progressive,
    /// Tax-free: held more than one year (DE § 23; AT § 31).
    TaxFree,
    /// AT: a crypto-to-crypto swap of Neuvermögen from 1 March 2022: no realisation, the
    /// cost carries over.
    CarriedOver,
    /// The acquisition day is not known, so neither is whether the sale was within a year.
    HoldingUnknown,
}

impl Basis {
    /// Whether a gain on this basis is taxable (in some regime).
    pub fn is_taxable(self) -> bool {
        matches!(
            self,
            Basis::PrivateSale
                | Basis::ShareSale
                | Basis::CapitalIncome
                | Basis::SpecialRate
                | Basis::Progressive
        )
    }

    /// The words the CSV file writes (English: a file's contents stay locale-neutral; the
    /// page words each basis itself, in the language shown).
    pub fn csv_label(self) -> &'static str {
        match self {
            Basis::PrivateSale => "taxable private sale (§ 23 EStG)",
            Basis::ShareSale => "sale of shares (§ 20 EStG, own loss pot)",
            Basis::CapitalIncome => "capital income (§ 20 EStG)",
            Basis::SpecialRate => "taxable at 27.5 %",
            Basis::Progressive => "speculation, progressive rate (§ 31 EStG)",
            Basis::TaxFree => "tax-free: held more than one year",
            Basis::CarriedOver => "not taxable: swap, cost carried over",
            Basis::HoldingUnknown => "not known: acquisition date unknown",
        }
    }
}

/// The part of a sale that used one lot (or Austria's moving-average pool).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LotUse {
    /// When the lot was acquired.
    pub acquired: Acquired,
    /// Quantity taken from it.
    pub quantity: Decimal,
    /// Its cost (`None`: unknown).
    pub cost: Option<Decimal>,
    /// The share of the sale's proceeds (by quantity; before the sale's fee at Austria's
    /// 27.5 %, after it otherwise).
    pub proceeds: Option<Decimal>,
    /// Proceeds minus cost.
    pub gain: Option<Decimal>,
    /// How it is taxed.
    pub basis: Basis,
}

/// One sale, or the giving side of a swap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disposal {
    /// The operation (or legacy trade) id.
    pub entry_id: String,
    /// When.
    pub time: DateTime<Utc>,
    /// The day in the rule set's calendar.
    pub day: NaiveDate,
    /// What was sold.
    pub asset: AssetRef,
    /// How much.
    pub quantity: Decimal,
    /// What it brought (the lots' proceeds together; a swap: the market value given up).
    pub proceeds: Option<Decimal>,
    /// What the lots used had cost.
    pub cost: Option<Decimal>,
    /// Proceeds minus cost.
    pub gain: Option<Decimal>,
    /// Whether it was the giving side of a swap.
    pub swap: bool,
    /// The lots the sale used, oldest first.
    pub lots: Vec<LotUse>,
}

/// `a + b`, unknown once either is.
pub(crate) fn plus(a: Option<Decimal>, b: Option<Decimal>) -> Option<Decimal> {
    a?.checked_add(b?)
}

impl Disposal {
    /// The gain of the lots used on `basis` (`None`: a cost unknown or too large a sum).
    pub fn gain_on(&self, basis: Basis) -> Option<Decimal> {
        self.sum_gains(|b| b == basis)
    }

    /// The gain of the lots used on a taxable basis.
    pub fn taxable_gain(&self) -> Option<Decimal> {
        self.sum_gains(Basis::is_taxable)
    }

    /// The gain of the lots used tax-free.
    pub fn tax_free_gain(&self) -> Option<Decimal> {
        self.sum_gains(|b| b == Basis::TaxFree)
    }

    /// Whether a lot used had no known cost.
    pub fn cost_unknown(&self) -> bool {
        self.lots.iter().any(|l| l.gain.is_none())
    }

    fn sum_gains(&self, keep: impl Fn(Basis) -> bool) -> Option<Decimal> {
        self.lots
            .iter()
            .filter(|l| keep(l.basis))
            .try_fold(Decimal::ZERO, |a, l| a.checked_add(l.gain?))
    }
}

/// Realised gains of one asset in one year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GainRow {
    /// The calendar year.
    pub year: i32,
    /// The asset.
    pub asset: AssetRef,
    /// Taxable gains minus losses, per basis (`None`: a cost unknown or an overflow).
    pub taxable: Vec<(Basis, Option<Decimal>)>,
    /// Tax-free gains.
    pub tax_free_gain: Option<Decimal>,
    /// Sales counted.
    pub disposals: usize,
    /// Sales with a lot of unknown cost or unknown acquisition day.
    pub cost_unknown: usize,
}

/// Where an income came from (the operation type's class, with the assumption the page
/// states beside it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IncomeKind {
    /// Staking rewards (AT § 27b (2): acquired at cost zero, taxed when sold; DE § 22 Nr. 3).
    Staking,
    /// Passive earn rewards, assumed interest for lending the asset (AT § 27b (2) Z 1:
    /// current income at 27.5 % when received; DE § 22 Nr. 3).
    Lending,
    /// Card cashback, assumed a reward (AT: acquired at cost zero like staking; DE: other
    /// income, § 22 Nr. 3 — a rebate reading would lower the card purchase's price instead).
    Cashback,
    /// Dividends (AT 27.5 %; DE § 20).
    Dividend,
}

impl IncomeKind {
    /// The words the CSV file writes (English: a file's contents stay locale-neutral; the
    /// page words each kind itself, in the language shown).
    pub fn csv_label(self) -> &'static str {
        match self {
            IncomeKind::Staking => "Staking rewards",
            IncomeKind::Lending => "Passive earn (lending) rewards",
            IncomeKind::Cashback => "Card cashback",
            IncomeKind::Dividend => "Dividends",
        }
    }
}

/// Income of one kind in one asset (or currency) in one year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncomeRow {
    /// The calendar year.
    pub year: i32,
    /// The asset or currency received.
    pub asset: AssetRef,
    /// Where it came from.
    pub kind: IncomeKind,
    /// Quantity received before fees.
    pub gross: Option<Decimal>,
    /// Fees charged on it (same unit).
    pub fee: Option<Decimal>,
    /// Gross minus fee.
    pub net: Option<Decimal>,
    /// How many payments.
    pub count: usize,
    /// Its EUR value when received, net of the fee (`None` when a payment had no price).
    pub value: Option<Decimal>,
}

/// A lot still held (Austria's Neuvermögen pool is one lot per asset).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenLot {
    /// The asset.
    pub asset: AssetRef,
    /// When acquired.
    pub acquired: Acquired,
    /// Quantity left.
    pub quantity: Decimal,
    /// Its cost (`None`: unknown).
    pub cost: Option<Decimal>,
    /// Its value at today's price.
    pub value: Option<Decimal>,
    /// Value minus cost.
    pub unrealised: Option<Decimal>,
    /// The first day a sale of it is tax-free (`None`: never by holding, the pool, or the
    /// acquisition day is not known).
    pub tax_free_from: Option<NaiveDate>,
    /// Austria: whether the lot is Altvermögen (acquired before 1 March 2021; crypto only).
    pub altvermoegen: Option<bool>,
}

/// The whole report.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Report {
    /// Per calendar year, oldest first.
    pub years: Vec<YearTotals>,
    /// Every sale, oldest first.
    pub disposals: Vec<Disposal>,
    /// Realised gains per year and asset.
    pub gains: Vec<GainRow>,
    /// Income per year, asset and kind.
    pub income: Vec<IncomeRow>,
    /// Lots still held, per asset (by symbol), oldest first.
    pub open_lots: Vec<OpenLot>,
    /// The money-weighted return per year (IRR of the EUR deposits and withdrawals, the
    /// assets transferred in and out at their reference value, and today's value), as a
    /// fraction (`0.05` = 5 %). `None` when it cannot be solved or a transfer has no value.
    pub money_weighted_return: Option<Decimal>,
    /// How many cash flows it used (today's value included).
    pub cash_flows: usize,
    /// Transfers of an asset in or out the return counts at their reference value.
    pub transfers_valued: usize,
    /// What could not be known or was assumed.
    pub flags: Vec<Flag>,
    /// Operations Folio did not understand: each one, with the reason.
    pub not_understood: Vec<NotUnderstood>,
    /// Ledger entries used (after removing duplicates).
    pub entries: usize,
}
