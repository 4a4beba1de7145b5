//! The walk through the ledger: every entry, oldest first, moves lots in and out of the
//! holdings and records sales, income, tax withheld, fees and EUR cash flows. The rules
//! decide where an acquisition goes (a lot or Austria's pool) and how each part of a sale is
//! taxed (`crate::rules`); docs/insights.md says what each operation type does. Trades and
//! swaps are walked here, every other entry in `engine/legs.rs`.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

use chrono::NaiveDate;
use folio_client::current::AssetType;
use folio_export::tax::entry::{Entry, Move, Shape, Unit};
use rust_decimal::Decimal;
use rustc_hash::FxHashMap;

use crate::eur::fiat_in_eur;
use crate::lots::{Holding, Taken};
use crate::model::{AssetRef, Basis, Disposal, Flag, IncomeKind, LotUse, Regime};
use crate::prices::ReferencePrices;
use crate::rules::{basis, neuvermoegen_from, regime_of};
use crate::RuleSet;

mod legs;

/// One income payment.
#[derive(Debug, Clone)]
pub struct Payment {
    pub year: i32,
    pub asset: AssetRef,
    pub kind: IncomeKind,
    pub gross: Decimal,
    pub fee: Decimal,
    pub value: Option<Decimal>,
}

/// What the walk produced.
#[derive(Debug, Default)]
pub struct Walk {
    /// Every asset met, with what is held of it (in the order first met).
    pub holdings: Vec<(AssetRef, Holding)>,
    pub disposals: Vec<Disposal>,
    pub payments: Vec<Payment>,
    /// Year → tax withheld (EUR).
    pub withheld: BTreeMap<i32, Decimal>,
    /// Year → fees paid (EUR).
    pub fees: BTreeMap<i32, Decimal>,
    /// Years with any entry.
    pub active_years: Vec<i32>,
    /// EUR flows from the person's side: paid in negative, taken out positive.
    pub cash_flows: Vec<(NaiveDate, Decimal)>,
    pub flags: Vec<Flag>,
    unknown_types: BTreeMap<String, usize>,
}

fn add(map: &mut BTreeMap<i32, Decimal>, year: i32, amount: Decimal) {
    let total = map.entry(year).or_insert(Decimal::ZERO);
    *total = total.checked_add(amount).unwrap_or(*total);
}

/// The walk's state while it runs.
pub struct Walker<'a> {
    rules: RuleSet,
    prices: &'a ReferencePrices<'a>,
    entered: &'a HashMap<String, Decimal>,
    out: Walk,
    /// The position in `out.holdings` of each unit id met.
    met: FxHashMap<&'a str, usize>,
    flagged_symbols: HashSet<String>,
}

impl<'a> Walker<'a> {
    /// A walk under `rules`.
    pub fn new(
        rules: RuleSet,
        prices: &'a ReferencePrices<'a>,
        entered: &'a HashMap<String, Decimal>,
    ) -> Self {
        Walker {
            rules,
            prices,
            entered,
            out: Walk::default(),
            met: FxHashMap::default(),
            flagged_symbols: Default::default(),
        }
    }

    /// The walk's result.
    pub fn finish(mut self) -> Walk {
        for (raw_type, count) in std::mem::take(&mut self.out.unknown_types) {
            self.out.flags.push(Flag::UnknownType { raw_type, count });
        }
        folio_client::sorting::sort(&mut self.out.active_years);
        self.out.active_years.dedup();
        self.out
    }

    /// The position in `out.holdings` of the asset `unit` names (met once per id: its
    /// regime decided and any flag raised the first time).
    fn asset(&mut self, unit: &'a Unit) -> usize {
        if let Some(&at) = self.met.get(&*unit.id) {
            return at;
        }
        let (regime, known) = regime_of(unit);
        let symbol = unit.symbol();
        let index = matches!(unit.asset_type(), Some(AssetType::Index));
        if (!known || index) && self.flagged_symbols.insert(symbol.to_string()) {
            let symbol = symbol.to_string();
            self.out.flags.push(if index {
                Flag::IndexHeld { symbol }
            } else {
                Flag::ClassUnknown { symbol }
            });
        }
        let asset = AssetRef {
            id: unit.id.clone(),
            symbol: Arc::from(symbol),
            regime,
        };
        let at = self.out.holdings.len();
        self.out.holdings.push((asset, Holding::default()));
        self.met.insert(&*unit.id, at);
        at
    }

