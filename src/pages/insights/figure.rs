//! How a report's figures look: EUR amounts with two decimals (the exact value kept in
//! `data-value` for tests and screen readers' copy), "not known" where an input was
//! missing, quantities with the scale the service sent, days as the language writes them.

use chrono::NaiveDate;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::format::{format_amount, format_date, format_fiat_with_unit, trend_class};
use crate::i18n::{language, t, Language};

/// What a figure that could not be computed says.
pub fn not_known() -> &'static str {
    t("not known")
}

/// A EUR figure as every page writes one (`€1,234.50`; German `1.234,50 €`), or
/// [`not_known`].
pub fn eur(value: Option<Decimal>) -> String {
    value.map_or_else(
        || not_known().to_string(),
        |v| format_fiat_with_unit(v, Some("EUR")),
    )
}

/// A quantity as sent, with thousands separators.
pub fn quantity(value: Decimal) -> String {
    format_amount(value.normalize())
}

/// A quantity with the scale it has (a note's `0.50000000`), with thousands separators.
pub fn exact_quantity(value: Decimal) -> String {
    format_amount(value)
}

/// A day: `2025-05-04` in English (tax tables read best sortable), German `04.05.2025`.
pub fn day(date: NaiveDate) -> String {
    match language() {
        Language::English => date.to_string(),
        Language::German => format_date(date.and_time(chrono::NaiveTime::MIN).and_utc()),
    }
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
