//! One folder per feature. The pages of the current API are routed here
//! ([`CurrentRoutes`]); the legacy and exchange sections own theirs
//! ([`legacy::LegacyRoutes`], [`exchange::ExchangeRoutes`]).

pub mod connect;
pub mod earn;
pub mod exchange;
pub mod history;
pub mod insights;
pub mod legacy;
pub mod limits;
pub mod not_found;
pub mod operations;
pub mod portfolio;
pub mod settings;
pub mod trade;

use leptos::prelude::*;
use leptos_router::components::{Outlet, ParentRoute, Route};
use leptos_router::path;

use crate::components::LazyPage;
use crate::sections::split_page;

split_page!(
    portfolio,
    portfolio_page,
    preload_portfolio,
    portfolio::PortfolioPage
);
split_page!(history, history_page, preload_history, history::HistoryPage);
split_page!(
    operations,
    operations_page,
    preload_operations,
    operations::OperationsPage
);
split_page!(trade, trade_page, preload_trade, trade::TradePage);
split_page!(earn, earn_page, preload_earn, earn::EarnPage);
split_page!(limits, limits_page, preload_limits, limits::LimitsPage);
split_page!(
    insights,
    insights_page,
    preload_insights,
    insights::InsightsPage
);

/// The account pages of the current API: portfolio, history, operations, trade, earn,
/// limits and insights. They sit under one path-less parent route: the release build erases component
/// types (`--cfg erase_components`), which turns a bare list of routes into a list type a
/// transparent component cannot return, while one parent route is one route in both builds.
#[component(transparent)]
pub fn CurrentRoutes() -> impl leptos_router::MatchNestedRoutes + Clone {
    view! {
        <ParentRoute path=path!("") view=Outlet>
        <Route
            path=path!("/")
            view=|| {
                portfolio::early::start_reads();
                view! { <LazyPage load=portfolio_page /> }
            }
        />
        <Route path=path!("/history") view=|| view! { <LazyPage load=history_page /> } />
        <Route path=path!("/operations") view=|| view! { <LazyPage load=operations_page /> } />
        <Route path=path!("/trade") view=|| view! { <LazyPage load=trade_page /> } />
        <Route path=path!("/earn") view=|| view! { <LazyPage load=earn_page /> } />
        <Route path=path!("/limits") view=|| view! { <LazyPage load=limits_page /> } />
        <Route path=path!("/insights") view=|| view! { <LazyPage load=insights_page /> } />
        </ParentRoute>
    }
    .into_inner()
}
