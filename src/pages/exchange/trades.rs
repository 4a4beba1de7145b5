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
use crate::format::{format_amount, format_datetime, or_missing};
use crate::pages::exchange::words::{find_pair, fixed, price_decimals, side_words, size_decimals};
use crate::url::use_url_state;
use folio_export::exchange::trades_csv;

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
        <PairsPage title="Exchange trades" title_id="trades-title" body=|pairs| view! { <TradesList pairs=pairs /> }.into_any()></PairsPage>
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
    Effect::new(move |_| {
        filter.track();
        selected.set(None);
    });
    let names: Vec<String> = pairs.iter().map(|p| p.pair.clone()).collect();
    let pairs = StoredValue::new(pairs);
    let rows = move || {
        list.items().into_iter().map(|t| {
            let pair = pairs.with_value(|ps| find_pair(ps, t.pair.as_deref()).cloned());
            let (pd, sd) = (price_decimals(pair.as_ref()), size_decimals(pair.as_ref()));
            let id = t.id.clone();
            view! {
                <tr data-testid="trade-row" data-trade-id=t.id.to_string() data-order-id=t.order_id.as_ref().map(|o| o.to_string()).unwrap_or_default()>
                    <td class="when">{or_missing(t.executed_at, format_datetime)}</td>
                    <td>{t.pair.clone().unwrap_or_default()}</td>
                    <td class=format!("side side-{}", side_words(t.side.as_ref()).to_lowercase())>{side_words(t.side.as_ref())}</td>
                    <td class="num">{fixed(t.price, pd)}</td>
                    <td class="num amount" data-value=t.quantity.map(|q| q.to_string()).unwrap_or_default()>{fixed(t.quantity, sd)}</td>
                    <td class="num amount">{or_missing(t.total_amount, format_amount)}</td>
                    <td class="num fee amount" data-value=t.fee.as_ref().and_then(|f| f.amount).map(|a| a.to_string()).unwrap_or_default()>{fee_text(&t)}</td>
                    <td class="actions">
                        <button type="button" class="button button-small" data-testid="trade-details"
                            aria-label=format!("Details of trade {}", t.id)
                            on:click=move |_| selected.set(Some(id.clone()))>"Details"</button>
                    </td>
                </tr>
            }
        }).collect_view()
    };
    let empty =
        move || {
            list.empty().then(|| view! {
            <EmptyState title="No trades"><p>"No trade matches these filters."</p></EmptyState>
        })
        };
    view! {
        <FilterBar filter=filter set=set_filter pairs=names kind=FilterKind::Trades />
        <ExportButtons id="trades-export" empty=Signal::derive(move || list.len() == 0)
            make=records_export(list, "folio-exchange-trades", |t| t.raw.as_deref(), trades_csv) />
        {move || selected.get().map(|id| view! { <TradeDetail id=id on_close=Callback::new(move |()| selected.set(None)) /> })}
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="trades-caption">
            <table class="data-table trades-table" id="trades-table">
                <caption id="trades-caption" class="visually-hidden">"Trades, newest first"</caption>
                <thead><tr>
                    <th scope="col">"Executed"</th><th scope="col">"Pair"</th><th scope="col">"Side"</th>
                    <th scope="col" class="num">"Price"</th><th scope="col" class="num">"Quantity"</th>
                    <th scope="col" class="num">"Total"</th><th scope="col" class="num">"Fee"</th>
                    <th scope="col"><span class="visually-hidden">"Actions"</span></th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        {empty}
        <CursorFooter list=list id="trades" what="trades" on_more=load_more />
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
        "the trade",
        move || trade.refetch(),
        |t: Trade| {
            let row = |label: &'static str, id: &'static str, value: String, amount: bool| {
                view! {
                    <div class="figure-row"><dt>{label}</dt><dd id=id class:amount=amount>{value}</dd></div>
                }
            };
            let order_link = t.order_id.as_ref().map(|o| {
            let href = format!("/market/trades?order={o}");
            view! { <a href=href id="detail-order-link">{format!("All fills of order {o}")}</a> }
        });
            view! {
                <dl class="figures-list">
                    {row("Pair", "trade-detail-pair", t.pair.clone().unwrap_or_default(), false)}
                    {row("Side", "trade-detail-side", side_words(t.side.as_ref()), false)}
                    {row("Price", "trade-detail-price", or_missing(t.price, format_amount), false)}
                    {row("Quantity", "trade-detail-quantity", or_missing(t.quantity, format_amount), true)}
                    {row("Total", "trade-detail-total", or_missing(t.total_amount, format_amount), true)}
                    {row("Fee", "trade-detail-fee", or_missing(t.fee.as_ref().and_then(|f| f.amount), format_amount), true)}
                    {row("Fee currency", "trade-detail-fee-currency", t.fee.as_ref().and_then(|f| f.currency.clone()).unwrap_or_else(|| "—".into()), false)}
                    {row("Executed", "trade-detail-executed", or_missing(t.executed_at, format_datetime), false)}
                    {row("Order", "trade-detail-order", or_missing(t.order_id.as_ref(), |o| o.to_string()), false)}
                </dl>
                {order_link}
            }
        },
    );
    view! {
        <section class="card trade-detail" id="trade-detail" aria-labelledby="trade-detail-title">
            <div class="card-head">
                <h2 id="trade-detail-title">"Trade details"</h2>
                <button type="button" class="button button-quiet" id="close-trade-detail" on:click=move |_| on_close.run(())>"Close"</button>
            </div>
            {body}
        </section>
    }
}
