//! The year's picture: the tax-year picker, the year's totals under the chosen rules (with
//! what each threshold means), the returns and the notes on what Folio assumed.

use folio_insights::{RuleSet, YearTotals};
use leptos::prelude::*;
use rust_decimal::Decimal;

use super::choice::InsightsChoice;
use super::figure::{eur, not_known, Figure};
use super::report::Computed;
use crate::components::{csv_export, ExportButtons};
use crate::format::{format_count, format_signed_percent};
use crate::i18n::{t, tf};
use crate::url::{use_url_state, with_param};

/// The tax year (years with activity, latest first).
#[component]
pub fn YearPicker(
    years: Vec<i32>,
    year: Option<i32>,
    choice: Memo<InsightsChoice>,
) -> impl IntoView {
    let (_, set_choice) = use_url_state::<InsightsChoice>(());
    let on_change = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        set_choice.run(with_param(&choice.get_untracked(), (), "year", Some(value)));
    };
    let options = years
        .into_iter()
        .map(|y| view! { <option value=y.to_string() selected=Some(y) == year>{y.to_string()}</option> })
        .collect_view();
    view! {
        <div class="field field-inline insights-year">
            <label for="insights-year">{t("Tax year")}</label>
            <select id="insights-year" on:change=on_change>{options}</select>
        </div>
    }
}

/// Germany's or Austria's lines for the year.
fn country_lines(totals: &YearTotals) -> AnyView {
    if let Some(at) = &totals.austria {
        return view! {
            <Figure label=t("Base at 27.5 % (Neuvermögen, securities, dividends; losses offset)")
                id="insights-at-base" value=Some(at.special_rate_base) />
            <Figure label=t("Estimated tax at 27.5 %") id="insights-at-estimate" value=Some(at.estimate) />
            <Figure label=t("Gains taxed at your progressive rate (Altvermögen, metals within a year)")
                id="insights-at-progressive" value=Some(at.progressive_gains) signed=true />
        }
        .into_any();
    }
    if let Some(de) = &totals.germany {
        let under = de.private_sales < de.private_sales_limit;
        let against = |amount: Decimal, limit: Decimal, verdict: &str| {
            tf(
                "{amount} (Freigrenze {limit}): {verdict}",
                &[
                    ("amount", &eur(Some(amount))),
                    ("limit", &eur(Some(limit))),
                    ("verdict", verdict),
                ],
            )
        };
        let limit = against(
            de.private_sales,
            de.private_sales_limit,
            if under {
                t("under the limit, untaxed")
            } else {
                t("reaches the limit, all of it is taxable")
            },
        );
        let other = against(
            de.other_income,
            de.other_income_limit,
            if de.other_income < de.other_income_limit {
                t("under the limit, untaxed")
            } else {
                t("all of it is taxable")
            },
        );
        return view! {
            <div class="figure-pair"><dt>{t("Private sales within a year (§ 23 EStG)")}</dt>
                <dd id="insights-de-private" class="amount" data-value=super::figure::exact(Some(de.private_sales_taxable))>{limit}</dd></div>
            <div class="figure-pair"><dt>{t("Rewards as other income (§ 22 Nr. 3 EStG)")}</dt>
                <dd id="insights-de-other" class="amount" data-value=super::figure::exact(Some(de.other_income_taxable))>{other}</dd></div>
            <Figure label=t("Capital income (§ 20 EStG: securities, dividends)") id="insights-de-capital"
                value=Some(de.capital_income) signed=true />
            <Figure label=t("… above the Sparer-Pauschbetrag") id="insights-de-capital-taxable"
                value=Some(de.capital_taxable) />
        }
        .into_any();
    }
    ().into_any()
}

