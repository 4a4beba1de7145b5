//! The watchlist (`/watchlist`): assets a person follows without holding them, each with its
//! price in euros and its change over 24 hours, sortable, read again every 30 seconds while
//! the page is visible (and on "Refresh now"). Assets are found by their symbol in the
//! service's catalogue or starred on their own page.
//!
//! It needs no key: the list is kept on this device ([`store`]: asset ids only), and prices are
//! read without the key. The change comes from the exchange, which answers only to a key, so
//! without one that column says so. "Forget watchlist" removes the list from the browser.

mod prices;
mod search;
mod star;
mod store;

use std::time::Duration;

use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::table::sort_state::{
    compare_optional, compare_text, SortDirection, SortState,
};
use crate::components::{EmptyState, SortHeader};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::data::load::{kept_while_reloading, load_states, not_connected, AccountResource};
use crate::format::{
    format_amount, format_datetime, format_signed_amount, format_signed_percent, trend_class,
    with_currency,
};
use crate::i18n::{t, tf};
use crate::url::asset_href;
use prices::{NoChange, Watched};
pub use star::{WatchStar, WatchedIds};

/// How often the prices are read again while the page is visible.
const REFRESH: Duration = Duration::from_secs(30);

/// The watchlist's columns that sort.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Name,
    Price,
    Change,
}

#[component]
pub fn WatchlistPage() -> impl IntoView {
    let watched = WatchedIds::new();
    let session = use_session();
    let settings = use_settings();
    let tick = RwSignal::new(0u32);
    if let Ok(handle) = set_interval_with_handle(
        move || {
            let hidden = document().hidden();
            if !hidden {
                tick.update(|t| *t = t.wrapping_add(1));
            }
        },
        REFRESH,
    ) {
        on_cleanup(move || handle.clear());
    }
    let read_at = RwSignal::new(None::<chrono::DateTime<chrono::Utc>>);
    let rows = AccountResource::new(move || {
        let ids = watched.ids.get();
        tick.track();
        let (keyless, keyed) = (session.keyless_client(settings), session.client(settings));
        async move {
            let keyless = keyless.ok_or_else(not_connected)?;
            let read = prices::read(keyless, keyed, ids).await;
            read_at.set(Some(chrono::Utc::now()));
            read
        }
    });
    let shown = kept_while_reloading(rows);
    let sort = RwSignal::new(SortState {
        column: Column::Name,
        direction: SortDirection::Ascending,
    });
    let list = load_states(
        move || shown.get(),
        t("the prices"),
        move || rows.refetch(),
        move |list: Vec<Watched>| table(list, sort, watched),
    );
    let forget = move |_| watched.forget();
    let read_line = move || {
        read_at
            .get()
            .map(|at| tf("Prices as of {time}.", &[("time", &format_datetime(at))]))
    };
    view! {
        <section class="page watchlist-page" aria-labelledby="watchlist-title">
            <div class="page-head"><h1 id="watchlist-title">{t("Watchlist")}</h1></div>
            <p class="hint">
                {t("Follow the price of any asset without holding it. The list stays on this device (asset ids only, no amounts, no key) until you forget it; prices are read without your key.")}
            </p>
            <search::FindToWatch watched=watched />
            <section class="card" aria-labelledby="watchlist-prices-title">
                <div class="card-head">
                    <h2 id="watchlist-prices-title">{t("Prices")}</h2>
                    <button type="button" class="button button-quiet" id="watch-refresh" on:click=move |_| rows.refetch()>
                        {t("Refresh now")}
                    </button>
                </div>
                <p class="hint" id="watch-read-at" role="status" aria-live="polite">{read_line}</p>
                {list}
            </section>
            <p>
                <button type="button" class="button button-quiet" id="watch-forget" on:click=forget
                    disabled=move || watched.ids.with(Vec::is_empty)>
                    {t("Forget watchlist")}
                </button>
                " "
                <span class="hint">{t("Removes the list from this browser; nothing else is kept.")}</span>
            </p>
        </section>
    }
}

