//! Turning the service's value history into chart points and period figures.

use folio_client::current::{PortfolioHistory, Timeframe};
use rust_decimal::Decimal;

use crate::components::ChartDatum;

/// What the history page shows for one timeframe.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryView {
    pub timeframe: Timeframe,
    pub currency_code: String,
    /// Points with a value, oldest first.
    pub points: Vec<ChartDatum>,
    /// The service's return over the period, in percent.
    pub return_percent: Option<Decimal>,
    /// Last value minus first value.
    pub change: Option<Decimal>,
}

/// Keeps the datapoints that carry a value, sorted oldest first (points without a time keep
/// their place at the start).
pub fn history_points(history: &PortfolioHistory) -> Vec<ChartDatum> {
    let mut points: Vec<ChartDatum> = history
        .datapoints
        .iter()
        .filter_map(|d| {
            Some(ChartDatum {
                time: d.time,
                value: d.value.as_ref()?.value,
            })
        })
        .collect();
    folio_client::sorting::sort_by_key(&mut points, |p| p.time);
    points
}

/// Builds the page's figures.
pub fn build_history(history: &PortfolioHistory, timeframe: Timeframe, code: &str) -> HistoryView {
    let points = history_points(history);
    let change = match (points.first(), points.last()) {
        (Some(first), Some(last)) if points.len() > 1 => last.value.checked_sub(first.value),
        _ => None,
    };
    HistoryView {
        timeframe,
        currency_code: code.to_string(),
        points,
        return_percent: history.return_percentage,
        change,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn points_skip_missing_values_and_sort() {
        let history: PortfolioHistory = serde_json::from_value(serde_json::json!({
            "datapoints": [
                {"time": "2026-05-04T10:00:00.000Z", "value": {"value": "110.50", "currency_id": "eur"}},
                {"time": "2026-05-04T09:00:00.000Z", "value": {"value": "100.00", "currency_id": "eur"}},
                {"time": "2026-05-04T11:00:00.000Z"}
            ],
            "return_percentage": "10.5"
        }))
        .unwrap();
        let view = build_history(&history, Timeframe::Day, "EUR");
        assert_eq!(view.points.len(), 2);
        assert_eq!(view.points[0].value, Decimal::from_str("100.00").unwrap());
        assert_eq!(view.change, Some(Decimal::from_str("10.50").unwrap()));
        assert_eq!(
            view.return_percent,
            Some(Decimal::from_str("10.5").unwrap())
        );
    }

    #[test]
    fn empty_history() {
        let history: PortfolioHistory = serde_json::from_value(serde_json::json!({})).unwrap();
        let view = build_history(&history, Timeframe::Week, "EUR");
        assert!(view.points.is_empty());
        assert_eq!(view.change, None);
    }
}
