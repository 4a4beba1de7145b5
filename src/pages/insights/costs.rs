//! Costs the person knows and the service does not: an asset that came in without one (a
//! deposit from another wallet, a refund, an unknown operation type) keeps its gains unknown
//! until a total EUR cost is entered here. Entered costs live in the page's memory for this
//! tab only — never stored, never sent — and the report is recomputed at once.

use std::collections::HashMap;

use folio_insights::Flag;
use leptos::prelude::*;
use rust_decimal::Decimal;

use super::figure::{day, quantity};
use super::report::Computed;
use crate::components::DecimalField;
use crate::format::format_count;
use crate::i18n::{t, tf};
use crate::money::{read_as_words, read_typed};

/// The largest cost accepted (EUR): a typo, not a portfolio, beyond it.
const MAX_COST: i64 = 1_000_000_000_000;

/// Why `text` is not a cost, or the cost.
fn cost_of(text: &str) -> Result<Decimal, String> {
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
    Ok(value)
}

/// One asset arrival without a cost, with its field.
#[component]
fn CostRow(
    entry_id: String,
    what: String,
    entered: RwSignal<HashMap<String, Decimal>>,
) -> impl IntoView {
    let text = RwSignal::new(
        entered
            .with_untracked(|e| e.get(&entry_id).map(|v| v.to_string()))
            .unwrap_or_default(),
    );
    let error = RwSignal::new(None::<String>);
    let id = format!(
        "insights-cost-{}",
        entry_id
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
    );
    let read_as = Signal::derive(move || read_as_words(&text.get(), "EUR"));
    let key = entry_id.clone();
    let apply = move |_| match cost_of(&text.get_untracked()) {
        Ok(cost) => {
            error.set(None);
            entered.update(|e| {
                e.insert(key.clone(), cost);
            });
        }
        Err(why) => error.set(Some(why)),
    };
    view! {
        <li class="cost-row">
            <DecimalField id=id label=tf("Total cost of {what} (EUR)", &[("what", &what)]) text=text error=error read_as=read_as />
            <button type="button" class="button" on:click=apply>{t("Use this cost")}</button>
        </li>
    }
}

/// The arrivals without a cost (none: nothing is shown).
#[component]
pub fn UnknownCosts(
    computed: Computed,
    entered: RwSignal<HashMap<String, Decimal>>,
) -> impl IntoView {
    let mut rows: Vec<(String, String)> = Vec::new();
    for flag in &computed.report.flags {
        if let Flag::CostUnknown {
            entry_id,
            asset,
            quantity: q,
            date,
        } = flag
        {
            if !rows.iter().any(|(id, _)| id == entry_id) {
                rows.push((
                    entry_id.clone(),
                    tf(
                        "{quantity} {symbol} received on {date}",
                        &[
                            ("quantity", &quantity(*q)),
                            ("symbol", &asset.symbol),
                            ("date", &day(*date)),
                        ],
                    ),
                ));
            }
        }
    }
    let entered_count = entered.with_untracked(HashMap::len);
    (!rows.is_empty() || entered_count > 0).then(|| view! {
        <section class="card insights-costs" id="insights-costs" aria-labelledby="insights-costs-title">
            <h2 id="insights-costs-title">{t("Costs Folio does not know")}</h2>
            <p class="hint">
                {t("These assets came in without a price (from another wallet or exchange, say). Their sales show “not known” until you enter what they cost you. What you enter stays in this tab only.")}
            </p>
            <ul class="cost-rows">
                {rows.into_iter().take(100).map(|(entry_id, what)| view! { <CostRow entry_id=entry_id what=what entered=entered /> }).collect_view()}
            </ul>
            {(entered_count > 0).then(|| view! {
                <p class="hint" id="insights-costs-entered">{tf("{n} cost(s) entered for this tab.", &[("n", &format_count(entered_count))])}</p>
            })}
        </section>
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cost_is_a_non_negative_bounded_euro_amount() {
        assert_eq!(cost_of("1250.50"), Ok(Decimal::new(125050, 2)));
        assert!(cost_of("-3").is_err());
        assert!(cost_of("abc").is_err());
        assert!(cost_of("2000000000000").is_err());
    }
}
