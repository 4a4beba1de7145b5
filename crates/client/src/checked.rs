//! Checked money arithmetic: the only arithmetic on [`Decimal`] in Folio.
//!
//! `rust_decimal`'s operators panic on overflow and on a zero divisor, and a panic aborts the
//! wasm page. Every `+ - * /` on a typed or served value goes through `Decimal::checked_*` or
//! the helpers here, which return `None` instead. The rule is enforced by clippy
//! (`arithmetic_side_effects` is denied in `folio` and `folio-client` outside tests, and
//! `Iterator::sum` is disallowed in `clippy.toml`). Callers show "—" or "too large" for a
//! `None`, never a made-up figure.

use rust_decimal::Decimal;

/// The sum of `values`, or `None` when it overflows. An empty sequence sums to zero.
pub fn sum(values: impl IntoIterator<Item = Decimal>) -> Option<Decimal> {
    values
        .into_iter()
        .try_fold(Decimal::ZERO, |total, value| total.checked_add(value))
}

/// `part / whole × 100`, or `None` when `whole` is zero or the result overflows.
pub fn percent_of(part: Decimal, whole: Decimal) -> Option<Decimal> {
    if whole.is_zero() {
        return None;
    }
    part.checked_div(whole)?.checked_mul(Decimal::ONE_HUNDRED)
}

/// `a × b` when both are known and the product fits.
pub fn product(a: Option<Decimal>, b: Option<Decimal>) -> Option<Decimal> {
    a?.checked_mul(b?)
}

/// `a − b` when both are known and the difference fits.
pub fn difference(a: Option<Decimal>, b: Option<Decimal>) -> Option<Decimal> {
    a?.checked_sub(b?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_and_overflow() {
        assert_eq!(sum([Decimal::ONE, Decimal::TWO]), Some(Decimal::from(3)));
        assert_eq!(sum(std::iter::empty()), Some(Decimal::ZERO));
        assert_eq!(sum([Decimal::MAX, Decimal::ONE]), None);
    }

    #[test]
    fn percent_refuses_zero_and_overflow() {
        assert_eq!(
            percent_of(Decimal::ONE, Decimal::from(4)),
            Some(Decimal::from(25))
        );
        assert_eq!(percent_of(Decimal::ONE, Decimal::ZERO), None);
        assert_eq!(percent_of(Decimal::MAX, Decimal::ONE), None);
    }

    #[test]
    fn product_and_difference() {
        assert_eq!(product(Some(Decimal::MAX), Some(Decimal::TWO)), None);
        assert_eq!(product(None, Some(Decimal::TWO)), None);
        assert_eq!(
            product(Some(Decimal::TWO), Some(Decimal::TWO)),
            Some(Decimal::from(4))
        );
        assert_eq!(difference(Some(Decimal::MIN), Some(Decimal::ONE)), None);
        assert_eq!(
            difference(Some(Decimal::TWO), Some(Decimal::ONE)),
            Some(Decimal::ONE)
        );
    }
}
