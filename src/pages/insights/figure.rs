//! How a report's figures look: EUR amounts with two decimals (the exact value kept in
//! `data-value` for tests and screen readers' copy), "not known" where an input was
//! missing, quantities with the scale the service sent.

use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::format::{format_amount, format_fiat, trend_class};

/// What a figure that could not be computed says.
pub const NOT_KNOWN: &str = "not known";

/// A EUR figure (`1,234.50 €`), or [`NOT_KNOWN`].
pub fn eur(value: Option<Decimal>) -> String {
    value.map_or_else(
        || NOT_KNOWN.to_string(),
        |v| format!("{} €", format_fiat(v)),
    )
}

/// A quantity as sent, with thousands separators.
pub fn quantity(value: Decimal) -> String {
    format_amount(value.normalize())
}

/// The exact value for `data-value` (empty when not known).
pub fn exact(value: Option<Decimal>) -> String {
    value.map(|v| v.normalize().to_string()).unwrap_or_default()
}

/// One labelled figure of a summary: `<div><dt>label</dt><dd id=… data-value=…>…</dd></div>`;
/// `signed` colours gains and losses.
#[component]
pub fn Figure(
    /// The label.
    label: &'static str,
    /// The id of the value.
    id: &'static str,
    /// The value (`None`: not known).
    value: Option<Decimal>,
    /// Whether to colour it as a gain or a loss.
    #[prop(optional)]
    signed: bool,
) -> impl IntoView {
    let class = if signed { trend_class(value) } else { "" };
    view! {
        <div class="figure-pair">
            <dt>{label}</dt>
            <dd id=id class=format!("amount {class}") data-value=exact(value)>{eur(value)}</dd>
        </div>
    }
}
