//! Plain logic of the Earn page: APR as a percentage and the earn-offer filters. Tested
//! natively.

use folio_client::current::EarnConfig;
use rust_decimal::Decimal;

use crate::url::UrlState;

/// An APR fraction as a percentage, exactly (`0.0544` → `5.44`); `None` when it overflows.
pub fn apr_percent(fraction: Decimal) -> Option<Decimal> {
    fraction
        .checked_mul(Decimal::ONE_HUNDRED)
        .map(|p| p.normalize())
}

/// Filters of the earn-offers table, kept in the URL (`?asset=ETH&type=LOCKED&open=1`).
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

impl UrlState for EarnFilter {
    type Scope = ();

    fn from_query((): (), get: impl Fn(&str) -> Option<String>) -> Self {
        let code = |v: Option<String>| {
            let v = v?.trim().to_ascii_uppercase();
            let ok = (1..=16).contains(&v.len()) && v.chars().all(|c| c.is_ascii_alphanumeric());
            ok.then_some(v)
        };
        Self {
            asset: code(get("asset")),
            earn_type: code(get("type")),
            open_only: get("open").as_deref() == Some("1"),
        }
    }

    fn to_query(&self) -> Vec<(&'static str, Option<String>)> {
        vec![
            ("asset", self.asset.clone()),
            ("type", self.earn_type.clone()),
            ("open", self.open_only.then(|| "1".to_string())),
        ]
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

    #[test]
    fn filter_round_trips_through_the_url() {
        let f = EarnFilter::from_query((), |k| match k {
            "asset" => Some(" eth".into()),
            "type" => Some("locked".into()),
            "open" => Some("1".into()),
            _ => None,
        });
        assert_eq!(f.asset.as_deref(), Some("ETH"));
        assert_eq!(f.earn_type.as_deref(), Some("LOCKED"));
        assert!(f.open_only);
        let back = EarnFilter::from_query((), |k| {
            f.to_query()
                .into_iter()
                .find(|(p, _)| *p == k)
                .and_then(|(_, v)| v)
        });
        assert_eq!(back, f);
        let junk = EarnFilter::from_query((), |_| Some("<b>".into()));
        assert_eq!(junk, EarnFilter::default());
    }
}
