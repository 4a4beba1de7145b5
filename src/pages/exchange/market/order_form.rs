//! The order form: Buy or Sell; Market, Limit, Stop limit or Stop market; a quantity (or,
//! for Market orders, an amount); limit and trigger prices; time in force with an end time
//! for good-till-date; the available balance with 25/50/75/100 % shortcuts. "Review" checks
//! everything against the pair's rules and the balance — problems appear at their fields and
//! nothing is sent — then opens the confirmation. The typed order and its checks are in
//! [`super::order_ticket`].
//!
//! The form is a module of its own in the release build (`market_order`, with the ticket,
//! its checks and the confirmation): the market data shows with the page's module, and the
//! form follows as soon as its module arrives (fetched when the page starts, and readied
//! when a link to the page is pointed at). It takes what it needs from the page through
//! [`OrderFormInputs`] in the context.

use folio_client::exchange::{Balance, Order, OrderSide, OrderType, Pair, TimeInForce};
use folio_client::ApiError;
use leptos::prelude::*;
use rust_decimal::Decimal;

use super::order_ticket::OrderTicket;
use super::place_order::{PlaceOrderDialog, Placed, PlacedNotice, Review};
use crate::amounts::read_as_words;
use crate::components::{DecimalField, Radio};
use crate::data::write::{use_write, Sent};
use crate::format::local_time::zone_name;
use crate::format::{format_amount, format_fiat};
use crate::i18n::{t, tf};
use crate::pages::exchange::ticket::{
    allowed_tifs, available_of, spent_symbol, tif_words, type_words, uses_limit, uses_trigger,
    SizeMode,
};

const TYPES: [OrderType; 4] = [
    OrderType::Market,
    OrderType::Limit,
    OrderType::StopLimit,
    OrderType::StopMarket,
];

/// The pair's base and quote symbols (`("BTC", "EUR")`).
fn units(pair: Signal<Option<Pair>>) -> (String, String) {
    pair.with(|p| {
        p.as_ref()
            .map(|p| {
                let base = p.base_asset.clone().unwrap_or_default();
                (base, p.quote_asset.clone().unwrap_or_default())
            })
            .unwrap_or_default()
    })
}

/// What the order form needs from the Market page (the form is loaded as a part of its own,
/// which takes no props).
#[derive(Clone, Copy)]
pub struct OrderFormInputs {
    /// The pair traded.
    pub pair: Signal<Option<Pair>>,
    /// The pair's mid price, when known.
    pub mid: Signal<Option<Decimal>>,
    /// The exchange balances (the page reloads them after an order).
    pub balances: RwSignal<Option<Result<Vec<Balance>, ApiError>>>,
    /// The order type (a click on a book level makes a market order a limit order).
    pub order_type: RwSignal<OrderType>,
    /// The limit price typed (a click on a book level fills it).
    pub limit_text: RwSignal<String>,
    /// Told when an order was sent.
    pub on_placed: Callback<()>,
}

crate::split::split_page!(
    market_order,
    order_form_part,
    preload_order_form,
    OrderFormPart
);

/// The order form with the page's [`OrderFormInputs`] (nothing without them).
#[component]
fn OrderFormPart() -> impl IntoView {
    use_context::<OrderFormInputs>().map(|i| {
        view! {
            <OrderForm pair=i.pair mid=i.mid balances=i.balances order_type=i.order_type
                limit_text=i.limit_text on_placed=i.on_placed />
        }
    })
}

