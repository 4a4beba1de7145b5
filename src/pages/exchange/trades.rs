//! Trades: the account's fills, newest first, filtered by pairs, order and dates (in the
//! URL), read page by page; "Details" reads one trade afresh with its fee and fee currency.

use folio_client::exchange::{Pair, Trade};
use folio_client::{Client, TradeId};
use leptos::prelude::*;

use super::filter_bar::{FilterBar, FilterKind};
use super::filters::ExchangeFilter;
use super::section::PairsPage;
use crate::components::EmptyState;
use crate::components::{records_export, CursorFooter, ExportButtons};
use crate::data::load::{account_resource, load_states};
use crate::data::paging::use_cursor_list;
use crate::format::{
    format_amount, format_datetime, format_datetime_zoned, or_missing, zoned_heading,
};
use crate::i18n::{t, tf};
use crate::pages::exchange::text::{
    find_pair, fixed, price_decimals, side_class, side_words, size_decimals,
};
use crate::url::use_url_state;
use folio_export::exchange::trades_csv;

/// The address of every fill of `order`: its id percent-encoded, so an id holding `&`, `#`
/// or `/` stays one value of the query.
fn fills_link(order: &folio_client::OrderId) -> String {
    let query = crate::url::query_string(&[("order", Some(order.to_string()))]);
    format!("/market/trades{query}")
}

fn trade_key(t: &Trade) -> String {
    t.id.to_string()
}

fn fee_text(t: &Trade) -> String {
    t.fee
        .as_ref()
        .map(|f| {
            format!(
                "{} {}",
                or_missing(f.amount, format_amount),
                f.currency.clone().unwrap_or_default()
            )
        })
        .unwrap_or_else(|| "—".into())
}

/// The Trades page.
#[component]
pub fn ExchangeTradesPage() -> impl IntoView {
    view! {
        <PairsPage title=t("Exchange trades") title_id="trades-title" body=|pairs| view! { <TradesList pairs=pairs /> }.into_any() />
    }
}

#[component]
fn TradesList(pairs: Vec<Pair>) -> impl IntoView {
    let (filter, set_filter) = use_url_state::<ExchangeFilter>(());
    let (list, load_more) = use_cursor_list(
        filter,
        |_| None,
        |client, f: ExchangeFilter, cursor| async move {
            client.exchange().trades(&f.trades_query(cursor)).await
        },
        trade_key,
    );
    let selected = RwSignal::new(None::<TradeId>);
    crate::effect::effect(move || {
        filter.track();
        selected.set(None);
    });
    let names: Vec<String> = pairs.iter().map(|p| p.pair.clone()).collect();
    let pairs = StoredValue::new(pairs);
    let rows = move || {
        list.items().into_iter().map(|trade| {
            let pair = pairs.with_value(|ps| find_pair(ps, trade.pair.as_deref()).cloned());
            let (pd, sd) = (price_decimals(pair.as_ref()), size_decimals(pair.as_ref()));
            let id = trade.id.clone();
            view! {
                <tr data-testid="trade-row" data-trade-id=trade.id.to_string() data-order-id=trade.order_id.as_ref().map(|o| o.to_string()).unwrap_or_default()>
                    <td class="when">{or_missing(trade.executed_at, format_datetime)}</td>
                    <td>{trade.pair.clone().unwrap_or_default()}</td>
                    <td class=side_class(trade.side.as_ref())>{side_words(trade.side.as_ref())}</td>
                    <td class="num">{fixed(trade.price, pd)}</td>
                    <td class="num amount" data-value=trade.quantity.map(|q| q.to_string()).unwrap_or_default()>{fixed(trade.quantity, sd)}</td>
                    <td class="num amount">{or_missing(trade.total_amount, format_amount)}</td>
                    <td class="num fee amount" data-value=trade.fee.as_ref().and_then(|f| f.amount).map(|a| a.to_string()).unwrap_or_default()>{fee_text(&trade)}</td>
                    <td class="actions">
                        <button type="button" class="button button-small" data-testid="trade-details"
                            aria-label=tf("Details of trade {id}", &[("id", trade.id.as_str())])
                            on:click=move |_| selected.set(Some(id.clone()))>{t("Details")}</button>
                    </td>
                </tr>
            }
        }).collect_view()
    };
    let empty = move || {
        list.empty().then(|| view! {
            <EmptyState title=t("No trades")><p>{t("No trade matches these filters.")}</p></EmptyState>
        })
    };
    view! {
        <FilterBar filter=filter set=set_filter pairs=names kind=FilterKind::Trades />
        <ExportButtons id="trades-export" empty=Signal::derive(move || list.len() == 0)
            make=records_export(list, "folio-exchange-trades", |t| t.raw.as_deref(), trades_csv) />
        {move || selected.get().map(|id| view! { <TradeDetail id=id on_close=Callback::new(move |()| selected.set(None)) /> })}
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="trades-caption">
            <table class="data-table trades-table" id="trades-table">
                <caption id="trades-caption" class="visually-hidden">{t("Trades, newest first")}</caption>
                <thead><tr>
                    <th scope="col">{zoned_heading(t("Executed"))}</th><th scope="col">{t("Pair")}</th><th scope="col">{t("Side")}</th>
                    <th scope="col" class="num">{t("Price")}</th><th scope="col" class="num">{t("Quantity")}</th>
                    <th scope="col" class="num">{t("Total")}</th><th scope="col" class="num">{t("Fee")}</th>
                    <th scope="col"><span class="visually-hidden">{t("Actions")}</span></th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        {empty}
        <CursorFooter list=list id="trades" what=t("trades") on_more=load_more />
    }
}

