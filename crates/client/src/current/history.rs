//! `GET /v1/portfolio-history`: the account's value over a timeframe.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Deserialize;

use super::Current;
use crate::decode::Envelope;
use crate::query::Query;
use crate::transport::Transport;
use crate::{ApiError, CurrencyId, Money};

/// The five timeframes the service accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Timeframe {
    /// Last 24 hours.
    Day,
    /// Last 7 days.
    Week,
    /// Last month.
    Month,
    /// Last six months.
    SixMonth,
    /// Last year.
    Year,
}

impl Timeframe {
    /// All timeframes, shortest first.
    pub const ALL: [Timeframe; 5] = [
        Self::Day,
        Self::Week,
        Self::Month,
        Self::SixMonth,
        Self::Year,
    ];

    /// The wire value (`DAY`, …, `SIX_MONTH`, `YEAR`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Day => "DAY",
            Self::Week => "WEEK",
            Self::Month => "MONTH",
            Self::SixMonth => "SIX_MONTH",
            Self::Year => "YEAR",
        }
    }

    /// A short label for buttons.
    pub fn label(self) -> &'static str {
        match self {
            Self::Day => "1D",
            Self::Week => "1W",
            Self::Month => "1M",
            Self::SixMonth => "6M",
            Self::Year => "1Y",
        }
    }

    /// Parses the wire value, case-insensitively.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|t| t.as_str().eq_ignore_ascii_case(text.trim()))
    }
}

/// One point of the value curve.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Datapoint {
    /// When.
    #[serde(default, deserialize_with = "crate::lenient::timestamp")]
    pub time: Option<DateTime<Utc>>,
    /// The account's value then.
    #[serde(default)]
    pub value: Option<Money>,
}

/// The value curve and the period's return. Points that cannot be read are left out and
/// counted in [`PortfolioHistory::skipped`].
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(from = "RawHistory")]
pub struct PortfolioHistory {
    /// Readable points, oldest first.
    pub datapoints: Vec<Datapoint>,
    /// How many points could not be read (left out of `datapoints`).
    pub skipped: usize,
    /// Return over the period in percent.
    pub return_percentage: Option<Decimal>,
}

/// [`PortfolioHistory`] as sent.
#[derive(Deserialize)]
struct RawHistory {
    #[serde(default)]
    datapoints: crate::Listed<Datapoint>,
    #[serde(default)]
    return_percentage: Option<Decimal>,
}

impl From<RawHistory> for PortfolioHistory {
    fn from(raw: RawHistory) -> Self {
        Self {
            skipped: raw.datapoints.skipped,
            datapoints: raw.datapoints.items,
            return_percentage: raw.return_percentage,
        }
    }
}

impl<T: Transport> Current<'_, T> {
    /// `GET /v1/portfolio-history?timeframe=…`.
    pub async fn portfolio_history(
        &self,
        timeframe: Timeframe,
        valuation: Option<&CurrencyId>,
    ) -> Result<PortfolioHistory, ApiError> {
        let mut q = Query::new();
        q.push("timeframe", timeframe.as_str())
            .push_opt("equivalent_currency_id", valuation);
        let url = self
            .client
            .current_url(&format!("/portfolio-history{}", q.render()));
        Ok(self
            .client
            .get::<Envelope<PortfolioHistory>>(url)
            .await?
            .data)
    }
}
