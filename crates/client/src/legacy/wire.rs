//! The legacy API's wire types: attributes of legacy trades and transactions. Every field is
//! optional (a missing field shows as "—"), amounts are exact decimals, numeric ids are text,
//! timestamps lenient.

use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::Value;

use super::types::{
    InOrOut, LegacyCryptoStatus, LegacyFiatStatus, LegacyItem, LegacyTime, LegacyTradeStatus,
    LegacyTradeType, LegacyTransactionType,
};

/// A legacy trade (`type: trade`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct LegacyTrade {
    /// Status (`finished`, …).
    #[serde(default)]
    pub status: Option<LegacyTradeStatus>,
    /// `buy` or `sell`.
    #[serde(rename = "type", default)]
    pub trade_type: Option<LegacyTradeType>,
    /// Numeric coin id as text.
    #[serde(default, deserialize_with = "crate::lenient::id")]
    pub cryptocoin_id: Option<String>,
    /// Coin symbol, when sent.
    #[serde(default)]
    pub cryptocoin_symbol: Option<String>,
    /// Numeric fiat id as text.
    #[serde(default, deserialize_with = "crate::lenient::id")]
    pub fiat_id: Option<String>,
    /// Fiat amount.
    #[serde(default)]
    pub amount_fiat: Option<Decimal>,
    /// Coin amount.
    #[serde(default)]
    pub amount_cryptocoin: Option<Decimal>,
    /// EUR per unit of the fiat.
    #[serde(default)]
    pub fiat_to_eur_rate: Option<Decimal>,
    /// Coin wallet.
    #[serde(default)]
    pub wallet_id: Option<String>,
    /// Fiat wallet.
    #[serde(default)]
    pub fiat_wallet_id: Option<String>,
    /// Numeric payment option id as text.
    #[serde(default, deserialize_with = "crate::lenient::id")]
    pub payment_option_id: Option<String>,
    /// When it happened.
    #[serde(default)]
    pub time: LegacyTime,
    /// Price per coin in the fiat.
    #[serde(default)]
    pub price: Option<Decimal>,
    /// Part of a swap.
    #[serde(default)]
    pub is_swap: Option<bool>,
    /// A savings-plan execution (always on trades embedded in commodity transactions).
    #[serde(default)]
    pub is_savings: Option<bool>,
}

/// A legacy fiat transaction (`type: fiat_wallet_transaction`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct LegacyFiatTransaction {
    /// Fiat wallet.
    #[serde(default)]
    pub fiat_wallet_id: Option<String>,
    /// User.
    #[serde(default)]
    pub user_id: Option<String>,
    /// Numeric fiat id as text.
    #[serde(default, deserialize_with = "crate::lenient::id")]
    pub fiat_id: Option<String>,
    /// Amount.
    #[serde(default)]
    pub amount: Option<Decimal>,
    /// Fee.
    #[serde(default)]
    pub fee: Option<Decimal>,
    /// EUR per unit of the fiat.
    #[serde(default)]
    pub to_eur_rate: Option<Decimal>,
    /// When it happened.
    #[serde(default)]
    pub time: LegacyTime,
    /// Direction.
    #[serde(default)]
    pub in_or_out: Option<InOrOut>,
    /// Kind.
    #[serde(rename = "type", default)]
    pub transaction_type: Option<LegacyTransactionType>,
    /// Status.
    #[serde(default)]
    pub status: Option<LegacyFiatStatus>,
    /// Who confirms it.
    #[serde(default)]
    pub confirmation_by: Option<String>,
    /// Whether it is confirmed.
    #[serde(default)]
    pub confirmed: Option<bool>,
    /// Numeric payment option id as text.
    #[serde(default, deserialize_with = "crate::lenient::id")]
    pub payment_option_id: Option<String>,
    /// Whether it waits for a second-factor approval.
    #[serde(default)]
    pub requires_2fa_approval: Option<bool>,
    /// Last change.
    #[serde(default)]
    pub last_changed: LegacyTime,
}

