//! Insights: what the account's sales gained or lost under Austrian or German rules, what it
//! earned from rewards, what tax the service already withheld, the fees paid, the lots still
//! open (and which could be sold tax-free today) and the money-weighted return. Everything is
//! computed in the browser by `folio_insights` from every operation (plus the legacy API's
//! trades when the key may read them), for this tab only; the page says plainly that these
//! are estimates, not tax advice (docs/insights.md gives each rule and its source).
//!
//! The page reads the whole ledger once ([`load`]); changing the rule set, the year or an
//! entered cost recomputes the report without asking the service again.

mod asset_lots;
mod choice;
mod costs;
mod figure;
mod later;
mod load;
mod made;
mod not_understood;
mod report;
mod report_part;
mod savings;
mod summary;
mod tables;
mod text;

use std::collections::HashMap;

use folio_client::scopes::Scope;
use folio_client::ApiError;
use folio_insights::Entered;
use leptos::prelude::*;

use crate::components::LazyPage;
use crate::data::load::{account_resource_when, load_states};
use crate::data::next_task::shown_once;
use crate::format::format_count;
use crate::i18n::{t, tf};
use crate::url::use_url_state;
pub(crate) use asset_lots::{asset_lots_part, AssetLotsInputs};
use choice::{InsightsChoice, RulesSelect};
pub use report::report_of;
pub(crate) use report_part::preload_report_part;
use report_part::{read_everything, report_part, ReportInputs};

/// The Insights page.
#[component]
pub fn InsightsPage() -> impl IntoView {
    let session = crate::contexts::session::use_session();
    let (choice, set_choice) = use_url_state::<InsightsChoice>(());
    let with_legacy = RwSignal::new(session.may(Scope::LegacyRead));
    let read_so_far = RwSignal::new(0usize);
    // The ledger is read once the heading, the notice and the controls are shown, by the
    // report's module, fetched then: its reads lead to a chain of further pages and long
    // work, and asked for in the task that draws the page they came before its first paint
    // (Lighthouse mobile counted the whole chain into the page's largest paint, the notice).
    let data = account_resource_when(
        shown_once(None),
        move || with_legacy.get(),
        move |client, keyless, legacy| async move {
            read_everything(client, keyless, legacy, read_so_far)
                .await
                .unwrap_or_else(|_| Err(report_not_arrived()))
        },
    );
    // What the person entered for arrivals without a cost or day, by entry id, for this tab.
    let entered = RwSignal::new(HashMap::<String, Entered>::new());
    provide_context(ReportInputs {
        data,
        choice,
        entered,
    });
    let content = load_states(
        move || data.with(|d| d.map(|r| r.map(|_| ()).map_err(Clone::clone))),
        t("every operation"),
        move || data.refetch(),
        move |()| view! { <LazyPage load=report_part /> },
    );
    let progress = move || {
        let n = read_so_far.get();
        data.with(|d| d.is_none()).then(|| {
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
                <RulesSelect id="insights-rules" choice=choice set_choice=set_choice />
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

/// The error shown (with Retry) when the report's module, which reads the ledger, did not
/// arrive.
fn report_not_arrived() -> ApiError {
    ApiError::Network {
        detail: "the Insights report's module did not arrive".into(),
    }
}
