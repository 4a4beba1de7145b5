//! Records of the ledger: legs, operations, trades, limits (see the module docs of `ledger`
//! for the amount and balance rules).

use super::Unit;
use crate::ids::Uuid;
use chrono::{DateTime, NaiveDate, Utc};
use rust_decimal::Decimal;

/// Direction of a leg.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Funds arrive in the wallet.
    Incoming,
    /// Funds leave the wallet.
    Outgoing,
}

impl Flow {
    /// `INCOMING` / `OUTGOING`.
    pub fn name(self) -> &'static str {
        match self {
            Flow::Incoming => "INCOMING",
            Flow::Outgoing => "OUTGOING",
        }
    }
}

/// Settlement state of a leg.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegState {
    /// Credited: moves the balance.
    Settled,
    /// Not yet credited: no `credited_at`, balance unchanged.
    Pending,
    /// Cancelled: balance unchanged, `asset_balance_after` is `-1`.
    Cancelled,
}

/// Which of a unit's wallets a leg touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalletKind {
    /// The spendable wallet.
    Main,
    /// The staking wallet of an asset.
    Staking,
}

/// How a leg changes an asset's cost basis (average-cost method, in EUR).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CostEffect {
    /// No change (fiat legs, moves between an asset's own wallets).
    None,
    /// Adds this many EUR (purchases, swaps in, deposits at market value, rewards add 0).
    Add(Decimal),
    /// Disposal: the cost basis shrinks in proportion to the quantity leaving.
    Reduce,
}

/// Trade details carried by the legs of buys, sells, swaps and savings plans.
#[derive(Debug, Clone, PartialEq)]
pub struct Trade {
    /// Trade uuid.
    pub id: Uuid,
    /// The fee charged.
    pub fee: Decimal,
    /// Unit the fee is counted in.
    pub fee_unit: Unit,
    /// Fee in percent of the notional (`1.49`).
    pub fee_percentage: Decimal,
    /// Unit price without fee.
    pub rate: Decimal,
    /// Unit price including the fee.
    pub rate_with_fee: Decimal,
    /// EUR per unit of the fiat side (1 for EUR and for swaps).
    pub to_eur_rate: Decimal,
}

/// A leg as the generator (or a later write) describes it, before ids and balances.
#[derive(Debug, Clone)]
pub struct LegDraft {
    /// Asset or currency moved.
    pub unit: Unit,
    /// Which wallet of the unit.
    pub wallet: WalletKind,
    /// Net amount moved (> 0).
    pub amount: Decimal,
    /// Informational fee (included in `amount`).
    pub fee: Decimal,
    /// `transaction_type`.
    pub tx_type: &'static str,
    /// Direction.
    pub flow: Flow,
    /// Settlement state.
    pub state: LegState,
    /// Whether the leg has an order id.
    pub with_order: bool,
    /// The transaction this leg compensates, with (operation_type, transaction_type) of it.
    pub compensates: Option<(Uuid, &'static str, &'static str)>,
    /// Trade details.
    pub trade: Option<Trade>,
    /// Effect on the cost basis.
    pub cost: CostEffect,
}

impl LegDraft {
    /// A settled leg moving `amount` of `unit` in its `wallet`, without fee, order, trade or
    /// effect on the cost basis (callers set those).
    pub fn settled(
        unit: Unit,
        amount: Decimal,
        tx_type: &'static str,
        wallet: WalletKind,
        flow: Flow,
    ) -> Self {
        Self {
            unit,
            wallet,
            amount,
            fee: Decimal::ZERO,
            tx_type,
            flow,
            state: LegState::Settled,
            with_order: false,
            compensates: None,
            trade: None,
            cost: CostEffect::None,
        }
    }
}

/// One recorded transaction leg.
#[derive(Debug, Clone)]
pub struct Leg {
    /// `transaction_id`.
    pub id: Uuid,
    /// Asset or currency.
    pub unit: Unit,
    /// `wallet_id`.
    pub wallet_id: Uuid,
    /// Net amount (> 0), signed by `flow`.
    pub amount: Decimal,
    /// Informational fee.
    pub fee: Decimal,
    /// `transaction_type`.
    pub tx_type: &'static str,
    /// Direction.
    pub flow: Flow,
    /// Settlement state.
    pub state: LegState,
    /// `order_id`.
    pub order_id: Option<Uuid>,
    /// `credited_at` (None while pending).
    pub credited_at: Option<DateTime<Utc>>,
    /// Running wallet balance after the leg (`-1` when cancelled).
    pub balance_after: Decimal,
    /// `compensates` and `compensates_info`.
    pub compensates: Option<(Uuid, &'static str, &'static str)>,
    /// Trade details.
    pub trade: Option<Trade>,
}

impl Leg {
    /// The signed amount this leg adds to its wallet (0 unless settled).
    pub fn signed(&self) -> Decimal {
        match (self.state, self.flow) {
            (LegState::Settled, Flow::Incoming) => self.amount,
            (LegState::Settled, Flow::Outgoing) => -self.amount,
            _ => Decimal::ZERO,
        }
    }
}

/// One operation: a group of legs with one type and time.
#[derive(Debug, Clone)]
pub struct Operation {
    /// `operation_id`.
    pub id: Uuid,
    /// `operation_type` (an open set).
    pub op_type: &'static str,
    /// When it happened (used by `from`/`to` filters and history).
    pub time: DateTime<Utc>,
    /// Its legs.
    pub legs: Vec<Leg>,
    /// Listed by the legacy API only: the current API's `/v1/operations` leaves it out (its
    /// history of the account begins later), while balances and the legacy views include it.
    pub legacy_only: bool,
}

/// Daily trading limits set for one key, with what was used of them on `day`.
#[derive(Debug, Clone, PartialEq)]
pub struct TradingLimit {
    /// Daily buy volume limit.
    pub buy_limit: Decimal,
    /// Daily sell volume limit.
    pub sell_limit: Decimal,
    /// Currency of the limit (catalogue index).
    pub currency: usize,
    /// The UTC day `buy_used` and `sell_used` count for (None before the first trade).
    pub day: Option<NaiveDate>,
    /// Buy volume accepted on `day`, in the limit currency.
    pub buy_used: Decimal,
    /// Sell volume accepted on `day`, in the limit currency.
    pub sell_used: Decimal,
}
