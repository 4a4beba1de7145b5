//! `GET /v1/earn/configs`: staking offers per asset.

use rust_decimal::Decimal;
use serde::Deserialize;

use super::Current;
use super::Page;
use crate::query::Query;
use crate::transport::Transport;
use crate::{ApiError, AssetId, ConfigId};

open_enum!(
    /// Lock-up kind of an earn offer.
    EarnType {
        /// Funds locked for a period.
        Locked => "LOCKED",
        /// Funds can be unstaked at any time.
        Flexible => "FLEXIBLE",
    }
);

open_enum!(
    /// Earn mode.
    EarnMode {
        /// Staking.
        StakingEarn => "STAKING_EARN",
    }
);

/// One earn offer.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct EarnConfig {
    /// Config id (used by stake/unstake).
    pub id: ConfigId,
    /// The asset staked.
    #[serde(default)]
    pub asset_id: Option<AssetId>,
    /// Yearly rate as a fraction (0.0544 = 5.44 %), sent as a JSON number.
    #[serde(default)]
    pub annual_percentage_rate: Option<Decimal>,
    /// Locked or flexible.
    #[serde(default, rename = "type")]
    pub earn_type: Option<EarnType>,
    /// Mode.
    #[serde(default)]
    pub mode: Option<EarnMode>,
    /// Whether staking is open.
    #[serde(default)]
    pub enabled: Option<bool>,
    /// Whether the offer is sold out.
    #[serde(default)]
    pub soldout: Option<bool>,
}

/// Filters for `GET /v1/earn/configs`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EarnConfigsQuery {
    /// Only this asset.
    pub asset_id: Option<AssetId>,
    /// LOCKED or FLEXIBLE.
    pub earn_type: Option<String>,
    /// Mode.
    pub mode: Option<String>,
    /// 1–100.
    pub page_size: Option<u8>,
    /// Cursor.
    pub cursor: Option<String>,
}

impl<T: Transport> Current<'_, T> {
    /// One page of `GET /v1/earn/configs`.
    pub async fn earn_configs(
        &self,
        query: &EarnConfigsQuery,
    ) -> Result<Page<EarnConfig>, ApiError> {
        let mut q = Query::new();
        q.push_opt("assetId", query.asset_id.as_ref())
            .push_opt("type", query.earn_type.as_deref())
            .push_opt("mode", query.mode.as_deref())
            .push_opt("page_size", query.page_size)
            .push_opt("cursor", query.cursor.as_deref());
        self.client
            .get(
                self.client
                    .current_url(&format!("/earn/configs{}", q.render())),
            )
            .await
    }
}
