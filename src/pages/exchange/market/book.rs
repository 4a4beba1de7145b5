//! The order book: asks above bids (best prices meet at the spread), each level with its
//! quantity and cumulative depth (drawn as a bar), the same levels as a depth chart, a
//! price-grouping choice, and each price a button that copies it into the order form.

use crate::components::error_view::PlainWords;
use folio_client::exchange::{OrderBook, Pair};
use folio_client::ApiError;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::format::format_amount;
use crate::i18n::{t, tf};
use crate::pages::exchange::book_levels::{
    grouped_book, grouping_steps, spread, BookRow, BookSide,
};
use crate::pages::exchange::market::depth_chart::depth_chart;
use crate::pages::exchange::text::{fixed, plain, price_decimals, size_decimals};

/// Levels shown per side.
const ROWS: usize = 12;

fn level_rows(
    rows: Vec<BookRow>,
    side: BookSide,
    pd: u32,
    sd: u32,
    on_price: Callback<String>,
) -> impl IntoView {
    let class = match side {
        BookSide::Asks => "ask",
        BookSide::Bids => "bid",
    };
    rows.into_iter()
        .map(|r| {
            let price = r.price.to_string();
            let shown = fixed(Some(r.price), pd);
            let quantity = fixed(Some(r.quantity), sd);
            let values = [("price", shown.as_str()), ("quantity", quantity.as_str())];
            let label = match side {
                BookSide::Asks => tf("Use price {price} (people sell {quantity} here)", &values),
                BookSide::Bids => tf("Use price {price} (people buy {quantity} here)", &values),
            };
            let depth = format!("{}", r.depth_percent);
            let p = price.clone();
            view! {
                <tr class=format!("book-row {class}")>
                    <td class="num price">
                        <button type="button" class="book-price" data-price=price aria-label=label
                            on:click=move |_| on_price.run(p.clone())>{shown}</button>
                    </td>
                    <td class="num">{fixed(Some(r.quantity), sd)}</td>
                    <td class="num depth">
                        <svg class="depth-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                            <rect x=format!("{}", Decimal::ONE_HUNDRED.saturating_sub(r.depth_percent)) y="0" width=depth height="10"></rect>
                        </svg>
                        <span>{fixed(Some(r.cumulative), sd)}</span>
                    </td>
                </tr>
            }
        })
        .collect_view()
}

/// The book of `pair`; `on_price` receives a clicked level's exact price.
#[component]
pub fn OrderBookView(
    pair: Signal<Option<Pair>>,
    book: RwSignal<Option<Result<OrderBook, ApiError>>>,
    on_price: Callback<String>,
) -> impl IntoView {
    let step = RwSignal::new(None::<Decimal>);
    // A new pair starts ungrouped (its own tick size).
    crate::effect::effect(move || {
        pair.track();
        step.set(None);
    });
    let steps = move || grouping_steps(pair.with(|p| p.as_ref().and_then(|p| p.tick_size)));
    let body = move || {
        let p = pair.get();
        let (sd, tick) = (
            size_decimals(p.as_ref()),
            p.as_ref().and_then(|p| p.tick_size),
        );
        let chosen = step.get().or(tick).unwrap_or(Decimal::ONE);
        let pd = price_decimals(p.as_ref()).max(chosen.normalize().scale());
        match book.get() {
            None => view! { <p class="hint">{t("Loading the order book…")}</p> }.into_any(),
            Some(Err(e)) => view! { <p class="form-error" role="alert">{tf("The order book could not be read: {reason}", &[("reason", &e.user_message())])}</p> }.into_any(),
            Some(Ok(b)) => {
                let (mut asks, bids) = grouped_book(&b, chosen, ROWS);
                let depth = depth_chart(&bids, &asks, pd, sd);
                asks.reverse();
                let spread_text = spread(&b)
                    .map(|(amount, pct)| tf("Spread {amount} ({percent} %)", &[("amount", &fixed(Some(amount), price_decimals(p.as_ref()))), ("percent", &format_amount(pct))]))
                    .unwrap_or_else(|| t("No spread: one side of the book is empty.").into());
                view! {
                    <table class="book-table" id="order-book">
                        <caption class="visually-hidden">{t("Order book: asks (sell orders) above, bids (buy orders) below")}</caption>
                        <thead><tr><th scope="col" class="num">{t("Price")}</th><th scope="col" class="num">{t("Quantity")}</th><th scope="col" class="num">{t("Total")}</th></tr></thead>
                        <tbody id="book-asks" aria-label=t("Asks")>{level_rows(asks, BookSide::Asks, pd, sd, on_price)}</tbody>
                        <tbody><tr class="spread-row"><td colspan="3" id="book-spread">{spread_text}</td></tr></tbody>
                        <tbody id="book-bids" aria-label=t("Bids")>{level_rows(bids, BookSide::Bids, pd, sd, on_price)}</tbody>
                    </table>
                    {depth}
                }.into_any()
            }
        }
    };
    view! {
        <section class="card book" aria-labelledby="book-title">
            <div class="card-head">
                <h2 id="book-title">{t("Order book")}</h2>
                <div class="field field-inline">
                    <label for="book-grouping">{t("Group by")}</label>
                    <select id="book-grouping" on:change=move |ev| step.set(event_target_value(&ev).parse().ok())>
                        {move || steps().into_iter().map(|s| {
                            view! { <option value=s.to_string() selected=move || step.get() == Some(s)>{plain(s)}</option> }
                        }).collect_view()}
                    </select>
                </div>
            </div>
            <p class="hint">{t("Choose a price to copy it into the order form.")}</p>
            {body}
        </section>
    }
}
