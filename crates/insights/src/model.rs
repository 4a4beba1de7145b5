//! What a report holds: every figure in EUR as an exact `Decimal`, `None` where an input
//! was missing (a cost nobody knows, a reward without a price), never a silent zero.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use rust_decimal::Decimal;

/// How the rules treat an asset, from the catalogue's class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Regime {
    /// Cryptocurrencies and crypto indices (DE § 23 EStG; AT § 27b EStG).
    Crypto,
    /// Physical precious metals (DE § 23 EStG; AT speculation, § 31 EStG).
    Metal,
    /// Stocks, ETFs and ETCs (DE § 20 EStG; AT § 27 EStG, 27.5 %).
    Security,
}

/// An asset as the report names it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AssetRef {
    /// The id as sent (current API asset id; a legacy product id for legacy trades). Shared:
    /// every sale and payment of the asset holds the same.
    pub id: Arc<str>,
    /// Its symbol (the id when the catalogue did not know it).
    pub symbol: Arc<str>,
    /// How the rules treat it.
    pub regime: Regime,
}

/// How the part of a sale that used one lot is taxed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Basis {
    /// DE: private sale within a year (§ 23 EStG), subject to the yearly Freigrenze.
    PrivateSale,
    /// DE: capital income (§ 20 EStG): stocks and ETFs, always taxable.
    CapitalIncome,
    /// AT: special rate 27.5 % (Neuvermögen crypto, securities).
    SpecialRate,
    /// AT: taxable at the progressive income-tax rate (Altvermögen or metals within a year).
    Progressive,
    /// Tax-free: held more than one year (DE § 23; AT Altvermögen and metals).
    TaxFree,
    /// AT: a crypto-to-crypto swap of Neuvermögen: no realisation, the cost carries over.
    CarriedOver,
}

impl Basis {
    /// Whether a gain on this basis is taxable (in some regime).
    pub fn is_taxable(self) -> bool {
        matches!(
            self,
            Basis::PrivateSale | Basis::CapitalIncome | Basis::SpecialRate | Basis::Progressive
        )
    }

    /// The words the CSV file writes (English: a file's contents stay locale-neutral; the
    /// page words each basis itself, in the language shown).
    pub fn csv_label(self) -> &'static str {
        match self {
            Basis::PrivateSale => "taxable private sale (§ 23 EStG)",
            Basis::CapitalIncome => "capital income (§ 20 EStG)",
            Basis::SpecialRate => "taxable at 27.5 %",
            Basis::Progressive => "taxable at the progressive rate",
            Basis::TaxFree => "tax-free: held more than one year",
            Basis::CarriedOver => "not taxable: swap, cost carried over",
        }
    }
}

/// The part of a sale that used one lot (or Austria's moving-average pool).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LotUse {
    /// When the lot was acquired (`None`: the moving-average pool).
    pub acquired: Option<NaiveDate>,
    /// Quantity taken from it.
    pub quantity: Decimal,
    /// Its cost (`None`: unknown).
    pub cost: Option<Decimal>,
    /// The share of the sale's proceeds (by quantity).
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
    /// What was sold.
    pub asset: AssetRef,
    /// How much.
    pub quantity: Decimal,
    /// What it brought, after fees (a swap: the market value given up).
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

impl Disposal {
    /// The known gain of the lots used on a taxable basis.
    pub fn taxable_gain(&self) -> Decimal {
        self.sum_gains(|b| b.is_taxable())
    }

    /// The known gain of the lots used tax-free.
    pub fn tax_free_gain(&self) -> Decimal {
        self.sum_gains(|b| b == Basis::TaxFree)
    }

    /// Whether a lot used had no known cost (its gain is not in the sums).
    pub fn cost_unknown(&self) -> bool {
        self.lots.iter().any(|l| l.gain.is_none())
    }

    fn sum_gains(&self, keep: impl Fn(Basis) -> bool) -> Decimal {
        self.lots
            .iter()
            .filter(|l| keep(l.basis))
            .filter_map(|l| l.gain)
            .fold(Decimal::ZERO, |a, g| a.checked_add(g).unwrap_or(a))
    }
}

/// Realised gains of one asset in one year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GainRow {
    /// The calendar year.
    pub year: i32,
    /// The asset.
    pub asset: AssetRef,
    /// Known taxable gains minus losses.
    pub taxable_gain: Decimal,
    /// Known tax-free gains.
    pub tax_free_gain: Decimal,
    /// Sales counted.
    pub disposals: usize,
    /// Sales with a lot of unknown cost (their gain is not in the sums).
    pub cost_unknown: usize,
}

/// Where an income came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IncomeKind {
    /// Staking rewards.
    Staking,
    /// Other rewards (passive earn, card cashback).
    OtherReward,
    /// Dividends.
    Dividend,
}

