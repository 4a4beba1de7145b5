//! The exchange account's records: balances, orders and trades, and their wire spellings.

use crate::ids::Uuid;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use std::collections::BTreeMap;

/// Order side (PascalCase on the wire; trades use lower case).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Buy the base asset.
    Buy,
    /// Sell the base asset.
    Sell,
}

/// Order type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Fills at once against the book.
    Market,
    /// Rests at its limit price.
    Limit,
    /// Becomes a limit order once the mid crosses the trigger.
    StopLimit,
    /// Becomes a market order once the mid crosses the trigger.
    StopMarket,
}

/// Time in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tif {
    /// Good till canceled.
    Gtc,
    /// Immediate or cancel.
    Ioc,
    /// Fill or kill.
    Fok,
    /// Good till date (`endTime`).
    Gtd,
}

/// Order status (kebab-case on the wire).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Accepted, nothing filled.
    New,
    /// Some filled, still open.
    PartiallyFilled,
    /// Completely filled.
    Filled,
    /// Closed without any fill.
    Canceled,
    /// Closed after a partial fill.
    FilledAndCanceled,
    /// Expired at the end of the day (not produced by the sandbox; accepted as a filter).
    DoneForDay,
    /// Refused by the matching engine (not produced by the sandbox; accepted as a filter).
    Rejected,
}

impl Side {
    /// `Buy` / `Sell`.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Buy => "Buy",
            Side::Sell => "Sell",
        }
    }
}

impl Kind {
    /// `Market`, `Limit`, `StopLimit`, `StopMarket`.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Market => "Market",
            Kind::Limit => "Limit",
            Kind::StopLimit => "StopLimit",
            Kind::StopMarket => "StopMarket",
        }
    }
}

impl Tif {
    /// `GTC`, `IOC`, `FOK`, `GTD`.
    pub fn as_str(self) -> &'static str {
        match self {
            Tif::Gtc => "GTC",
            Tif::Ioc => "IOC",
            Tif::Fok => "FOK",
            Tif::Gtd => "GTD",
        }
    }
}

impl Status {
    /// Every status.
    pub const ALL: [Status; 7] = [
        Status::New,
        Status::PartiallyFilled,
        Status::Filled,
        Status::Canceled,
        Status::FilledAndCanceled,
        Status::DoneForDay,
        Status::Rejected,
    ];

    /// The kebab-case wire spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::New => "new",
            Status::PartiallyFilled => "partially-filled",
            Status::Filled => "filled",
            Status::Canceled => "canceled",
            Status::FilledAndCanceled => "filled-and-canceled",
            Status::DoneForDay => "done-for-day",
            Status::Rejected => "rejected",
        }
    }

    /// Whether the order can still fill (and be canceled).
    pub fn is_open(self) -> bool {
        matches!(self, Status::New | Status::PartiallyFilled)
    }
}

/// One order.
#[derive(Debug, Clone, PartialEq)]
pub struct Order {
    /// Creation sequence number (orders list newest first by it).
    pub seq: u64,
    /// The order id.
    pub id: Uuid,
    /// Index into [`super::pairs::pairs`].
    pub pair: usize,
    /// Side.
    pub side: Side,
    /// Type.
    pub kind: Kind,
    /// Ordered quantity of the base asset (None for a Market order by amount).
    pub quantity: Option<Decimal>,
    /// Ordered amount in the quote currency (Market orders only).
    pub amount: Option<Decimal>,
    /// Limit price (Limit, StopLimit).
    pub limit_price: Option<Decimal>,
    /// Trigger price (StopLimit, StopMarket).
    pub trigger_price: Option<Decimal>,
    /// Time in force.
    pub tif: Tif,
    /// Expiry of a GTD order.
    pub end_time: Option<DateTime<Utc>>,
    /// Status.
    pub status: Status,
    /// Whether a stop order's trigger has been crossed.
    pub triggered: bool,
    /// Filled quantity.
    pub filled_quantity: Decimal,
    /// Filled amount in the quote currency.
    pub filled_amount: Decimal,
    /// Fees paid (in `fee_currency`).
    pub fee: Decimal,
    /// The currency fees are paid in: what the order receives.
    pub fee_currency: &'static str,
    /// Funds still locked for this order (quote for buys, base for sells).
    pub locked: Decimal,
    /// Created.
    pub created_at: DateTime<Utc>,
    /// Last change.
    pub updated_at: DateTime<Utc>,
    /// Last fill.
    pub executed_at: Option<DateTime<Utc>>,
    /// Price buckets up to this Unix second have been evaluated.
    pub evaluated_to: i64,
}

impl Order {
    /// Quantity still to fill (quantity orders).
    pub fn remaining(&self) -> Decimal {
        self.quantity.unwrap_or_default() - self.filled_quantity
    }
}

/// One fill.
#[derive(Debug, Clone, PartialEq)]
pub struct Trade {
    /// Sequence number (trades list newest first by it).
    pub seq: u64,
    /// Trade id.
    pub id: Uuid,
    /// The order it filled.
    pub order_id: Uuid,
    /// Index into the pairs.
    pub pair: usize,
    /// Side of the order.
    pub side: Side,
    /// Price.
    pub price: Decimal,
    /// Quantity of the base asset.
    pub quantity: Decimal,
    /// Fee amount.
    pub fee: Decimal,
    /// Fee currency.
    pub fee_currency: &'static str,
    /// Price × quantity in the quote currency.
    pub total_amount: Decimal,
    /// When it happened.
    pub executed_at: DateTime<Utc>,
}

/// Available and locked funds of one asset.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Balance {
    /// Free to use.
    pub available: Decimal,
    /// Reserved by open orders.
    pub locked: Decimal,
}

/// The exchange account shared by all demo keys.
#[derive(Debug, Clone, Default)]
pub struct Account {
    /// Seed of ids and fill sizes.
    pub seed: u64,
    /// Balances by symbol.
    pub balances: BTreeMap<&'static str, Balance>,
    /// Orders, oldest first.
    pub orders: Vec<Order>,
    /// Trades, oldest first.
    pub trades: Vec<Trade>,
    /// Last sequence number handed out.
    pub last_seq: u64,
}

impl Account {
    /// The next sequence number and a fresh id derived from it.
    pub fn next_id(&mut self) -> (u64, Uuid) {
        self.last_seq += 1;
        let h = crate::rng::hash(&[self.seed, 0xec5, self.last_seq]);
        (
            self.last_seq,
            Uuid::from_hashes(h, crate::rng::mix64(h ^ 0x77)),
        )
    }

    /// The balance of `symbol` (zero when never seen).
    pub fn balance(&mut self, symbol: &'static str) -> &mut Balance {
        self.balances.entry(symbol).or_default()
    }
}
