//! The legacy section (`/legacy-api/...`): read-only views of Bitpanda's legacy API until it is
//! switched off after 31 January 2027 — wallets, trades, fiat, crypto and metal
//! transactions with their filters and cursor paging in the URL — and the move to the
//! current API (migration table, key check, reconciliation). Every page sits in a
//! [`frame::LegacyFrame`]: sub-navigation, days-left banner, and the "switched off" state.

mod cells;
mod commodity;
mod crypto;
mod fiat;
mod filter_bar;
pub(crate) mod filters;
pub mod frame;
mod migrate;
mod migration_table;
mod pager;
mod reconciliation;
mod trades;
mod wallets;
pub(crate) mod words;

pub use commodity::LegacyCommodityPage;
pub use crypto::LegacyCryptoPage;
pub use fiat::LegacyFiatPage;
pub use migrate::LegacyMigratePage;
pub use trades::LegacyTradesPage;
pub use wallets::LegacyWalletsPage;
