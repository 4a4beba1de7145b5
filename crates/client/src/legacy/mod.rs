//! The legacy API (`{legacy_base_url}/v1`): read-only wallets, trades and transactions,
//! available until 31 January 2027 ([`sunset`]), plus the pure logic of the move to the
//! current API: [`reconcile`] (do both APIs show the same account?) and [`timeline`] (one
//! timeline of legacy records and current operations, without double counting).
//!
//! Wire rules (`service-interface.md`, `contract.md` §2): JSON:API-like items
//! [`LegacyItem`] `{type, attributes, id}`; amounts are exact decimals; `cryptocoin_id`,
//! `fiat_id` and `payment_option_id` are numeric strings (numbers are accepted too);
//! timestamps are [`LegacyTime`] objects, decoded leniently; every status and type is an
//! open enum. Paging follows `meta.next_cursor` (see [`LegacyPage::next_cursor`]). After
//! the sunset the service answers 410, which is [`crate::ApiError::Gone`].

mod lists;
mod raw;
pub mod reconcile;
pub mod sunset;
pub mod timeline;
mod trade_counts;
mod types;
mod wallets;
mod wire;

pub use lists::{
    LegacyCommodityTransactionsQuery, LegacyCryptoTransactionsQuery, LegacyFiatTransactionsQuery,
    LegacyTradesQuery,
};
pub use raw::{asset_wallet_rows, raw_records, LegacyList, RawLegacyPage, RawRecord};
pub use types::{
    InOrOut, LegacyCryptoStatus, LegacyFiatStatus, LegacyItem, LegacyLinks, LegacyMeta, LegacyPage,
    LegacyTime, LegacyTradeStatus, LegacyTradeType, LegacyTransactionType, DEFAULT_PAGE_SIZE,
    MAX_PAGE_SIZE,
};
pub use wallets::{LegacyAssetWallets, LegacyFiatWallet, LegacyWallet};
pub use wire::{
    LegacyCommodityTransaction, LegacyCryptoTransaction, LegacyFiatTransaction, LegacyTrade,
};

use crate::transport::{DefaultTransport, Transport};
use crate::Client;

/// The legacy API's endpoints (wallets, trades, transactions), borrowed from a [`Client`]: `client.legacy().trades(&query)`.
pub struct Legacy<'a, T: Transport = DefaultTransport> {
    client: &'a Client<T>,
}

impl<T: Transport> Client<T> {
    /// The legacy API's endpoints (wallets, trades, transactions).
    pub fn legacy(&self) -> Legacy<'_, T> {
        Legacy { client: self }
    }
}

impl<T: Transport> Client<T> {
    pub(crate) fn legacy_url(&self, path_and_query: &str) -> String {
        let base = self.base().legacy.trim_end_matches('/');
        format!("{base}/v1{path_and_query}")
    }
}
