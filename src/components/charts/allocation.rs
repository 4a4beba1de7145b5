//! How a portfolio's value splits across its holdings, in exact decimals.

use folio_client::checked;
use rust_decimal::Decimal;

/// One holding's share of the whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllocationSlice {
    /// What the slice is called on screen (symbol or name).
    pub label: String,
    /// The holding's value in the valuation currency.
    pub value: Decimal,
    /// Exact share of the total, 0–100 (rounded only for display).
    pub percent: Decimal,
}

/// Splits `holdings` (label, value) into shares of their total, largest first.
///
/// Holdings worth zero or less are left out. At most `max_slices` slices are returned: the
/// smallest ones are merged into one called `other_label`.
pub fn allocation(
    holdings: &[(String, Decimal)],
    max_slices: usize,
    other_label: &str,
) -> Vec<AllocationSlice> {
    let mut positive: Vec<(String, Decimal)> = holdings
        .iter()
        .filter(|(_, value)| *value > Decimal::ZERO)
        .cloned()
        .collect();
    // Holdings too large to add up get no chart (the table still lists them).
    let Some(total) = checked::sum(positive.iter().map(|(_, value)| *value)) else {
        return Vec::new();
    };
    if total.is_zero() {
        return Vec::new();
    }
    folio_client::sorting::sort_by(&mut positive, |a, b| {
        b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0))
    });
    let max_slices = max_slices.max(1);
    if positive.len() > max_slices {
        // Cannot overflow: a part of a sum that did not overflow.
        let rest = checked::sum(positive[max_slices - 1..].iter().map(|(_, v)| *v))
            .unwrap_or(Decimal::ZERO);
        positive.truncate(max_slices - 1);
        positive.push((other_label.to_string(), rest));
    }
    positive
        .into_iter()
        .map(|(label, value)| AllocationSlice {
            percent: percent_of(value, total),
            label,
            value,
        })
        .collect()
}

/// `part / whole × 100`, or zero when the whole is zero. Never panics.
pub fn percent_of(part: Decimal, whole: Decimal) -> Decimal {
    if whole.is_zero() {
        return Decimal::ZERO;
    }
    part.checked_div(whole)
        .and_then(|ratio| ratio.checked_mul(Decimal::ONE_HUNDRED))
        .unwrap_or(Decimal::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    fn h(label: &str, value: &str) -> (String, Decimal) {
        (label.to_string(), d(value))
    }

    #[test]
    fn shares_are_exact_and_sorted() {
        let slices = allocation(&[h("ETH", "25"), h("BTC", "75")], 8, "Other");
        assert_eq!(slices[0].label, "BTC");
        assert_eq!(slices[0].percent, d("75"));
        assert_eq!(slices[1].percent, d("25"));
        let total = checked::sum(slices.iter().map(|s| s.percent)).unwrap();
        assert_eq!(total, d("100"));
    }

    #[test]
    fn small_holdings_merge_into_other() {
        let holdings = [h("A", "50"), h("B", "30"), h("C", "15"), h("D", "5")];
        let slices = allocation(&holdings, 3, "Other");
        assert_eq!(slices.len(), 3);
        assert_eq!(slices[2].label, "Other");
        assert_eq!(slices[2].value, d("20"));
        assert_eq!(slices[2].percent, d("20"));
    }

    #[test]
    fn empty_or_zero_holdings() {
        assert!(allocation(&[], 8, "Other").is_empty());
        assert!(allocation(&[h("A", "0"), h("B", "-1")], 8, "Other").is_empty());
        assert_eq!(percent_of(d("1"), d("0")), d("0"));
        assert_eq!(percent_of(d("1"), d("3")).round_dp(4), d("33.3333"));
    }
}
