//! The filter bar of the Orders and Trades pages: status (orders), pairs, order id (trades),
//! date range and page size. Every change writes the URL, which the page reads back.

use folio_client::date_text::{day_text, read_day};
use folio_client::exchange::OrderStatus;
use leptos::prelude::*;

use crate::i18n::{t, tf};
use crate::pages::exchange::filters::{ExchangeFilter, PAGE_SIZES};
use crate::pages::exchange::text::status_words;

/// Which filters a page offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterKind {
    /// Status, pairs, dates, page size.
    Orders,
    /// Pairs, order id, dates, page size.
    Trades,
}

fn some(text: String) -> Option<String> {
    let t = text.trim().to_string();
    (!t.is_empty()).then_some(t)
}

/// The controls; `set` receives the whole new filter.
#[component]
pub fn FilterBar(
    filter: Memo<ExchangeFilter>,
    set: Callback<ExchangeFilter>,
    /// Every pair name, for the pair checkboxes.
    pairs: Vec<String>,
    kind: FilterKind,
) -> impl IntoView {
    let change = move |f: fn(&mut ExchangeFilter, String)| {
        move |ev: leptos::ev::Event| {
            let mut next = filter.get_untracked();
            f(&mut next, event_target_value(&ev));
            set.run(next);
        }
    };
    let status = (kind == FilterKind::Orders).then(|| {
        let mut values: Vec<(String, String)> = vec![
            ("open".into(), t("Open (new or partly filled)").into()),
            ("closed".into(), t("Closed (any final status)").into()),
        ];
        for raw in ["new", "partially-filled", "filled", "canceled", "filled-and-canceled", "done-for-day", "rejected"] {
            values.push((raw.into(), tf("Exactly: {status}", &[("status", &status_words(Some(&OrderStatus::parse(raw))))])));
        }
        view! {
            <div class="field field-inline">
                <label for="filter-status">{t("Status")}</label>
                <select id="filter-status" on:change=change(|f, v| f.status = some(v))>
                    <option value="" selected=move || filter.with(|f| f.status.is_none())>{t("Any")}</option>
                    {values.into_iter().map(|(value, label)| {
                        let v = value.clone();
                        view! { <option value=value selected=move || filter.with(|f| f.status.as_deref() == Some(v.as_str()))>{label}</option> }
                    }).collect_view()}
                </select>
            </div>
        }
    });
    let order = (kind == FilterKind::Trades).then(|| {
        view! {
            <div class="field field-inline">
                <label for="filter-order">{t("Order id")}</label>
                <input id="filter-order" type="text" autocomplete="off" spellcheck="false"
                    prop:value=move || filter.with(|f| f.order_id.clone().unwrap_or_default())
                    on:change=change(|f, v| f.order_id = some(v)) />
            </div>
        }
    });
    let pair_boxes = pairs
        .into_iter()
        .map(|name| {
            let id = format!("filter-pair-{}", name.to_ascii_lowercase());
            let (n1, n2, attr, for_id) = (name.clone(), name.clone(), name.clone(), id.clone());
            view! {
                <label class="radio" for=for_id>
                    <input type="checkbox" id=id data-pair=attr
                        prop:checked=move || filter.with(|f| f.pairs.contains(&n1))
                        on:change=move |ev| {
                            let mut next = filter.get_untracked();
                            next.pairs.retain(|p| *p != n2);
                            if event_target_checked(&ev) {
                                next.pairs.push(n2.clone());
                            }
                            set.run(next);
                        } />
                    {name}
                </label>
            }
        })
        .collect_view();
    view! {
        <div class="filters exchange-filters" role="group" aria-label=t("Filters")>
            {status}
            {order}
            <div class="field field-inline">
                <label for="filter-from">{t("From")}</label>
                <input id="filter-from" type="date" prop:value=move || filter.with(|f| f.from.map(day_text).unwrap_or_default())
                    on:change=change(|f, v| f.from = read_day(&v)) />
            </div>
            <div class="field field-inline">
                <label for="filter-to">{t("To")}</label>
                <input id="filter-to" type="date" prop:value=move || filter.with(|f| f.to.map(day_text).unwrap_or_default())
                    on:change=change(|f, v| f.to = read_day(&v)) />
            </div>
            <div class="field field-inline">
                <label for="filter-size">{t("Per page")}</label>
                <select id="filter-size" on:change=change(|f, v| f.size = v.parse().unwrap_or(PAGE_SIZES[0]))>
                    {PAGE_SIZES.iter().map(|&n| view! { <option value=n.to_string() selected=move || filter.with(|f| f.size == n)>{n}</option> }).collect_view()}
                </select>
            </div>
            <fieldset class="pair-filter">
                <legend>{t("Pairs (none ticked: all)")}</legend>
                <div class="check-grid">{pair_boxes}</div>
            </fieldset>
            <button type="button" class="button button-quiet" id="clear-filters"
                disabled=move || !filter.with(ExchangeFilter::is_active)
                on:click=move |_| set.run(ExchangeFilter { size: filter.get_untracked().size, ..ExchangeFilter::default() })>
                {t("Clear filters")}
            </button>
        </div>
    }
}
