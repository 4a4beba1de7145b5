//! The current public API (`{base_url}/v1`): wire types and one method per endpoint.

mod catalogue;
mod earn;
mod history;
mod limits;
mod operations;
mod page;
mod portfolio;
mod time;

pub use catalogue::{Asset, AssetType, AssetsQuery, Currency, Ticker};
pub use earn::{EarnConfig, EarnConfigsQuery, EarnMode, EarnType};
pub use history::{Datapoint, PortfolioHistory, Timeframe};
pub use limits::TradingLimits;
pub use operations::{
    CompensatesInfo, Flow, Operation, OperationTransaction, OperationType, OperationsQuery,
    TradeDetails, TransactionType,
};
pub use page::Page;
pub use portfolio::PortfolioPosition;