/// The order form for `pair`.
#[component]
fn OrderForm(
    pair: Signal<Option<Pair>>,
    mid: Signal<Option<Decimal>>,
    balances: RwSignal<Option<Result<Vec<Balance>, ApiError>>>,
    order_type: RwSignal<OrderType>,
    limit_text: RwSignal<String>,
    on_placed: Callback<()>,
) -> impl IntoView {
    let ticket = OrderTicket::new(order_type, limit_text);
    let review = RwSignal::new(None::<Review>);
    let open = RwSignal::new(false);
    let placed = RwSignal::new(None::<Placed>);
    let write = use_write::<Order>();
    // The answer to the last order: shown under the form. After a placed order — and after one
    // whose answer never came — the size is cleared, so Review + Place cannot send the same
    // order again by accident.
    crate::effect::effect(move || {
        let Some(sent) = write.outcome() else { return };
        let text = review.with_untracked(|r| r.as_ref().map(|r| r.text.text()).unwrap_or_default());
        if !matches!(sent, Sent::Refused(_)) {
            ticket.size.set(String::new());
        }
        placed.set(Some(Placed::from_sent(&sent, &text)));
        on_placed.run(());
    });
    // Amounts are for Market orders only; Market orders are IOC or FOK.
    crate::effect::effect(move || {
        let t = order_type.get();
        if t != OrderType::Market {
            ticket.mode.set(SizeMode::Quantity);
        }
        let tif = ticket.tif.get_untracked();
        if tif.is_some_and(|x| !allowed_tifs(&t).contains(&x)) {
            ticket.tif.set(None);
        }
        ticket.errors.clear();
    });
    crate::effect::effect(move || {
        pair.track();
        ticket.errors.clear();
        placed.set(None);
    });
    let spent = move || {
        let side = ticket.side.get();
        pair.with(|p| {
            p.as_ref()
                .map(|p| spent_symbol(p, &side))
                .unwrap_or_default()
        })
    };
    let available = Signal::derive(move || -> Option<Decimal> {
        balances.with(|b| match b {
            Some(Ok(list)) => Some(available_of(list, &spent())),
            _ => None,
        })
    });
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        placed.set(None);
        let Some(p) = pair.get_untracked() else {
            return;
        };
        match ticket.review(&p, mid.get_untracked(), available.get_untracked()) {
            Err(found) => ticket.errors.show(&found),
            Ok(checked) => {
                ticket.errors.clear();
                review.set(Some(checked));
                open.set(true);
            }
        }
    };
    let available_text = move || match available.get() {
        Some(a) => tf(
            "Available: {amount} {asset}",
            &[("amount", &format_amount(a)), ("asset", &spent())],
        ),
        None => t("Available: unknown (balances could not be read)").into(),
    };
    // What the order is worth at the price it would be sized against (a hint, not a check).
    let estimate = move || {
        let value: Decimal = ticket.size.with(|t| t.trim().parse().ok())?;
        let worth = match ticket.mode.get() {
            SizeMode::Amount => Some(value),
            SizeMode::Quantity => value.checked_mul(ticket.sizing_price(mid.get())?),
        }?;
        Some(tf(
            "Order value about {value} {currency}",
            &[("value", &format_fiat(worth)), ("currency", &units(pair).1)],
        ))
    };
    let review_label = move || match ticket.side.get() {
        OrderSide::Sell => t("Review sell order…"),
        _ => t("Review buy order…"),
    };
    view! {
        <section class="card order-form-card" aria-labelledby="order-form-title">
            <h2 id="order-form-title">{t("Place an order")}</h2>
            <form class="order-form" novalidate=true on:submit=submit>
                <SideAndType ticket=ticket pair=pair />
                <SizeField ticket=ticket pair=pair mid=mid available=available hint=Signal::derive(move || Some(available_text())) />
                <PriceFields ticket=ticket pair=pair />
                <TimeInForceFields ticket=ticket />
                <p class="hint" id="order-value" aria-live="polite">{estimate}</p>
                <div class="form-actions">
                    <button type="submit" class="button button-primary" id="review-order">{review_label}</button>
                </div>
            </form>
            <PlacedNotice placed=placed />
            <PlaceOrderDialog open=open review=review write=write />
        </section>
    }
}

/// Buy or Sell, the order type, and (Market orders) whether the size is a quantity or an
/// amount.
#[component]
fn SideAndType(ticket: OrderTicket, pair: Signal<Option<Pair>>) -> impl IntoView {
    let side = move |value: OrderSide,
                     class: &'static str,
                     id: &'static str,
                     label: &'static str| {
        let v = value.clone();
        let pick = Callback::new(move |()| {
            ticket.side.set(value.clone());
            ticket.errors.clear();
        });
        view! { <Radio name="order-side" id=id class=class checked=Signal::derive(move || ticket.side.get() == v) on_pick=pick>{label}</Radio> }
    };
    let mode = move |value: SizeMode, id: &'static str, words: fn((String, String)) -> String| {
        let pick = Callback::new(move |()| {
            ticket.mode.set(value);
            ticket.errors.clear();
        });
        view! { <Radio name="order-mode" id=id class="segment" checked=Signal::derive(move || ticket.mode.get() == value) on_pick=pick>{move || words(units(pair))}</Radio> }
    };
    let order_type = ticket.order_type;
    view! {
        <fieldset class="segmented">
            <legend>{t("Side")}</legend>
            {side(OrderSide::Buy, "segment order-side-buy", "order-side-buy", t("Buy"))}
            {side(OrderSide::Sell, "segment order-side-sell", "order-side-sell", t("Sell"))}
        </fieldset>
        <div class="field">
            <label for="order-type">{t("Order type")}</label>
            <select id="order-type" on:change=move |ev| order_type.set(OrderType::parse(&event_target_value(&ev)))>
                {TYPES.iter().map(|t| {
                    let t2 = t.clone();
                    view! { <option value=t.as_str() selected=move || order_type.get() == t2>{type_words(t)}</option> }
                }).collect_view()}
            </select>
        </div>
        <Show when=move || order_type.get() == OrderType::Market>
            <fieldset class="segmented">
                <legend>{t("Size in")}</legend>
                {mode(SizeMode::Quantity, "order-mode-quantity", |(base, _)| tf("Quantity ({asset})", &[("asset", &base)]))}
                {mode(SizeMode::Amount, "order-mode-amount", |(_, quote)| tf("Amount ({currency})", &[("currency", &quote)]))}
            </fieldset>
        </Show>
    }
}

