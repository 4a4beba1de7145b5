//! Checks the order form runs before sending (mirroring the exchange's 422 rules), and the
//! fat-finger warning. Pure functions, no I/O. Problems are returned as data ([`OrderProblem`]);
//! the app puts them into words, in the language shown.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

use super::{NewOrder, OrderSide, OrderType, Pair, TimeInForce};

/// A limit price further than this from the mid (in percent) asks for confirmation.
pub const FAT_FINGER_PERCENT: Decimal = Decimal::TEN;

/// A StopMarket buy needs its quantity × trigger price plus this share (10 %) available.
const STOP_BUY_BUFFER: Decimal = Decimal::from_parts(11, 0, 0, false, 1);

/// The form field a problem belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// Quantity of the base asset.
    Quantity,
    /// Amount of the quote currency.
    Amount,
    /// Limit price.
    LimitPrice,
    /// Trigger price.
    TriggerPrice,
    /// Time in force.
    TimeInForce,
    /// GTD end time.
    EndTime,
}

/// What the order form holds before it is sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderDraft {
    /// Side.
    pub side: OrderSide,
    /// Type.
    pub order_type: OrderType,
    /// Quantity (exclusive with `amount`).
    pub quantity: Option<Decimal>,
    /// Amount in the quote currency (Market only).
    pub amount: Option<Decimal>,
    /// Limit price.
    pub limit_price: Option<Decimal>,
    /// Trigger price.
    pub trigger_price: Option<Decimal>,
    /// Time in force (None: the exchange's default).
    pub time_in_force: Option<TimeInForce>,
    /// End time (GTD).
    pub end_time: Option<DateTime<Utc>>,
    /// The current mid, used to value Market orders by quantity.
    pub market_price: Option<Decimal>,
}

impl OrderDraft {
    /// The request body for `pair`.
    pub fn to_new_order(&self, pair: &str) -> NewOrder {
        let uses_limit = matches!(self.order_type, OrderType::Limit | OrderType::StopLimit);
        let uses_trigger = matches!(
            self.order_type,
            OrderType::StopLimit | OrderType::StopMarket
        );
        NewOrder {
            pair: pair.to_string(),
            side: self.side.clone(),
            order_type: self.order_type.clone(),
            quantity: self.quantity,
            amount: self.amount,
            limit_price: self.limit_price.filter(|_| uses_limit),
            trigger_price: self.trigger_price.filter(|_| uses_trigger),
            time_in_force: self.time_in_force.clone(),
            end_time: self
                .end_time
                .filter(|_| self.time_in_force == Some(TimeInForce::Gtd)),
        }
    }

    fn reference_price(&self) -> Option<Decimal> {
        match self.order_type {
            OrderType::Limit | OrderType::StopLimit => self.limit_price,
            OrderType::StopMarket => self.trigger_price,
            _ => self.market_price,
        }
    }
}

/// Whether `x` is a whole multiple of `step` (no step, or a zero step, allows anything). A
/// remainder that cannot be computed counts as "not a multiple": the order is not sent.
fn multiple(x: Decimal, step: Option<Decimal>) -> bool {
    step.is_none_or(|s| s.is_zero() || x.checked_rem(s).is_some_and(|r| r.is_zero()))
}

/// Which price a [`OrderProblem`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PriceKind {
    /// The limit price.
    Limit,
    /// The trigger price.
    Trigger,
}

