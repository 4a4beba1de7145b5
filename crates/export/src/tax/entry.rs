//! One operation (or legacy trade, `legacy_entry.rs`) as the tax files see it: its kind, its
//! time and its legs sorted into movements, fee legs and tax legs, each with its unit named.

use std::borrow::{Borrow, Cow};
use std::cmp::Ordering;
use std::sync::Arc;

use super::naming::{unit_of, Unnamed};
use super::sent_id::SentId;
use super::units::{UnitClass, UnitInfo, Units};
use chrono::{DateTime, Utc};
use folio_client::current::{
    AssetType, Flow, Operation, OperationTransaction, OperationType, TransactionType,
};
use rust_decimal::Decimal;

/// What an operation is, for the files. The client's open enum plus the one type the sandbox
/// generates that the client does not know by name (`card_cashback`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `buy`.
    Buy,
    /// `savings_plan`: a buy the plan made.
    SavingsPlan,
    /// `sell`.
    Sell,
    /// `swap`: one asset for another.
    Swap,
    /// `deposit`: funds paid in.
    Deposit,
    /// `withdrawal`: funds paid out.
    Withdrawal,
    /// `stake`: into staking (own wallets).
    Stake,
    /// `unstake`: out of staking (own wallets).
    Unstake,
    /// `staking_reward`.
    StakingReward,
    /// `passive_earn_reward`.
    PassiveEarnReward,
    /// `refund`.
    Refund,
    /// `card_cashback` (a reward for card payments).
    CardCashback,
    /// A type Folio does not know: written with its own name.
    Unknown,
}

impl Kind {
    /// The kind of an operation type (`None`: no type sent).
    pub fn of(t: Option<&OperationType>) -> Kind {
        match t {
            Some(OperationType::Buy) => Kind::Buy,
            Some(OperationType::SavingsPlan) => Kind::SavingsPlan,
            Some(OperationType::Sell) => Kind::Sell,
            Some(OperationType::Swap) => Kind::Swap,
            Some(OperationType::Deposit) => Kind::Deposit,
            Some(OperationType::Withdrawal) => Kind::Withdrawal,
            Some(OperationType::Stake) => Kind::Stake,
            Some(OperationType::Unstake) => Kind::Unstake,
            Some(OperationType::StakingReward) => Kind::StakingReward,
            Some(OperationType::PassiveEarnReward) => Kind::PassiveEarnReward,
            Some(OperationType::Refund) => Kind::Refund,
            Some(OperationType::Other(t)) if t.eq_ignore_ascii_case("card_cashback") => {
                Kind::CardCashback
            }
            _ => Kind::Unknown,
        }
    }

    /// Whether the kind is a reward (income in an asset).
    pub fn is_reward(self) -> bool {
        matches!(
            self,
            Kind::StakingReward | Kind::PassiveEarnReward | Kind::CardCashback
        )
    }
}

/// A unit with its name resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// The id as sent (asset or currency id; the legacy numeric id for legacy trades).
    /// Shared, like `info`: every leg naming the unit holds the same.
    pub id: Arc<str>,
    /// Symbol, class, ISIN, name (the id as symbol when the lookup does not know it).
    pub info: Arc<UnitInfo>,
    /// Whether the lookup knew the id.
    pub named: bool,
    /// Bitpanda's numeric product id (legacy coins only).
    pub product_id: Option<String>,
}

impl Unit {
    /// Whether `other` has the same id: by address first (every leg naming a unit the lookup
    /// knows shares its id), by text otherwise.
    pub fn same_id(&self, other: &Unit) -> bool {
        Arc::ptr_eq(&self.id, &other.id) || self.id == other.id
    }

    /// The ticker or ISO code.
    pub fn symbol(&self) -> &str {
        &self.info.symbol
    }

    /// Whether the unit is a fiat currency.
    pub fn is_fiat(&self) -> bool {
        self.info.is_fiat()
    }

    /// The asset class, when the unit is an asset and the catalogue said.
    pub fn asset_type(&self) -> Option<&AssetType> {
        match &self.info.class {
            UnitClass::Asset(t) => t.as_ref(),
            UnitClass::Fiat => None,
        }
    }
}

/// One leg that moves funds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// The leg's id (the trade's id for a legacy trade's legs).
    pub leg_id: SentId,
    /// The amount as sent (positive; the direction is `incoming`).
    pub amount: Decimal,
    /// What moved.
    pub unit: Unit,
    /// Whether it came in (else it went out).
    pub incoming: bool,
    /// The leg's informational `fee_amount`, when sent.
    pub fee_info: Option<Decimal>,
    /// Whether the leg's `transaction_type` is `tax`. Outgoing tax legs are kept apart in
    /// [`Entry::taxes`]; an incoming one (a tax credited back) stays a move marked so.
    pub tax_leg: bool,
}

