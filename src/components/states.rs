//! Loading and empty states.

use leptos::prelude::*;

/// Shown while data loads; announced politely to screen readers.
#[component]
pub fn Loading(#[prop(into)] what: String) -> impl IntoView {
    view! {
        <p class="state state-loading" role="status" aria-live="polite">
            <span class="spinner" aria-hidden="true"></span>
            {format!("Loading {what}…")}
        </p>
    }
}

/// Shown when a list has nothing in it.
#[component]
pub fn EmptyState(#[prop(into)] title: String, children: Children) -> impl IntoView {
    view! {
        <div class="state state-empty">
            <p class="state-title">{title}</p>
            <div class="state-body">{children()}</div>
        </div>
    }
}
