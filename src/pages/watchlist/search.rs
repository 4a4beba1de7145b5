//! Finding an asset to watch: its symbol looked up in the service's catalogue (without the
//! key; ~14,000 assets, a stock and a coin may share a symbol), each match listed with its
//! class and a star. A symbol that cannot be one is refused at the field, and nothing is sent.

use folio_client::current::{Asset, AssetsQuery};
use leptos::prelude::*;

use super::star::{WatchStar, WatchedIds};
use crate::components::error_view::PlainWords;
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::data::page_task::PageTasks;
use crate::i18n::{t, tf};
use crate::pages::asset::class_words;
use crate::url::is_symbol;

/// What a search found: the matches, or why none could be read.
type Found = Option<Result<Vec<Asset>, String>>;

/// The search form and its matches.
#[component]
pub fn FindToWatch(watched: WatchedIds) -> impl IntoView {
    let session = use_session();
    let settings = use_settings();
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let found = RwSignal::new(None as Found);
    let searching = RwSignal::new(false);
    let tasks = PageTasks::new();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let symbol = text.get_untracked().trim().to_ascii_uppercase();
        if symbol.is_empty() {
            error.set(Some(t("Type a symbol, such as BTC.").to_string()));
            return;
        }
        if !is_symbol(&symbol) {
            error.set(Some(
                t("A symbol is 1 to 24 letters, digits, '.', '-' or '_'.").to_string(),
            ));
            return;
        }
        let Some(keyless) = session.keyless_client(settings) else {
            return;
        };
        searching.set(true);
        tasks.spawn(async move {
            let query = AssetsQuery {
                symbol: Some(symbol),
                page_size: Some(10),
                ..AssetsQuery::default()
            };
            let answer = keyless.current().assets(&query).await;
            found.set(Some(
                answer.map(|page| page.data).map_err(|e| e.user_message()),
            ));
            searching.set(false);
        });
    };
    view! {
        <section class="card" aria-labelledby="watch-find-title">
            <h2 id="watch-find-title">{t("Add an asset")}</h2>
            <form class="filters watch-find" on:submit=submit novalidate>
                <div class="field">
                    <label for="watch-symbol">{t("Symbol")}</label>
                    <input id="watch-symbol" type="text" autocomplete="off" spellcheck="false"
                        autocapitalize="characters" maxlength="24"
                        aria-invalid=move || error.with(Option::is_some).to_string()
                        aria-describedby="watch-symbol-error"
                        prop:value=move || text.get()
                        on:input=move |ev| { text.set(event_target_value(&ev)); error.set(None); } />
                    <p id="watch-symbol-error" class="field-error" role="alert">{move || error.get()}</p>
                </div>
                <button type="submit" class="button" id="watch-find" disabled=move || searching.get()>
                    {move || if searching.get() { t("Finding…") } else { t("Find") }}
                </button>
            </form>
            <div role="status" aria-live="polite">{move || found.get().map(|f| matches(f, watched))}</div>
        </section>
    }
}

/// The matches of a search, each with its star, or why there are none.
fn matches(found: Result<Vec<Asset>, String>, watched: WatchedIds) -> AnyView {
    match found {
        Err(why) => view! { <p class="notice" id="watch-find-error">{why}</p> }.into_any(),
        Ok(list) if list.is_empty() => {
            view! { <p id="watch-none-found">{t("The catalogue lists no asset with this symbol.")}</p> }
                .into_any()
        }
        Ok(list) => {
            let items = list
                .into_iter()
                .map(|a| {
                    let symbol = a.symbol.clone().unwrap_or_default();
                    let name = a.name.clone().unwrap_or_else(|| symbol.clone());
                    let class = class_words(a.asset_type.as_ref());
                    view! {
                        <li data-testid="watch-match">
                            <span>{tf("{name} ({symbol}), {class}", &[("name", &name), ("symbol", &symbol), ("class", &class)])}</span>
                            " "
                            <WatchStar watched=watched id=a.id.to_string() symbol=symbol />
                        </li>
                    }
                })
                .collect_view();
            view! { <ul class="watch-matches">{items}</ul> }.into_any()
        }
    }
}
