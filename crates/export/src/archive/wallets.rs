//! The asset wallets answer is one object grouping wallets by asset type
//! (`data.attributes.cryptocoin.attributes.wallets`, `data.attributes.commodity.metal
//! .attributes.wallets`); its CSV has one row per wallet with the group's path first. The
//! client finds them (`folio_client::legacy::asset_wallet_rows`), so the app and the archive
//! read the answer one way.

pub use folio_client::legacy::asset_wallet_rows;
