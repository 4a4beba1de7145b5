//! The year's picture: the tax-year picker, the year's totals under the chosen rules (with
//! what each threshold means), the returns and the notes on what Folio assumed.

use folio_insights::{speculation_limit, AustriaYear, GermanyYear, RuleSet};
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

/// A figure against a Freigrenze: `{amount} (Freigrenze {limit}): {verdict}`.
fn against(amount: Option<Decimal>, limit: Decimal, verdict: &str) -> String {
    tf(
        "{amount} (Freigrenze {limit}): {verdict}",
        &[
            ("amount", &eur(amount)),
            ("limit", &eur(Some(limit))),
            ("verdict", verdict),
        ],
    )
}

/// The verdict of a Germany's Freigrenze that frees amounts below it (with the caveat that
/// it covers the person's income outside Bitpanda too).
fn below_limit(amount: Option<Decimal>, limit: Decimal) -> &'static str {
    match amount {
        None => not_known(),
        Some(a) if a < limit => {
            t("under the limit, untaxed — if you had no such income outside Bitpanda")
        }
        Some(_) => t("reaches the limit, all of it is taxable"),
    }
}

/// Austria's lines: the 27.5 % base and estimate, then speculation gains apart (taxed at
/// the person's own rate, so never added to the 27.5 % figures).
fn austria_lines(at: &AustriaYear) -> AnyView {
    let verdict = match at.speculation_gains {
        None => not_known(),
        Some(g) if g <= Decimal::ZERO => t("a net loss: it offsets no other income (§ 31 (4))"),
        Some(g) if g <= speculation_limit() => {
            t("at most €440: tax-free — if you had no other speculation gains")
        }
        Some(_) => t("above €440: all of it is taxable at your progressive rate"),
    };
    let speculation = tf(
        "{amount} (Freigrenze €440): {verdict}",
        &[("amount", &eur(at.speculation_gains)), ("verdict", verdict)],
    );
    view! {
        <Figure label=t("Gains at 27.5 % (Neuvermögen sold from 1 March 2022, securities, dividends, lending; losses offset, fees not deducted)")
            id="insights-at-base" value=at.special_rate_base />
        <Figure label=t("Estimated tax at 27.5 %") id="insights-at-estimate" value=at.estimate />
        <div class="figure-pair"><dt>{t("Speculation gains at your progressive rate (§ 31: Altvermögen and metals within a year, crypto sold before 1 March 2022)")}</dt>
            <dd id="insights-at-speculation" class="amount" data-value=super::figure::exact(at.speculation_taxable)>{speculation}</dd></div>
    }
    .into_any()
}

