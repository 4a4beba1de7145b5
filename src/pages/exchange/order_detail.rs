//! One order in full: every figure the exchange sent, its fills (trades with fees) and, when
//! it is still open, Cancel.

use folio_client::exchange::{Order, Pair, TradesQuery};
use folio_client::Client;
use leptos::prelude::*;

use super::cancel_order::CancelOrder;
use crate::data::load::{account_resource, load_states};
use crate::format::{format_amount, format_datetime, or_missing};
use crate::pages::exchange::ticket::{tif_words, type_words};
use crate::pages::exchange::words::{
    fill_percent, fixed, price_decimals, side_words, size_decimals, status_words,
};

/// The detail panel of `order`.
#[component]
pub fn OrderDetail(
    order: Order,
    pair: Option<Pair>,
    on_close: Callback<()>,
    on_done: Callback<Result<String, String>>,
) -> impl IntoView {
    let (pd, sd) = (price_decimals(pair.as_ref()), size_decimals(pair.as_ref()));
    let quote = pair
        .as_ref()
        .and_then(|p| p.quote_asset.clone())
        .unwrap_or_default();
    let id = order.id.clone();
    let fills = account_resource(
        move || id.clone(),
        |client: Client, _, id| async move {
            let query = TradesQuery {
                order_id: Some(id),
                limit: Some(100),
                ..TradesQuery::default()
            };
            client.exchange().trades(&query).await.map(|p| p.data)
        },
    );
    let fills_view = load_states(
        move || fills.get(),
        "the fills",
        move || fills.refetch(),
        move |trades: Vec<folio_client::exchange::Trade>| {
            if trades.is_empty() {
                return view! { <p class="hint">"No fills yet."</p> }.into_any();
            }
            view! {
            <table class="data-table compact" aria-label="Fills of this order">
                <thead><tr><th scope="col">"Executed"</th><th scope="col" class="num">"Price"</th><th scope="col" class="num">"Quantity"</th><th scope="col" class="num">"Fee"</th></tr></thead>
                <tbody>{trades.into_iter().map(|t| view! {
                    <tr data-testid="fill-row">
                        <td>{or_missing(t.executed_at, format_datetime)}</td>
                        <td class="num">{fixed(t.price, pd)}</td>
                        <td class="num amount">{fixed(t.quantity, sd)}</td>
                        <td class="num amount">{t.fee.map(|f| format!("{} {}", or_missing(f.amount, format_amount), f.currency.unwrap_or_default())).unwrap_or_else(|| "—".into())}</td>
                    </tr>
                }).collect_view()}</tbody>
            </table>
        }.into_any()
        },
    );
    let fee = order.fee.clone().map(|f| {
        format!(
            "{} {}",
            or_missing(f.amount, format_amount),
            f.currency.unwrap_or_default()
        )
    });
    let row = |label: &'static str, id: &'static str, value: String, amount: bool| {
        view! {
            <div class="figure-row"><dt>{label}</dt><dd id=id class:amount=amount>{value}</dd></div>
        }
    };
    let is_open = order.status.as_ref().is_some_and(|s| s.is_open());
    let cancel = is_open.then(|| view! { <CancelOrder order=order.clone() on_done=on_done /> });
    view! {
        <section class="card order-detail" id="order-detail" aria-labelledby="order-detail-title" data-order-id=order.id.to_string()>
            <div class="card-head">
                <h2 id="order-detail-title">{format!("Order {}", order.id)}</h2>
                <button type="button" class="button button-quiet" id="close-order-detail" on:click=move |_| on_close.run(())>"Close"</button>
            </div>
            <dl class="figures-list">
                {row("Status", "detail-status", status_words(order.status.as_ref()), false)}
                {row("Pair", "detail-pair", order.pair.clone().unwrap_or_default(), false)}
                {row("Side", "detail-side", side_words(order.side.as_ref()), false)}
                {row("Type", "detail-type", or_missing(order.order_type.as_ref(), type_words), false)}
                {row("Time in force", "detail-tif", or_missing(order.time_in_force.as_ref(), tif_words), false)}
                {row("Quantity", "detail-quantity", fixed(order.quantity, sd), true)}
                {row("Amount", "detail-amount", or_missing(order.amount, |a| format!("{} {quote}", format_amount(a))), true)}
                {row("Limit price", "detail-limit", fixed(order.limit_price, pd), false)}
                {row("Trigger price", "detail-trigger", fixed(order.trigger_price, pd), false)}
                {row("Filled", "detail-filled", format!("{} ({})", fixed(order.filled_quantity, sd), or_missing(fill_percent(&order), |f| format!("{} %", f.normalize()))), true)}
                {row("Filled amount", "detail-filled-amount", or_missing(order.filled_amount, |a| format!("{} {quote}", format_amount(a))), true)}
                {row("Average price", "detail-average", fixed(order.filled_average_price, pd), false)}
                {row("Fee", "detail-fee", fee.unwrap_or_else(|| "—".into()), true)}
                {row("Created", "detail-created", or_missing(order.created_at, format_datetime), false)}
                {row("Last change", "detail-updated", or_missing(order.updated_at, format_datetime), false)}
                {row("Ends", "detail-end", or_missing(order.end_time, format_datetime), false)}
            </dl>
            {cancel}
            <h3>"Fills"</h3>
            {fills_view}
        </section>
    }
}
