//! Choosing a pair: a search box filtering the pairs by base or quote symbol, and the
//! matching pairs as buttons (the current one marked).

use folio_client::exchange::Pair;
use leptos::prelude::*;

use crate::i18n::t;

/// The pair selector.
#[component]
pub fn PairPicker(
    pairs: Vec<Pair>,
    current: Signal<String>,
    on_pick: Callback<String>,
) -> impl IntoView {
    let search = RwSignal::new(String::new());
    let names: Vec<String> = pairs.into_iter().map(|p| p.pair).collect();
    let names = StoredValue::new(names);
    let shown = move || {
        let needle = search.get().trim().to_ascii_uppercase();
        names.with_value(|ns| {
            ns.iter()
                .filter(|n| {
                    needle.is_empty()
                        || n.split('-').any(|part| part.starts_with(&needle))
                        || n.contains(&needle)
                })
                .cloned()
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="pair-picker" aria-labelledby="pair-picker-title">
            <h2 id="pair-picker-title" class="visually-hidden">{t("Pair")}</h2>
            <div class="field field-inline">
                <label for="pair-search">{t("Find a pair")}</label>
                <input id="pair-search" type="search" data-shortcut="search" autocomplete="off" placeholder="BTC, EUR…"
                    prop:value=move || search.get() on:input=move |ev| search.set(event_target_value(&ev)) />
            </div>
            <ul class="pair-list" id="pair-list">
                {move || {
                    let list = shown();
                    if list.is_empty() {
                        return view! { <li class="hint">{t("No pair matches.")}</li> }.into_any();
                    }
                    list.into_iter().map(|name| {
                        let (n1, n2, attr) = (name.clone(), name.clone(), name.clone());
                        view! {
                            <li>
                                <button type="button" class="chip" data-pair=attr
                                    aria-pressed=move || (current.get() == n1).to_string()
                                    on:click=move |_| on_pick.run(n2.clone())>{name}</button>
                            </li>
                        }
                    }).collect_view().into_any()
                }}
            </ul>
        </section>
    }
}