    /// The asset at position `at`.
    fn asset_at(&self, at: usize) -> AssetRef {
        self.out.holdings[at].0.clone()
    }

    fn no_price(&mut self, entry: &Entry, symbol: &str) {
        self.out.flags.push(Flag::NoPrice {
            entry_id: entry.id.clone(),
            symbol: symbol.to_string(),
            date: entry.time.date_naive(),
        });
    }

    fn no_rate(&mut self, entry: &Entry, unit: &Unit) {
        self.out.flags.push(Flag::NoEurRate {
            entry_id: entry.id.clone(),
            currency: unit.symbol().to_string(),
        });
    }

    /// The EUR value of `amount` of `unit` in `entry`: fiat converted, an asset at its
    /// reference price.
    fn value_of(&mut self, entry: &Entry, amount: Decimal, unit: &Unit) -> Option<Decimal> {
        let day = entry.time.date_naive();
        let value = if unit.is_fiat() {
            fiat_in_eur(amount, unit, entry.trade.as_ref())
        } else {
            self.prices.value(&unit.id, amount, day)
        };
        if value.is_none() {
            if unit.is_fiat() {
                self.no_rate(entry, unit);
            } else {
                self.no_price(entry, unit.symbol());
            }
        }
        value
    }

    /// Puts an acquisition where the rules keep it.
    fn acquire(&mut self, at: usize, day: NaiveDate, quantity: Decimal, cost: Option<Decimal>) {
        let (asset, holding) = &mut self.out.holdings[at];
        let pooled = self.rules == RuleSet::Austria
            && match asset.regime {
                Regime::Security => true,
                Regime::Crypto => day >= neuvermoegen_from(),
                Regime::Metal => false,
            };
        if pooled {
            holding.add_to_pool(quantity, cost);
        } else {
            holding.add_lot(day, quantity, cost);
        }
    }

    /// Takes `quantity` out of the holding; flags what was not there.
    fn take(&mut self, entry: &Entry, at: usize, quantity: Decimal) -> Vec<Taken> {
        let (asset, holding) = &mut self.out.holdings[at];
        let (mut taken, short) = holding.take(quantity);
        if short > Decimal::ZERO {
            let symbol = asset.symbol.to_string();
            self.out.flags.push(Flag::Shortfall {
                entry_id: entry.id.clone(),
                symbol,
                quantity: short,
            });
            taken.push(Taken {
                acquired: None,
                quantity: short,
                cost: None,
            });
        }
        taken
    }

    /// A sale (or the giving side of a swap) of `quantity` for `proceeds`.
    fn dispose(
        &mut self,
        entry: &Entry,
        at: usize,
        quantity: Decimal,
        proceeds: Option<Decimal>,
        swap: bool,
    ) {
        let sold = entry.time.date_naive();
        let taken = self.take(entry, at, quantity);
        let asset = self.asset_at(at);
        let lots: Vec<LotUse> = taken
            .into_iter()
            .map(|t| {
                let share = if t.quantity == quantity {
                    proceeds
                } else {
                    proceeds
                        .and_then(|p| p.checked_mul(t.quantity))
                        .and_then(|p| p.checked_div(quantity))
                };
                LotUse {
                    acquired: t.acquired,
                    quantity: t.quantity,
                    cost: t.cost,
                    proceeds: share,
                    gain: share.zip(t.cost).and_then(|(p, c)| p.checked_sub(c)),
                    basis: basis(self.rules, asset.regime, t.acquired, sold),
                }
            })
            .collect();
        self.record(entry, asset, quantity, proceeds, swap, lots);
    }

    fn record(
        &mut self,
        entry: &Entry,
        asset: AssetRef,
        quantity: Decimal,
        proceeds: Option<Decimal>,
        swap: bool,
        lots: Vec<LotUse>,
    ) {
        let cost = lots
            .iter()
            .try_fold(Decimal::ZERO, |a, l| a.checked_add(l.cost?));
        self.out.disposals.push(Disposal {
            entry_id: entry.id.clone(),
            time: entry.time,
            asset,
            quantity,
            proceeds,
            cost,
            gain: proceeds.zip(cost).and_then(|(p, c)| p.checked_sub(c)),
            swap,
            lots,
        });
    }