/// What is wrong with an order draft, with the figures its sentence names (the app words
/// it). Each comes with the [`Field`] it is shown at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderProblem {
    /// Both a quantity and an amount were given.
    QuantityAndAmount,
    /// Neither a quantity nor an amount was given.
    NoSize,
    /// The quantity is zero or negative.
    QuantityNotPositive,
    /// The quantity is not a multiple of the pair's size increment `step`.
    QuantityNotMultiple {
        /// The size increment.
        step: Decimal,
    },
    /// The quantity is above the pair's maximum order size `max` (in `base`).
    QuantityAboveMaximum {
        /// The maximum order size.
        max: Decimal,
        /// The base asset's symbol.
        base: String,
    },
    /// An amount was given for an order type other than Market.
    AmountNotMarket,
    /// The amount is zero or negative.
    AmountNotPositive,
    /// The amount is not a multiple of the pair's amount increment `step`.
    AmountNotMultiple {
        /// The amount increment.
        step: Decimal,
    },
    /// The order type needs this price and none was given.
    PriceMissing(PriceKind),
    /// The price is zero or negative.
    PriceNotPositive(PriceKind),
    /// The price is not a multiple of the pair's tick size `tick`.
    PriceNotOnTick {
        /// Which price.
        price: PriceKind,
        /// The tick size.
        tick: Decimal,
    },
    /// A Market order with GTC or GTD (Market orders are IOC or FOK).
    MarketTimeInForce,
    /// A good-till-date order without an end time.
    EndTimeMissing,
    /// An end time on an order that is not good-till-date.
    EndTimeNotUsed,
    /// The order's value cannot be computed (too large).
    ValueTooLarge,
    /// The order is worth less than the pair's minimum `min` (in `quote`).
    BelowMinimum {
        /// The minimum order amount.
        min: Decimal,
        /// The quote currency's symbol.
        quote: String,
    },
    /// The order is worth more than the pair's maximum `max` (in `quote`).
    AboveMaximum {
        /// The maximum order amount.
        max: Decimal,
        /// The quote currency's symbol.
        quote: String,
    },
    /// The order needs `need` of `unit` and only `available` is available.
    NotEnoughBalance {
        /// What the order needs (exact; not rounded).
        need: Decimal,
        /// What is available.
        available: Decimal,
        /// The symbol spent (the base asset for sells, the quote currency otherwise).
        unit: String,
    },
}

