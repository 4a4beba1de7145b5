//! One folder per feature. The pages of the current API are routed here
//! ([`CurrentRoutes`]); the legacy and exchange sections own theirs
//! ([`legacy::LegacyRoutes`], [`exchange::ExchangeRoutes`]).

pub mod connect;
pub mod earn;
pub mod exchange;
pub mod history;
pub mod legacy;
pub mod limits;
pub mod not_found;
pub mod operations;
pub mod portfolio;
pub mod settings;
pub mod trade;

use leptos::prelude::*;
use leptos_router::components::Route;
use leptos_router::{path, MatchNestedRoutes};

/// The account pages of the current API: portfolio, history, operations, trade, earn and
/// limits.
#[component(transparent)]
pub fn CurrentRoutes() -> impl MatchNestedRoutes + Clone {
    view! {
        <Route path=path!("/") view=portfolio::PortfolioPage />
        <Route path=path!("/history") view=history::HistoryPage />
        <Route path=path!("/operations") view=operations::OperationsPage />
        <Route path=path!("/trade") view=trade::TradePage />
        <Route path=path!("/earn") view=earn::EarnPage />
        <Route path=path!("/limits") view=limits::LimitsPage />
    }
    .into_inner()
}