/// The trade details of a buy, sell, savings plan or swap.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TradeInfo {
    /// The trade's id, when sent.
    pub trade_id: Option<SentId>,
    /// The fee the trade charged, already included in the legs' amounts.
    pub fee: Option<(Decimal, Unit)>,
    /// The fee in percent, when sent.
    pub fee_percent: Option<Decimal>,
    /// Unit price without the fee, in the other side's unit.
    pub rate: Option<Decimal>,
    /// The rate that converts the trade's fiat side to EUR, when sent.
    pub to_eur_rate: Option<Decimal>,
}

/// One operation or legacy trade to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The operation id (the legacy trade id for a legacy trade).
    pub id: SentId,
    /// The type as sent (`buy`, `card_cashback`, …; empty when none was sent).
    /// (Borrowed for the types the client knows: no string per operation.)
    pub raw_type: Cow<'static, str>,
    /// What the operation is.
    pub kind: Kind,
    /// When it happened: the latest `credited_at` of its legs (a legacy trade's time).
    pub time: DateTime<Utc>,
    /// Legs that move funds (not fee or tax legs).
    pub moves: Vec<Move>,
    /// Outgoing fee legs: charged on top of the moves.
    pub fees: Vec<Move>,
    /// Outgoing tax legs: withheld on top of the moves.
    pub taxes: Vec<Move>,
    /// The trade details of a trade, when sent. Boxed: a trade's details are about half an
    /// entry's size, and a ledger's entries are moved as a whole when it is put in order
    /// (100,000 of them after the last page).
    pub trade: Option<Box<TradeInfo>>,
    /// Legs that could not be read (no amount, unit or direction): left out.
    pub unreadable_legs: usize,
    /// From the legacy API.
    pub legacy: bool,
}

/// How an entry's moves fit the files' trade rows.
#[derive(Debug, Clone, Copy)]
pub enum Shape<'a> {
    /// One fiat move and one asset move in opposite directions.
    FiatTrade {
        /// The fiat side.
        fiat: &'a Move,
        /// The asset side.
        asset: &'a Move,
        /// The fiat went out (a buy).
        buying: bool,
    },
    /// Two moves of different assets in opposite directions.
    AssetSwap {
        /// The asset given.
        give: &'a Move,
        /// The asset received.
        get: &'a Move,
    },
    /// Anything else: one row per move.
    Legs,
}

impl Entry {
    /// The name the type is written with (`(no type)` when none was sent).
    pub fn type_name(&self) -> &str {
        if self.raw_type.is_empty() {
            "(no type)"
        } else {
            &self.raw_type
        }
    }

    /// How the moves fit a trade row (only trade kinds are shaped; others are [`Shape::Legs`]).
    pub fn shape(&self) -> Shape<'_> {
        let trade_kind = matches!(
            self.kind,
            Kind::Buy | Kind::SavingsPlan | Kind::Sell | Kind::Swap
        );
        let [a, b] = self.moves.as_slice() else {
            return Shape::Legs;
        };
        if !trade_kind || a.incoming == b.incoming {
            return Shape::Legs;
        }
        let (give, get) = if a.incoming { (b, a) } else { (a, b) };
        match (give.unit.is_fiat(), get.unit.is_fiat()) {
            (true, false) => Shape::FiatTrade {
                fiat: give,
                asset: get,
                buying: true,
            },
            (false, true) => Shape::FiatTrade {
                fiat: get,
                asset: give,
                buying: false,
            },
            (false, false) if give.unit.id != get.unit.id => Shape::AssetSwap { give, get },
            _ => Shape::Legs,
        }
    }

    /// Whether the data gives no fiat price for an asset this entry moves (rewards, swaps,
    /// transfers of assets): the file then has no value for it. A stake or unstake moves the
    /// asset between the person's own wallets and needs none.
    pub fn without_price(&self) -> bool {
        let moves_asset = self.moves.iter().any(|m| !m.unit.is_fiat());
        let own_wallets = matches!(self.kind, Kind::Stake | Kind::Unstake);
        moves_asset && !own_wallets && !matches!(self.shape(), Shape::FiatTrade { .. })
    }

    /// The trade id, else the operation id (the id of a trade row).
    pub fn trade_or_operation_id(&self) -> &SentId {
        self.trade
            .as_ref()
            .and_then(|t| t.trade_id.as_ref())
            .unwrap_or(&self.id)
    }
}

