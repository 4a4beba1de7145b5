//! Money as the current API sends it: a decimal string value and the unit it is counted in.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::{AssetId, CurrencyId};

/// An exact amount with its unit: either an asset (`asset_id`) or a fiat currency
/// (`currency_id`). The value keeps the scale the service sent (`"0.00197000"` keeps 8
/// decimals), which is the asset's display precision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Money {
    /// The amount, parsed exactly from its decimal string.
    pub value: Decimal,
    /// Set when the amount is counted in an asset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asset_id: Option<AssetId>,
    /// Set when the amount is counted in a fiat currency.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency_id: Option<CurrencyId>,
}

impl Money {
    /// The unit's id as text, whichever kind it is.
    pub fn unit_id(&self) -> Option<&str> {
        self.asset_id
            .as_ref()
            .map(AssetId::as_str)
            .or(self.currency_id.as_ref().map(CurrencyId::as_str))
    }
}
