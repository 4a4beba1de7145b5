//! How exchange records read on screen: statuses and sides in plain words, an order's fill
//! share, and prices and sizes shown with the pair's own number of decimals. Tested natively.

use folio_client::checked::percent_of;
use folio_client::exchange::{Order, OrderSide, OrderStatus, Pair};
use rust_decimal::Decimal;

use crate::format::{format_amount, round_to, MISSING};
use crate::i18n::{t, tc, tf};
use crate::pages::exchange::book_levels::decimals_of;

/// An order status in plain words (unknown values as sent).
pub fn status_words(status: Option<&OrderStatus>) -> String {
    match status {
        Some(OrderStatus::New) => t("Open").into(),
        Some(OrderStatus::PartiallyFilled) => t("Partly filled").into(),
        Some(OrderStatus::Filled) => t("Filled").into(),
        Some(OrderStatus::Canceled) => t("Canceled").into(),
        Some(OrderStatus::FilledAndCanceled) => t("Partly filled, then canceled").into(),
        Some(OrderStatus::DoneForDay) => t("Expired at the end of the day").into(),
        Some(OrderStatus::Rejected) => t("Rejected").into(),
        Some(OrderStatus::Other(raw)) => raw.clone(),
        None => MISSING.into(),
    }
}

/// A side in plain words (unknown values as sent).
pub fn side_words(side: Option<&OrderSide>) -> String {
    match side {
        Some(OrderSide::Buy) => tc("noun", "Buy").into(),
        Some(OrderSide::Sell) => tc("noun", "Sell").into(),
        Some(OrderSide::Other(raw)) => raw.clone(),
        None => MISSING.into(),
    }
}

/// The CSS class of a side (`side-buy`, `side-sell`; unknown values as sent, lower case),
/// the same in every language.
pub fn side_class(side: Option<&OrderSide>) -> String {
    let name = side.map_or(MISSING, OrderSide::as_str).to_ascii_lowercase();
    format!("side side-{name}")
}

/// A number inside a sentence, as the exchange's rules and the typed values state it: no
/// thousands separators, every decimal kept (`0.00001`, `50000`; German `0,00001`).
pub fn plain(value: Decimal) -> String {
    crate::format::format_plain(value)
}

/// The filled share in percent: as sent, else filled ÷ ordered quantity (two decimals).
pub fn fill_percent(order: &Order) -> Option<Decimal> {
    if let Some(p) = order.filled_percentage {
        return Some(p);
    }
    let quantity = order.quantity.filter(|q| *q > Decimal::ZERO)?;
    Some(percent_of(order.filled_quantity?, quantity)?.round_dp(2))
}

/// Decimals of the pair's prices (from its tick size; 2 when unknown).
pub fn price_decimals(pair: Option<&Pair>) -> u32 {
    pair.and_then(|p| p.tick_size)
        .map(|t| decimals_of(Some(t)))
        .unwrap_or(2)
}

/// Decimals of the pair's quantities (from its size increment; 8 when unknown).
pub fn size_decimals(pair: Option<&Pair>) -> u32 {
    decimals_of(pair.and_then(|p| p.size_increment))
}

/// A value shown with `dp` decimals and thousands separators, or "—".
pub fn fixed(value: Option<Decimal>, dp: u32) -> String {
    value
        .map(|v| format_amount(round_to(v, dp)))
        .unwrap_or_else(|| MISSING.into())
}

/// The pair named `name` in `pairs`.
pub fn find_pair<'a>(pairs: &'a [Pair], name: Option<&str>) -> Option<&'a Pair> {
    let name = name?;
    pairs.iter().find(|p| p.pair.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn words_and_fill_share() {
        assert_eq!(
            status_words(Some(&OrderStatus::parse("partially-filled"))),
            "Partly filled"
        );
        assert_eq!(status_words(Some(&OrderStatus::parse("parked"))), "parked");
        assert_eq!(status_words(None), "—");
        assert_eq!(side_words(Some(&OrderSide::parse("sell"))), "Sell");
        assert_eq!(
            side_class(Some(&OrderSide::parse("sell"))),
            "side side-sell"
        );
        assert_eq!(
            side_class(Some(&OrderSide::parse("Short"))),
            "side side-short"
        );
        assert_eq!(side_class(None), "side side-—");
        let order: Order = serde_json::from_value(serde_json::json!({
            "id": "o1", "quantity": "0.3", "filled_quantity": "0.1"
        }))
        .unwrap();
        assert_eq!(fill_percent(&order), Some(d("33.33")));
        let sent = Order {
            filled_percentage: Some(d("50")),
            ..order.clone()
        };
        assert_eq!(fill_percent(&sent), Some(d("50")));
        let by_amount = Order {
            quantity: None,
            ..order
        };
        assert_eq!(fill_percent(&by_amount), None);
    }

    #[test]
    fn pair_precision() {
        let pair: Pair = serde_json::from_value(serde_json::json!({
            "pair": "ETH-EUR", "tick_size": "0.1", "size_increment": "0.0001"
        }))
        .unwrap();
        assert_eq!(price_decimals(Some(&pair)), 1);
        assert_eq!(size_decimals(Some(&pair)), 4);
        assert_eq!(price_decimals(None), 2);
        assert_eq!(fixed(Some(d("1234.56")), 1), "1,234.6");
        assert_eq!(fixed(None, 1), "—");
        let pairs = vec![pair];
        assert!(find_pair(&pairs, Some("eth-eur")).is_some());
        assert!(find_pair(&pairs, Some("BTC-EUR")).is_none());
    }
}

/// Clocks further apart than this (milliseconds) get a warning.
pub const SKEW_LIMIT_MS: i64 = 5_000;

/// The warning for a clock `skew_ms` behind (positive) or ahead of (negative) the exchange.
pub fn skew_warning(skew_ms: i64) -> Option<String> {
    // `unsigned_abs` cannot overflow (a served time of i64::MIN would make `abs` panic).
    let distance = skew_ms.unsigned_abs();
    if distance <= SKEW_LIMIT_MS.unsigned_abs() {
        return None;
    }
    let secs = (distance / 1_000).to_string();
    let values = [("seconds", secs.as_str())];
    Some(if skew_ms > 0 {
        tf("This device's clock is {seconds} s behind the exchange's. Times shown here and good-till-date end times will be off by as much; set the clock to update automatically.", &values)
    } else {
        tf("This device's clock is {seconds} s ahead of the exchange's. Times shown here and good-till-date end times will be off by as much; set the clock to update automatically.", &values)
    })
}

#[cfg(test)]
mod skew_tests {
    use super::*;

    #[test]
    fn skew_over_five_seconds_warns() {
        assert_eq!(skew_warning(4_999), None);
        assert_eq!(skew_warning(-5_000), None);
        assert!(skew_warning(3_600_000).unwrap().contains("3600 s behind"));
        assert!(skew_warning(-6_000).unwrap().contains("6 s ahead of"));
        assert!(skew_warning(i64::MIN).unwrap().contains("ahead of"));
    }
}
