//! The legacy section (`/legacy-api/...`): read-only views of Bitpanda's legacy API until it is
//! switched off after 31 January 2027 — wallets, trades, fiat, crypto and metal
//! transactions with their filters and cursor paging in the URL — and the move to the
//! current API (migration table, key check, reconciliation), and "Download everything": one
//! ZIP of every list to keep after the switch-off. Every page sits in a
//! [`frame::LegacyFrame`]: sub-navigation, days-left banner, and the "switched off" state.

mod archive;
mod cells;
mod commodity;
mod crypto;
mod fiat;
mod filter_bar;
pub(crate) mod filters;
pub mod frame;
mod list_page;
mod migrate;
mod migration_table;
mod pager;
mod reconciliation;
pub(crate) mod text;
mod trades;
mod wallets;

use archive::LegacyArchivePage;
use commodity::LegacyCommodityPage;
use crypto::LegacyCryptoPage;
use fiat::LegacyFiatPage;
use migrate::LegacyMigratePage;
use trades::LegacyTradesPage;
use wallets::LegacyWalletsPage;

use crate::split::split_page;

// One module per page: a visitor landing on the wallets does not fetch every list.
split_page!(
    legacy_wallets,
    wallets_page,
    preload_wallets,
    LegacyWalletsPage
);
split_page!(legacy_trades, trades_page, preload_trades, LegacyTradesPage);
split_page!(legacy_fiat, fiat_page, preload_fiat, LegacyFiatPage);
split_page!(legacy_crypto, crypto_page, preload_crypto, LegacyCryptoPage);
split_page!(
    legacy_commodity,
    commodity_page,
    preload_commodity,
    LegacyCommodityPage
);
// The archive's reading, packing and ZIP writer load only when it is opened.
split_page!(
    legacy_archive,
    archive_page,
    preload_archive,
    LegacyArchivePage
);
split_page!(
    legacy_migrate,
    migrate_page,
    preload_migrate,
    LegacyMigratePage
);