/// Checks `draft` against `pair`'s rules and the `available` balance of what the order
/// spends (the quote currency for buys, the base asset for sells). Every problem is returned
/// with its field.
pub fn validate_order(
    pair: &Pair,
    draft: &OrderDraft,
    available: Decimal,
) -> Result<(), Vec<(Field, OrderProblem)>> {
    let mut errors: Vec<(Field, OrderProblem)> = Vec::new();
    let mut err = |f: Field, p: OrderProblem| errors.push((f, p));
    let quote = pair.quote_asset.clone().unwrap_or_default();
    let base = pair.base_asset.clone().unwrap_or_default();
    let is_market = draft.order_type == OrderType::Market;
    match (draft.quantity, draft.amount) {
        (Some(_), Some(_)) => err(Field::Amount, OrderProblem::QuantityAndAmount),
        (None, None) => err(Field::Quantity, OrderProblem::NoSize),
        _ => {}
    }
    if let Some(q) = draft.quantity {
        if q <= Decimal::ZERO {
            err(Field::Quantity, OrderProblem::QuantityNotPositive);
        } else if !multiple(q, pair.size_increment) {
            err(
                Field::Quantity,
                OrderProblem::QuantityNotMultiple {
                    step: pair.size_increment.unwrap_or_default(),
                },
            );
        } else if pair.max_order_size.is_some_and(|m| q > m) {
            err(
                Field::Quantity,
                OrderProblem::QuantityAboveMaximum {
                    max: pair.max_order_size.unwrap_or_default(),
                    base: base.clone(),
                },
            );
        }
    }
    if let Some(a) = draft.amount {
        if !is_market {
            err(Field::Amount, OrderProblem::AmountNotMarket);
        } else if a <= Decimal::ZERO {
            err(Field::Amount, OrderProblem::AmountNotPositive);
        } else if !multiple(a, pair.amount_increment) {
            err(
                Field::Amount,
                OrderProblem::AmountNotMultiple {
                    step: pair.amount_increment.unwrap_or_default(),
                },
            );
        }
    }
    let needs_limit = matches!(draft.order_type, OrderType::Limit | OrderType::StopLimit);
    let needs_trigger = matches!(
        draft.order_type,
        OrderType::StopLimit | OrderType::StopMarket
    );
    for (needed, price, field, kind) in [
        (
            needs_limit,
            draft.limit_price,
            Field::LimitPrice,
            PriceKind::Limit,
        ),
        (
            needs_trigger,
            draft.trigger_price,
            Field::TriggerPrice,
            PriceKind::Trigger,
        ),
    ] {
        match price {
            _ if !needed => {}
            None => err(field, OrderProblem::PriceMissing(kind)),
            Some(p) if p <= Decimal::ZERO => err(field, OrderProblem::PriceNotPositive(kind)),
            Some(p) if !multiple(p, pair.tick_size) => err(
                field,
                OrderProblem::PriceNotOnTick {
                    price: kind,
                    tick: pair.tick_size.unwrap_or_default(),
                },
            ),
            _ => {}
        }
    }
    match (&draft.time_in_force, draft.end_time) {
        (Some(TimeInForce::Gtc | TimeInForce::Gtd), _) if is_market => {
            err(Field::TimeInForce, OrderProblem::MarketTimeInForce)
        }
        (Some(TimeInForce::Gtd), None) => err(Field::EndTime, OrderProblem::EndTimeMissing),
        (Some(TimeInForce::Gtd), Some(_)) => {}
        (_, Some(_)) => err(Field::EndTime, OrderProblem::EndTimeNotUsed),
        _ => {}
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let field = if draft.amount.is_some() {
        Field::Amount
    } else {
        Field::Quantity
    };
    let reference = draft.reference_price();
    let value = match (draft.amount, draft.quantity, reference) {
        (Some(amount), _, _) => Some(amount),
        (None, Some(q), Some(price)) => match q.checked_mul(price) {
            Some(v) => Some(v),
            None => return Err(vec![(field, OrderProblem::ValueTooLarge)]),
        },
        _ => None,
    };
    if let Some(value) = value {
        if let Some(min) = pair.min_order_amount.filter(|m| value < *m) {
            errors.push((
                field,
                OrderProblem::BelowMinimum {
                    min,
                    quote: quote.clone(),
                },
            ));
        }
        if let Some(max) = pair.max_order_amount.filter(|m| value > *m) {
            errors.push((
                field,
                OrderProblem::AboveMaximum {
                    max,
                    quote: quote.clone(),
                },
            ));
        }
    }
    // A mid of zero (or none) leaves the quantity a sell by amount needs unknown: the balance
    // check is skipped rather than guessed (the exchange still refuses what it cannot fill).
    let need = match draft.side {
        OrderSide::Sell => draft.quantity.or_else(|| {
            draft
                .amount?
                .checked_div(reference.filter(|r| !r.is_zero())?)
        }),
        _ if draft.order_type == OrderType::StopMarket => match value {
            Some(v) => match v.checked_mul(STOP_BUY_BUFFER) {
                Some(need) => Some(need),
                None => return Err(vec![(field, OrderProblem::ValueTooLarge)]),
            },
            None => None,
        },
        _ => value,
    };
    if let Some(need) = need.filter(|n| *n > available) {
        let unit = if draft.side == OrderSide::Sell {
            base
        } else {
            quote
        };
        errors.push((
            field,
            OrderProblem::NotEnoughBalance {
                need,
                available,
                unit,
            },
        ));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The largest distance [`fat_finger`] states; anything further is reported as this value.
pub const FAT_FINGER_CEILING: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);

/// For Limit and StopLimit orders whose limit price is more than [`FAT_FINGER_PERCENT`] away
/// from `mid`: the distance in percent (one decimal), to be confirmed by the person.
///
/// The distance is capped at [`FAT_FINGER_CEILING`] (one million percent): a distance at
/// or above the ceiling — including one too large to compute at all — is returned as exactly
/// the ceiling, so the app can say "at least 1000000 %". A warning is never dropped because
/// the arithmetic overflowed.
pub fn fat_finger(draft: &OrderDraft, mid: Decimal) -> Option<Decimal> {
    if !matches!(draft.order_type, OrderType::Limit | OrderType::StopLimit) || mid <= Decimal::ZERO
    {
        return None;
    }
    let limit = draft.limit_price?;
    let percent = limit
        .checked_sub(mid)
        .and_then(|distance| crate::checked::percent_of(distance.abs(), mid))
        .map_or(FAT_FINGER_CEILING, |p| p.min(FAT_FINGER_CEILING));
    (percent > FAT_FINGER_PERCENT).then(|| percent.round_dp(1))
}

#[cfg(test)]
#[path = "validate_tests.rs"]
mod tests;
