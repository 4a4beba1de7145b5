//! What the walk records when a value is missing or far off, and the EUR values of legs: fiat
//! converted at the trade's rate, an asset at its reference price (`crate::prices`).

use folio_export::tax::entry::Unit;
use rust_decimal::Decimal;

use super::{At, Walker, FAR_DAYS};
use crate::eur::fiat_in_eur;
use crate::model::{Flag, NotUnderstood, Unclear};

impl Walker<'_> {
    pub(super) fn no_price(&mut self, at: At<'_>, symbol: &str) {
        self.out.flags.push(Flag::NoPrice {
            entry_id: at.entry.id.to_string(),
            symbol: symbol.to_string(),
            date: at.day,
        });
    }

    pub(super) fn no_rate(&mut self, at: At<'_>, unit: &Unit) {
        self.out.flags.push(Flag::NoEurRate {
            entry_id: at.entry.id.to_string(),
            currency: unit.symbol().to_string(),
        });
    }

    pub(super) fn not_understood(&mut self, at: At<'_>, reason: Unclear) {
        self.out.not_understood.push(NotUnderstood {
            entry_id: at.entry.id.to_string(),
            raw_type: at.entry.type_name().to_string(),
            time: at.entry.time,
            reason,
        });
    }

    /// The EUR value of `amount` of an asset on the entry's day at its reference price
    /// (flagged when there is none, or when it is more than a week away).
    pub(super) fn asset_value(
        &mut self,
        at: At<'_>,
        amount: Decimal,
        unit: &Unit,
    ) -> Option<Decimal> {
        let Some((price, price_date)) = self.prices.on(&unit.id, at.day) else {
            self.no_price(at, unit.symbol());
            return None;
        };
        if price_date
            .signed_duration_since(at.day)
            .num_days()
            .saturating_abs()
            > FAR_DAYS
        {
            self.out.flags.push(Flag::DistantPrice {
                entry_id: at.entry.id.to_string(),
                symbol: unit.symbol().to_string(),
                date: at.day,
                price_date,
            });
        }
        price.checked_mul(amount)
    }

    /// The EUR value of `amount` of `unit` in the entry: fiat converted, an asset at its
    /// reference price.
    pub(super) fn value_of(&mut self, at: At<'_>, amount: Decimal, unit: &Unit) -> Option<Decimal> {
        if !unit.is_fiat() {
            return self.asset_value(at, amount, unit);
        }
        let value = fiat_in_eur(amount, unit, at.entry.trade.as_deref());
        if value.is_none() {
            self.no_rate(at, unit);
        }
        value
    }
}
