//! Taxes and fees of an entry: outgoing tax legs are tax withheld, incoming ones tax
//! credited back (both EUR, per tax year); the trade's fee and fee legs are fees paid. Fees
//! stay in their own total under both rule sets (Austria leaves them out of the 27.5 %
//! computation; Germany's costs already hold them).

use super::{At, Walker};
use crate::model::Unclear;

impl<'a> Walker<'a> {
    pub(super) fn charges(&mut self, at: At<'a>) {
        let entry = at.entry;
        for tax in &entry.taxes {
            if let Some(v) = self.value_of(at, tax.amount, &tax.unit) {
                self.withheld.add(at.year, v);
            }
        }
        for credit in entry.moves.iter().filter(|m| m.tax_leg && m.incoming) {
            if !credit.unit.is_fiat() {
                self.not_understood(at, Unclear::AssetTaxCredit);
                continue;
            }
            let value = self.value_of(at, credit.amount, &credit.unit);
            if let Some(v) = value.and_then(|v| rust_decimal::Decimal::ZERO.checked_sub(v)) {
                self.withheld.add(at.year, v);
            }
        }
        if let Some((amount, unit)) = entry.trade.as_ref().and_then(|t| t.fee.as_ref()) {
            if let Some(v) = self.value_of(at, *amount, unit) {
                self.fees.add(at.year, v);
            }
        }
        for fee in &entry.fees {
            if let Some(v) = self.value_of(at, fee.amount, &fee.unit) {
                self.fees.add(at.year, v);
            }
        }
    }
}
