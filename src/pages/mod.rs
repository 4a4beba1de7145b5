//! One folder per feature. The pages of the current API declare their loaders here; the
//! legacy and exchange sections declare theirs in their folders. Which address shows which
//! page is `crate::routes`.

pub mod asset;
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
pub mod watchlist;

use crate::split::split_page;

split_page!(
    portfolio,
    portfolio_page,
    preload_portfolio,
    portfolio::PortfolioPage
);
split_page!(connect, connect_page, preload_connect, connect::ConnectPage);
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
split_page!(asset, asset_page, preload_asset, asset::AssetPage);
split_page!(
    watchlist,
    watchlist_page,
    preload_watchlist,
    watchlist::WatchlistPage
);
