//! Choosing the asset: one the person holds (a list), or any asset found by its exact symbol
//! on the server (the catalogue is never loaded whole). The chosen asset's current price is
//! shown beside it. Trade opened as `/trade?asset=BTC` (an asset's page links so) starts with
//! that asset chosen.

use crate::components::error_view::PlainWords;
use crate::url::asset_href;
use folio_client::current::{Asset, Ticker};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

use super::flow::{use_trade, Holding, PickedAsset};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::data::id_names;
use crate::data::page_task::PageTasks;
use crate::format::format_amount;
use crate::i18n::{t, tf};
use crate::pages::trade::ticket::asset_decimals;

/// The chosen asset as the form needs it: held figures when held, else none available.
fn pick(asset: &Asset, holdings: &Option<Vec<Holding>>) -> PickedAsset {
    if let Some(held) = holdings.iter().flatten().find(|h| h.asset.id == asset.id) {
        return held.asset.clone();
    }
    let symbol = asset
        .symbol
        .clone()
        .unwrap_or_else(|| id_names::short_id(asset.id.as_str()));
    PickedAsset {
        id: asset.id.clone(),
        name: asset.name.clone().unwrap_or_else(|| symbol.clone()),
        symbol,
        decimals: asset_decimals(None, asset.asset_type.as_ref()),
        available: holdings.as_ref().map(|_| rust_decimal::Decimal::ZERO),
    }
}

