//! Plain logic of the Earn page: APR as a percentage and the earn-offer filters. Tested
//! natively.

use folio_client::current::EarnConfig;
use rust_decimal::Decimal;

/// An APR fraction as a percentage, exactly (`0.0544` → `5.44`); `None` when it overflows.
pub fn apr_percent(fraction: Decimal) -> Option<Decimal> {
    fraction
        .checked_mul(Decimal::ONE_HUNDRED)
        .map(|p| p.normalize())
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
    fn apr_is_exact() {
        assert_eq!(apr_percent(d("0.0544")).unwrap().to_string(), "5.44");
        assert_eq!(apr_percent(Decimal::MAX), None);
        assert_eq!(apr_percent(d("0.031")).unwrap().to_string(), "3.1");
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
