//! Cancel an open order: a button, a confirmation restating the order, exactly one DELETE,
//! and the outcome in plain words — canceled, already closed (409), or unknown when no answer
//! came back (never re-sent).
//!
//! Once per order id: the guard is the tab's ([`CancelsSent`]), keyed by the order's id, not
//! the button's. A row rebuilt by a refresh (its key holds the status and the filled
//! quantity), the order's detail panel and the list all show a Cancel of their own for one
//! order; while its cancel is on its way, or after one that may have happened, none of them
//! sends another.

use std::collections::HashMap;

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
use crate::pages::exchange::text::{plain, side_words, status_words};
use crate::pages::exchange::ticket::type_words;

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

/// Where the cancel of one order stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CancelClaim {
    /// Sent; no answer yet.
    InFlight,
    /// Canceled, or no usable answer came (it may have happened): never sent again.
    Sent,
}

/// The cancels of this tab, by order id (see the module documentation). A refused cancel
/// (nothing happened) is forgotten, so it may be tried again.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CancelsSent {
    by_order: HashMap<String, CancelClaim>,
}

impl CancelsSent {
    /// Claims the cancel of `order`; `false` when one was already sent (the caller sends
    /// nothing).
    pub fn claim(&mut self, order: &str) -> bool {
        if self.by_order.contains_key(order) {
            return false;
        }
        self.by_order
            .insert(order.to_string(), CancelClaim::InFlight);
        true
    }

    /// Records the answer: refused (`may_have_happened` false) frees the order again.
    pub fn settle(&mut self, order: &str, may_have_happened: bool) {
        if may_have_happened {
            self.by_order.insert(order.to_string(), CancelClaim::Sent);
        } else {
            self.by_order.remove(order);
        }
    }

    /// Where the cancel of `order` stands (`None`: never sent, or refused).
    pub fn state(&self, order: &str) -> Option<CancelClaim> {
        self.by_order.get(order).copied()
    }
}

thread_local! {
    /// The tab's cancels: owned by the app, not by a row, so a rebuilt row finds them.
    static CANCELS: ArcRwSignal<CancelsSent> = ArcRwSignal::new(CancelsSent::default());
}

fn cancels() -> ArcRwSignal<CancelsSent> {
    CANCELS.with(Clone::clone)
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
    let claimed = {
        let id = id.to_string();
        Signal::derive(move || cancels().with(|c| c.state(&id)))
    };
    let confirm = Callback::new(move |()| {
        let Some(client) = session.client(settings) else {
            return;
        };
        // One cancel per order, whichever of its buttons was pressed.
        if !cancels()
            .try_update(|c| c.claim(id.as_str()))
            .unwrap_or(false)
        {
            open.set(false);
            return;
        }
        let id = id.clone();
        let settled = id.to_string();
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
        let released = settled.clone();
        let sent = write.send(
            label,
            |sent| match cancel_sentence(sent) {
                Ok(text) | Err(text) => text,
            },
            async move {
                let answer = client.exchange().cancel_order(&id).await;
                let may_have_happened = match &answer {
                    Ok(_) => true,
                    Err(e) => e.write_outcome_unknown(),
                };
                cancels().update(|c| c.settle(&settled, may_have_happened));
                answer
            },
        );
        if !sent {
            cancels().update(|c| c.settle(&released, false));
        }
    });
    let button_words = move || match claimed.get() {
        Some(CancelClaim::InFlight) => t("Canceling…"),
        Some(CancelClaim::Sent) => t("Cancel sent"),
        None => t("Cancel order"),
    };
    view! {
        <button type="button" class="button button-small button-danger" data-testid="cancel-order"
            aria-label=tf("Cancel order {id}", &[("id", order.id.as_str())])
            disabled=move || claimed.get().is_some()
            aria-disabled=move || claimed.get().is_some().to_string()
            on:click=move |_| {
                if claimed.get_untracked().is_none() {
                    open.set(true);
                }
            }>{button_words}</button>
        <ConfirmDialog open=open id=dialog_id title=t("Cancel this order?") confirm_label=t("Cancel order")
            pending_label=t("Canceling…") guard=guard on_confirm=confirm>
            <p class="dialog-summary">{text.clone()}</p>
            <p>{t("Whatever has not filled yet is canceled and its funds are freed. The request is sent once.")}</p>
        </ConfirmDialog>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_is_canceled_once_whichever_button_asks() {
        let mut cancels = CancelsSent::default();
        assert!(cancels.claim("o1"), "the first Cancel sends");
        assert!(
            !cancels.claim("o1"),
            "a rebuilt row's Cancel sends nothing while it is on its way"
        );
        assert!(cancels.claim("o2"), "another order is its own");
        assert_eq!(cancels.state("o1"), Some(CancelClaim::InFlight));
        cancels.settle("o1", true);
        assert_eq!(cancels.state("o1"), Some(CancelClaim::Sent));
        assert!(
            !cancels.claim("o1"),
            "canceled, or perhaps: never sent again"
        );
        cancels.settle("o2", false);
        assert_eq!(cancels.state("o2"), None);
        assert!(
            cancels.claim("o2"),
            "refused: nothing happened, so it may be tried again"
        );
    }
}
