//! Earn (staking) configurations: a handful of LOCKED and FLEXIBLE offers, some disabled or
//! sold out. Fixed, independent of the seed.

use crate::fixed_catalogue::{catalogue, id_for};
use crate::ids::Uuid;
use rust_decimal::Decimal;

/// One earn offer for an asset.
#[derive(Debug, Clone, PartialEq)]
pub struct EarnConfig {
    /// Config uuid (the `config_id` of earn actions).
    pub id: Uuid,
    /// Asset (catalogue index).
    pub asset: usize,
    /// Annual percentage rate as a fraction (0.0544 = 5.44 %).
    pub apr: Decimal,
    /// `LOCKED` or `FLEXIBLE`.
    pub kind: &'static str,
    /// Always `STAKING_EARN` here.
    pub mode: &'static str,
    /// Whether staking is currently possible.
    pub enabled: bool,
    /// Whether the offer is sold out.
    pub soldout: bool,
}

impl EarnConfig {
    /// Whether new stakes are accepted.
    pub fn open(&self) -> bool {
        self.enabled && !self.soldout
    }
}

const CONFIGS: &[(&str, &str, i64, bool, bool)] = &[
    ("ETH", "FLEXIBLE", 310, true, false),
    ("ETH", "LOCKED", 420, true, false),
    ("SOL", "FLEXIBLE", 590, true, false),
    ("ADA", "FLEXIBLE", 270, true, false),
    ("DOT", "LOCKED", 1150, true, true),
    ("ATOM", "FLEXIBLE", 1420, true, false),
    ("AVAX", "LOCKED", 610, false, false),
    ("XTZ", "FLEXIBLE", 490, true, false),
    ("POL", "FLEXIBLE", 350, true, false),
];

/// The earn configurations.
pub fn configs() -> Vec<EarnConfig> {
    CONFIGS
        .iter()
        .map(|&(symbol, kind, apr_bp, enabled, soldout)| EarnConfig {
            id: id_for("earn-config", &format!("{symbol}/{kind}")),
            asset: catalogue()
                .asset_by_symbol(symbol)
                .expect("earn asset in catalogue")
                .index,
            apr: Decimal::new(apr_bp, 4),
            kind,
            mode: "STAKING_EARN",
            enabled,
            soldout,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configs_mix_kinds_and_states() {
        let c = configs();
        assert!(c.iter().any(|c| c.kind == "LOCKED") && c.iter().any(|c| c.kind == "FLEXIBLE"));
        assert!(c.iter().any(|c| !c.enabled) && c.iter().any(|c| c.soldout));
        assert_eq!(c[0].apr.to_string(), "0.0310");
    }
}
