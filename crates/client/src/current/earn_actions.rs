//! `POST /v1/earn/actions/{stake|unstake}`: move an asset between available and staked.
//! A write: sent once, never retried.

use rust_decimal::Decimal;
use serde::Deserialize;

use super::json_body::JsonObject;
use super::Current;
use crate::decode::Envelope;
use crate::transport::Transport;
use crate::{ApiError, AssetId, ConfigId, OperationId, WalletId};

/// Which way the funds move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EarnAction {
    /// Available → staked.
    Stake,
    /// Staked → available.
    Unstake,
}

impl EarnAction {
    /// The path segment (`stake` / `unstake`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Stake => "stake",
            Self::Unstake => "unstake",
        }
    }
}

open_enum!(
    /// The state of an earn action.
    EarnActionStatus {
        /// Accepted for processing.
        Initiated => "INITIATED",
    }
);

/// The body of an earn action (`asset_amount` goes on the wire as a JSON number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EarnActionRequest {
    /// The earn offer (`EarnConfig::id`).
    pub config_id: ConfigId,
    /// The wallet to use, if not the default one.
    pub wallet_id: Option<WalletId>,
    /// How much of the asset (> 0, within the asset's precision).
    pub asset_amount: Decimal,
}

impl EarnActionRequest {
    /// `{"config_id":"…","wallet_id":"…","asset_amount":<exact number>}` (spec field order;
    /// `wallet_id` only when set).
    pub fn to_json(&self) -> String {
        let mut body = JsonObject::new();
        body.string("config_id", self.config_id.as_str());
        if let Some(wallet) = &self.wallet_id {
            body.string("wallet_id", wallet.as_str());
        }
        body.number("asset_amount", &self.asset_amount).finish()
    }
}

/// What the service answered to an earn action.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct EarnActionResult {
    /// `INITIATED`.
    #[serde(default)]
    pub status: Option<EarnActionStatus>,
    /// The offer.
    #[serde(default)]
    pub config_id: Option<ConfigId>,
    /// The asset moved.
    #[serde(default)]
    pub asset_id: Option<AssetId>,
    /// The wallet the funds left.
    #[serde(default)]
    pub wallet_id: Option<WalletId>,
    /// The amount moved.
    #[serde(default)]
    pub asset_amount: Option<Decimal>,
    /// The operation recorded (the sandbox sends it; the live service may not).
    #[serde(default)]
    pub operation_id: Option<OperationId>,
}

impl<T: Transport> Current<'_, T> {
    /// `POST /v1/earn/actions/{action}`. Sent once, never retried.
    pub async fn earn_action(
        &self,
        action: EarnAction,
        request: &EarnActionRequest,
    ) -> Result<EarnActionResult, ApiError> {
        let url = self
            .client
            .current_url(&format!("/earn/actions/{}", action.as_str()));
        let answer: Envelope<EarnActionResult> =
            self.client.send_write(url, Some(request.to_json())).await?;
        Ok(answer.data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn asset_amount_is_an_exact_json_number() {
        let mut r = EarnActionRequest {
            config_id: ConfigId::new("c1"),
            wallet_id: None,
            asset_amount: Decimal::from_str("0.12345678").unwrap(),
        };
        assert_eq!(
            r.to_json(),
            r#"{"config_id":"c1","asset_amount":0.12345678}"#
        );
        r.wallet_id = Some(WalletId::new("w1"));
        r.asset_amount = Decimal::from_str("98765432.10000000").unwrap();
        assert_eq!(
            r.to_json(),
            r#"{"config_id":"c1","wallet_id":"w1","asset_amount":98765432.10000000}"#
        );
        assert_eq!(EarnAction::Unstake.as_str(), "unstake");
    }
}
