//! Placing a reviewed order: the confirmation dialog restates it (with the fat-finger warning
//! to acknowledge when the limit price is far from the market), then exactly one POST through
//! the app-owned write path. An answer that never arrives is reported as unknown, never re-sent.

use crate::components::error_view::PlainWords;
use folio_client::exchange::{NewOrder, Order};
use leptos::html;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::{focus_when_shown, ConfirmDialog};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::data::write::{no_answer_sentence, Sent, Words, Write, WriteLabel};
use crate::i18n::{t, tf};
use crate::pages::exchange::text::status_words;
use crate::pages::exchange::ticket::fat_finger_warning;

/// An order that passed every check, waiting for confirmation.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    /// The request body.
    pub order: NewOrder,
    /// What will happen, in a sentence.
    pub text: Words,
    /// How far (%) the limit price is from the mid, when more than the fat-finger margin.
    pub fat_finger: Option<Decimal>,
    /// Whether the limit price is above the mid.
    pub above_mid: bool,
}

/// What came of a placed order.
#[derive(Debug, Clone, PartialEq)]
pub enum Placed {
    /// Accepted, with the order id and a sentence.
    Accepted(String, String),
    /// Refused, or the outcome is unknown: a sentence.
    NotPlaced(String),
}

impl Placed {
    /// Words the outcome of placing the order described by `text`.
    pub fn from_sent(sent: &Sent<Order>, text: &str) -> Self {
        match sent {
            Sent::Done(order) => Placed::Accepted(
                order.id.to_string(),
                tf(
                    "Order placed ({id}): {order} Status: {status}. Fills show in Orders and Trades.",
                    &[
                        ("id", order.id.as_str()),
                        ("order", text),
                        ("status", &status_words(order.status.as_ref())),
                    ],
                ),
            ),
            Sent::Unknown => Placed::NotPlaced(no_answer_sentence(text, t("Orders"))),
            Sent::Refused(e) => Placed::NotPlaced(tf(
                "Not placed: {reason}",
                &[("reason", &e.user_message())],
            )),
        }
    }

    /// The sentence.
    pub fn text(&self) -> &str {
        match self {
            Placed::Accepted(_, text) | Placed::NotPlaced(text) => text,
        }
    }
}

/// The dialog for `review`; the order is sent through `write` (the app owns it, so its outcome
/// reaches the person even after they leave the page).
#[component]
pub fn PlaceOrderDialog(
    open: RwSignal<bool>,
    review: RwSignal<Option<Review>>,
    write: Write<Order>,
) -> impl IntoView {
    let session = use_session();
    let settings = use_settings();
    let guard = write.guard();
    let acknowledged = RwSignal::new(false);
    crate::effect::effect(move || {
        if open.get() {
            acknowledged.set(false);
        }
    });
    // The dialog closes when the answer (or the lack of one) is in.
    crate::effect::effect(move || {
        if write.outcome().is_some() {
            open.set(false);
        }
    });
    let blocked = Signal::derive(move || {
        review.with(|r| r.as_ref().is_some_and(|r| r.fat_finger.is_some())) && !acknowledged.get()
    });
    let confirm = Callback::new(move |()| {
        let Some(r) = review.get_untracked() else {
            return;
        };
        if r.fat_finger.is_some() && !acknowledged.get_untracked() {
            return;
        }
        let Some(client) = session.client(settings) else {
            return;
        };
        let text = r.text.clone();
        let label = WriteLabel {
            what: Words::new(move || tf("Placing an order: {order}", &[("order", &text.text())])),
            check_href: "/market/orders".into(),
            check_words: Words::new(|| t("Check your orders").into()),
        };
        let text = r.text.clone();
        write.send(
            label,
            move |sent| Placed::from_sent(sent, &text.text()).text().to_string(),
            async move { client.exchange().place_order(&r.order).await },
        );
    });
    let warning = move || {
        review.get().and_then(|r| {
            let pct = r.fat_finger?;
            let text = fat_finger_warning(pct, &r.order.side, r.above_mid);
            Some(view! {
                <div class="warning" role="alert" id="fat-finger-warning">
                    <p>{text}</p>
                    <label class="radio" for="fat-finger-ack">
                        <input type="checkbox" id="fat-finger-ack" prop:checked=move || acknowledged.get()
                            on:change=move |ev| acknowledged.set(event_target_checked(&ev)) />
                        {t("I have checked the limit price; place the order anyway.")}
                    </label>
                </div>
            })
        })
    };
    view! {
        <ConfirmDialog open=open id="confirm-order" title=t("Place this order?") confirm_label=t("Place order")
            pending_label=t("Placing…") guard=guard on_confirm=confirm blocked=blocked>
            <p class="dialog-summary" id="order-review-text">{move || review.get().map(|r| r.text.text())}</p>
            {warning}
            <p>{t("The order is sent once. An order that is not filled at once stays open until it fills, expires or you cancel it.")}</p>
        </ConfirmDialog>
    }
}

/// The outcome of the last order, shown under the form (focus moves to it).
#[component]
pub fn PlacedNotice(placed: RwSignal<Option<Placed>>) -> impl IntoView {
    move || {
        placed.get().map(|p| match p {
            Placed::Accepted(id, text) => view! {
                <div class="success" role="status" id="order-result" data-order-id=id tabindex="-1" node_ref={focus_when_shown::<html::Div>()}>
                    <p>{text}</p>
                    <a href="/market/orders">{t("See your orders")}</a>
                </div>
            }.into_any(),
            Placed::NotPlaced(text) => view! {
                <div class="form-error" role="alert" id="order-result" tabindex="-1" node_ref={focus_when_shown::<html::Div>()}>
                    <p>{text}</p>
                    <a href="/market/orders">{t("Check your orders")}</a>
                </div>
            }.into_any(),
        })
    }
}
