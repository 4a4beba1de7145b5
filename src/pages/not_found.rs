//! Shown for an address the app does not know; links back to the start.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::i18n::t;

#[component]
pub fn NotFoundPage() -> impl IntoView {
    view! {
        <section class="page">
            <h1>{t("Page not found")}</h1>
            <p>{t("There is no page at this address.")}</p>
            <p><A href="/">{t("Go to the portfolio")}</A></p>
        </section>
    }
}
