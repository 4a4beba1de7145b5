//! Table cells for amounts, fiat values and percentages (tabular numerals, right-aligned,
//! "—" when the service sent nothing).

use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::format::{
    format_amount, format_fiat, format_signed_fiat, format_signed_percent, or_missing, trend_class,
};

/// An amount shown with the scale the service sent (asset precision).
#[component]
pub fn AmountCell(value: Option<Decimal>, #[prop(into)] class: String) -> impl IntoView {
    view! { <td class=format!("num amount {class}")>{or_missing(value, format_amount)}</td> }
}

/// A fiat value with two decimals; `signed` adds "+" and gain/loss colouring.
#[component]
pub fn FiatCell(
    value: Option<Decimal>,
    #[prop(into)] class: String,
    #[prop(optional)] signed: bool,
) -> impl IntoView {
    let (text, trend) = if signed {
        (or_missing(value, format_signed_fiat), trend_class(value))
    } else {
        (or_missing(value, format_fiat), "")
    };
    view! { <td class=format!("num amount {class} {trend}")>{text}</td> }
}

/// A percentage with a sign and gain/loss colouring.
#[component]
pub fn PercentCell(value: Option<Decimal>, #[prop(into)] class: String) -> impl IntoView {
    let trend = trend_class(value);
    view! { <td class=format!("num {class} {trend}")>{or_missing(value, format_signed_percent)}</td> }
}
