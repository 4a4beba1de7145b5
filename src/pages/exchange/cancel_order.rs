//! Cancel an open order: a button, a confirmation restating the order, exactly one DELETE,
//! and the outcome in plain words — canceled, already closed (409), or unknown when no answer
//! came back (never re-sent).

use crate::components::error_view::PlainWords;
use folio_client::exchange::{Order, OrderSide};
use folio_client::ApiError;
use leptos::prelude::*;

use crate::components::ConfirmDialog;
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::data::write::{use_write, Sent, Words, WriteLabel};
use crate::format::or_missing;
use crate::i18n::{t, tf};
use crate::pages::exchange::ticket::type_words;
use crate::pages::exchange::words::{plain, side_words, status_words};

fn summary(order: &Order) -> String {
    let kind = or_missing(order.order_type.as_ref(), type_words);
    let quantity = or_missing(order.quantity, |q| plain(q.normalize()));
    let pair = order.pair.clone().unwrap_or_default();
    let side = side_words(order.side.as_ref()).to_ascii_lowercase();
    let values = [
        ("type", kind.as_str()),
        ("side", side.as_str()),
        ("quantity", quantity.as_str()),
        ("pair", pair.as_str()),
        ("id", order.id.as_str()),
    ];
    match order.side {
        Some(OrderSide::Buy) => tf("{type} buy {quantity} on {pair} (order {id}).", &values),
        Some(OrderSide::Sell) => tf("{type} sell {quantity} on {pair} (order {id}).", &values),
        // Unknown sides are named as sent.
        _ => tf("{type} {side} {quantity} on {pair} (order {id}).", &values),
    }
}

/// The sentence for the answer to a cancel: `Ok` when the order is canceled (or now in the
/// status the exchange reports), `Err` otherwise.
pub fn cancel_sentence(sent: &Sent<Order>) -> Result<String, String> {
    match sent {
        Sent::Done(order) => Ok(tf(
            "Order {id} is now: {status}.",
            &[
                ("id", order.id.as_str()),
                ("status", &status_words(order.status.as_ref())),
            ],
        )),
        Sent::Refused(ApiError::Conflict(_)) => Err(
            t("Nothing was canceled: the order had already closed (filled, canceled or expired). The list has been reloaded.").into(),
        ),
        Sent::Unknown => Err(
            t("No answer came back, so Folio cannot tell whether the order was canceled. It will not be sent again; the list has been reloaded — check the order's status.").into(),
        ),
        Sent::Refused(e) => Err(tf("Not canceled: {reason}", &[("reason", &e.user_message())])),
    }
}

/// The Cancel button of one open order. `on_done` receives the outcome sentence while the
/// button is on screen; once it is gone, the outcome goes to the app's banner.
#[component]
pub fn CancelOrder(order: Order, on_done: Callback<Result<String, String>>) -> impl IntoView {
    let session = use_session();
    let settings = use_settings();
    let open = RwSignal::new(false);
    let write = use_write::<Order>();
    let guard = write.guard();
    let id = order.id.clone();
    let dialog_id = format!("confirm-cancel-{}", id.as_str());
    let text = summary(&order);
    crate::effect::effect(move || {
        if let Some(sent) = write.outcome() {
            open.set(false);
            on_done.run(cancel_sentence(&sent));
        }
    });
    let described = order.clone();
    let confirm = Callback::new(move |()| {
        let Some(client) = session.client(settings) else {
            return;
        };
        let id = id.clone();
        let order = described.clone();
        let label = WriteLabel {
            what: Words::new(move || {
                tf(
                    "Canceling the order: {order}",
                    &[("order", &summary(&order))],
                )
            }),
            check_href: "/market/orders?status=open".into(),
            check_words: Words::new(|| t("Check your open orders").into()),
        };
        write.send(
            label,
            |sent| match cancel_sentence(sent) {
                Ok(text) | Err(text) => text,
            },
            async move { client.exchange().cancel_order(&id).await },
        );
    });
    view! {
        <button type="button" class="button button-small button-danger" data-testid="cancel-order"
            aria-label=tf("Cancel order {id}", &[("id", order.id.as_str())])
            on:click=move |_| open.set(true)>{t("Cancel order")}</button>
        <ConfirmDialog open=open id=dialog_id title=t("Cancel this order?") confirm_label=t("Cancel order")
            pending_label=t("Canceling…") guard=guard on_confirm=confirm>
            <p class="dialog-summary">{text.clone()}</p>
            <p>{t("Whatever has not filled yet is canceled and its funds are freed. The request is sent once.")}</p>
        </ConfirmDialog>
    }
}
