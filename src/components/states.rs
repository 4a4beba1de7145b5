//! Loading and empty states.

use leptos::prelude::*;

use crate::i18n::tf;

/// Shown while data loads; announced politely to screen readers. `what` fills "Loading
/// {what}…" (in German the accusative with its article: "das Portfolio").
#[component]
pub fn Loading(#[prop(into)] what: String) -> impl IntoView {
    view! {
        <p class="state state-loading" role="status" aria-live="polite">
            <span class="spinner" aria-hidden="true"></span>
            {tf("Loading {what}…", &[("what", &what)])}
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
