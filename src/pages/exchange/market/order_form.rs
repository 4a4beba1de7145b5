//! The order form: Buy or Sell; Market, Limit, Stop limit or Stop market; a quantity (or,
//! for Market orders, an amount); limit and trigger prices; time in force with an end time
//! for good-till-date; the available balance with 25/50/75/100 % shortcuts. "Review" checks
//! everything against the pair's rules and the balance — problems appear at their fields and
//! nothing is sent — then opens the confirmation.

use chrono::Utc;
use folio_client::exchange::Order;
use folio_client::exchange::{
    fat_finger, validate_order, Balance, Field, OrderSide, OrderType, Pair, TimeInForce,
};
use folio_client::ApiError;
use leptos::prelude::*;
use rust_decimal::Decimal;

use super::place_order::{PlaceOrderDialog, Placed, PlacedNotice, Review};
use crate::components::ReadAs;
use crate::data::write::{use_write, Sent};
use crate::format::{format_amount, format_fiat};
use crate::money::read_as_words;
use crate::pages::exchange::ticket::{
    allowed_tifs, available_of, describe, field_id, shortcut_size, sizing_price, spent_symbol,
    tif_words, type_words, uses_limit, uses_trigger, SizeMode, TypedOrder,
};

const TYPES: [OrderType; 4] = [
    OrderType::Market,
    OrderType::Limit,
    OrderType::StopLimit,
    OrderType::StopMarket,
];