impl IncomeKind {
    /// The words the CSV file writes (English: a file's contents stay locale-neutral; the
    /// page words each kind itself, in the language shown).
    pub fn csv_label(self) -> &'static str {
        match self {
            IncomeKind::Staking => "Staking rewards",
            IncomeKind::OtherReward => "Other rewards",
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
    pub gross: Decimal,
    /// Fees charged on it (same unit).
    pub fee: Decimal,
    /// Gross minus fee.
    pub net: Decimal,
    /// How many payments.
    pub count: usize,
    /// Its EUR value when received (`None` when a payment had no price).
    pub value: Option<Decimal>,
}

/// Austria's figures for one year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AustriaYear {
    /// Neuvermögen crypto gains, securities' gains and dividends, losses offset, not below 0.
    pub special_rate_base: Decimal,
    /// 27.5 % of the base, to the cent.
    pub estimate: Decimal,
    /// Gains taxable at the progressive rate (Altvermögen and metals sold within a year).
    pub progressive_gains: Decimal,
}

/// Germany's figures for one year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GermanyYear {
    /// Net gain of private sales within a year (§ 23 EStG), losses offset.
    pub private_sales: Decimal,
    /// The year's Freigrenze for private sales (600 € up to 2023, 1,000 € from 2024).
    pub private_sales_limit: Decimal,
    /// What of it is taxable: all of it when it reaches the limit, nothing below.
    pub private_sales_taxable: Decimal,
    /// Rewards' value on receipt (§ 22 Nr. 3 EStG).
    pub other_income: Decimal,
    /// Its Freigrenze (256 €).
    pub other_income_limit: Decimal,
    /// What of it is taxable.
    pub other_income_taxable: Decimal,
    /// Securities' gains and dividends (§ 20 EStG).
    pub capital_income: Decimal,
    /// The Sparer-Pauschbetrag (801 € up to 2022, 1,000 € from 2023; one person).
    pub allowance: Decimal,
    /// Capital income above the allowance.
    pub capital_taxable: Decimal,
}

/// The totals of one calendar year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YearTotals {
    /// The year.
    pub year: i32,
    /// Known taxable gains minus losses.
    pub taxable_gains: Decimal,
    /// Known tax-free gains.
    pub tax_free_gains: Decimal,
    /// Known losses on a taxable basis (as a negative figure; already in `taxable_gains`).
    pub losses: Decimal,
    /// Income's value on receipt (known values only).
    pub income: Decimal,
    /// Payments whose value is not known.
    pub income_unvalued: usize,
    /// Tax the service withheld (the operations' tax legs, EUR).
    pub withheld_tax: Decimal,
    /// Fees paid (trade fees and fee legs, EUR).
    pub fees: Decimal,
    /// The spread paid: the API does not send it, so it is never known.
    pub spread: Option<Decimal>,
    /// Sales counted.
    pub disposals: usize,
    /// Austria's figures (Austrian rules only).
    pub austria: Option<AustriaYear>,
    /// Germany's figures (German rules only).
    pub germany: Option<GermanyYear>,
}

/// A lot still held (Austria's Neuvermögen pool is one lot per asset).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenLot {
    /// The asset.
    pub asset: AssetRef,
    /// When acquired (`None`: the moving-average pool).
    pub acquired: Option<NaiveDate>,
    /// Quantity left.
    pub quantity: Decimal,
    /// Its cost (`None`: unknown).
    pub cost: Option<Decimal>,
    /// Its value at today's price.
    pub value: Option<Decimal>,
    /// Value minus cost.
    pub unrealised: Option<Decimal>,
    /// The first day a sale of it is tax-free (`None`: never by holding, or the pool).
    pub tax_free_from: Option<NaiveDate>,
}

/// Something the report could not know or had to assume; shown beside the figures (the page
/// writes the sentence for each, in the language shown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Flag {
    /// An asset came in without a cost (deposit, refund, unknown type): enter one.
    CostUnknown {
        /// The operation id (key of `entered_costs`).
        entry_id: String,
        /// The asset.
        asset: AssetRef,
        /// How much.
        quantity: Decimal,
        /// When.
        date: NaiveDate,
    },
    /// No price for an asset on a day (a reward, a swap, a fee in an asset).
    NoPrice {
        /// The operation id.
        entry_id: String,
        /// The asset's symbol.
        symbol: String,
        /// When.
        date: NaiveDate,
    },
    /// A fiat amount in another currency without a rate to EUR.
    NoEurRate {
        /// The operation id.
        entry_id: String,
        /// The currency.
        currency: String,
    },
    /// More was sold or sent than the history had bought (an incomplete history).
    Shortfall {
        /// The operation id.
        entry_id: String,
        /// The asset's symbol.
        symbol: String,
        /// The quantity without a lot.
        quantity: Decimal,
    },
    /// A crypto index is held: its rebalancing is not in the API.
    IndexHeld {
        /// The index's symbol.
        symbol: String,
    },
    /// An asset whose class the catalogue did not say: treated as crypto.
    ClassUnknown {
        /// Its symbol.
        symbol: String,
    },
    /// Operations of a type Folio does not know: their asset legs move lots at unknown cost.
    UnknownType {
        /// The type as sent.
        raw_type: String,
        /// How many.
        count: usize,
    },
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
    /// The money-weighted return per year (IRR of the EUR deposits, withdrawals and today's
    /// value), as a fraction (`0.05` = 5 %).
    pub money_weighted_return: Option<Decimal>,
    /// How many EUR cash flows it used (today's value included).
    pub cash_flows: usize,
    /// What could not be known or was assumed.
    pub flags: Vec<Flag>,
    /// Ledger entries used (after removing duplicates).
    pub entries: usize,
}