/// The unit of a leg's money, named by `units` (else by a placeholder of `unnamed`).
fn leg_unit(leg: &OperationTransaction, units: &Units, unnamed: &mut Unnamed) -> Option<Unit> {
    let money = leg.asset_amount.as_ref()?;
    let (id, fiat) = match (&money.currency_id, &money.asset_id) {
        (Some(c), _) => (c.as_str(), true),
        (None, Some(a)) => (a.as_str(), false),
        (None, None) => match (&leg.currency_id, &leg.asset_id) {
            (Some(c), _) => (c.as_str(), true),
            (None, Some(a)) => (a.as_str(), false),
            (None, None) => return None,
        },
    };
    Some(unit_of(id, fiat, units, unnamed))
}

/// A leg's role in its operation.
enum Role {
    Fee,
    Tax,
    Move,
}

fn role(leg: &OperationTransaction, incoming: bool) -> Role {
    match (&leg.transaction_type, incoming) {
        (Some(TransactionType::Fee), false) => Role::Fee,
        (Some(TransactionType::Tax), false) => Role::Tax,
        _ => Role::Move,
    }
}

/// The ledger's order: by time, ties by id.
pub fn ledger_order(a: &Entry, b: &Entry) -> Ordering {
    a.time.cmp(&b.time).then_with(|| a.id.cmp(&b.id))
}

/// Puts `entries` in [`ledger_order`]. They usually come sorted (the selection walks the
/// service's newest-first pages backwards): a one-pass check, then a sort only when needed
/// (a long sort is one call, which V8 would run in its baseline tier throughout).
pub fn sort_ledger<E: Borrow<Entry>>(entries: &mut [E]) {
    let order = |a: &E, b: &E| ledger_order(a.borrow(), b.borrow());
    if !entries.is_sorted_by(|a, b| order(a, b).is_le()) {
        entries.sort_by(order);
    }
}

/// `op` as an entry at `time`. Never inlined into the caller's loop: V8 runs a wasm
/// function's first calls in its baseline compiler and later calls in optimised code, so a
/// per-operation function is optimised after a few hundred operations, while a loop with
/// this inlined would run baseline code to the end.
#[inline(never)]
pub fn from_operation(
    op: &Operation,
    time: DateTime<Utc>,
    units: &Units,
    unnamed: &mut Unnamed,
) -> Entry {
    let mut entry = Entry {
        id: SentId::of(op.operation_id.as_str()),
        raw_type: match &op.operation_type {
            Some(t) => match t.known_str() {
                Some(known) => Cow::Borrowed(known),
                None => Cow::Owned(t.as_str().to_owned()),
            },
            None => Cow::Borrowed(""),
        },
        kind: Kind::of(op.operation_type.as_ref()),
        time,
        // As many as the legs, not the four a first push would make room for: a ledger keeps
        // 100,000 entries, and two spare moves were a third of an entry's memory.
        moves: Vec::with_capacity(op.transactions.len()),
        fees: Vec::new(),
        taxes: Vec::new(),
        trade: None,
        unreadable_legs: 0,
        legacy: false,
    };
    for leg in &op.transactions {
        let incoming = match leg.flow {
            Some(Flow::Incoming) => Some(true),
            Some(Flow::Outgoing) => Some(false),
            _ => None,
        };
        let (Some(incoming), Some(unit), Some(money)) = (
            incoming,
            leg_unit(leg, units, unnamed),
            leg.asset_amount.as_ref(),
        ) else {
            entry.unreadable_legs = entry.unreadable_legs.saturating_add(1);
            continue;
        };
        let m = Move {
            leg_id: SentId::of(leg.transaction_id.as_str()),
            amount: money.value,
            unit,
            incoming,
            fee_info: leg.fee_amount.as_ref().map(|f| f.value),
            tax_leg: matches!(leg.transaction_type, Some(TransactionType::Tax)),
        };
        match role(leg, incoming) {
            Role::Fee => entry.fees.push(m),
            Role::Tax => entry.taxes.push(m),
            Role::Move => entry.moves.push(m),
        }
        if entry.trade.is_none() {
            entry.trade = leg.trade.as_ref().map(|t| {
                Box::new(TradeInfo {
                    trade_id: t.trade_id.as_ref().map(|id| SentId::of(id.as_str())),
                    fee: t.fee.as_ref().and_then(|f| {
                        let id = f.unit_id()?;
                        Some((
                            f.value,
                            unit_of(id, f.currency_id.is_some(), units, unnamed),
                        ))
                    }),
                    fee_percent: t.fee_percentage,
                    rate: t.rate,
                    to_eur_rate: t.to_eur_rate,
                })
            });
        }
    }
    entry
}
