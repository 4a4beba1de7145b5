//! The one-click guard of every money-moving button: at most one request in flight.
//!
//! The guard is claimed synchronously inside the click handler, before any request is built,
//! so a double-click, a held-down Enter key or clicks during a slow answer cannot send a
//! second request: the handler returns early while the guard is held, and the button is
//! disabled (with `aria-disabled` kept in step) until the answer arrives.

use leptos::prelude::*;

/// A write in flight (or not). Cheap to copy.
#[derive(Debug, Clone, Copy)]
pub struct OneClick {
    pending: RwSignal<bool>,
}

impl Default for OneClick {
    fn default() -> Self {
        Self::new()
    }
}

impl OneClick {
    pub fn new() -> Self {
        Self {
            pending: RwSignal::new(false),
        }
    }

    /// Whether a write is in flight (reactive).
    pub fn pending(&self) -> bool {
        self.pending.get()
    }

    /// Claims the guard; `false` when a write is already in flight (the caller must return
    /// without sending anything).
    pub fn try_start(&self) -> bool {
        if self.pending.get_untracked() {
            return false;
        }
        self.pending.set(true);
        true
    }

    /// Releases the guard once the answer (or failure) has been handled.
    pub fn finish(&self) {
        self.pending.set(false);
    }
}

/// A button that runs `on_click` only when `guard` is free; disabled and relabelled while
/// the write is pending. `on_click` claims the guard with [`OneClick::try_start`].
#[component]
pub fn MoneyButton(
    guard: OneClick,
    #[prop(into)] id: String,
    #[prop(into)] label: String,
    #[prop(into)] pending_label: String,
    on_click: Callback<()>,
    /// Disabled for another reason (e.g. an expired quote).
    #[prop(optional, into)]
    blocked: Signal<bool>,
    #[prop(optional, into)] class: String,
) -> impl IntoView {
    let off = move || guard.pending() || blocked.get();
    let class = if class.is_empty() {
        "button button-primary".to_string()
    } else {
        format!("button {class}")
    };
    view! {
        <button
            type="button"
            id=id
            class=class
            disabled=off
            aria-disabled=move || off().to_string()
            aria-busy=move || guard.pending().to_string()
            on:click=move |ev| {
                ev.prevent_default();
                if guard.pending.get_untracked() || blocked.get_untracked() {
                    return;
                }
                on_click.run(());
            }
        >
            {move || if guard.pending() { pending_label.clone() } else { label.clone() }}
        </button>
    }
}