/// The quantity or amount, with the available balance (`hint`) and the 25/50/75/100 %
/// shortcuts.
#[component]
fn SizeField(
    ticket: OrderTicket,
    pair: Signal<Option<Pair>>,
    mid: Signal<Option<Decimal>>,
    available: Signal<Option<Decimal>>,
    hint: Signal<Option<String>>,
) -> impl IntoView {
    let unit = move || match ticket.mode.get() {
        SizeMode::Quantity => units(pair).0,
        SizeMode::Amount => units(pair).1,
    };
    let label = Signal::derive(move || match ticket.mode.get() {
        SizeMode::Quantity => tf("Quantity ({asset})", &[("asset", &unit())]),
        SizeMode::Amount => tf("Amount ({currency})", &[("currency", &unit())]),
    });
    let read_as = Signal::derive(move || ticket.size.with(|t| read_as_words(t, &unit())));
    let share = move |percent: u32| {
        if let (Some(p), Some(avail)) = (pair.get_untracked(), available.get_untracked()) {
            ticket.use_share(&p, percent, avail, mid.get_untracked());
        }
    };
    view! {
        <DecimalField id="order-size" label=label text=ticket.size error=ticket.errors.size read_as=read_as hint=hint>
            <div class="shortcuts" role="group" aria-label=t("Use a share of the available balance")>
                {[25u32, 50, 75, 100].into_iter().map(|pct| view! {
                    <button type="button" class="chip" id=format!("pct-{pct}") on:click=move |_| share(pct)>{format!("{pct} %")}</button>
                }).collect_view()}
            </div>
        </DecimalField>
    }
}

/// The limit and trigger prices, where the order type uses them.
#[component]
fn PriceFields(ticket: OrderTicket, pair: Signal<Option<Pair>>) -> impl IntoView {
    let quote = move || units(pair).1;
    let order_type = ticket.order_type;
    view! {
        <Show when=move || uses_limit(&order_type.get())>
            <DecimalField id="order-limit-price" label=Signal::derive(move || tf("Limit price ({currency})", &[("currency", &quote())]))
                text=ticket.limit error=ticket.errors.limit
                read_as=Signal::derive(move || ticket.limit.with(|t| read_as_words(t, &quote()))) />
        </Show>
        <Show when=move || uses_trigger(&order_type.get())>
            <DecimalField id="order-trigger-price" label=Signal::derive(move || tf("Trigger price ({currency})", &[("currency", &quote())]))
                text=ticket.trigger error=ticket.errors.trigger
                read_as=Signal::derive(move || ticket.trigger.with(|t| read_as_words(t, &quote()))) />
        </Show>
    }
}

/// Time in force, and the end time of a good-till-date order.
#[component]
fn TimeInForceFields(ticket: OrderTicket) -> impl IntoView {
    let (tif, end_time, errors) = (ticket.tif, ticket.end_time, ticket.errors);
    let pick = move |ev: leptos::ev::Event| {
        let v = event_target_value(&ev);
        tif.set((!v.is_empty()).then(|| TimeInForce::parse(&v)));
        errors.tif.set(None);
    };
    view! {
        <div class="field">
            <label for="order-tif">{t("Time in force")}</label>
            <select id="order-tif" aria-describedby="order-tif-error" on:change=pick>
                <option value="" selected=move || tif.get().is_none()>{t("Exchange default")}</option>
                {move || allowed_tifs(&ticket.order_type.get()).iter().map(|t| {
                    let t2 = t.clone();
                    view! { <option value=t.as_str() selected=move || tif.get().as_ref() == Some(&t2)>{tif_words(t)}</option> }
                }).collect_view()}
            </select>
            <p class="field-error" id="order-tif-error" role="alert">{move || errors.tif.get()}</p>
        </div>
        <Show when=move || tif.get() == Some(TimeInForce::Gtd)>
            <div class="field">
                <label for="order-end-time">{tf("End time ({zone})", &[("zone", zone_name())])}</label>
                <input id="order-end-time" type="datetime-local" aria-describedby="order-end-time-error"
                    aria-invalid=move || errors.end_time.with(Option::is_some).to_string()
                    prop:value=move || end_time.get()
                    on:input=move |ev| { end_time.set(event_target_value(&ev)); errors.end_time.set(None); } />
                <p class="field-error" id="order-end-time-error" role="alert">{move || errors.end_time.get()}</p>
            </div>
        </Show>
    }
}
