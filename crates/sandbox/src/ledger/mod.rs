//! The one in-memory ledger behind every API view: wallets, operations, earn configs, quotes
//! and per-key trading limits. Writes (accepting a quote, staking) go through `record`, so
//! the balance rules below hold for them too.
//!
//! # Amount rule
//! Every transaction leg's `amount` (sent as `asset_amount`) is the **net** amount that moved
//! in that wallet, always positive; its sign is given by `flow` (INCOMING adds, OUTGOING
//! subtracts). `fee` (sent as `fee_amount`) is informational only: it is already included in
//! `amount` (a buy's fiat leg spends `amount` in total, of which `fee` was the fee).
//!
//! # Balances
//! Each asset has a main wallet and a staking wallet; each currency has one wallet.
//! `balance_after` (sent as `asset_balance_after`) is the running balance of the leg's wallet
//! after the leg. Only settled legs move balances: a pending leg (no `credited_at`) carries
//! the wallet's unchanged balance, a cancelled leg carries `-1`. A position's `balance` is the
//! sum of its signed settled legs over both wallets (staked included); `available_balance`
//! is the main wallet alone (= balance − staked).
//!
//! # Legacy-only operations
//! An operation with `legacy_only` (the 2020 deposit and buy of the history's tax cases, see
//! `generate::tax_cases`) moves balances like any other and appears in every legacy view,
//! but the current API's `/v1/operations` leaves it out, as if its history of the account
//! began after it. The running balances of later legs include it.

pub mod earn;
pub mod generate;
pub mod history;
pub mod limits;
pub mod portfolio;
pub mod quotes;
mod refusal;
pub mod staking;
pub mod trading;
mod types;
mod view;

pub use refusal::Refusal;

pub use types::{
    CostEffect, Flow, Leg, LegDraft, LegState, Operation, Trade, TradingLimit, WalletKind,
};

pub(crate) use view::{read, write};
pub use view::{LedgerView, PositionFigures, SharedLedger};

use crate::fixed_catalogue::catalogue;
use crate::ids::Uuid;
use crate::price_walk::PriceModel;
use crate::rng::{hash, Rng};
use chrono::{DateTime, Utc};
use earn::EarnConfig;
use quotes::Quote;
use rust_decimal::Decimal;
use std::collections::BTreeMap;

/// What a leg or position is denominated in: an asset or a fiat currency (catalogue index).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    /// An asset, by catalogue index.
    Asset(usize),
    /// A fiat currency, by catalogue index.
    Fiat(usize),
}

impl Unit {
    /// A dense index over all assets and currencies (assets first).
    pub fn slot(self) -> usize {
        match self {
            Unit::Asset(i) => i,
            Unit::Fiat(i) => catalogue().assets.len() + i,
        }
    }

    /// Decimals used when formatting amounts of this unit.
    pub fn precision(self) -> u32 {
        match self {
            Unit::Asset(i) => catalogue().assets[i].kind.precision(),
            Unit::Fiat(_) => 2,
        }
    }

    /// The uuid of the asset or currency.
    pub fn id(self) -> Uuid {
        match self {
            Unit::Asset(i) => catalogue().assets[i].id,
            Unit::Fiat(i) => catalogue().currencies[i].id,
        }
    }

    /// Number of slots (assets + currencies).
    pub fn slot_count() -> usize {
        catalogue().assets.len() + catalogue().currencies.len()
    }
}

/// Current balances and cost bases, indexed by [`Unit::slot`].
#[derive(Debug, Clone)]
pub struct Holdings {
    /// Main wallet balance per slot.
    pub main: Vec<Decimal>,
    /// Staking wallet balance per slot (0 for fiat).
    pub staked: Vec<Decimal>,
    /// Cost basis in EUR per slot (0 for fiat).
    pub cost_eur: Vec<Decimal>,
}

impl Holdings {
    fn empty() -> Self {
        let n = Unit::slot_count();
        Self {
            main: vec![Decimal::ZERO; n],
            staked: vec![Decimal::ZERO; n],
            cost_eur: vec![Decimal::ZERO; n],
        }
    }

    /// Total balance (main + staked) of a unit.
    pub fn balance(&self, unit: Unit) -> Decimal {
        self.main[unit.slot()] + self.staked[unit.slot()]
    }
}

/// The ledger of the one demo account.
#[derive(Debug)]
pub struct Ledger {
    /// The seed everything derives from.
    pub seed: u64,
    /// Price model.
    pub prices: PriceModel,
    /// Operations, oldest first.
    pub operations: Vec<Operation>,
    /// Current balances.
    pub holdings: Holdings,
    /// Earn configurations.
    pub earn_configs: Vec<EarnConfig>,
    /// Trading limits per API key (none set at start).
    pub trading_limits: BTreeMap<String, TradingLimit>,
    /// Quotes by id (unaccepted ones are forgotten a day after they expire).
    pub quotes: BTreeMap<Uuid, Quote>,
    rng: Rng,
}