/// A legacy crypto transaction (`type: transaction` on `/wallets/transactions`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct LegacyCryptoTransaction {
    /// Amount.
    #[serde(default)]
    pub amount: Option<Decimal>,
    /// Recipient address, if any.
    #[serde(default)]
    pub recipient: Option<String>,
    /// When it happened.
    #[serde(default)]
    pub time: LegacyTime,
    /// Network confirmations.
    #[serde(default)]
    pub confirmations: Option<u64>,
    /// Direction.
    #[serde(default)]
    pub in_or_out: Option<InOrOut>,
    /// Kind.
    #[serde(rename = "type", default)]
    pub transaction_type: Option<LegacyTransactionType>,
    /// Status.
    #[serde(default)]
    pub status: Option<LegacyCryptoStatus>,
    /// Value in EUR.
    #[serde(default)]
    pub amount_eur: Option<Decimal>,
    /// Free text.
    #[serde(default)]
    pub purpose_text: Option<String>,
    /// The related transaction.
    #[serde(default)]
    pub related_wallet_transaction_id: Option<String>,
    /// The related wallet.
    #[serde(default)]
    pub related_wallet_id: Option<String>,
    /// Wallet.
    #[serde(default)]
    pub wallet_id: Option<String>,
    /// Whether it is confirmed.
    #[serde(default)]
    pub confirmed: Option<bool>,
    /// Numeric coin id as text.
    #[serde(default, deserialize_with = "crate::lenient::id")]
    pub cryptocoin_id: Option<String>,
    /// Coin symbol, when sent.
    #[serde(default)]
    pub cryptocoin_symbol: Option<String>,
    /// Last change.
    #[serde(default)]
    pub last_changed: LegacyTime,
    /// Fee.
    #[serde(default)]
    pub fee: Option<Decimal>,
    /// Numeric id of the fiat of `current_fiat_amount`.
    #[serde(default, deserialize_with = "crate::lenient::id")]
    pub current_fiat_id: Option<String>,
    /// Value in that fiat.
    #[serde(default)]
    pub current_fiat_amount: Option<Decimal>,
    /// Chain transaction hash, if any.
    #[serde(default)]
    pub tx_id: Option<String>,
}

/// A legacy commodity (metal) transaction: the crypto transaction's fields without
/// confirmations, purpose text and related ids, plus the embedded trade and flags.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct LegacyCommodityTransaction {
    /// Amount.
    #[serde(default)]
    pub amount: Option<Decimal>,
    /// Recipient, if any.
    #[serde(default)]
    pub recipient: Option<String>,
    /// When it happened.
    #[serde(default)]
    pub time: LegacyTime,
    /// Direction.
    #[serde(default)]
    pub in_or_out: Option<InOrOut>,
    /// Kind.
    #[serde(rename = "type", default)]
    pub transaction_type: Option<LegacyTransactionType>,
    /// Status.
    #[serde(default)]
    pub status: Option<LegacyCryptoStatus>,
    /// Value in EUR.
    #[serde(default)]
    pub amount_eur: Option<Decimal>,
    /// Wallet.
    #[serde(default)]
    pub wallet_id: Option<String>,
    /// Whether it is confirmed.
    #[serde(default)]
    pub confirmed: Option<bool>,
    /// Numeric metal id as text.
    #[serde(default, deserialize_with = "crate::lenient::id")]
    pub cryptocoin_id: Option<String>,
    /// Metal symbol, when sent.
    #[serde(default)]
    pub cryptocoin_symbol: Option<String>,
    /// Last change.
    #[serde(default)]
    pub last_changed: LegacyTime,
    /// Fee.
    #[serde(default)]
    pub fee: Option<Decimal>,
    /// Numeric id of the fiat of `current_fiat_amount`.
    #[serde(default, deserialize_with = "crate::lenient::id")]
    pub current_fiat_id: Option<String>,
    /// Value in that fiat.
    #[serde(default)]
    pub current_fiat_amount: Option<Decimal>,
    /// Chain transaction hash, if any.
    #[serde(default)]
    pub tx_id: Option<String>,
    /// The trade this transaction belongs to.
    #[serde(default)]
    pub trade: Option<LegacyItem<LegacyTrade>>,
    /// Part of a savings plan.
    #[serde(default)]
    pub is_savings: Option<bool>,
    /// A metal storage fee.
    #[serde(default)]
    pub is_metal_storage_fee: Option<bool>,
    /// Tags, as sent (their shape is not documented).
    #[serde(default = "Vec::new")]
    pub tags: Vec<Value>,
}
