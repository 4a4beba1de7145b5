//! The walk through the ledger: every entry, oldest first, moves lots in and out of the
//! holdings and records sales, income, tax withheld, fees and cash flows. The rules decide
//! where an acquisition goes (a lot or Austria's pool) and how each part of a sale is taxed
//! (`crate::rules`); days are the rule set's calendar days (`crate::days`). Trades and swaps
//! are read in `engine/trade.rs`, every other entry in `engine/legs.rs`, taxes and fees in
//! `engine/charges.rs` (summed per year by `engine/year_sums.rs`), sales in
//! `engine/sales.rs`; docs/insights.md says what each operation type does. An entry that
//! does not fit what its type promises is still walked leg by leg (so balances hold) and
//! listed among the operations Folio did not understand — nothing disappears.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

use chrono::{Datelike, NaiveDate};
use folio_client::current::AssetType;
use folio_export::tax::entry::{Entry, Unit};
use rust_decimal::Decimal;
use rustc_hash::FxHashMap;

use crate::days::TaxDays;
use crate::lots::{Holding, Lot, Taken};
use crate::model::{
    Acquired, AssetRef, Disposal, Flag, IncomeKind, NotUnderstood, Regime, Unclear,
};
use crate::prices::ReferencePrices;
use crate::rules::{pooled_in_austria, regime_of};
use crate::{Entered, RuleSet};

mod charges;
mod legs;
mod sales;
mod trade;
mod values;
mod year_sums;

pub use trade::fiat_sides;
use year_sums::YearSums;

/// Prices further than this many days from the event are flagged.
const FAR_DAYS: i64 = 7;

/// One income payment.
#[derive(Debug, Clone)]
pub struct Payment {
    pub year: i32,
    pub asset: AssetRef,
    pub kind: IncomeKind,
    pub gross: Decimal,
    pub fee: Decimal,
    /// The EUR value of what stayed (gross less the fee).
    pub value: Option<Decimal>,
}

/// What the walk produced.
#[derive(Debug, Default)]
pub struct Walk {
    /// Every asset met, with what is held of it (in the order first met).
    pub holdings: Vec<(AssetRef, Holding)>,
    pub disposals: Vec<Disposal>,
    pub payments: Vec<Payment>,
    /// Year → tax withheld less tax credited (EUR; `None`: a sum overflowed).
    pub withheld: BTreeMap<i32, Option<Decimal>>,
    /// Year → fees paid (EUR).
    pub fees: BTreeMap<i32, Option<Decimal>>,
    /// Years with any entry.
    pub active_years: Vec<i32>,
    /// EUR flows from the person's side: paid in negative, taken out positive (assets
    /// transferred at their reference value).
    pub cash_flows: Vec<(NaiveDate, Decimal)>,
    /// Asset transfers counted at a reference value, and those without one.
    pub transfers_valued: usize,
    pub transfers_unvalued: usize,
    pub flags: Vec<Flag>,
    pub not_understood: Vec<NotUnderstood>,
}

/// The entry being walked, with its day and year in the rule set's calendar.
#[derive(Clone, Copy)]
pub struct At<'a> {
    pub entry: &'a Entry,
    pub day: NaiveDate,
    pub year: i32,
}

/// What an acquisition costs: in a lot of its own, and in Austria's pool (where the
/// purchase fee is not part of the cost, § 27a (4) Z 2 EStG).
#[derive(Debug, Clone, Copy)]
pub struct Cost {
    pub lot: Option<Decimal>,
    pub pooled: Option<Decimal>,
}

impl Cost {
    /// The same cost either way.
    pub fn same(cost: Option<Decimal>) -> Self {
        Cost {
            lot: cost,
            pooled: cost,
        }
    }
}