impl Ledger {
    /// An empty ledger (no operations).
    pub fn empty(seed: u64, prices: PriceModel) -> Self {
        Self {
            seed,
            prices,
            operations: Vec::new(),
            holdings: Holdings::empty(),
            earn_configs: earn::configs(),
            trading_limits: BTreeMap::new(),
            quotes: BTreeMap::new(),
            rng: Rng::new(hash(&[seed, 0x1d5])),
        }
    }

    /// The wallet id of a unit's wallet (a function of seed, unit and wallet kind).
    pub fn wallet_id(&self, unit: Unit, kind: WalletKind) -> Uuid {
        let k = match kind {
            WalletKind::Main => 1,
            WalletKind::Staking => 2,
        };
        Uuid::from_hashes(
            hash(&[self.seed, k, unit.slot() as u64]),
            hash(&[self.seed, k + 10, unit.slot() as u64]),
        )
    }

    /// A fresh random uuid from the ledger's generator.
    pub fn new_id(&mut self) -> Uuid {
        Uuid::v4(self.rng.next_u128())
    }

    /// Appends an operation at `time` (not earlier than the last one), assigning ids and
    /// running balances and updating holdings and cost bases. Panics (debug) if a settled
    /// leg would make a wallet negative: callers only draft what the balances allow.
    pub fn record(
        &mut self,
        op_type: &'static str,
        time: DateTime<Utc>,
        drafts: Vec<LegDraft>,
    ) -> &Operation {
        let op = self.new_id();
        let order = drafts.iter().any(|d| d.with_order).then(|| self.new_id());
        let legs = drafts.iter().map(|_| self.new_id()).collect();
        let ids = OperationIds { op, order, legs };
        self.record_with_ids(ids, op_type, time, drafts, false)
    }

    /// [`Ledger::record`] with ids chosen by the caller (`ids.legs` has one id per draft),
    /// drawing nothing from the ledger's generator; `legacy_only` hides the operation from
    /// the current API's list (see [`Operation::legacy_only`]).
    pub fn record_with_ids(
        &mut self,
        ids: OperationIds,
        op_type: &'static str,
        time: DateTime<Utc>,
        drafts: Vec<LegDraft>,
        legacy_only: bool,
    ) -> &Operation {
        debug_assert_eq!(ids.legs.len(), drafts.len(), "one id per leg");
        let mut legs = Vec::with_capacity(drafts.len());
        for (d, id) in drafts.into_iter().zip(ids.legs) {
            let slot = d.unit.slot();
            let before_total = self.holdings.balance(d.unit);
            let wallet = match d.wallet {
                WalletKind::Main => &mut self.holdings.main[slot],
                WalletKind::Staking => &mut self.holdings.staked[slot],
            };
            let mut leg = Leg {
                id,
                unit: d.unit,
                wallet_id: Uuid(0),
                amount: d.amount,
                fee: d.fee,
                tx_type: d.tx_type,
                flow: d.flow,
                state: d.state,
                order_id: if d.with_order { ids.order } else { None },
                credited_at: (d.state != LegState::Pending).then_some(time),
                balance_after: Decimal::ZERO,
                compensates: d.compensates,
                trade: d.trade,
            };
            *wallet += leg.signed();
            debug_assert!(*wallet >= Decimal::ZERO, "negative wallet for {:?}", d.unit);
            leg.balance_after = if d.state == LegState::Cancelled {
                Decimal::NEGATIVE_ONE
            } else {
                *wallet
            };
            if d.state == LegState::Settled {
                let cost = &mut self.holdings.cost_eur[slot];
                match d.cost {
                    CostEffect::None => {}
                    CostEffect::Add(eur) => *cost += eur,
                    CostEffect::Reduce if before_total > Decimal::ZERO => {
                        let left = (before_total - d.amount).max(Decimal::ZERO);
                        *cost = (*cost * left / before_total).round_dp(8);
                    }
                    CostEffect::Reduce => {}
                }
            }
            leg.wallet_id = self.wallet_id(d.unit, d.wallet);
            legs.push(leg);
        }
        self.operations.push(Operation {
            id: ids.op,
            op_type,
            time,
            legs,
            legacy_only,
        });
        self.operations.last().expect("just pushed")
    }
}

/// The ids of one operation: its own, its order's (used by the legs drafted `with_order`)
/// and one per leg, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct OperationIds {
    /// `operation_id`.
    pub op: Uuid,
    /// `order_id` of the legs drafted `with_order`.
    pub order: Option<Uuid>,
    /// `transaction_id` of each leg.
    pub legs: Vec<Uuid>,
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod write_tests;