/// The order form for `pair`.
#[component]
pub fn OrderForm(
    pair: Signal<Option<Pair>>,
    mid: Signal<Option<Decimal>>,
    balances: RwSignal<Option<Result<Vec<Balance>, ApiError>>>,
    order_type: RwSignal<OrderType>,
    limit_text: RwSignal<String>,
    on_placed: Callback<()>,
) -> impl IntoView {
    let side = RwSignal::new(OrderSide::Buy);
    let mode = RwSignal::new(SizeMode::Quantity);
    let size = RwSignal::new(String::new());
    let trigger = RwSignal::new(String::new());
    let tif = RwSignal::new(None::<TimeInForce>);
    let end_time = RwSignal::new(String::new());
    let errors = RwSignal::new(Vec::<(Field, String)>::new());
    let review = RwSignal::new(None::<Review>);
    let open = RwSignal::new(false);
    let placed = RwSignal::new(None::<Placed>);
    let write = use_write::<Order>();
    // The answer to the last order: shown under the form. After a placed order — and after one
    // whose answer never came — the size is cleared, so Review + Place cannot send the same
    // order again by accident.
    Effect::new(move |_| {
        let Some(sent) = write.outcome() else { return };
        let text =
            review.with_untracked(|r| r.as_ref().map(|r| r.text.clone()).unwrap_or_default());
        if !matches!(sent, Sent::Refused(_)) {
            size.set(String::new());
        }
        placed.set(Some(Placed::from_sent(&sent, &text)));
        on_placed.run(());
    });
    // Amounts are for Market orders only; Market orders are IOC or FOK.
    Effect::new(move |_| {
        let t = order_type.get();
        if t != OrderType::Market {
            mode.set(SizeMode::Quantity);
        }
        if tif
            .get_untracked()
            .is_some_and(|x| !allowed_tifs(&t).contains(&x))
        {
            tif.set(None);
        }
        errors.set(Vec::new());
    });
    Effect::new(move |_| {
        pair.track();
        errors.set(Vec::new());
        placed.set(None);
    });
    let spent = move || {
        pair.with(|p| {
            p.as_ref()
                .map(|p| spent_symbol(p, &side.get()))
                .unwrap_or_default()
        })
    };
    let available = move || -> Option<Decimal> {
        balances.with(|b| match b {
            Some(Ok(list)) => Some(available_of(list, &spent())),
            _ => None,
        })
    };
    let error_at = move |id: &'static str| {
        move || {
            errors.with(|e| {
                e.iter()
                    .filter(|(f, _)| field_id(*f) == id)
                    .map(|(_, m)| m.clone())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
        }
    };
    let invalid = move |id: &'static str| {
        move || {
            errors
                .with(|e| e.iter().any(|(f, _)| field_id(*f) == id))
                .to_string()
        }
    };
    let clear = move || errors.set(Vec::new());
    let shortcut = move |percent: u32| {
        let (Some(p), Some(avail)) = (pair.get_untracked(), available()) else {
            return;
        };
        let price = sizing_price(
            &order_type.get_untracked(),
            &side.get_untracked(),
            limit_text.get_untracked().trim().parse().ok(),
            trigger.get_untracked().trim().parse().ok(),
            mid.get_untracked(),
        );
        match shortcut_size(
            &p,
            &side.get_untracked(),
            mode.get_untracked(),
            percent,
            avail,
            price,
        ) {
            Some(v) => size.set(v.to_string()),
            None => errors.set(vec![(
                Field::Quantity,
                "Enter a price first, or there is nothing available to use.".into(),
            )]),
        }
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        placed.set(None);
        let Some(p) = pair.get_untracked() else {
            return;
        };
        let typed = TypedOrder {
            side: side.get_untracked(),
            order_type: order_type.get_untracked(),
            mode: mode.get_untracked(),
            size: size.get_untracked(),
            limit_price: limit_text.get_untracked(),
            trigger_price: trigger.get_untracked(),
            time_in_force: tif.get_untracked(),
            end_time: end_time.get_untracked(),
        };
        let checked = typed
            .draft(mid.get_untracked(), Utc::now())
            .and_then(|draft| {
                validate_order(&p, &draft, available().unwrap_or(Decimal::MAX)).map(|()| draft)
            });
        match checked {
            Err(found) => errors.set(found),
            Ok(draft) => {
                errors.set(Vec::new());
                review.set(Some(Review {
                    order: draft.to_new_order(&p.pair),
                    text: describe(&draft, &p),
                    fat_finger: mid.get_untracked().and_then(|m| fat_finger(&draft, m)),
                    above_mid: draft
                        .limit_price
                        .zip(mid.get_untracked())
                        .is_some_and(|(l, m)| l > m),
                }));
                open.set(true);
            }
        }
    };
    let side_radio = move |value: OrderSide, id: &'static str, label: &'static str| {
        let v = value.clone();
        view! {
            <label class=format!("segment {id}") for=id>
                <input type="radio" name="order-side" id=id prop:checked=move || side.get() == v
                    on:change=move |_| { side.set(value.clone()); clear(); } />
                {label}
            </label>
        }
    };
    let units = move || {
        pair.with(|p| {
            p.as_ref()
                .map(|p| {
                    (
                        p.base_asset.clone().unwrap_or_default(),
                        p.quote_asset.clone().unwrap_or_default(),
                    )
                })
                .unwrap_or_default()
        })
    };
    // What the order is worth at the price it would be sized against (a hint, not a check).
    let estimate = move || {
        let value: Decimal = size.with(|t| t.trim().parse().ok())?;
        if mode.get() == SizeMode::Amount {
            return Some(value);
        }
        let price = sizing_price(
            &order_type.get(),
            &side.get(),
            limit_text.with(|t| t.trim().parse().ok()),
            trigger.with(|t| t.trim().parse().ok()),
            mid.get(),
        )?;
        value.checked_mul(price)
    };
    let available_text = move || match available() {
        Some(a) => format!("{} {}", format_amount(a), spent()),
        None => "unknown (balances could not be read)".into(),
    };
    view! {
        <section class="card order-form-card" aria-labelledby="order-form-title">
            <h2 id="order-form-title">"Place an order"</h2>
            <form class="order-form" novalidate=true on:submit=submit>
                <fieldset class="segmented">
                    <legend>"Side"</legend>
                    {side_radio(OrderSide::Buy, "order-side-buy", "Buy")}
                    {side_radio(OrderSide::Sell, "order-side-sell", "Sell")}
                </fieldset>
                <div class="field">
                    <label for="order-type">"Order type"</label>
                    <select id="order-type" on:change=move |ev| order_type.set(OrderType::parse(&event_target_value(&ev)))>
                        {TYPES.iter().map(|t| {
                            let t2 = t.clone();
                            view! { <option value=t.as_str() selected=move || order_type.get() == t2>{type_words(t)}</option> }
                        }).collect_view()}
                    </select>
                </div>
                <Show when=move || order_type.get() == OrderType::Market>
                    <fieldset class="segmented">
                        <legend>"Size in"</legend>
                        <label class="segment" for="order-mode-quantity">
                            <input type="radio" name="order-mode" id="order-mode-quantity" prop:checked=move || mode.get() == SizeMode::Quantity
                                on:change=move |_| { mode.set(SizeMode::Quantity); clear(); } />
                            {move || format!("Quantity ({})", units().0)}
                        </label>
                        <label class="segment" for="order-mode-amount">
                            <input type="radio" name="order-mode" id="order-mode-amount" prop:checked=move || mode.get() == SizeMode::Amount
                                on:change=move |_| { mode.set(SizeMode::Amount); clear(); } />
                            {move || format!("Amount ({})", units().1)}
                        </label>
                    </fieldset>
                </Show>
                <div class="field">
                    <label for="order-size">{move || match mode.get() { SizeMode::Quantity => format!("Quantity ({})", units().0), SizeMode::Amount => format!("Amount ({})", units().1) }}</label>
                    <input id="order-size" type="text" inputmode="decimal" autocomplete="off" aria-describedby="order-size-read order-available order-size-error"
                        aria-invalid=invalid("order-size") prop:value=move || size.get() on:input=move |ev| { size.set(event_target_value(&ev)); clear(); } />
                    <ReadAs id="order-size-read" words=Signal::derive(move || {
                        let unit = match mode.get() { SizeMode::Quantity => units().0, SizeMode::Amount => units().1 };
                        size.with(|t| read_as_words(t, &unit))
                    }) />
                    <p class="hint" id="order-available" data-value=move || available().map(|a| a.to_string()).unwrap_or_default()>{move || format!("Available: {}", available_text())}</p>
                    <div class="shortcuts" role="group" aria-label="Use a share of the available balance">
                        {[25u32, 50, 75, 100].into_iter().map(|pct| view! {
                            <button type="button" class="chip" id=format!("pct-{pct}") on:click=move |_| shortcut(pct)>{format!("{pct} %")}</button>
                        }).collect_view()}
                    </div>
                    <p class="field-error" id="order-size-error" role="alert">{error_at("order-size")}</p>
                </div>
                <Show when=move || uses_limit(&order_type.get())>
                    <div class="field">
                        <label for="order-limit-price">{move || format!("Limit price ({})", units().1)}</label>
                        <input id="order-limit-price" type="text" inputmode="decimal" autocomplete="off" aria-describedby="order-limit-price-read order-limit-price-error"
                            aria-invalid=invalid("order-limit-price") prop:value=move || limit_text.get() on:input=move |ev| { limit_text.set(event_target_value(&ev)); clear(); } />
                        <ReadAs id="order-limit-price-read" words=Signal::derive(move || limit_text.with(|t| read_as_words(t, &units().1))) />
                        <p class="field-error" id="order-limit-price-error" role="alert">{error_at("order-limit-price")}</p>
                    </div>
                </Show>
                <Show when=move || uses_trigger(&order_type.get())>
                    <div class="field">
                        <label for="order-trigger-price">{move || format!("Trigger price ({})", units().1)}</label>
                        <input id="order-trigger-price" type="text" inputmode="decimal" autocomplete="off" aria-describedby="order-trigger-price-read order-trigger-price-error"
                            aria-invalid=invalid("order-trigger-price") prop:value=move || trigger.get() on:input=move |ev| { trigger.set(event_target_value(&ev)); clear(); } />
                        <ReadAs id="order-trigger-price-read" words=Signal::derive(move || trigger.with(|t| read_as_words(t, &units().1))) />
                        <p class="field-error" id="order-trigger-price-error" role="alert">{error_at("order-trigger-price")}</p>
                    </div>
                </Show>
                <div class="field">
                    <label for="order-tif">"Time in force"</label>
                    <select id="order-tif" aria-describedby="order-tif-error" on:change=move |ev| { let v = event_target_value(&ev); tif.set((!v.is_empty()).then(|| TimeInForce::parse(&v))); clear(); }>
                        <option value="" selected=move || tif.get().is_none()>"Exchange default"</option>
                        {move || allowed_tifs(&order_type.get()).iter().map(|t| {
                            let t2 = t.clone();
                            view! { <option value=t.as_str() selected=move || tif.get().as_ref() == Some(&t2)>{tif_words(t)}</option> }
                        }).collect_view()}
                    </select>
                    <p class="field-error" id="order-tif-error" role="alert">{error_at("order-tif")}</p>
                </div>
                <Show when=move || tif.get() == Some(TimeInForce::Gtd)>
                    <div class="field">
                        <label for="order-end-time">"End time (UTC)"</label>
                        <input id="order-end-time" type="datetime-local" aria-describedby="order-end-time-error"
                            aria-invalid=invalid("order-end-time") prop:value=move || end_time.get() on:input=move |ev| { end_time.set(event_target_value(&ev)); clear(); } />
                        <p class="field-error" id="order-end-time-error" role="alert">{error_at("order-end-time")}</p>
                    </div>
                </Show>
                <p class="hint" id="order-value" aria-live="polite">
                    {move || estimate().map(|v| format!("Order value about {} {}", format_fiat(v), units().1))}
                </p>
                <div class="form-actions">
                    <button type="submit" class="button button-primary" id="review-order">
                        {move || if side.get() == OrderSide::Sell { "Review sell order…" } else { "Review buy order…" }}
                    </button>
                </div>
            </form>
            <PlacedNotice placed=placed />
            <PlaceOrderDialog open=open review=review write=write />
        </section>
    }
}