/// Germany's lines: private sales and other income against their Freigrenzen, share sales
/// in their own loss pot, then capital income against the Sparer-Pauschbetrag.
fn germany_lines(de: &GermanyYear) -> AnyView {
    let private = against(
        de.private_sales,
        de.private_sales_limit,
        below_limit(de.private_sales, de.private_sales_limit),
    );
    let other = against(
        de.other_income,
        de.other_income_limit,
        below_limit(de.other_income, de.other_income_limit),
    );
    let pot = match (de.share_losses_brought, de.share_losses_carried) {
        (Some(b), Some(c)) if !b.is_zero() || !c.is_zero() => Some(tf(
            "Share losses brought from earlier years: {brought}; left to carry forward: {carried} (they offset only gains from shares).",
            &[("brought", &eur(Some(b))), ("carried", &eur(Some(c)))],
        )),
        _ => None,
    };
    view! {
        <div class="figure-pair"><dt>{t("Private sales within a year (§ 23 EStG)")}</dt>
            <dd id="insights-de-private" class="amount" data-value=super::figure::exact(de.private_sales_taxable)>{private}</dd></div>
        <div class="figure-pair"><dt>{t("Rewards as other income (§ 22 Nr. 3 EStG)")}</dt>
            <dd id="insights-de-other" class="amount" data-value=super::figure::exact(de.other_income_taxable)>{other}</dd></div>
        <Figure label=t("Sales of shares (§ 20 EStG; their losses offset only share gains)") id="insights-de-shares"
            value=de.share_sales signed=true />
        <Figure label=t("Capital income (§ 20 EStG: funds before partial exemption, ETCs, dividends, share gains after their losses)") id="insights-de-capital"
            value=de.capital_income signed=true />
        <Figure label=t("… above the Sparer-Pauschbetrag") id="insights-de-capital-taxable"
            value=de.capital_taxable />
        {pot.map(|p| view! {
            <div class="figure-pair"><dt>{t("Share losses carried (§ 20 (6) EStG)")}</dt>
                <dd id="insights-de-pot">{p}</dd></div>
        })}
    }
    .into_any()
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
    let unknown = (totals.disposals_unknown > 0).then(|| {
        tf(
            "{n} sale(s) used lots whose cost or acquisition date is unknown: their gains are not in the figures above.",
            &[("n", &format_count(totals.disposals_unknown))],
        )
    });
    let withheld_note = match rules {
        RuleSet::Austria => t("The service withholds Austrian capital-gains tax (KESt) for Austrian residents since 2024. Where it does not know what you paid (a deposit from elsewhere), it withholds “pessimistically”, as if the cost were zero; the yearly tax certificate settles the difference."),
        RuleSet::Germany => t("Tax legs are what the service withheld; German residents normally settle crypto gains in their own tax return."),
    };
    let country = match (&totals.austria, &totals.germany) {
        (Some(at), _) => austria_lines(at),
        (_, Some(de)) => germany_lines(de),
        _ => ().into_any(),
    };
    let zone = folio_insights::days::zone_name(rules);
    view! {
        <section class="card insights-summary" id="insights-summary" aria-labelledby="insights-summary-title">
            <h2 id="insights-summary-title">{tf("{year} under {country} rules", &[("year", &year.to_string()), ("country", super::text::country(rules))])}</h2>
            <p class="hint" id="insights-days">{tf("Days and years are counted in {zone} time, as the rules count them.", &[("zone", zone)])}</p>
            <dl class="figures">
                {country}
                <Figure label=t("Tax-free gains (held more than one year)") id="insights-tax-free" value=totals.tax_free_gains signed=true />
                <Figure label=t("Income (rewards, dividends) at its value when received") id="insights-income-total" value=totals.income />
                <Figure label=t("Tax withheld by the service (less tax credited back)") id="insights-withheld" value=totals.withheld_tax />
                <Figure label=t("Fees paid (their own total)") id="insights-fees" value=totals.fees />
                <div class="figure-pair"><dt>{t("Spread paid")}</dt>
                    <dd id="insights-spread">{t("not sent by the API")}</dd></div>
            </dl>
            {unknown.map(|u| view! { <p class="hint" id="insights-unknown-sales">{u}</p> })}
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
                {tf("Money-weighted (internal rate of return): the yearly rate at which your {n} deposits and withdrawals — euros, and assets transferred in or out at their price that day ({m} of them) — and today's value balance out; coins you brought from elsewhere are not profit. ", &[("n", &format_count(computed.report.cash_flows.saturating_sub(1))), ("m", &format_count(computed.report.transfers_valued))])}
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
        .map(super::text::flag_sentence)
        .collect();
    sentences.dedup();
    let shown = sentences.len().min(50);
    let more = sentences.len().saturating_sub(shown);
    view! {
        <section class="card insights-notes" id="insights-notes" aria-labelledby="insights-notes-title">
            <h2 id="insights-notes-title">{t("What Folio assumed")}</h2>
            <ul>
                <li>{t("Prices for rewards, swaps and fees paid in an asset come from your own trades of that asset nearest that day (the API sends no price history).")}</li>
                {match computed.rules {
                    RuleSet::Austria => view! {
                        <li>{t("Austria: crypto acquired from 1 March 2021 (Neuvermögen) is averaged per asset (moving average) — for 2022, before the Kryptowährungsverordnung applied, Folio assumes the average too; older crypto (Altvermögen) is sold first, oldest first.")}</li>
                        <li>{t("Austria: Neuvermögen sold before 1 March 2022, and swaps before that day, follow the old speculation rules (§ 31); from 1 March 2022 gains are taxed at 27.5 % and a crypto-for-crypto swap carries its cost over.")}</li>
                        <li>{t("Austria: the purchase and sale fees are not part of the 27.5 % computation (cost without the purchase fee, proceeds before the sale fee); they are shown as their own total.")}</li>
                        <li>{t("Austria: staking rewards and card cashback are assumed acquired at cost zero and taxed when sold; passive earn rewards are assumed interest for lending, taxed at 27.5 % when received.")}</li>
                    }.into_any(),
                    RuleSet::Germany => view! {
                        <li>{t("Germany: lots are sold oldest first (FIFO, one pool per asset across your wallets); a lot is tax-free from the day after its one-year anniversary. Rewards (staking, passive earn, and card cashback — assumed income rather than a rebate) are income at their value and start their own lot.")}</li>
                        <li>{t("Germany: losses from selling shares offset only gains from selling shares; what is left is carried into the next year within this report. Losses from before your first operation here are not known.")}</li>
                        <li>{t("Germany: the Freigrenzen and the Sparer-Pauschbetrag cover all your income of the kind, not only Bitpanda's.")}</li>
                    }.into_any(),
                }}
                <li>{t("Stake and unstake move an asset between your own wallets: no sale. Withdrawals of an asset take lots out without a gain.")}</li>
                {sentences.into_iter().take(shown).map(|s| view! { <li>{s}</li> }).collect_view()}
                {(more > 0).then(|| view! { <li>{tf("… and {n} more.", &[("n", &format_count(more))])}</li> })}
            </ul>
            <p class="hint">{t("docs/insights.md in Folio's source lists every rule with its source.")}</p>
        </section>
    }
}
