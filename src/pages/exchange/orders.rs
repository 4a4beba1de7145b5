//! Orders: the account's exchange orders, newest first, filtered by status, pairs and dates
//! (all in the URL), read page by page with "Load more". Each row shows the fill share and
//! average price; "Details" opens the order with its fills; open orders can be canceled
//! (after a confirmation, one request).

use folio_client::exchange::{Order, Pair};
use leptos::prelude::*;

use super::cancel_order::CancelOrder;
use super::filter_bar::{FilterBar, FilterKind};
use super::filters::ExchangeFilter;
use super::order_detail::OrderDetail;
use super::section::PairsPage;
use crate::components::EmptyState;
use crate::components::{records_export, CursorFooter, ExportButtons};
use crate::data::paging::use_cursor_list;
use crate::format::{format_amount, format_datetime, or_missing, zoned_heading};
use crate::i18n::{t, tf};
use crate::pages::exchange::text::{
    fill_percent, find_pair, fixed, price_decimals, side_class, side_words, size_decimals,
    status_words,
};
use crate::pages::exchange::ticket::type_words;
use crate::url::use_url_state;
use folio_export::exchange::orders_csv;

fn order_key(o: &Order) -> String {
    o.id.to_string()
}

/// The Orders page.
#[component]
pub fn ExchangeOrdersPage() -> impl IntoView {
    view! {
        <PairsPage title=t("Exchange orders") title_id="orders-title" body=|pairs| view! { <OrdersList pairs=pairs /> }.into_any() />
    }
}

#[component]
fn OrdersList(pairs: Vec<Pair>) -> impl IntoView {
    let (filter, set_filter) = use_url_state::<ExchangeFilter>(());
    let (list, load_more) = use_cursor_list(
        filter,
        |_| None,
        |client, f: ExchangeFilter, cursor| async move {
            client.exchange().orders(&f.orders_query(cursor)).await
        },
        order_key,
    );
    let selected = RwSignal::new(None::<Order>);
    let notice = RwSignal::new(None::<Result<String, String>>);
    crate::effect::effect(move || {
        filter.track();
        selected.set(None);
    });
    let names: Vec<String> = pairs.iter().map(|p| p.pair.clone()).collect();
    let pairs = StoredValue::new(pairs);
    // After a cancel the list is read again in place: other rows (and a cancel dialog open
    // in one of them) stay.
    let on_done = Callback::new(move |outcome: Result<String, String>| {
        notice.set(Some(outcome));
        selected.set(None);
        list.refresh();
        load_more.run(());
    });
    // Rows are keyed by order and state, so a refresh keeps an open cancel dialog in place.
    let row_key = |o: &Order| {
        (
            o.id.to_string(),
            o.status.as_ref().map(|s| s.as_str().to_string()),
            o.filled_quantity,
        )
    };
    let row = move |order: Order| {
        let pair = pairs.with_value(|ps| find_pair(ps, order.pair.as_deref()).cloned());
        let (pd, sd) = (price_decimals(pair.as_ref()), size_decimals(pair.as_ref()));
        let price = order.limit_price.or(order.trigger_price);
        let fill = fill_percent(&order);
        let is_open = order.status.as_ref().is_some_and(|s| s.is_open());
        let id = order.id.to_string();
        let detail = order.clone();
        let cancel = is_open.then(|| view! { <CancelOrder order=order.clone() on_done=on_done /> });
        view! {
            <tr data-testid="order-row" data-order-id=id.clone() data-status=order.status.as_ref().map(|s| s.as_str().to_string()).unwrap_or_default()>
                <td class="when">{or_missing(order.created_at, format_datetime)}</td>
                <td>{order.pair.clone().unwrap_or_default()}</td>
                <td class=side_class(order.side.as_ref())>{side_words(order.side.as_ref())}</td>
                <td>{or_missing(order.order_type.as_ref(), type_words)}</td>
                <td class="num">{fixed(price, pd)}</td>
                <td class="num amount" data-value=order.quantity.map(|q| q.to_string()).unwrap_or_default()>{fixed(order.quantity, sd)}</td>
                <td class="num fill">
                    <span data-value=fill.map(|f| f.to_string()).unwrap_or_default()>{or_missing(fill, |f| format!("{} %", format_amount(f.normalize())))}</span>
                    <meter min="0" max="100" value=fill.map(|f| f.to_string()).unwrap_or_default() aria-hidden="true"></meter>
                </td>
                <td class="num">{fixed(order.filled_average_price, pd)}</td>
                <td class="status">{status_words(order.status.as_ref())}</td>
                <td class="actions">
                    <button type="button" class="button button-small" data-testid="order-details"
                        aria-label=tf("Details of order {id}", &[("id", &id)])
                        on:click=move |_| selected.set(Some(detail.clone()))>{t("Details")}</button>
                    {cancel}
                </td>
            </tr>
        }
    };
    let detail = move || {
        selected.get().map(|order| {
        let pair = pairs.with_value(|ps| find_pair(ps, order.pair.as_deref()).cloned());
        view! { <OrderDetail order=order pair=pair on_close=Callback::new(move |()| selected.set(None)) on_done=on_done /> }
    })
    };
    let empty = move || {
        list.empty().then(|| view! {
            <EmptyState title=t("No orders")>
                <p>{move || if filter.with(|f| f.is_active()) { t("No order matches these filters.") } else { t("This account has no exchange orders yet.") }}</p>
            </EmptyState>
        })
    };
    view! {
        <FilterBar filter=filter set=set_filter pairs=names kind=FilterKind::Orders />
        <ExportButtons id="orders-export" empty=Signal::derive(move || list.len() == 0)
            make=records_export(list, "folio-exchange-orders", |o| o.raw.as_deref(), orders_csv) />
        {move || notice.get().map(|n| match n {
            Ok(m) => view! { <p class="success" role="status" data-testid="orders-notice">{m}</p> }.into_any(),
            Err(m) => view! { <p class="form-error" role="alert" data-testid="orders-notice">{m}</p> }.into_any(),
        })}
        {detail}
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="orders-caption">
            <table class="data-table orders-table" id="orders-table">
                <caption id="orders-caption" class="visually-hidden">{t("Orders, newest first")}</caption>
                <thead><tr>
                    <th scope="col">{zoned_heading(t("Created"))}</th><th scope="col">{t("Pair")}</th><th scope="col">{t("Side")}</th>
                    <th scope="col">{t("Type")}</th><th scope="col" class="num">{t("Price")}</th><th scope="col" class="num">{t("Quantity")}</th>
                    <th scope="col" class="num">{t("Filled")}</th><th scope="col" class="num">{t("Average price")}</th>
                    <th scope="col">{t("Status")}</th><th scope="col"><span class="visually-hidden">{t("Actions")}</span></th>
                </tr></thead>
                <tbody><For each=move || list.items() key=row_key children=row /></tbody>
            </table>
        </div>
        {empty}
        <CursorFooter list=list id="orders" what=t("orders") on_more=load_more />
    }
}