/// The walk's state while it runs.
pub struct Walker<'a> {
    rules: RuleSet,
    /// The rule set's calendar (each entry's day).
    days: TaxDays,
    prices: ReferencePrices<'a>,
    entered: &'a HashMap<String, Entered>,
    out: Walk,
    /// The position in `out.holdings` of each unit id met.
    met: FxHashMap<&'a str, usize>,
    /// The same by the address of the id's text: every leg naming a unit the lookup knows
    /// shares one, so most legs are found without hashing their id (see [`Self::asset`]).
    met_at: FxHashMap<usize, usize>,
    flagged_symbols: HashSet<String>,
    /// Fee legs paid in an asset, not yet charged to the acquisition they belong to.
    fee_budget: Vec<(&'a str, Decimal)>,
    /// Tax withheld less tax credited, and fees paid, per year (EUR).
    withheld: YearSums,
    fees: YearSums,
    /// The parts of the last take, kept between takes (no allocation per sale).
    taken: Vec<Taken>,
}

impl<'a> Walker<'a> {
    /// A walk under `rules`, with room for about `disposals` sales.
    pub fn new(
        rules: RuleSet,
        prices: ReferencePrices<'a>,
        entered: &'a HashMap<String, Entered>,
        disposals: usize,
    ) -> Self {
        Walker {
            rules,
            days: TaxDays::new(rules),
            prices,
            entered,
            out: Walk {
                disposals: Vec::with_capacity(disposals),
                ..Walk::default()
            },
            met: FxHashMap::default(),
            met_at: FxHashMap::default(),
            flagged_symbols: Default::default(),
            fee_budget: Vec::new(),
            withheld: YearSums::default(),
            fees: YearSums::default(),
            taken: Vec::new(),
        }
    }

    /// The walk's result.
    pub fn finish(mut self) -> Walk {
        if self.out.transfers_unvalued > 0 {
            let count = self.out.transfers_unvalued;
            self.out.flags.push(Flag::TransferUnvalued { count });
        }
        self.out.active_years.sort_unstable();
        self.out.active_years.dedup();
        self.out.withheld = self.withheld.finish();
        self.out.fees = self.fees.finish();
        self.out
    }

    /// Flags `flag` once per symbol.
    fn flag_once(&mut self, symbol: &str, flag: impl FnOnce(String) -> Flag) {
        if self.flagged_symbols.insert(symbol.to_string()) {
            self.out.flags.push(flag(symbol.to_string()));
        }
    }

    /// The position in `out.holdings` of the asset `unit` names (met once per id: its
    /// regime decided and any flag raised the first time).
    fn asset(&mut self, unit: &'a Unit) -> usize {
        let address = unit.id.as_ptr() as usize;
        if let Some(&at) = self.met_at.get(&address) {
            return at;
        }
        if let Some(&at) = self.met.get(&*unit.id) {
            self.met_at.insert(address, at);
            return at;
        }
        let (regime, known) = regime_of(unit);
        let symbol = unit.symbol();
        if !known {
            self.flag_once(symbol, |symbol| Flag::ClassUnknown { symbol });
        } else if matches!(unit.asset_type(), Some(AssetType::Index)) {
            self.flag_once(symbol, |symbol| Flag::IndexHeld { symbol });
        } else if regime == Regime::Fund {
            self.flag_once(symbol, |symbol| Flag::FundHeld { symbol });
        } else if regime == Regime::Commodity {
            self.flag_once(symbol, |symbol| Flag::CommodityHeld { symbol });
        }
        let asset = AssetRef {
            id: unit.id.clone(),
            symbol: Arc::from(symbol),
            regime,
        };
        let at = self.out.holdings.len();
        self.out.holdings.push((asset, Holding::default()));
        self.met.insert(&*unit.id, at);
        self.met_at.insert(address, at);
        at
    }

    /// The asset at position `at`.
    fn asset_at(&self, at: usize) -> AssetRef {
        self.out.holdings[at].0.clone()
    }