    /// Adds one entry of the ledger. (Never inlined into the caller's loop, so V8 optimises
    /// it after its first calls: see `folio_export::tax::entry::from_operation`.)
    #[inline(never)]
    pub fn add(&mut self, entry: &'a Entry) {
        use chrono::Datelike;
        let year = entry.time.year();
        self.out.active_years.push(year);
        self.taxes_and_fees(entry, year);
        match entry.shape() {
            Shape::FiatTrade {
                fiat,
                asset,
                buying,
            } => self.fiat_trade(entry, fiat, asset, buying),
            Shape::AssetSwap { give, get } => self.swap(entry, give, get),
            Shape::Legs => self.legs(entry, year),
        }
        // Fees and taxes paid in an asset leave the holding after the moves (a reward's
        // fee comes out of the reward); not a sale.
        for leg in entry.fees.iter().chain(&entry.taxes) {
            if !leg.unit.is_fiat() {
                let at = self.asset(&leg.unit);
                self.take(entry, at, leg.amount);
            }
        }
    }

    fn taxes_and_fees(&mut self, entry: &Entry, year: i32) {
        for tax in &entry.taxes {
            if let Some(v) = self.value_of(entry, tax.amount, &tax.unit) {
                add(&mut self.out.withheld, year, v);
            }
        }
        if let Some((amount, unit)) = entry.trade.as_ref().and_then(|t| t.fee.as_ref()) {
            if let Some(v) = self.value_of(entry, *amount, unit) {
                add(&mut self.out.fees, year, v);
            }
        }
        for fee in &entry.fees {
            if let Some(v) = self.value_of(entry, fee.amount, &fee.unit) {
                add(&mut self.out.fees, year, v);
            }
        }
    }

    fn fiat_trade(&mut self, entry: &Entry, fiat: &Move, asset_move: &'a Move, buying: bool) {
        let at = self.asset(&asset_move.unit);
        let eur = fiat_in_eur(fiat.amount, &fiat.unit, entry.trade.as_ref());
        if eur.is_none() {
            self.no_rate(entry, &fiat.unit);
        }
        if buying {
            self.acquire(at, entry.time.date_naive(), asset_move.amount, eur);
        } else {
            self.dispose(entry, at, asset_move.amount, eur, false);
        }
    }

    fn swap(&mut self, entry: &Entry, give: &'a Move, get: &'a Move) {
        let day = entry.time.date_naive();
        let (given_at, got_at) = (self.asset(&give.unit), self.asset(&get.unit));
        let (given, got) = (self.asset_at(given_at), self.asset_at(got_at));
        let value = self
            .prices
            .value(&give.unit.id, give.amount, day)
            .or_else(|| self.prices.value(&get.unit.id, get.amount, day));
        if value.is_none() {
            self.no_price(entry, &given.symbol);
        }
        let carries = self.rules == RuleSet::Austria
            && given.regime == Regime::Crypto
            && got.regime == Regime::Crypto;
        if !carries {
            self.dispose(entry, given_at, give.amount, value, true);
            self.acquire(got_at, day, get.amount, value);
            return;
        }
        // Austria, crypto to crypto: the pool's part carries its cost over; Altvermögen lots
        // given are a disposal at the market value.
        let taken = self.take(entry, given_at, give.amount);
        let mut carried = Some(Decimal::ZERO);
        let mut lots = Vec::new();
        for t in taken {
            if t.acquired.is_some() {
                let share = value
                    .and_then(|v| v.checked_mul(t.quantity))
                    .and_then(|v| v.checked_div(give.amount));
                lots.push(LotUse {
                    acquired: t.acquired,
                    quantity: t.quantity,
                    cost: t.cost,
                    proceeds: share,
                    gain: share.zip(t.cost).and_then(|(p, c)| p.checked_sub(c)),
                    basis: basis(self.rules, given.regime, t.acquired, day),
                });
                carried = carried.zip(share).and_then(|(a, b)| a.checked_add(b));
            } else {
                lots.push(LotUse {
                    acquired: None,
                    quantity: t.quantity,
                    cost: t.cost,
                    proceeds: t.cost,
                    gain: t.cost.map(|_| Decimal::ZERO),
                    basis: Basis::CarriedOver,
                });
                carried = carried.zip(t.cost).and_then(|(a, b)| a.checked_add(b));
            }
        }
        let proceeds = lots
            .iter()
            .try_fold(Decimal::ZERO, |a, l| a.checked_add(l.proceeds?));
        self.record(entry, given, give.amount, proceeds, true, lots);
        self.acquire(got_at, day, get.amount, carried);
    }
}
