//! Sales: taking a quantity out of a holding (lots oldest first, then Austria's pool; what
//! was not there is flagged) and recording the disposal, each lot used with its share of
//! the proceeds and how it is taxed.

use folio_export::tax::entry::Entry;
use rust_decimal::Decimal;

use super::{At, Walker};
use crate::lots::Taken;
use crate::model::{Acquired, AssetRef, Disposal, Flag, LotUse};
use crate::rules::basis;

impl Walker<'_> {
    /// Takes `quantity` out of the holding into `self.taken` (what was there before is
    /// dropped); flags what was not there.
    pub(super) fn take(&mut self, entry: &Entry, at: usize, quantity: Decimal) {
        let (asset, holding) = &mut self.out.holdings[at];
        let taken = &mut self.taken;
        taken.clear();
        let short = holding.take(quantity, taken);
        if short > Decimal::ZERO {
            let symbol = asset.symbol.to_string();
            self.out.flags.push(Flag::Shortfall {
                entry_id: entry.id.to_string(),
                symbol,
                quantity: short,
            });
            taken.push(Taken {
                acquired: Acquired::Unknown,
                quantity: short,
                cost: None,
                cost_with_fees: None,
            });
        }
    }

    /// A sale (or the giving side of a swap) of `quantity`: `net` is what it brought after
    /// the sale's fee, `gross` before it (Austria's 27.5 % counts the gross).
    pub(super) fn dispose(
        &mut self,
        at: At<'_>,
        asset_at: usize,
        quantity: Decimal,
        (net, gross): (Option<Decimal>, Option<Decimal>),
        swap: bool,
    ) {
        self.take(at.entry, asset_at, quantity);
        let asset = self.asset_at(asset_at);
        let lots: Vec<LotUse> = self
            .taken
            .iter()
            .map(|t| {
                let basis = basis(self.rules, asset.regime, t.acquired, at.day);
                // Austria's 27.5 %: fees outside (cost without, proceeds before them);
                // otherwise fees are costs of the sale.
                let special = basis == crate::Basis::SpecialRate;
                let (whole, cost) = if special {
                    (gross, t.cost)
                } else {
                    (net, t.cost_with_fees)
                };
                let share = if t.quantity == quantity {
                    whole
                } else {
                    whole
                        .and_then(|p| p.checked_mul(t.quantity))
                        .and_then(|p| p.checked_div(quantity))
                };
                LotUse {
                    acquired: t.acquired,
                    quantity: t.quantity,
                    cost,
                    proceeds: share,
                    gain: share.zip(cost).and_then(|(p, c)| p.checked_sub(c)),
                    basis,
                }
            })
            .collect();
        self.record(at, asset, quantity, swap, lots);
    }

    pub(super) fn record(
        &mut self,
        at: At<'_>,
        asset: AssetRef,
        quantity: Decimal,
        swap: bool,
        lots: Vec<LotUse>,
    ) {
        let cost = lots
            .iter()
            .try_fold(Decimal::ZERO, |a, l| a.checked_add(l.cost?));
        let proceeds = lots
            .iter()
            .try_fold(Decimal::ZERO, |a, l| a.checked_add(l.proceeds?));
        self.out.disposals.push(Disposal {
            entry_id: at.entry.id.to_string(),
            time: at.entry.time,
            day: at.day,
            asset,
            quantity,
            proceeds,
            cost,
            gain: proceeds.zip(cost).and_then(|(p, c)| p.checked_sub(c)),
            swap,
            lots,
        });
    }
}