    /// `amount` of `unit` coming in, less the entry's fee legs paid in that unit (a fee
    /// reduces the acquisition it belongs to): the quantity kept and the fee charged.
    fn net_of_fees(&mut self, unit: &Unit, amount: Decimal) -> (Decimal, Decimal) {
        let mut kept = amount;
        let mut fee = Decimal::ZERO;
        for (id, left) in self.fee_budget.iter_mut() {
            if *id != &*unit.id || left.is_zero() {
                continue;
            }
            let part = (*left).min(kept);
            kept = kept.checked_sub(part).unwrap_or(kept);
            fee = fee.checked_add(part).unwrap_or(fee);
            *left = left.checked_sub(part).unwrap_or(Decimal::ZERO);
        }
        (kept, fee)
    }

    /// An arrival from elsewhere: always a lot of its own, taken before the pool (Austria
    /// keeps assets that came in without the withholding agent knowing their cost out of
    /// the moving average and sells them first: KryptowährungsVO § 2 (2), (3)).
    fn arrive(
        &mut self,
        at: usize,
        acquired: Acquired,
        arrived: NaiveDate,
        quantity: Decimal,
        cost: Option<Decimal>,
    ) {
        self.out.holdings[at].1.add_lot(Lot {
            acquired,
            arrived,
            quantity,
            cost,
        });
    }

    /// Puts an acquisition where the rules keep it.
    fn acquire(
        &mut self,
        at: usize,
        acquired: Acquired,
        arrived: NaiveDate,
        quantity: Decimal,
        cost: Cost,
    ) {
        let rules = self.rules;
        let (asset, holding) = &mut self.out.holdings[at];
        let pooled = rules == RuleSet::Austria
            && acquired
                .day()
                .is_some_and(|day| pooled_in_austria(asset.regime, day));
        if pooled {
            holding.add_to_pool(quantity, cost.pooled, cost.lot);
        } else {
            holding.add_lot(Lot {
                acquired,
                arrived,
                quantity,
                cost: cost.lot,
            });
        }
    }

    /// Adds one entry of the ledger. (Never inlined into the caller's loop, so V8 optimises
    /// it after its first calls: see `folio_export::tax::entry::from_operation`.)
    #[inline(never)]
    pub fn add(&mut self, entry: &'a Entry) {
        let day = self.days.of(entry.time);
        let at = At {
            entry,
            day,
            year: day.year(),
        };
        // The ledger is walked in time order: a year is pushed once (sorted again at the end).
        if self.out.active_years.last() != Some(&at.year) {
            self.out.active_years.push(at.year);
        }
        if entry.unreadable_legs > 0 {
            self.not_understood(at, Unclear::UnreadableLegs(entry.unreadable_legs));
        }
        if entry.moves.is_empty() && entry.fees.is_empty() && entry.taxes.is_empty() {
            if entry.unreadable_legs == 0 {
                self.not_understood(at, Unclear::NoLegs);
            }
            return;
        }
        if entry.legacy {
            for m in entry
                .moves
                .iter()
                .filter(|m| !m.unit.is_fiat() && !m.unit.named)
            {
                self.flag_once(m.unit.symbol(), |symbol| Flag::LegacyUnmatched { symbol });
            }
        }
        self.charges(at);
        self.fee_budget.clear();
        for fee in entry.fees.iter().filter(|f| !f.unit.is_fiat()) {
            self.fee_budget.push((&*fee.unit.id, fee.amount));
        }
        if !self.trade(at) {
            self.legs(at);
        }
        // Fee legs in an asset that no acquisition of the entry took, and tax legs in an
        // asset, leave the holding after the moves: not a sale.
        let mut budget = std::mem::take(&mut self.fee_budget);
        for &(id, left) in &budget {
            if left > Decimal::ZERO {
                if let Some(leg) = entry.fees.iter().find(|f| &*f.unit.id == id) {
                    let asset = self.asset(&leg.unit);
                    self.take(entry, asset, left);
                }
            }
        }
        // Kept for the next entry (no allocation per entry with a fee).
        budget.clear();
        self.fee_budget = budget;
        for tax in entry.taxes.iter().filter(|t| !t.unit.is_fiat()) {
            let asset = self.asset(&tax.unit);
            self.take(entry, asset, tax.amount);
        }
    }
}
