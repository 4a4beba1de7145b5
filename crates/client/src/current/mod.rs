//! The current public API (`{base_url}/v1`): wire types and one method per endpoint.

mod catalogue_endpoints;
mod earn;
mod earn_actions;
mod history;
mod json_body;
mod limits;
mod operations;
mod page;
mod paginator;
mod portfolio;
mod quotes;
mod typed;
mod validation;

pub use catalogue_endpoints::{Asset, AssetType, AssetsQuery, Currency, Ticker};
pub use earn::{EarnConfig, EarnConfigsQuery, EarnMode, EarnType};
pub use earn_actions::{EarnAction, EarnActionRequest, EarnActionResult, EarnActionStatus};
pub use history::{Datapoint, PortfolioHistory, Timeframe};
pub use limits::{LimitsRequest, TradingLimits};
pub use operations::{
    CompensatesInfo, Flow, Operation, OperationTransaction, OperationType, OperationsQuery,
    TradeDetails, TransactionType,
};
pub use page::Page;
pub use paginator::{CancelHandle, Paginator, Progress, Step, Stopped, MAX_PAGES_WITHOUT_NEW};
pub use portfolio::PortfolioPosition;
pub use quotes::{
    AcceptedQuote, Quote, QuoteAmount, QuoteFigures, QuoteRequest, QuoteStatus, Side,
    TradeExecution, TradeTax, TradingBudget,
};
pub use typed::AmountError;
pub use typed::{parse_typed_decimal, MAX_SIGNIFICANT_DIGITS, MAX_TYPED_VALUE};
pub use validation::validate_amount;

use crate::transport::{DefaultTransport, Transport};
use crate::Client;

/// The current public API's endpoints (portfolio, operations, catalogue, quotes, earn, limits), borrowed from a [`Client`]: `client.current().portfolio(None)`.
pub struct Current<'a, T: Transport = DefaultTransport> {
    client: &'a Client<T>,
}

impl<T: Transport> Client<T> {
    /// The current public API's endpoints (portfolio, operations, catalogue, quotes, earn, limits).
    pub fn current(&self) -> Current<'_, T> {
        Current { client: self }
    }
}