/// One trade, read afresh.
#[component]
fn TradeDetail(id: TradeId, on_close: Callback<()>) -> impl IntoView {
    let trade = account_resource(
        move || id.clone(),
        |client: Client, _, id| async move { client.exchange().trade(&id).await },
    );
    let body = load_states(
        move || trade.get(),
        t("the trade"),
        move || trade.refetch(),
        |trade: Trade| {
            let row = |label: &'static str, id: &'static str, value: String, amount: bool| {
                view! {
                    <div class="figure-row"><dt>{label}</dt><dd id=id class:amount=amount>{value}</dd></div>
                }
            };
            let order_link = trade.order_id.as_ref().map(|o| {
            let href = fills_link(o);
            view! { <a href=href id="detail-order-link">{tf("All fills of order {id}", &[("id", o.as_str())])}</a> }
        });
            view! {
                <dl class="figures-list">
                    {row(t("Pair"), "trade-detail-pair", trade.pair.clone().unwrap_or_default(), false)}
                    {row(t("Side"), "trade-detail-side", side_words(trade.side.as_ref()), false)}
                    {row(t("Price"), "trade-detail-price", or_missing(trade.price, format_amount), false)}
                    {row(t("Quantity"), "trade-detail-quantity", or_missing(trade.quantity, format_amount), true)}
                    {row(t("Total"), "trade-detail-total", or_missing(trade.total_amount, format_amount), true)}
                    {row(t("Fee"), "trade-detail-fee", or_missing(trade.fee.as_ref().and_then(|f| f.amount), format_amount), true)}
                    {row(t("Fee currency"), "trade-detail-fee-currency", trade.fee.as_ref().and_then(|f| f.currency.clone()).unwrap_or_else(|| "—".into()), false)}
                    {row(t("Executed"), "trade-detail-executed", or_missing(trade.executed_at, format_datetime_zoned), false)}
                    {row(t("Order"), "trade-detail-order", or_missing(trade.order_id.as_ref(), |o| o.to_string()), false)}
                </dl>
                {order_link}
            }
        },
    );
    view! {
        <section class="card trade-detail" id="trade-detail" aria-labelledby="trade-detail-title">
            <div class="card-head">
                <h2 id="trade-detail-title">{t("Trade details")}</h2>
                <button type="button" class="button button-quiet" id="close-trade-detail" on:click=move |_| on_close.run(())>{t("Close")}</button>
            </div>
            {body}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_id_goes_into_the_fills_link_encoded() {
        let link = |id: &str| fills_link(&folio_client::OrderId::new(id));
        assert_eq!(link("6f1d-22"), "/market/trades?order=6f1d-22");
        assert_eq!(
            link("a&b=c#d/e?f g"),
            "/market/trades?order=a%26b%3Dc%23d%2Fe%3Ff%20g"
        );
    }
}
