//! The filters of a legacy list page — type, status (where the endpoint has them) and page
//! size — each a labelled select writing one URL parameter, so a filtered view can be
//! shared and survives a reload (`crate::url::UrlState`).

use crate::i18n::t;
use crate::pages::legacy::text::status_words;
use leptos::prelude::*;

use crate::pages::legacy::filters::{LegacyFilter, LegacyList, PAGE_SIZES};
use crate::pages::legacy::text::type_words;
use crate::url::with_param;

fn status_text(raw: &str) -> String {
    status_words(raw)
}

/// "All" plus `values` in words, `current` selected.
fn options(
    values: &'static [&'static str],
    current: Option<String>,
    words: fn(&str) -> String,
) -> impl IntoView {
    let all_selected = current.is_none();
    view! {
        <option value="" selected=all_selected>{t("All")}</option>
        {values
            .iter()
            .map(|v| {
                let selected = current.as_deref() == Some(*v);
                view! { <option value=*v selected=selected>{words(v)}</option> }
            })
            .collect_view()}
    }
}

/// Writes a select's value to the URL parameter `name` (empty removes it).
fn on_change(
    list: LegacyList,
    filter: Memo<LegacyFilter>,
    set: Callback<LegacyFilter>,
    name: &'static str,
) -> impl Fn(leptos::ev::Event) + Clone {
    move |ev| {
        let value = event_target_value(&ev);
        let value = (!value.is_empty()).then_some(value);
        set.run(with_param(&filter.get_untracked(), list, name, value));
    }
}

/// The filter controls of `list`.
#[component]
pub fn FilterBar(
    list: LegacyList,
    filter: Memo<LegacyFilter>,
    set: Callback<LegacyFilter>,
) -> impl IntoView {
    let on_change = move |name| on_change(list, filter, set, name);
    let types = list.types();
    let statuses = list.statuses();
    let type_field = (!types.is_empty()).then(|| {
        view! {
            <div class="field field-inline">
                <label for="legacy-type">{t("Type")}</label>
                <select id="legacy-type" on:change=on_change("type")>
                    {move || options(types, filter.with(|f| f.kind.clone()), type_words)}
                </select>
            </div>
        }
    });
    let status_field = (!statuses.is_empty()).then(|| {
        view! {
            <div class="field field-inline">
                <label for="legacy-status">{t("Status")}</label>
                <select id="legacy-status" on:change=on_change("status")>
                    {move || options(statuses, filter.with(|f| f.status.clone()), status_text)}
                </select>
            </div>
        }
    });
    let sizes = move || {
        let current = filter.with(|f| f.page_size);
        let mut all: Vec<u32> = PAGE_SIZES.to_vec();
        if let Some(c) = current.filter(|c| !all.contains(c)) {
            all.push(c);
            folio_client::sorting::sort(&mut all);
        }
        view! {
            <option value="" selected=current.is_none()>{t("Service default")}</option>
            {all
                .into_iter()
                .map(|n| view! { <option value=n.to_string() selected=current == Some(n)>{n.to_string()}</option> })
                .collect_view()}
        }
    };
    view! {
        <form class="filters legacy-filters" role="search" aria-label=t("Filter this list")
            on:submit=|ev| ev.prevent_default()>
            {type_field}
            {status_field}
            <div class="field field-inline">
                <label for="legacy-page-size">{t("Items per page")}</label>
                <select id="legacy-page-size" on:change=on_change("page_size")>{sizes}</select>
            </div>
        </form>
    }
}
