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
pub(crate) mod problem_words;
mod section;
pub(crate) mod text;
pub(crate) mod ticket;
mod trades;

use balances::ExchangeBalancesPage;
use market::ExchangeMarketPage;
pub(crate) use market::{preload_candles_part, preload_order_form};
use orders::ExchangeOrdersPage;
use trades::ExchangeTradesPage;

use crate::split::split_page;

// One module per page: a visitor landing on the market does not fetch the order history.
split_page!(market, market_page, preload_market, ExchangeMarketPage);
split_page!(
    market_orders,
    orders_page,
    preload_orders,
    ExchangeOrdersPage
);
split_page!(
    market_trades,
    trades_page,
    preload_trades,
    ExchangeTradesPage
);
split_page!(
    market_balances,
    balances_page,
    preload_balances,
    ExchangeBalancesPage
);
