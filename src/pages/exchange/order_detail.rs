//! One order in full: every figure the exchange sent, its fills (trades with fees) and, when
//! it is still open, Cancel.

use folio_client::exchange::{Order, Pair, TradesQuery};
use folio_client::Client;
use leptos::prelude::*;

use super::cancel_order::CancelOrder;
use crate::data::load::{account_resource, load_states};
use crate::format::{
    format_amount, format_datetime, format_datetime_zoned, or_missing, zoned_heading,
};
use crate::i18n::{t, tf};
use crate::pages::exchange::text::{
    fill_percent, fixed, price_decimals, side_words, size_decimals, status_words,
};
use crate::pages::exchange::ticket::{tif_words, type_words};

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
        t("the fills"),
        move || fills.refetch(),
        move |trades: Vec<folio_client::exchange::Trade>| {
            if trades.is_empty() {
                return view! { <p class="hint">{t("No fills yet.")}</p> }.into_any();
            }
            view! {
            <table class="data-table compact" aria-label=t("Fills of this order")>
                <thead><tr><th scope="col">{zoned_heading(t("Executed"))}</th><th scope="col" class="num">{t("Price")}</th><th scope="col" class="num">{t("Quantity")}</th><th scope="col" class="num">{t("Fee")}</th></tr></thead>
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
                <h2 id="order-detail-title">{tf("Order {id}", &[("id", order.id.as_str())])}</h2>
                <button type="button" class="button button-quiet" id="close-order-detail" on:click=move |_| on_close.run(())>{t("Close")}</button>
            </div>
            <dl class="figures-list">
                {row(t("Status"), "detail-status", status_words(order.status.as_ref()), false)}
                {row(t("Pair"), "detail-pair", order.pair.clone().unwrap_or_default(), false)}
                {row(t("Side"), "detail-side", side_words(order.side.as_ref()), false)}
                {row(t("Type"), "detail-type", or_missing(order.order_type.as_ref(), type_words), false)}
                {row(t("Time in force"), "detail-tif", or_missing(order.time_in_force.as_ref(), tif_words), false)}
                {row(t("Quantity"), "detail-quantity", fixed(order.quantity, sd), true)}
                {row(t("Amount"), "detail-amount", or_missing(order.amount, |a| format!("{} {quote}", format_amount(a))), true)}
                {row(t("Limit price"), "detail-limit", fixed(order.limit_price, pd), false)}
                {row(t("Trigger price"), "detail-trigger", fixed(order.trigger_price, pd), false)}
                {row(t("Filled"), "detail-filled", format!("{} ({})", fixed(order.filled_quantity, sd), or_missing(fill_percent(&order), |f| format!("{} %", format_amount(f.normalize())))), true)}
                {row(t("Filled amount"), "detail-filled-amount", or_missing(order.filled_amount, |a| format!("{} {quote}", format_amount(a))), true)}
                {row(t("Average price"), "detail-average", fixed(order.filled_average_price, pd), false)}
                {row(t("Fee"), "detail-fee", fee.unwrap_or_else(|| "—".into()), true)}
                {row(t("Created"), "detail-created", or_missing(order.created_at, format_datetime_zoned), false)}
                {row(t("Last change"), "detail-updated", or_missing(order.updated_at, format_datetime_zoned), false)}
                {row(t("Ends"), "detail-end", or_missing(order.end_time, format_datetime_zoned), false)}
            </dl>
            {cancel}
            <h3>{t("Fills")}</h3>
            {fills_view}
        </section>
    }
}