/// The year's totals.
#[component]
pub fn YearSummary(computed: Computed, year: i32) -> impl IntoView {
    let Some(totals) = computed
        .report
        .years
        .iter()
        .find(|t| t.year == year)
        .cloned()
    else {
        return ().into_any();
    };
    let all_years = computed.report.years.clone();
    let rules = computed.rules;
    let make = csv_export(move || {
        (
            format!("folio-insights-years-{}.csv", rules.slug()),
            folio_insights::csv::years_csv(&all_years),
        )
    });
    let unvalued = (totals.income_unvalued > 0).then(|| {
        tf(
            "{n} payment(s) had no price and are not in the income figure.",
            &[("n", &format_count(totals.income_unvalued))],
        )
    });
    let withheld_note = match rules {
        RuleSet::Austria => t("The service withholds Austrian capital-gains tax (KESt) for Austrian residents since 2024. Where it does not know what you paid (a deposit from elsewhere), it withholds “pessimistically”, as if the cost were zero; the yearly tax certificate settles the difference."),
        RuleSet::Germany => t("Tax legs are what the service withheld; German residents normally settle crypto gains in their own tax return."),
    };
    view! {
        <section class="card insights-summary" id="insights-summary" aria-labelledby="insights-summary-title">
            <h2 id="insights-summary-title">{tf("{year} under {country} rules", &[("year", &year.to_string()), ("country", super::words::country(rules))])}</h2>
            <dl class="figures">
                <Figure label=t("Taxable gains (losses offset)") id="insights-taxable" value=Some(totals.taxable_gains) signed=true />
                <Figure label=t("Tax-free gains") id="insights-tax-free" value=Some(totals.tax_free_gains) signed=true />
                <Figure label=t("Income (rewards, dividends) at its value when received") id="insights-income-total" value=Some(totals.income) />
                <Figure label=t("Tax withheld by the service") id="insights-withheld" value=Some(totals.withheld_tax) />
                {country_lines(&totals)}
                <Figure label=t("Fees paid") id="insights-fees" value=Some(totals.fees) />
                <div class="figure-pair"><dt>{t("Spread paid")}</dt>
                    <dd id="insights-spread">{t("not sent by the API")}</dd></div>
            </dl>
            {unvalued.map(|u| view! { <p class="hint">{u}</p> })}
            <p class="hint" id="insights-withholding">{withheld_note}</p>
            <ExportButtons id="insights-years-export" empty=Signal::derive(|| false) make=make csv_only=true />
        </section>
    }
    .into_any()
}

/// The money-weighted return beside the service's own figure.
#[component]
pub fn Returns(computed: Computed) -> impl IntoView {
    let percent = |fraction: Decimal| {
        fraction
            .checked_mul(Decimal::ONE_HUNDRED)
            .map(format_signed_percent)
            .unwrap_or_else(|| not_known().into())
    };
    let mwr = computed
        .report
        .money_weighted_return
        .map(percent)
        .unwrap_or_else(|| not_known().into());
    let service = computed
        .service_return_year
        .map(format_signed_percent)
        .unwrap_or_else(|| not_known().into());
    view! {
        <section class="card insights-returns" id="insights-returns" aria-labelledby="insights-returns-title">
            <h2 id="insights-returns-title">{t("Returns")}</h2>
            <dl class="figures">
                <div class="figure-pair">
                    <dt>{t("Money-weighted, per year, since your first deposit")}</dt>
                    <dd id="insights-mwr">{mwr}</dd>
                </div>
                <div class="figure-pair">
                    <dt>{t("The service's return over the last year")}</dt>
                    <dd id="insights-service-return">{service}</dd>
                </div>
            </dl>
            <p class="hint">
                {tf("Money-weighted (internal rate of return): the yearly rate at which your {n} euro deposits and withdrawals and today's value balance out — it counts when you paid in. ", &[("n", &format_count(computed.report.cash_flows.saturating_sub(1)))])}
                {t("The service's figure is its own, over its last-year chart: how the holdings' value changed.")}
            </p>
        </section>
    }
}

/// What Folio could not know or assumed.
#[component]
pub fn Notes(computed: Computed) -> impl IntoView {
    let mut sentences: Vec<String> = computed
        .report
        .flags
        .iter()
        .map(super::words::flag_sentence)
        .collect();
    sentences.dedup();
    let shown = sentences.len().min(50);
    let more = sentences.len().saturating_sub(shown);
    view! {
        <section class="card insights-notes" id="insights-notes" aria-labelledby="insights-notes-title">
            <h2 id="insights-notes-title">{t("What Folio assumed")}</h2>
            <ul>
                <li>{t("Prices for rewards, swaps and fees paid in an asset come from your own trades of that asset nearest that day (the API sends no price history).")}</li>
                <li>{match computed.rules {
                    RuleSet::Austria => t("Austria: crypto bought from 1 March 2021 is averaged per asset (moving average); older crypto (Altvermögen) is sold first, oldest first. Rewards cost nothing and are taxed when sold."),
                    RuleSet::Germany => t("Germany: lots are sold oldest first (FIFO, one pool per asset across your wallets); a lot is tax-free from the day after its one-year anniversary. Rewards are income at their value and start their own lot."),
                }}</li>
                <li>{t("Stake and unstake move an asset between your own wallets: no sale. Withdrawals of an asset take lots out without a gain.")}</li>
                {sentences.into_iter().take(shown).map(|s| view! { <li>{s}</li> }).collect_view()}
                {(more > 0).then(|| view! { <li>{tf("… and {n} more.", &[("n", &format_count(more))])}</li> })}
            </ul>
            <p class="hint">{t("docs/insights.md in Folio's source lists every rule with its source.")}</p>
        </section>
    }
}
