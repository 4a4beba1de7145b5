//! Insights: what the account's sales gained or lost under Austrian or German rules, what it
//! earned from rewards, what tax the service already withheld, the fees paid, the lots still
//! open (and which could be sold tax-free today) and the money-weighted return. Everything is
//! computed in the browser by `folio_insights` from every operation (plus the legacy API's
//! trades when the key may read them), for this tab only; the page says plainly that these
//! are estimates, not tax advice (docs/insights.md gives each rule and its source).
//!
//! The page reads the whole ledger once ([`load`]); changing the rule set, the year or an
//! entered cost recomputes the report without asking the service again.

mod choice;
mod costs;
mod figure;
mod load;
mod made;
mod not_understood;
mod report;
mod summary;
mod tables;
mod text;

use std::collections::HashMap;

use folio_client::scopes::Scope;
use folio_insights::Entered;
use leptos::prelude::*;

use crate::data::load::{account_resource, load_states};
use crate::format::format_count;
use crate::i18n::{t, tf};
use crate::url::{use_url_state, with_param};
use choice::{rules_of, InsightsChoice};
use made::{other_rules, MadeReports};
pub use report::report_of;
use report::Computed;

/// The Insights page.
#[component]
pub fn InsightsPage() -> impl IntoView {
    let session = crate::contexts::session::use_session();
    let (choice, set_choice) = use_url_state::<InsightsChoice>(());
    let with_legacy = RwSignal::new(session.may(Scope::LegacyRead));
    let read_so_far = RwSignal::new(0usize);
    let data = account_resource(
        move || with_legacy.get(),
        move |client, keyless, legacy| async move {
            load::load(client, keyless, legacy, &|n| read_so_far.set(n)).await
        },
    );
    // What the person entered for arrivals without a cost or day, by entry id, for this tab.
    let entered = RwSignal::new(HashMap::<String, Entered>::new());
    // The year only picks what is shown: the report is recomputed for the rules and costs.
    let rules = Memo::new(move |_| choice.with(|c| c.rules));
    let made = StoredValue::new_local(MadeReports::default());
    let computed = Memo::new(move |_| {
        let rules = rules.get();
        let costs = entered.get();
        data.with(|d| match d {
            Some(Ok(d)) => made.try_update_value(|m| m.report(d, rules, &costs)),
            _ => None,
        })
    });
    // Once a report is shown, the other rule set's is made in a later task, so a switch
    // finds it made.
    crate::effect::effect(move || {
        let Some(shown) = computed.get() else {
            return;
        };
        let (other, costs) = (other_rules(shown.rules), entered.get_untracked());
        set_timeout(
            move || {
                data.try_with_untracked(|d| {
                    if let Some(Ok(d)) = d {
                        made.try_update_value(|m| m.report(d, other, &costs));
                    }
                });
            },
            std::time::Duration::ZERO,
        );
    });
    let content = load_states(
        move || {
            data.with(|d| {
                d.as_ref()
                    .map(|r| r.as_ref().map(|_| ()).map_err(Clone::clone))
            })
        },
        t("every operation"),
        move || data.refetch(),
        move |()| view! { <Report computed=computed choice=choice entered=entered /> },
    );
    let set_rules = move |ev: leptos::ev::Event| {
        let value = rules_of(&event_target_value(&ev)).map(|r| r.slug().to_string());
        set_choice.run(with_param(&choice.get_untracked(), (), "rules", value));
    };
    let progress = move || {
        let n = read_so_far.get();
        data.with(Option::is_none).then(|| {
            tf(
                "Reading every operation… {n} so far.",
                &[("n", &format_count(n))],
            )
        })
    };
    view! {
        <section class="page insights-page" aria-labelledby="insights-title">
            <div class="page-head"><h1 id="insights-title">{t("Insights")}</h1></div>
            <p class="notice insights-estimate" id="insights-estimate">
                <strong>{t("Estimates, not tax advice. ")}</strong>
                {t("Folio applies the rules below to your operations as the service reports them; your tax return and the service's yearly tax certificate decide. Check with a tax adviser before you rely on a figure.")}
            </p>
            <form class="filters insights-controls" on:submit=|ev| ev.prevent_default()>
                <div class="field field-inline">
                    <label for="insights-rules">{t("Rules")}</label>
                    <select id="insights-rules" on:change=set_rules
                        prop:value=move || choice.with(|c| c.rules.slug())>
                        <option value="at">{text::country(folio_insights::RuleSet::Austria)}</option>
                        <option value="de">{text::country(folio_insights::RuleSet::Germany)}</option>
                    </select>
                </div>
                <label class="check" hidden=move || !session.may(Scope::LegacyRead)>
                    <input type="checkbox" id="insights-legacy" prop:checked=move || with_legacy.get()
                        on:change=move |ev| with_legacy.set(event_target_checked(&ev)) />
                    {t("Add the legacy API's trades that the current history lacks")}
                </label>
            </form>
            <p class="hint" id="insights-progress" role="status" aria-live="polite">{progress}</p>
            {content}
        </section>
    }
}

/// The report for the chosen year, once computed.
#[component]
fn Report(
    computed: Memo<Option<Computed>>,
    choice: Memo<InsightsChoice>,
    entered: RwSignal<HashMap<String, Entered>>,
) -> impl IntoView {
    move || {
        let c = computed.get()?;
        let years = c.years();
        let (micros, entries, rules) =
            (c.micros.to_string(), c.entries.to_string(), c.rules.slug());
        let ledger_micros = c.ledger_micros.to_string();
        let reading_micros = c.reading_micros.to_string();
        let year = choice
            .with(|ch| ch.year)
            .filter(|y| years.contains(y))
            .or(years.first().copied());
        Some(view! {
            <div id="insights-report" data-report-us=micros data-ledger-us=ledger_micros data-reading-us=reading_micros data-entries=entries data-rules=rules>
                <summary::YearPicker years=years year=year choice=choice />
                {match year {
                    Some(year) => view! {
                        <summary::YearSummary computed=c.clone() year=year />
                        <tables::GainsTable computed=c.clone() year=year />
                        <tables::DisposalsTable computed=c.clone() year=year />
                        <tables::IncomeTable computed=c.clone() year=year />
                    }.into_any(),
                    None => view! {
                        <p class="state state-empty" id="insights-empty">
                            {t("No operation has been credited yet: nothing to report.")}
                        </p>
                    }.into_any(),
                }}
                <tables::OpenLotsTable computed=c.clone() />
                <summary::Returns computed=c.clone() />
                <costs::UnknownCosts computed=c.clone() entered=entered />
                <not_understood::NotUnderstoodList computed=c.clone() />
                <summary::Notes computed=c />
            </div>
        })
    }
}
