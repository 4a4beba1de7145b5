//! The filter bar of the Operations page: free text, type, asset, fiat currency, flow and
//! date range. Every control is labelled and writes one URL parameter; the free text is
//! applied at once and written to the URL after a short pause.

use folio_client::current::OperationType;
use folio_client::date_text::day_text;
use leptos::prelude::*;

use crate::i18n::t;
use crate::pages::operations::filter::{FlowFilter, OperationsFilter};
use crate::pages::operations::rows::type_label;
use crate::url::with_param;

fn non_empty(value: String) -> Option<String> {
    let v = value.trim().to_string();
    (!v.is_empty()).then_some(v)
}

/// The filter controls.
#[component]
pub fn FilterBar(
    /// The filter in the URL (not the text being typed, so a keystroke does not rebuild
    /// the other controls).
    filter: Memo<OperationsFilter>,
    /// The free text as typed (ahead of the URL).
    text: RwSignal<String>,
    /// Writes the filter to the URL.
    set: Callback<OperationsFilter>,
    /// Operation types seen in the loaded data that the client does not know.
    extra_types: Signal<Vec<String>>,
    /// Fiat currency codes.
    fiats: Signal<Vec<String>>,
    /// Called after every keystroke in the search box (writes the URL later).
    on_text: Callback<String>,
) -> impl IntoView {
    let type_options = move || type_options(filter, extra_types);
    let fiat_options = move || fiat_options(filter, fiats);
    let flow = move || match filter.with(|f| f.flow) {
        Some(FlowFilter::In) => "in",
        Some(FlowFilter::Out) => "out",
        None => "",
    };
    let date = move |from: bool| {
        filter.with(|f| {
            if from { f.from } else { f.to }
                .map(day_text)
                .unwrap_or_default()
        })
    };
    let on_select = move |name: &'static str| {
        move |ev: leptos::ev::Event| {
            let typed = OperationsFilter {
                text: text.get_untracked(),
                ..filter.get_untracked()
            };
            set.run(with_param(
                &typed,
                (),
                name,
                non_empty(event_target_value(&ev)),
            ));
        }
    };
    view! {
        <form class="ops-filters card" role="search" aria-label=t("Filter operations")
            on:submit=|ev| ev.prevent_default()>
            <div class="field ops-search">
                <label for="ops-search">{t("Search")}</label>
                <input id="ops-search" type="search" data-shortcut="search" autocomplete="off"
                    placeholder=t("Asset, symbol or id")
                    prop:value=move || text.get()
                    on:input=move |ev| on_text.run(event_target_value(&ev)) />
            </div>
            <div class="field">
                <label for="ops-type">{t("Type")}</label>
                <select id="ops-type" on:change=on_select("type")>
                    <option value="" selected=move || filter.with(|f| f.op_type.is_none())>{t("All types")}</option>
                    {type_options}
                </select>
            </div>
            <div class="field">
                <label for="ops-asset">{t("Asset symbol")}</label>
                <input id="ops-asset" type="text" autocomplete="off" spellcheck="false"
                    placeholder=t("e.g. BTC") maxlength="16"
                    prop:value=move || filter.with(|f| f.asset.clone().unwrap_or_default())
                    on:change=on_select("asset") />
            </div>
            <div class="field">
                <label for="ops-fiat">{t("Fiat currency")}</label>
                <select id="ops-fiat" on:change=on_select("fiat")>
                    <option value="" selected=move || filter.with(|f| f.fiat.is_none())>{t("All currencies")}</option>
                    {fiat_options}
                </select>
            </div>
            <div class="field">
                <label for="ops-flow">{t("Direction")}</label>
                <select id="ops-flow" prop:value=flow on:change=on_select("flow")>
                    <option value="">{t("In and out")}</option>
                    <option value="in">{t("Incoming")}</option>
                    <option value="out">{t("Outgoing")}</option>
                </select>
            </div>
            <div class="field">
                <label for="ops-from">{t("From")}</label>
                <input id="ops-from" type="date" prop:value=move || date(true)
                    on:change=on_select("from") />
            </div>
            <div class="field">
                <label for="ops-to">{t("To")}</label>
                <input id="ops-to" type="date" prop:value=move || date(false)
                    on:change=on_select("to") />
            </div>
            <div class="field ops-clear">
                <button type="button" class="button button-quiet" id="ops-clear"
                    disabled=move || !filter.with(OperationsFilter::is_active) && text.with(String::is_empty)
                    on:click=move |_| {
                        text.set(String::new());
                        set.run(OperationsFilter::default());
                    }>
                    {t("Clear filters")}
                </button>
            </div>
        </form>
    }
}

/// The known operation types and those seen in the data, the current one selected.
fn type_options(filter: Memo<OperationsFilter>, extra_types: Signal<Vec<String>>) -> impl IntoView {
    let current = filter.with(|f| f.op_type.clone());
    let mut raws: Vec<String> = OperationType::KNOWN
        .iter()
        .map(|t| t.as_str().to_string())
        .collect();
    raws.extend(extra_types.get());
    if let Some(c) = current.as_ref().filter(|c| !raws.contains(c)) {
        raws.push(c.clone());
    }
    raws.into_iter()
        .map(|raw| {
            let selected = current.as_deref() == Some(raw.as_str());
            view! { <option value=raw.clone() selected=selected>{type_label(&raw)}</option> }
        })
        .collect_view()
}

/// The fiat currencies, the current one selected.
fn fiat_options(filter: Memo<OperationsFilter>, fiats: Signal<Vec<String>>) -> impl IntoView {
    let current = filter.with(|f| f.fiat.clone());
    fiats
        .get()
        .into_iter()
        .map(|code| {
            let selected = current.as_deref() == Some(code.as_str());
            view! { <option value=code.clone() selected=selected>{code.clone()}</option> }
        })
        .collect_view()
}