#[component]
pub fn AssetPicker(holdings: Option<Vec<Holding>>) -> impl IntoView {
    let ctx = use_trade();
    let session = use_session();
    let settings = use_settings();
    let query = RwSignal::new(String::new());
    let results = RwSignal::new(None::<Result<Vec<Asset>, String>>);
    let searching = RwSignal::new(false);
    let holdings = StoredValue::new(holdings);
    let tasks = PageTasks::new();
    let choose = move |asset: PickedAsset| {
        ctx.asset.set(Some(asset));
        ctx.amount_error.set(None);
    };
    // Looks `symbol` up on the server; `pick_single`: choose the asset when exactly one has it.
    let run_search = move |symbol: String, pick_single: bool| {
        if symbol.is_empty() || searching.get_untracked() {
            return;
        }
        let (Some(keyed), Some(keyless)) =
            (session.client(settings), session.keyless_client(settings))
        else {
            return;
        };
        searching.set(true);
        tasks.spawn(async move {
            let found = id_names::search_symbol(&keyed, &keyless, &symbol).await;
            if let (true, Ok([only])) = (pick_single, found.as_deref()) {
                choose(holdings.with_value(|h| pick(only, h)));
            }
            results.set(Some(found.map_err(|e| e.user_message())));
            searching.set(false);
        });
    };
    let search = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        run_search(query.get_untracked().trim().to_string(), false);
    };
    // `?asset=BTC` (from an asset's page): the asset is chosen, from the holdings when held,
    // else found by its symbol.
    let wanted = use_query_map()
        .with_untracked(|q| q.get("asset"))
        .map(|s| s.trim().to_ascii_uppercase())
        .filter(|s| crate::url::is_symbol(s));
    if let Some(symbol) = wanted {
        let held = holdings.with_value(|h| {
            h.iter()
                .flatten()
                .find(|h| h.asset.symbol.eq_ignore_ascii_case(&symbol))
                .map(|h| h.asset.clone())
        });
        match held {
            Some(asset) => choose(asset),
            None => {
                query.set(symbol.clone());
                run_search(symbol, true);
            }
        }
    }
    let held_options = holdings.with_value(|h| {
        h.iter()
            .flatten()
            .map(|h| {
                let amount = h.asset.available.map(format_amount).unwrap_or_default();
                let text = tf(
                    "{symbol} — {name} ({amount} available)",
                    &[
                        ("symbol", &h.asset.symbol),
                        ("name", &h.asset.name),
                        ("amount", &amount),
                    ],
                );
                view! { <option value=h.asset.id.to_string()>{text}</option> }
            })
            .collect_view()
    });
    let has_holdings = holdings.with_value(|h| h.as_ref().is_some_and(|v| !v.is_empty()));
    let choose_held = move |ev: leptos::ev::Event| {
        let id = event_target_value(&ev);
        let found = holdings.with_value(|h| {
            h.iter()
                .flatten()
                .find(|h| h.asset.id.as_str() == id)
                .map(|h| h.asset.clone())
        });
        if let Some(asset) = found {
            choose(asset);
        }
    };
    let result_list = move || {
        match results.get() {
        None => None,
        Some(Err(message)) => Some(view! { <p class="field-error" role="alert">{message}</p> }.into_any()),
        Some(Ok(list)) if list.is_empty() => Some(
            view! { <p class="hint" role="status" data-testid="no-asset">{t("No asset has exactly that symbol.")}</p> }.into_any(),
        ),
        Some(Ok(list)) => Some(view! {
            <ul class="asset-results" id="asset-results" aria-label=t("Search results")>
                {list.into_iter().map(|asset| {
                    let picked = holdings.with_value(|h| pick(&asset, h));
                    let label = format!("{} — {}", picked.symbol, picked.name);
                    let symbol = picked.symbol.clone();
                    view! {
                        <li>
                            <button type="button" class="button" data-symbol=symbol on:click=move |_| choose(picked.clone())>
                                {label}
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ul>
        }.into_any()),
    }
    };
    view! {
        <section class="card asset-picker" aria-labelledby="asset-title">
            <h2 id="asset-title">{t("Asset")}</h2>
            {has_holdings.then(|| view! {
                <div class="field">
                    <label for="held-asset">{t("One you hold")}</label>
                    <select id="held-asset" on:change=choose_held>
                        <option value="">{t("Choose…")}</option>
                        {held_options}
                    </select>
                </div>
            })}
            <form class="field" role="search" on:submit=search>
                <label for="asset-search">{t("Or search by symbol")}</label>
                <div class="input-with-button">
                    <input id="asset-search" type="text" data-shortcut="search" autocomplete="off" spellcheck="false"
                        placeholder="BTC, ETH, AAPL…"
                        prop:value=move || query.get()
                        on:input=move |ev| query.set(event_target_value(&ev)) />
                    <button type="submit" class="button" id="asset-search-button" disabled=move || searching.get()>
                        {move || if searching.get() { t("Searching…") } else { t("Search") }}
                    </button>
                </div>
                {result_list}
            </form>
            {move || ctx.asset.get().map(|asset| view! { <PickedSummary asset=asset /> })}
        </section>
    }
}

/// The chosen asset and its current price (EUR ticker, read by Trade's quote part:
/// `quote_part::read_price`; "not available" when that part did not arrive).
#[component]
fn PickedSummary(asset: PickedAsset) -> impl IntoView {
    let session = use_session();
    let settings = use_settings();
    // `None` until the answer; then the ticker, or `None` inside when there is none. Read
    // through the page's tasks (one compiled body) rather than a resource of its own type.
    let ticker = RwSignal::new(None::<Option<Ticker>>);
    match (session.client(settings), session.keyless_client(settings)) {
        (Some(keyed), Some(keyless)) => {
            let id = asset.id.clone();
            PageTasks::new().spawn(async move {
                let read = super::quote_part::read_price(keyed, keyless, id).await;
                ticker.try_set(Some(read.ok().flatten()));
            });
        }
        _ => ticker.set(Some(None)),
    }
    let price = move || {
        ticker.with(|read| match read {
            None => t("loading…").to_string(),
            Some(Some(t)) => t
                .price
                .map(|p| crate::format::with_currency(&format_amount(p), Some("EUR")))
                .unwrap_or_else(|| "—".into()),
            Some(None) => t("not available").to_string(),
        })
    };
    let held = asset.available.map(|a| {
        tf(
            "{amount} {asset} available",
            &[("amount", &format_amount(a)), ("asset", &asset.symbol)],
        )
    });
    view! {
        <p class="picked-asset" id="picked-asset" role="status" data-asset-id=asset.id.to_string()>
            <a href=asset_href(&asset.symbol)><strong>{format!("{} ({})", asset.name, asset.symbol)}</strong></a>
            {t(" · current price ")}
            <span id="ticker-price">{price}</span>
            {held.map(|h| view! { " · " <span id="asset-available">{h}</span> })}
        </p>
    }
}
