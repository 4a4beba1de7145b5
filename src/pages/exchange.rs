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
mod paged;
mod section;
pub(crate) mod ticket;
mod trades;
pub(crate) mod words;

pub use balances::ExchangeBalancesPage;
pub use market::ExchangeMarketPage;
pub use orders::ExchangeOrdersPage;
pub use trades::ExchangeTradesPage;
