//! The Exchange section (the exchange API): Market (pairs, ticker, order book, candles and
//! the order form), Orders, Trades, and Balances with fee tiers. Every page shares the
//! section navigation; list filters live in the URL.

mod balances;
mod cancel_order;
mod filter_bar;
mod market;
mod nav;
mod order_detail;
mod orders;
mod paged;
mod section;
mod trades;

pub use balances::ExchangeBalancesPage;
pub use market::ExchangeMarketPage;
pub use orders::ExchangeOrdersPage;
pub use trades::ExchangeTradesPage;
