//! Plain logic of the Limits and Earn pages: checking typed limits and the typed confirmation,
//! the remaining-budget share for the gauge, APR as a percentage, staked amounts and the
//! earn-offer filters. Tested natively.

use folio_client::checked::percent_of;
use folio_client::current::{validate_amount, AmountError, EarnConfig};
use rust_decimal::Decimal;

/// Whether the limits typed again in the confirmation are exactly the ones reviewed: limits
/// are permanent, so the amounts themselves are retyped (a slip such as `1.000` for one
/// thousand cannot pass twice unnoticed beside its read-back).
pub fn limits_retyped(buy_again: &str, sell_again: &str, reviewed: (Decimal, Decimal)) -> bool {
    check_limit(buy_again).ok() == Some(reviewed.0)
        && check_limit(sell_again).ok() == Some(reviewed.1)
}

/// A daily limit: zero (nothing allowed) or a positive amount with at most two decimals.
pub fn check_limit(text: &str) -> Result<Decimal, AmountError> {
    let trimmed = text.trim();
    let is_zero = !trimmed.is_empty()
        && trimmed.chars().all(|c| c == '0' || c == '.')
        && trimmed.matches('.').count() <= 1
        && trimmed.contains('0');
    if is_zero {
        return Ok(Decimal::ZERO);
    }
    validate_amount(text, 2, None)
}

/// The remaining budget as a percentage of the limit (0–100, one decimal); `None` when
/// either is unknown or the limit is zero.
pub fn remaining_percent(remaining: Option<Decimal>, limit: Option<Decimal>) -> Option<Decimal> {
    let (remaining, limit) = (remaining?, limit?);
    if limit <= Decimal::ZERO {
        return None;
    }
    let share = percent_of(remaining, limit)?
        .clamp(Decimal::ZERO, Decimal::ONE_HUNDRED)
        .round_dp(1);
    Some(share.normalize())
}

/// An APR fraction as a percentage, exactly (`0.0544` → `5.44`); `None` when it overflows.
pub fn apr_percent(fraction: Decimal) -> Option<Decimal> {
    fraction
        .checked_mul(Decimal::ONE_HUNDRED)
        .map(|p| p.normalize())
}

/// The staked part of a holding: balance minus available, when positive.
pub fn staked(balance: Option<Decimal>, available: Option<Decimal>) -> Option<Decimal> {
    let amount = balance?.checked_sub(available?)?;
    (amount > Decimal::ZERO).then_some(amount)
}

/// Filters of the earn-offers table (kept in the URL query).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EarnFilter {
    /// Asset symbol, upper case.
    pub asset: Option<String>,
    /// `LOCKED` or `FLEXIBLE`.
    pub earn_type: Option<String>,
    /// Only offers open for staking (enabled, not sold out).
    pub open_only: bool,
}

impl EarnFilter {
    /// Whether an offer (with the symbol of its asset) passes the filter.
    pub fn keeps(&self, config: &EarnConfig, symbol: &str) -> bool {
        let asset_ok = self
            .asset
            .as_deref()
            .is_none_or(|a| a.eq_ignore_ascii_case(symbol));
        let type_ok = self.earn_type.as_deref().is_none_or(|t| {
            config
                .earn_type
                .as_ref()
                .is_some_and(|k| k.as_str().eq_ignore_ascii_case(t))
        });
        let open = config.enabled == Some(true) && config.soldout != Some(true);
        asset_ok && type_ok && (!self.open_only || open)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn limits_and_confirmation() {
        assert!(limits_retyped(" 1000 ", "0", (d("1000"), Decimal::ZERO)));
        assert!(limits_retyped(
            "1000.00",
            "0.00",
            (d("1000"), Decimal::ZERO)
        ));
        assert!(!limits_retyped("1.000", "0", (d("1000"), Decimal::ZERO)));
        assert!(!limits_retyped("1000", "", (d("1000"), Decimal::ZERO)));
        assert_eq!(check_limit("0"), Ok(Decimal::ZERO));
        assert_eq!(check_limit("0.00"), Ok(Decimal::ZERO));
        assert_eq!(check_limit("100.5"), Ok(d("100.5")));
        assert!(check_limit("-1").is_err());
        assert!(check_limit(".").is_err());
        assert!(check_limit("1.234").is_err());
        assert!(check_limit("").is_err());
    }

    #[test]
    fn gauge_apr_and_staked() {
        assert_eq!(
            remaining_percent(Some(d("80")), Some(d("100"))),
            Some(d("80"))
        );
        assert_eq!(
            remaining_percent(Some(d("1")), Some(d("3"))),
            Some(d("33.3"))
        );
        assert_eq!(remaining_percent(Some(d("5")), Some(d("0"))), None);
        assert_eq!(
            remaining_percent(Some(d("200")), Some(d("100"))),
            Some(d("100"))
        );
        assert_eq!(apr_percent(d("0.0544")).unwrap().to_string(), "5.44");
        assert_eq!(apr_percent(Decimal::MAX), None);
        assert_eq!(
            remaining_percent(Some(Decimal::MAX), Some(d("0.0000001"))),
            None
        );
        assert_eq!(apr_percent(d("0.031")).unwrap().to_string(), "3.1");
        assert_eq!(staked(Some(d("2")), Some(d("1.5"))), Some(d("0.5")));
        assert_eq!(staked(Some(d("2")), Some(d("2"))), None);
    }

    #[test]
    fn earn_filter() {
        let c: EarnConfig = serde_json::from_value(serde_json::json!({
            "id": "c", "type": "LOCKED", "enabled": true, "soldout": true
        }))
        .unwrap();
        assert!(EarnFilter::default().keeps(&c, "ETH"));
        let f = EarnFilter {
            asset: Some("eth".into()),
            ..Default::default()
        };
        assert!(f.keeps(&c, "ETH") && !f.keeps(&c, "SOL"));
        let f = EarnFilter {
            earn_type: Some("FLEXIBLE".into()),
            ..Default::default()
        };
        assert!(!f.keeps(&c, "ETH"));
        let f = EarnFilter {
            open_only: true,
            ..Default::default()
        };
        assert!(!f.keeps(&c, "ETH"));
    }
}
