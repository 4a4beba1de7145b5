//! Fiat amounts in EUR: EUR as sent, another currency through the trade's `to_eur_rate`
//! (else unknown).

use folio_export::tax::entry::{TradeInfo, Unit};
use rust_decimal::Decimal;

/// Whether a unit is the euro.
pub fn is_eur(unit: &Unit) -> bool {
    unit.is_fiat() && unit.symbol().eq_ignore_ascii_case("EUR")
}

/// `amount` of the fiat `unit` in EUR.
pub fn fiat_in_eur(amount: Decimal, unit: &Unit, trade: Option<&TradeInfo>) -> Option<Decimal> {
    if is_eur(unit) {
        return Some(amount);
    }
    let rate = trade?.to_eur_rate?;
    amount.checked_mul(rate)
}
