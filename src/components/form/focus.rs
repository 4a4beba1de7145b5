//! Keyboard focus for content that replaces what the person was using.

use leptos::prelude::*;
use leptos::tachys::html::element::ElementType;
use wasm_bindgen::JsCast;

/// A node ref whose element takes keyboard focus as soon as it is in the page. For the
/// outcome of a write (receipt, refusal, result), which replaces the form and the dialog
/// that had focus: without it focus falls back to the page and a keyboard or screen-reader
/// user has to search for what happened. The element needs `tabindex="-1"`.
pub fn focus_when_shown<E>() -> NodeRef<E>
where
    E: ElementType + 'static,
    E::Output: JsCast + Clone + 'static,
{
    let node = NodeRef::<E>::new();
    crate::effect::effect(move || {
        if let Some(element) = node.get() {
            if let Some(element) = element.dyn_ref::<web_sys::HtmlElement>() {
                let _ = element.focus();
            }
        }
    });
    node
}
