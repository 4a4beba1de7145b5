//! Savings plans, as their executions show them (`folio_insights::savings_plans`): per asset
//! and fiat currency, the cadence, the executions, the first and last day, the usual amount,
//! the totals, the average price paid and the next expected day, marked as an estimate. The
//! service exposes no plan settings, so all of it is read from past executions, on the days of
//! the person's own calendar; the same under either rule set, so drawn outside the report.

use chrono::NaiveDate;
use folio_insights::savings_plans::{Cadence, Detected, SavingsPlan};
use leptos::prelude::*;

use super::figure::{day, exact, quantity};
use crate::format::{format_amount, format_count, with_currency};
use crate::i18n::{t, tf, tn};
use crate::url::asset_href;

/// The cadence in the reader's words.
fn cadence_words(cadence: Cadence) -> String {
    match cadence {
        Cadence::Weekly => t("Weekly").to_string(),
        Cadence::Biweekly => t("Every other week").to_string(),
        Cadence::Monthly { day } => tf("Monthly, around day {day}", &[("day", &day.to_string())]),
        Cadence::Quarterly => t("Quarterly").to_string(),
        Cadence::Irregular => t("Irregular").to_string(),
    }
}

/// An amount in the plan's fiat currency (`—` when not known).
fn paid(value: Option<rust_decimal::Decimal>, fiat: &str) -> String {
    value.map_or_else(
        || t("not known").to_string(),
        |v| with_currency(&format_amount(crate::format::round_to(v, 2)), Some(fiat)),
    )
}

/// The next expected day, marked as an estimate (none for an irregular plan or one whose
/// expected day has passed: it may have ended).
fn next_words(next: Option<NaiveDate>, today: NaiveDate) -> String {
    match next {
        Some(next) if next >= today => tf("around {day} (estimate)", &[("day", &day(next))]),
        Some(_) => t("overdue: the plan may have ended").to_string(),
        None => t("no regular rhythm to estimate from").to_string(),
    }
}

fn plan_row(plan: &SavingsPlan, today: NaiveDate) -> impl IntoView {
    let average = plan
        .average_price
        .map(|p| with_currency(&quantity(p.round_dp(8)), Some(&plan.fiat)))
        .unwrap_or_else(|| t("not known").to_string());
    view! {
        <tr data-asset=plan.asset.clone() data-fiat=plan.fiat.clone() data-executions=plan.executions>
            <th scope="row"><a href=asset_href(&plan.asset)>{plan.asset.clone()}</a>" · "{plan.fiat.clone()}</th>
            <td>{cadence_words(plan.cadence)}</td>
            <td class="num">{format_count(plan.executions)}</td>
            <td>{day(plan.first)}" – "{day(plan.last)}</td>
            <td class="num amount">{paid(plan.typical_amount, &plan.fiat)}</td>
            <td class="num amount" data-value=exact(plan.total_paid)>{paid(plan.total_paid, &plan.fiat)}</td>
            <td class="num amount">{plan.total_bought.map_or_else(|| t("not known").to_string(), quantity)}</td>
            <td class="num amount">{average}</td>
            <td>{next_words(plan.next_expected, today)}</td>
        </tr>
    }
}

/// The plans found, or nothing when there are none.
pub fn savings_plans(detected: Detected, today: NaiveDate) -> Option<impl IntoView> {
    if detected.plans.is_empty() && detected.unreadable == 0 {
        return None;
    }
    let executions = detected
        .plans
        .iter()
        .try_fold(0usize, |n, p| n.checked_add(p.executions))
        .map(|n| n.to_string())
        .unwrap_or_default();
    let rows = detected
        .plans
        .iter()
        .map(|p| plan_row(p, today))
        .collect_view();
    let unreadable = (detected.unreadable > 0).then(|| {
        tn(
            detected.unreadable,
            "{n} savings-plan execution could not be read (no fiat paid for an asset) and is left out.",
            "{n} savings-plan executions could not be read (no fiat paid for an asset) and are left out.",
        )
    });
    Some(view! {
        <section class="card" aria-labelledby="savings-title" id="savings-plans" data-executions=executions>
            <h2 id="savings-title">{t("Savings plans")}</h2>
            <p class="hint">{t("Read from the plans' past executions: the service does not show a plan's settings, so the rhythm and the next day are estimates.")}</p>
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="savings-caption">
                <table class="data-table" id="savings-table">
                    <caption id="savings-caption" class="visually-hidden">{t("Savings plans, one per asset and currency")}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{t("Plan")}</th>
                            <th scope="col">{t("Rhythm")}</th>
                            <th scope="col" class="num">{t("Executions")}</th>
                            <th scope="col">{t("First – last")}</th>
                            <th scope="col" class="num">{t("Usual amount")}</th>
                            <th scope="col" class="num">{t("Paid in all")}</th>
                            <th scope="col" class="num">{t("Bought in all")}</th>
                            <th scope="col" class="num">{t("Average price")}</th>
                            <th scope="col">{t("Next execution")}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            {unreadable.map(|u| view! { <p class="notice">{u}</p> })}
        </section>
    })
}
