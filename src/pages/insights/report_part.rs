//! The reading of the ledger and the report — `folio_insights`' rules applied to it, and every
//! figure and table of it — as a module of its own in the release build (`insights_report`).
//! The page's module draws its heading, the notice and the controls; once those are shown
//! (`InsightsPage`), it asks this part to read everything ([`read_everything`]), then shows the
//! report ([`ReportPart`]), which takes the page's [`ReportInputs`] from the context.

use std::collections::HashMap;

use folio_client::{ApiError, Client};
use folio_export::tax::entry::Entry;
use folio_insights::Entered;
use leptos::prelude::*;

use super::choice::InsightsChoice;
use super::later::DrawnLater;
use super::load::InsightsData;
use super::made::{other_rules, MadeReports};
use super::report::Computed;
use super::savings;
use super::{costs, not_understood, summary, tables};
use crate::data::next_task::next_task;
use crate::data::resource::AccountResource;
use crate::format::local_time;
use crate::i18n::t;
use folio_insights::savings_plans::detect;

/// What the report needs from the page.
#[derive(Clone, Copy)]
pub struct ReportInputs {
    /// Everything read (the report is shown once it is in).
    pub data: AccountResource<InsightsData>,
    /// The rules and year chosen (in the URL).
    pub choice: Memo<InsightsChoice>,
    /// What the person entered for arrivals without a cost or day, by entry id, for this tab.
    pub entered: RwSignal<HashMap<String, Entered>>,
}

crate::split::split_page!(
    insights_report,
    report_part,
    preload_report_part,
    ReportPart
);

crate::split::split_fn!(
    insights_report,
    preload_read_everything,
    /// Reads everything the report is made from ([`crate::pages::insights::load::load`]) from this part's
    /// module: the page's own module then holds only its heading, notice and controls, and
    /// this one is fetched as the reading starts, once those are shown. `Err` means the part
    /// did not arrive.
    async fn read_everything(
        client: Client,
        keyless: Client,
        with_legacy: bool,
        read_so_far: RwSignal<usize>,
    ) -> Result<InsightsData, ApiError> {
        crate::pages::insights::load::load(client, keyless, with_legacy, &|n| read_so_far.set(n))
            .await
    }
);

/// Reports on one page's entries under both rule sets and throws the reports away (see
/// `load::WARM_UP_PAGES`).
pub(super) fn warm_up(page: &[Entry]) {
    let (prices, entered) = (HashMap::new(), HashMap::new());
    let today = chrono::Utc::now().date_naive();
    for rules in [
        folio_insights::RuleSet::Austria,
        folio_insights::RuleSet::Germany,
    ] {
        std::hint::black_box(super::report::report_from(
            (page, false),
            &prices,
            None,
            rules,
            &entered,
            today,
        ));
    }
}

/// The report for the page's [`ReportInputs`] (nothing without them): made for the chosen
/// rules and costs (and kept, `made.rs`) and drawn in the next task; once one is shown, the
/// other rule set's is made in a later task, so a switch finds it made.
#[component]
fn ReportPart() -> impl IntoView {
    let ReportInputs {
        data,
        choice,
        entered,
    } = use_context::<ReportInputs>()?;
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
    // A report is drawn in the task after the one that made it: neither holds the page's
    // thread as long as both did (Lighthouse mobile counted one task as blocking time).
    let shown = RwSignal::new(None::<Computed>);
    crate::effect::effect(move || {
        let made = computed.get();
        leptos::task::spawn_local(async move {
            next_task().await;
            shown.set(made);
        });
    });
    crate::effect::effect(move || {
        let Some(shown) = shown.get() else {
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
    // Only the year is read from the choice here: a switch of rules is drawn once, when its
    // report is shown, not first with the old report for the new choice (that doubled a
    // switch's wait at 100,000 operations).
    let year = Memo::new(move |_| choice.with(|c| c.year));
    // The arrivals without a cost are the same under both rule sets: kept drawn (and what is
    // typed into them kept) across a switch.
    let arrivals = Memo::new(move |_| {
        shown.with(|c| c.as_ref().map(costs::unknown_arrivals).unwrap_or_default())
    });
    let has_report = Memo::new(move |_| shown.with(Option::is_some));
    // The savings plans are the same under both rule sets (days on the person's calendar):
    // found once per load, drawn outside the report.
    let plans = Memo::new(move |_| {
        data.with(|d| match d {
            Some(Ok(d)) => Some(detect(&d.ledger, &|at| local_time::local(at).date())),
            _ => None,
        })
    });
    let today = local_time::today();
    Some(move || {
        has_report.get().then(|| {
            view! {
                <Report computed=shown year=year choice=choice arrivals=arrivals entered=entered />
                <DrawnLater tasks=5>
                    {move || plans.get().and_then(|found| savings::savings_plans(found, today))}
                </DrawnLater>
            }
        })
    })
}

/// A figure of the shown report as text, for the report's `data-` attributes (what the
/// benches and tests read).
fn figure(
    computed: RwSignal<Option<Computed>>,
    of: fn(&Computed) -> String,
) -> impl Fn() -> Option<String> + Send + Sync + Copy + 'static {
    move || computed.with(|c| c.as_ref().map(of))
}

/// The report for the chosen year, once computed: what depends on the rules and the year is
/// drawn again when they change, the arrivals without a cost only when they change.
#[component]
fn Report(
    computed: RwSignal<Option<Computed>>,
    year: Memo<Option<i32>>,
    choice: Memo<InsightsChoice>,
    arrivals: Memo<costs::Arrivals>,
    entered: RwSignal<HashMap<String, Entered>>,
) -> impl IntoView {
    let figures = move || {
        let c = computed.get()?;
        let years = c.years();
        let year = year
            .get()
            .filter(|y| years.contains(y))
            .or(years.first().copied());
        Some(view! {
            <summary::YearPicker years=years year=year choice=choice />
            {match year {
                Some(year) => {
                    let later = c.clone();
                    view! {
                        <summary::YearSummary computed=c.clone() year=year />
                        <tables::GainsTable computed=c.clone() year=year />
                        <DrawnLater tasks=1>
                            <tables::DisposalsTable computed=later.clone() year=year />
                            <tables::IncomeTable computed=later.clone() year=year />
                        </DrawnLater>
                    }.into_any()
                }
                None => view! {
                    <p class="state state-empty" id="insights-empty">
                        {t("No operation has been credited yet: nothing to report.")}
                    </p>
                }.into_any(),
            }}
            <DrawnLater tasks=2>
                <tables::OpenLotsTable computed=c.clone() />
                <summary::Returns computed=c.clone() />
            </DrawnLater>
        })
    };
    let notes = move || {
        let c = computed.get()?;
        Some(view! {
            <DrawnLater tasks=4>
                <not_understood::NotUnderstoodList computed=c.clone() />
                <summary::Notes computed=c.clone() />
            </DrawnLater>
        })
    };
    view! {
        <div
            id="insights-report"
            data-report-us=figure(computed, |c| c.micros.to_string())
            data-ledger-us=figure(computed, |c| c.ledger_micros.to_string())
            data-reading-us=figure(computed, |c| c.reading_micros.to_string())
            data-entries=figure(computed, |c| c.entries.to_string())
            data-rules=figure(computed, |c| c.rules.slug().to_string())
        >
            {figures}
            <DrawnLater tasks=3>
                <costs::UnknownCosts arrivals=arrivals entered=entered />
            </DrawnLater>
            {notes}
        </div>
    }
}
