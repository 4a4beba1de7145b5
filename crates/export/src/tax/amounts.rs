//! Amount helpers shared by the writers: checked sums per unit and the placeholder for a
//! value the data does not give. Every amount is written with `Decimal`'s own text, which
//! keeps the scale the service sent (`0.00197000`) and never uses an exponent.

use rust_decimal::Decimal;

use super::entry::{Move, Unit};
use super::sent_id::SentId;

/// What a cell holds when the data gives no value (Bitpanda's own export writes `-` too).
pub(crate) const NONE: &str = "-";

/// One unit's share of some legs: their summed amount, the unit and the first leg's id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Group {
    pub amount: Decimal,
    pub unit: Unit,
    pub leg_id: SentId,
}

/// The amounts of `moves` summed per unit, in the order units first appear. A sum that would
/// overflow starts a new group instead, so nothing is lost.
pub(crate) fn per_unit(moves: &[Move]) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for m in moves {
        let sum = groups
            .iter_mut()
            .filter(|g| g.unit.id == m.unit.id)
            .find_map(|g| Some((g.amount.checked_add(m.amount)?, g)));
        match sum {
            Some((total, group)) => group.amount = total,
            None => groups.push(Group {
                amount: m.amount,
                unit: m.unit.clone(),
                leg_id: m.leg_id.clone(),
            }),
        }
    }
    groups
}

/// `amount − fee` when it is not negative and fits.
pub(crate) fn less(amount: Decimal, fee: Decimal) -> Option<Decimal> {
    amount.checked_sub(fee).filter(|d| !d.is_sign_negative())
}

/// `amount + fee` when it fits.
pub(crate) fn plus(amount: Decimal, fee: Decimal) -> Option<Decimal> {
    amount.checked_add(fee)
}

/// `total / quantity` rounded to 8 decimals (a unit price worked out from amounts), when the
/// quantity is not zero and the result fits.
pub(crate) fn unit_price(total: Decimal, quantity: Decimal) -> Option<Decimal> {
    if quantity.is_zero() {
        return None;
    }
    Some(total.checked_div(quantity)?.round_dp(8))
}
