//! Typed-input targets: every parser of text a person types or puts in the address bar —
//! amounts, limits, the exchange ticket (then the pair's rules), `next=`, custom base URLs,
//! the URL filters of Operations, Exchange and Legacy — and the error-body classifier with its
//! `Retry-After` header.

use chrono::{TimeZone, Utc};
use folio::for_tests::{SizeMode, TypedOrder, UrlState};
use folio_client::current::{parse_typed_decimal, validate_amount};
use folio_client::exchange::{validate_order, OrderSide, OrderType, Pair};
use folio_client::{ApiError, BaseUrls};
use rust_decimal::Decimal;

/// One typed-input target.
pub type Parse = fn(&str);

fn pair() -> Pair {
    folio_client::decode::decode(
        r#"{"pair":"BTC-EUR","base_asset":"BTC","quote_asset":"EUR","tick_size":"0.01","size_increment":"0.00001","amount_increment":"0.01","min_order_value":"10","max_order_size":"100","state":"ACTIVE"}"#,
    )
    .expect("a pair")
}

fn ticket(text: &str) {
    let now = Utc
        .with_ymd_and_hms(2026, 11, 23, 12, 0, 0)
        .single()
        .expect("a time");
    for (order_type, mode) in [
        (OrderType::Limit, SizeMode::Quantity),
        (OrderType::Market, SizeMode::Amount),
        (OrderType::StopMarket, SizeMode::Quantity),
    ] {
        let typed = TypedOrder {
            side: OrderSide::Sell,
            order_type,
            mode,
            size: text.to_string(),
            limit_price: text.chars().rev().collect(),
            trigger_price: text.to_string(),
            time_in_force: None,
            end_time: text.to_string(),
        };
        for mid in [None, Some(Decimal::ZERO), Some(Decimal::new(65_000, 0))] {
            if let Ok(draft) = typed.draft(mid, now) {
                let _ = validate_order(&pair(), &draft, Decimal::MAX);
                if let Some(m) = mid {
                    let _ = folio_client::exchange::fat_finger(&draft, m);
                }
            }
        }
    }
}

fn params(text: &str) {
    let get = |name: &str| Some(format!("{name}{text}"));
    let _ = folio::for_tests::OperationsFilter::from_query((), get);
    let _ = folio::for_tests::ExchangeFilter::from_query((), |_| Some(text.to_string()));
    for list in [
        folio::for_tests::LegacyList::Trades,
        folio::for_tests::LegacyList::Fiat,
        folio::for_tests::LegacyList::Crypto,
        folio::for_tests::LegacyList::Commodity,
    ] {
        let _ = folio::for_tests::LegacyFilter::from_query(list, |_| Some(text.to_string()));
    }
}

/// Every typed-input target, by name.
pub fn parsers() -> Vec<(&'static str, Parse)> {
    vec![
        ("typed.decimal", |t| {
            let _ = parse_typed_decimal(t);
        }),
        ("typed.amount", |t| {
            let _ = validate_amount(t, 2, Some(Decimal::new(1, 2)));
            let _ = validate_amount(t, 8, None);
            let _ = folio::for_tests::read_as_words(t, "EUR");
        }),
        ("typed.limits", |t| {
            if let Ok(v) = folio::for_tests::check_limit(t) {
                let _ = folio::for_tests::limits_retyped(t, t, (v, v));
            }
        }),
        ("typed.exchange_ticket", ticket),
        ("typed.next", |t| {
            let _ = folio::for_tests::safe_return_path(Some(t));
            let _ = folio::for_tests::connect_redirect(t);
        }),
        ("typed.base_url", |t| {
            let _ = BaseUrls::validate_custom(t);
            let _ = folio_client::origin_of(t, "http://127.0.0.1:8080");
        }),
        ("typed.url_filters", params),
        ("typed.error_answer", |t| {
            for status in [400, 401, 403, 404, 409, 410, 422, 429, 500, 502, 503] {
                let _ = ApiError::from_response(status, Some(t), t);
            }
        }),
    ]
}

/// Seeds for the typed targets (realistic values the mutations start from).
pub const TYPED_SEEDS: &[&str] = &[
    "0.5",
    "25.00",
    "1000",
    "0,25",
    "1e5",
    "/trade?asset=BTC",
    "https://proxy.example.com/bp",
    "Wed, 21 Oct 2026 07:28:00 GMT",
    "2026-12-01T18:00",
    "BTC-EUR,ETH-EUR",
];