/// The table of `list`, sorted as chosen, or what to do when it is empty.
fn table(list: Vec<Watched>, sort: RwSignal<SortState<Column>>, watched: WatchedIds) -> AnyView {
    if list.is_empty() {
        return view! {
            <EmptyState title=t("You follow no asset yet")>
                <p>{t("Find an asset by its symbol above, or star it on its own page.")}</p>
            </EmptyState>
        }
        .into_any();
    }
    let rows = move || {
        let mut sorted = list.clone();
        let state = sort.get();
        folio_client::sorting::sort_by(&mut sorted, |a, b| match state.column {
            Column::Name => compare_text(&a.name(), &b.name(), state.direction),
            Column::Price => {
                compare_optional(price(a).as_ref(), price(b).as_ref(), state.direction)
            }
            Column::Change => compare_optional(
                a.change.as_ref().ok().map(|c| c.1).as_ref(),
                b.change.as_ref().ok().map(|c| c.1).as_ref(),
                state.direction,
            ),
        });
        sorted.into_iter().map(|w| row(w, watched)).collect_view()
    };
    let desc = SortDirection::Descending;
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="watchlist-caption">
            <table class="data-table list-on-phone" id="watchlist-table">
                <caption id="watchlist-caption" class="visually-hidden">{t("Assets you follow, with their price in euros and their change over 24 hours")}</caption>
                <thead>
                    <tr>
                        <SortHeader column=Column::Name label=t("Asset") sort=sort first_direction=SortDirection::Ascending />
                        <SortHeader column=Column::Price label=t("Price") sort=sort first_direction=desc class="num" />
                        <SortHeader column=Column::Change label=t("24 hours") sort=sort first_direction=desc class="num" />
                        <th scope="col"><span class="visually-hidden">{t("Actions")}</span></th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
    .into_any()
}

/// A row's price, when known.
fn price(w: &Watched) -> Option<Decimal> {
    w.price.clone().ok().flatten()
}

/// One asset's row: its name (leading to its page), price, change and the star taking it off.
fn row(w: Watched, watched: WatchedIds) -> impl IntoView {
    let symbol = w.symbol().map(str::to_string);
    let name = w.name();
    let name_cell = match symbol.as_deref().and_then(asset_href) {
        Some(href) => view! { <a href=href>{name}</a> }.into_any(),
        None => view! { <span>{name}</span> }.into_any(),
    };
    let kind = w.kind().map(|k| crate::pages::asset::class_words(Some(k)));
    let price_text = match &w.price {
        Ok(Some(p)) => with_currency(&format_amount(*p), Some("EUR")),
        Ok(None) => t("not available").to_string(),
        Err(why) => why.clone(),
    };
    let (change_text, change_value) = match &w.change {
        Ok((amount, percent)) => (
            format!(
                "{} ({})",
                format_signed_percent(*percent),
                with_currency(&format_signed_amount(*amount), Some("EUR"))
            ),
            Some(*percent),
        ),
        Err(NoChange::NoKey) => (t("needs a key").to_string(), None),
        Err(NoChange::NoMarket) => (t("no market").to_string(), None),
        Err(NoChange::Failed(why)) => (why.clone(), None),
    };
    let label = symbol.clone().unwrap_or_else(|| w.name());
    view! {
        <tr data-testid="watched" data-id=w.id.clone()>
            <th scope="row">
                {name_cell}
                {symbol.map(|s| view! { " " <span class="asset-symbol">{s}</span> })}
                {kind.map(|k| view! { <span class="hint watch-class">{k}</span> })}
            </th>
            <td class="num amount" data-value=price(&w).map(|p| p.to_string()).unwrap_or_default()>{price_text}</td>
            <td class=format!("num amount {}", trend_class(change_value)) data-value=change_value.map(|p| p.to_string()).unwrap_or_default()>{change_text}</td>
            <td><WatchStar watched=watched id=w.id.clone() symbol=label /></td>
        </tr>
    }
}
