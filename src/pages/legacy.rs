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
mod list_page;
mod migrate;
mod migration_table;
mod pager;
mod reconciliation;
mod trades;
mod wallets;
pub(crate) mod words;

use commodity::LegacyCommodityPage;
use crypto::LegacyCryptoPage;
use fiat::LegacyFiatPage;
use leptos::prelude::*;
use leptos_router::components::{Outlet, ParentRoute, Route};
use leptos_router::{path, MatchNestedRoutes};
use migrate::LegacyMigratePage;
use trades::LegacyTradesPage;
use wallets::LegacyWalletsPage;

/// The section's pages under `/legacy-api`.
#[component(transparent)]
pub fn LegacyRoutes() -> impl MatchNestedRoutes + Clone {
    view! {
        <ParentRoute path=path!("/legacy-api") view=Outlet>
            <Route path=path!("") view=LegacyWalletsPage />
            <Route path=path!("/trades") view=LegacyTradesPage />
            <Route path=path!("/fiat-transactions") view=LegacyFiatPage />
            <Route path=path!("/crypto-transactions") view=LegacyCryptoPage />
            <Route path=path!("/commodity-transactions") view=LegacyCommodityPage />
            <Route path=path!("/migrate") view=LegacyMigratePage />
        </ParentRoute>
    }
    .into_inner()
}
