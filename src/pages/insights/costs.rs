//! What the person knows and the service does not: an asset that came in from elsewhere (a
//! deposit from another wallet, a refund, an unknown operation type) has no known cost and
//! no known acquisition day. Until they are entered here its gains stay unknown and, where
//! the day decides (Germany's one-year period, Austria's Alt-/Neuvermögen), so does its
//! treatment. What is entered lives in the page's memory for this tab only — never stored,
//! never sent — and the report is recomputed at once.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;
use folio_client::date_text::read_day;
use folio_insights::{Entered, Flag};
use leptos::prelude::*;
use rust_decimal::Decimal;

use super::figure::{day, quantity};
use super::report::Computed;
use crate::amounts::{read_as_words, read_typed};
use crate::components::DecimalField;
use crate::format::format_count;
use crate::i18n::{t, tf};

/// The largest cost accepted (EUR): a typo, not a portfolio, beyond it.
const MAX_COST: i64 = 1_000_000_000_000;

/// Why `text` is not a cost, or the cost (`None`: left empty).
fn cost_of(text: &str) -> Result<Option<Decimal>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    if text.trim_start().starts_with('-') {
        return Err(t("A cost cannot be negative.").into());
    }
    let Some(value) = read_typed(text) else {
        return Err(t("Enter the total cost in euros, e.g. 1250.50.").into());
    };
    if value.is_sign_negative() {
        return Err(t("A cost cannot be negative.").into());
    }
    if value > Decimal::from(MAX_COST) {
        return Err(t("That is more than 1,000,000,000,000 €: check the number.").into());
    }
    Ok(Some(value))
}

/// Why `text` is not the day an asset that arrived on `arrived` was acquired, or the day
/// (`None`: left empty). It cannot be after the arrival, nor before 2009 (the first
/// cryptocurrency).
fn day_of(text: &str, arrived: NaiveDate) -> Result<Option<NaiveDate>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let Some(day) = read_day(text) else {
        return Err(t("Enter the day as YYYY-MM-DD, e.g. 2021-03-15.").into());
    };
    if day > arrived {
        return Err(t("The asset was acquired before it came in: the day cannot be later.").into());
    }
    if day < NaiveDate::from_ymd_opt(2009, 1, 1).unwrap_or(NaiveDate::MIN) {
        return Err(t("That is before 2009: check the year.").into());
    }
    Ok(Some(day))
}

/// One arrival without a known cost or day, with its fields.
#[component]
fn ArrivalRow(
    entry_id: String,
    what: String,
    arrived: NaiveDate,
    entered: RwSignal<HashMap<String, Entered>>,
) -> impl IntoView {
    let before = entered.with_untracked(|e| e.get(&entry_id).copied().unwrap_or_default());
    let text = RwSignal::new(before.cost.map(|v| v.to_string()).unwrap_or_default());
    let day_text = RwSignal::new(
        before
            .acquired
            .map(folio_client::date_text::day_text)
            .unwrap_or_default(),
    );
    let error = RwSignal::new(None::<String>);
    let day_error = RwSignal::new(None::<String>);
    let slug: String = entry_id
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let id = format!("insights-cost-{slug}");
    let day_id = format!("insights-acquired-{slug}");
    let day_error_id = format!("{day_id}-error");
    let read_as = Signal::derive(move || read_as_words(&text.get(), "EUR"));
    let key = entry_id.clone();
    let apply = move |_| {
        let cost = cost_of(&text.get_untracked());
        let acquired = day_of(&day_text.get_untracked(), arrived);
        error.set(cost.as_ref().err().cloned());
        day_error.set(acquired.as_ref().err().cloned());
        if let (Ok(cost), Ok(acquired)) = (cost, acquired) {
            entered.update(|e| {
                e.insert(key.clone(), Entered { cost, acquired });
            });
        }
    };
    view! {
        <li class="cost-row">
            <p class="cost-what">{what.clone()}</p>
            <DecimalField id=id label=tf("Total cost of {what} (EUR)", &[("what", &what)]) text=text error=error read_as=read_as />
            <div class="field">
                <label for=day_id.clone()>{t("Acquired on (YYYY-MM-DD)")}</label>
                <input id=day_id type="text" inputmode="numeric" autocomplete="off" spellcheck="false"
                    placeholder="2021-03-15"
                    aria-invalid=move || day_error.with(Option::is_some).to_string()
                    aria-describedby=day_error_id.clone()
                    prop:value=move || day_text.get()
                    on:input=move |ev| { day_text.set(event_target_value(&ev)); day_error.set(None); } />
                <p id=day_error_id class="field-error" role="alert">{move || day_error.get()}</p>
            </div>
            <button type="button" class="button" on:click=apply>{t("Use these")}</button>
        </li>
    }
}

