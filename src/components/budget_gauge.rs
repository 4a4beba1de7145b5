//! The remaining daily trading budget as a gauge: an ARIA meter drawn in SVG, with the same
//! figures written out as text.

use folio_client::current::TradingLimits;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::amounts::remaining_percent;
use crate::format::{
    format_amount, format_datetime_zoned, format_fiat, format_fiat_with_unit, or_missing,
};
use crate::i18n::{t, tf};

/// One side's budget (buy or sell): `remaining` of `limit` left today.
#[component]
pub fn BudgetGauge(
    /// `buy` or `sell` (ids and test hooks).
    #[prop(into)]
    side: String,
    /// "Buying left today".
    #[prop(into)]
    label: String,
    remaining: Option<Decimal>,
    limit: Option<Decimal>,
    /// Currency code of the limit.
    #[prop(into)]
    unit: String,
) -> impl IntoView {
    let label_id = format!("{side}-budget-label");
    let percent = remaining_percent(remaining, limit);
    let text = match (remaining, limit) {
        (_, Some(limit)) if limit.is_zero() => t("Limit 0: not allowed with this key.").to_string(),
        (Some(left), Some(limit)) => {
            let (left, limit) = (format_fiat(left), format_fiat_with_unit(limit, Some(&unit)));
            let values = [("left", left.as_str()), ("limit", limit.as_str())];
            tf("{left} of {limit} left", &values)
        }
        _ => t("Unknown").to_string(),
    };
    let width = percent
        .map(|p| format!("{p}%"))
        .unwrap_or_else(|| "0%".into());
    let percent_text = percent
        .map(|p| format!(" ({} %)", format_amount(p)))
        .unwrap_or_default();
    view! {
        <div class="budget-gauge" data-testid=format!("{side}-budget")>
            <p class="budget-label" id=label_id.clone()>{label}</p>
            <div
                role="meter"
                class="gauge"
                aria-labelledby=label_id
                aria-valuemin="0"
                aria-valuemax=limit.map(|l| l.to_string()).unwrap_or_else(|| "0".into())
                aria-valuenow=remaining.map(|r| r.to_string()).unwrap_or_else(|| "0".into())
                aria-valuetext=text.clone()
            >
                <svg class="gauge-svg" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                    <rect class="gauge-track" x="0" y="0" width="100%" height="10" rx="2" />
                    <rect class="gauge-fill" x="0" y="0" width=width height="10" rx="2" />
                </svg>
            </div>
            <p class="budget-text">
                <span class="budget-remaining amount" data-value=remaining.map(|r| r.to_string())>{text}</span>
                {percent_text}
            </p>
        </div>
    }
}

/// Both sides' budgets of a key's limits, the limit currency and when they reset.
#[component]
pub fn BudgetSummary(
    limits: TradingLimits,
    /// Code of `limits.currency_id` (or the id itself when unknown).
    #[prop(into)]
    unit: String,
) -> impl IntoView {
    let resets = or_missing(limits.resets_at, format_datetime_zoned);
    view! {
        <div class="budget-summary" data-testid="budget-summary">
            <BudgetGauge
                side="buy"
                label=t("Buying left today")
                remaining=limits.buy_budget_remaining
                limit=limits.buy_limit
                unit=unit.clone()
            />
            <BudgetGauge
                side="sell"
                label=t("Selling left today")
                remaining=limits.sell_budget_remaining
                limit=limits.sell_limit
                unit=unit.clone()
            />
            <p class="hint">
                {tf("Limits count in {unit}. Budgets reset daily at 00:00 UTC; next reset ",
                    &[("unit", &unit)],
                )}
                <span data-testid="budget-resets">{resets}</span>
                "."
            </p>
        </div>
    }
}
