//! The Exchange section (the exchange API): Market (pairs, ticker, order book, candles and
//! the order form), Orders, Trades, and Balances with fee tiers. Every page shares the
//! section navigation; list filters live in the URL.

mod balances;
pub(crate) mod book_levels;
mod cancel_order;
mod filter_bar;
pub(crate) mod filters;
mod market;
mod nav;
mod order_detail;
mod orders;
mod section;
pub(crate) mod ticket;
mod trades;
pub(crate) mod words;

use balances::ExchangeBalancesPage;
use leptos::prelude::*;
use leptos_router::components::{Outlet, ParentRoute, Route};
use leptos_router::{path, MatchNestedRoutes};
use market::ExchangeMarketPage;
use orders::ExchangeOrdersPage;
use trades::ExchangeTradesPage;

/// The section's pages under `/market`.
#[component(transparent)]
pub fn ExchangeRoutes() -> impl MatchNestedRoutes + Clone {
    view! {
        <ParentRoute path=path!("/market") view=Outlet>
            <Route path=path!("") view=ExchangeMarketPage />
            <Route path=path!("/orders") view=ExchangeOrdersPage />
            <Route path=path!("/trades") view=ExchangeTradesPage />
            <Route path=path!("/balances") view=ExchangeBalancesPage />
        </ParentRoute>
    }
    .into_inner()
}