/// An arrival without a known cost or day, as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrival {
    /// The ledger entry it came with.
    entry_id: String,
    /// What came in, in words ("0.5 BTC received on 4 May 2026").
    what: String,
    /// The day it arrived.
    arrived: NaiveDate,
}

/// Arrivals drawn for the person to complete (the first ones in the report's order).
const ARRIVALS_SHOWN: usize = 100;

/// The arrivals the report could not cost: the first [`ARRIVALS_SHOWN`], each once, in the
/// report's order, and how many there are in all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Arrivals {
    /// Those drawn.
    shown: Vec<Arrival>,
    /// All of them.
    total: usize,
}

/// The report's [`Arrivals`]. Only the drawn ones are put in words: at 100,000 operations
/// there can be thousands, and this runs on every switch of rules.
pub fn unknown_arrivals(computed: &Computed) -> Arrivals {
    let mut seen: HashSet<&str> = HashSet::new();
    let mut arrivals = Arrivals::default();
    for flag in &computed.report.flags {
        if let Flag::ArrivalUnknown {
            entry_id,
            asset,
            quantity: q,
            date,
            ..
        } = flag
        {
            if !seen.insert(entry_id.as_str()) {
                continue;
            }
            arrivals.total = arrivals.total.saturating_add(1);
            if arrivals.shown.len() < ARRIVALS_SHOWN {
                let what = tf(
                    "{quantity} {symbol} received on {date}",
                    &[
                        ("quantity", &quantity(*q)),
                        ("symbol", &asset.symbol),
                        ("date", &day(*date)),
                    ],
                );
                arrivals.shown.push(Arrival {
                    entry_id: entry_id.clone(),
                    what,
                    arrived: *date,
                });
            }
        }
    }
    arrivals
}

/// The arrivals without a known cost or day (none, and nothing entered: nothing is shown).
#[component]
pub fn UnknownCosts(
    arrivals: Memo<Arrivals>,
    entered: RwSignal<HashMap<String, Entered>>,
) -> impl IntoView {
    move || {
        let Arrivals { shown, total } = arrivals.get();
        let more = total.saturating_sub(shown.len());
        let entered_count = entered.with(HashMap::len);
        (total > 0 || entered_count > 0).then(|| view! {
            <section class="card insights-costs" id="insights-costs" aria-labelledby="insights-costs-title">
                <h2 id="insights-costs-title">{t("What Folio does not know")}</h2>
                <p class="hint">
                    {t("These assets came in from elsewhere (another wallet or exchange, say) without a cost or an acquisition date. Their gains show “not known” until you enter what they cost you, and whether a sale is tax-free stays unknown until you enter the day you acquired them. What you enter stays in this tab only.")}
                </p>
                <ul class="cost-rows">
                    {shown.into_iter().map(|a| view! { <ArrivalRow entry_id=a.entry_id what=a.what arrived=a.arrived entered=entered /> }).collect_view()}
                </ul>
                {(more > 0).then(|| view! { <p class="hint" id="insights-costs-more">{tf("… and {n} more: they come up as you complete these.", &[("n", &format_count(more))])}</p> })}
                {(entered_count > 0).then(|| view! {
                    <p class="hint" id="insights-costs-entered">{tf("{n} arrival(s) with what you entered, for this tab.", &[("n", &format_count(entered_count))])}</p>
                })}
            </section>
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cost_is_a_non_negative_bounded_euro_amount_or_nothing() {
        assert_eq!(cost_of("1250.50"), Ok(Some(Decimal::new(125050, 2))));
        assert_eq!(cost_of("  "), Ok(None));
        assert!(cost_of("-3").is_err());
        assert!(cost_of("abc").is_err());
        assert!(cost_of("2000000000000").is_err());
    }

    #[test]
    fn an_acquisition_day_is_not_after_the_arrival_nor_before_2009() {
        let arrived = NaiveDate::from_ymd_opt(2024, 1, 10).unwrap();
        assert_eq!(
            day_of("2021-03-15", arrived),
            Ok(NaiveDate::from_ymd_opt(2021, 3, 15))
        );
        assert_eq!(day_of("", arrived), Ok(None));
        assert!(day_of("2024-01-11", arrived).is_err());
        assert!(day_of("2008-12-31", arrived).is_err());
        assert!(day_of("15.03.2021", arrived).is_err());
    }
}
