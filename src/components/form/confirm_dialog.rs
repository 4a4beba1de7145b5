//! A modal confirmation for writes that move money: it restates what will happen and asks
//! for an explicit "yes".
//!
//! Accessible: `role="dialog"`, `aria-modal`, labelled by its title and described by its
//! body; focus moves to Cancel when it opens (the safe choice), Tab stays inside, Escape
//! cancels, and focus returns to the element that opened it when it closes. The confirm
//! button is a [`MoneyButton`] guarded by the caller's [`OneClick`].

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::one_click::{MoneyButton, OneClick};
use crate::i18n::t;

fn active_element() -> Option<web_sys::HtmlElement> {
    document()
        .active_element()
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
}

/// The focusable controls inside the dialog, in order.
fn focusables(dialog: &web_sys::HtmlElement) -> Vec<web_sys::HtmlElement> {
    let Ok(list) = dialog.query_selector_all("button:not([disabled]), input, select, a[href]")
    else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .collect()
}

/// Shown while `open` is true. `on_confirm` runs when the confirm button is pressed while
/// `guard` is free; the caller closes the dialog (sets `open` false) when done.
#[component]
pub fn ConfirmDialog(
    open: RwSignal<bool>,
    /// Prefix of the element ids (`{id}-title`, `{id}-confirm`, …).
    #[prop(into)]
    id: String,
    #[prop(into)] title: String,
    #[prop(into)] confirm_label: String,
    #[prop(into)] pending_label: String,
    guard: OneClick,
    on_confirm: Callback<()>,
    /// Confirm stays disabled while this is true (e.g. a typed confirmation is missing).
    #[prop(optional, into)]
    blocked: Signal<bool>,
    children: ChildrenFn,
) -> impl IntoView {
    let opener = StoredValue::new_local(None::<web_sys::HtmlElement>);
    let cancel_ref = NodeRef::<html::Button>::new();
    let dialog_ref = NodeRef::<html::Div>::new();
    // Remember the opener, then move focus in once the dialog is in the page.
    Effect::new(move |was_open: Option<bool>| {
        let is_open = open.get();
        if is_open && was_open != Some(true) {
            opener.set_value(active_element());
        }
        if !is_open && was_open == Some(true) {
            if let Some(el) = opener.get_value() {
                let _ = el.focus();
            }
        }
        is_open
    });
    crate::effect::effect(move || {
        if let Some(cancel) = cancel_ref.get() {
            let _ = cancel.focus();
        }
    });
    let cancel = move || {
        if !guard.pending() {
            open.set(false);
        }
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| match ev.key().as_str() {
        "Escape" => {
            ev.prevent_default();
            cancel();
        }
        "Tab" => {
            let Some(dialog) = dialog_ref.get() else {
                return;
            };
            let items = focusables(&dialog);
            let (Some(first), Some(last)) = (items.first(), items.last()) else {
                return;
            };
            let current = active_element();
            if ev.shift_key() && current.as_ref() == Some(first) {
                ev.prevent_default();
                let _ = last.focus();
            } else if !ev.shift_key() && current.as_ref() == Some(last) {
                ev.prevent_default();
                let _ = first.focus();
            }
        }
        _ => {}
    };
    let ids = StoredValue::new((
        format!("{id}-title"),
        format!("{id}-body"),
        format!("{id}-confirm"),
        format!("{id}-cancel"),
        id,
    ));
    let title = StoredValue::new(title);
    let labels = StoredValue::new((confirm_label, pending_label));
    view! {
        <Show when=move || open.get()>
            {
                let (title_id, body_id, confirm_id, cancel_id, id) = ids.get_value();
                let (confirm_label, pending_label) = labels.get_value();
                view! {
                    <div class="dialog-backdrop">
                        <div
                            class="dialog card"
                            id=id
                            role="dialog"
                            aria-modal="true"
                            aria-labelledby=title_id.clone()
                            aria-describedby=body_id.clone()
                            node_ref=dialog_ref
                            on:keydown=on_keydown
                        >
                            <h2 id=title_id.clone()>{title.get_value()}</h2>
                            <div id=body_id.clone() class="dialog-body">{children()}</div>
                            <div class="dialog-actions">
                                <button
                                    type="button"
                                    class="button"
                                    id=cancel_id
                                    node_ref=cancel_ref
                                    disabled=move || guard.pending()
                                    on:click=move |_| cancel()
                                >
                                    {t("Cancel")}
                                </button>
                                <MoneyButton
                                    guard=guard
                                    id=confirm_id
                                    label=confirm_label
                                    pending_label=pending_label
                                    blocked=blocked
                                    on_click=on_confirm
                                />
                            </div>
                        </div>
                    </div>
                }
            }
        </Show>
    }
}
