//! Shown for an address the app does not know; links back to the start.

use leptos::prelude::*;
use leptos_router::components::A;

#[component]
pub fn NotFoundPage() -> impl IntoView {
    view! {
        <section class="page">
            <h1>"Page not found"</h1>
            <p>"There is no page at this address."</p>
            <p><A href="/">"Go to the portfolio"</A></p>
        </section>
    }
}
