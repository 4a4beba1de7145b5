//! `GET /v1/operations`: the unified timeline, newest first, cursor-paginated.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::Current;
use super::Page;
use crate::query::Query;
use crate::transport::Transport;
use crate::{ApiError, AssetId, CurrencyId, Money, OperationId, TradeId, TransactionId, WalletId};

open_enum!(
    /// What kind of operation this is. Open: new kinds are kept as text.
    OperationType {
        /// Fiat or crypto paid in.
        Deposit => "deposit",
        /// Paid out.
        Withdrawal => "withdrawal",
        /// Bought an asset.
        Buy => "buy",
        /// Sold an asset.
        Sell => "sell",
        /// Exchanged one asset for another.
        Swap => "swap",
        /// A savings-plan execution.
        SavingsPlan => "savings_plan",
        /// Moved funds into staking.
        Stake => "stake",
        /// Moved funds out of staking.
        Unstake => "unstake",
        /// A passive earn reward.
        PassiveEarnReward => "passive_earn_reward",
        /// A staking reward.
        StakingReward => "staking_reward",
        /// A refund.
        Refund => "refund",
    }
);

open_enum!(
    /// What one leg of an operation is.
    TransactionType {
        /// Paid in.
        Deposit => "deposit",
        /// Paid out.
        Withdrawal => "withdrawal",
        /// Bought.
        Buy => "buy",
        /// Sold.
        Sell => "sell",
        /// A fee leg.
        Fee => "fee",
        /// A tax leg.
        Tax => "tax",
        /// A transfer between own wallets.
        Transfer => "transfer",
        /// A reward.
        Reward => "reward",
        /// A refund.
        Refund => "refund",
    }
);

open_enum!(
    /// Direction of a leg.
    Flow {
        /// Money or assets came in.
        Incoming => "INCOMING",
        /// Money or assets went out.
        Outgoing => "OUTGOING",
    }
);

/// What a compensating transaction reverses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompensatesInfo {
    /// The compensated operation's type.
    #[serde(default)]
    pub operation_type: Option<OperationType>,
    /// The compensated transaction's type.
    #[serde(default)]
    pub transaction_type: Option<TransactionType>,
}

/// Trade details on the asset leg of a buy/sell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TradeDetails {
    /// The trade (equals the accept-quote `tradeId`).
    #[serde(default)]
    pub trade_id: Option<TradeId>,
    /// Fee charged.
    #[serde(default)]
    pub fee: Option<Money>,
    /// Fee in percent.
    #[serde(default)]
    pub fee_percentage: Option<Decimal>,
    /// Price without fee.
    #[serde(default)]
    pub rate: Option<Decimal>,
    /// Price including fee.
    #[serde(default)]
    pub rate_with_fee: Option<Decimal>,
    /// Conversion rate to EUR.
    #[serde(default)]
    pub to_eur_rate: Option<Decimal>,
}

/// One leg of an operation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OperationTransaction {
    /// Leg id.
    pub transaction_id: TransactionId,
    /// Set when the leg moves an asset.
    #[serde(default)]
    pub asset_id: Option<AssetId>,
    /// Set when the leg moves fiat.
    #[serde(default)]
    pub currency_id: Option<CurrencyId>,
    /// Wallet affected.
    #[serde(default)]
    pub wallet_id: Option<WalletId>,
    /// Net amount moved (positive; direction in `flow`).
    #[serde(default)]
    pub asset_amount: Option<Money>,
    /// Fee (informational).
    #[serde(default)]
    pub fee_amount: Option<Money>,
    /// Kind of leg.
    #[serde(default)]
    pub transaction_type: Option<TransactionType>,
    /// In or out.
    #[serde(default)]
    pub flow: Option<Flow>,
    /// Related order.
    #[serde(default)]
    pub order_id: Option<String>,
    /// When the leg was credited; absent while pending.
    #[serde(default, deserialize_with = "crate::lenient::timestamp")]
    pub credited_at: Option<DateTime<Utc>>,
    /// Wallet balance after this leg (`-1` for a cancelled leg).
    #[serde(default)]
    pub asset_balance_after: Option<Money>,
    /// The transaction this one compensates.
    #[serde(default)]
    pub compensates: Option<String>,
    /// What it compensates.
    #[serde(default)]
    pub compensates_info: Option<Box<CompensatesInfo>>,
    /// Trade details on buy/sell asset legs.
    #[serde(default)]
    pub trade: Option<Box<TradeDetails>>,
}

/// One operation of the timeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Operation {
    /// Operation id.
    pub operation_id: OperationId,
    /// Kind of operation.
    #[serde(default)]
    pub operation_type: Option<OperationType>,
    /// Its legs.
    #[serde(default = "Vec::new")]
    pub transactions: Vec<OperationTransaction>,
}

/// Filters and paging for `GET /v1/operations`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OperationsQuery {
    /// 1–100; the service's default (25) when `None`.
    pub page_size: Option<u8>,
    /// Cursor from the previous page.
    pub cursor: Option<String>,
    /// Only operations at or after this instant.
    pub from: Option<DateTime<Utc>>,
    /// Only operations before this instant.
    pub to: Option<DateTime<Utc>>,
    /// Only these assets.
    pub asset_ids: Vec<AssetId>,
    /// Only these fiat currencies.
    pub currency_ids: Vec<CurrencyId>,
}

impl OperationsQuery {
    pub(crate) fn render(&self) -> String {
        let mut q = Query::new();
        q.push_opt("page_size", self.page_size)
            .push_opt("cursor", self.cursor.as_deref())
            .push_opt("from", self.from.map(iso))
            .push_opt("to", self.to.map(iso));
        for id in &self.asset_ids {
            q.push("asset_id", id);
        }
        for id in &self.currency_ids {
            q.push("currency_id", id);
        }
        q.render()
    }
}

/// `2026-05-04T09:15:00.000Z`, as the service's `from` / `to` parameters are written.
fn iso(t: DateTime<Utc>) -> String {
    crate::date_text::timestamp_text(t)
}

impl<T: Transport> Current<'_, T> {
    /// One page of `GET /v1/operations`.
    pub async fn operations(&self, query: &OperationsQuery) -> Result<Page<Operation>, ApiError> {
        let url = self
            .client
            .current_url(&format!("/operations{}", query.render()));
        self.client.get(url).await
    }
}
