//! The footer's links below the key notice: keyboard shortcuts, the watchlist, the switch to
//! the other language and the install offer. A part of its own in the release build (`shell_footer`),
//! asked for once the page is shown: nothing a page opens for needs it first, and it grows
//! the footer downwards (nothing above it moves).

use leptos::prelude::*;

use crate::components::{open_help, warm_help, InstallOffer};
use crate::i18n::{t, Language, Redraw};

crate::split::split_page!(shell_footer, footer_part, preload_footer_part, FooterPart);

/// The footer's links.
#[component]
fn FooterPart() -> impl IntoView {
    view! {
        <p>
            <button type="button" class="link-button" data-testid="shortcuts-button"
                on:pointerenter=|_| warm_help() on:focus=|_| warm_help() on:click=|_| open_help()>
                {t("Keyboard shortcuts")}
            </button>
            {t(" (press ")}<kbd>"?"</kbd>")"
        </p>
        <p>
            <a href="/watchlist" data-testid="footer-watchlist">{t("Watchlist")}</a>
            {t(": follow prices without holding the asset")}
        </p>
        <p><LanguageSwitch /></p>
        <InstallOffer />
    }
}

/// The footer's switch to the other language, named in that language ("Deutsch" while
/// English is shown), on every page: switching keeps the page and its address. When German
/// cannot be fetched, it says so beside the switch (as Settings does), rather than nothing.
#[component]
fn LanguageSwitch() -> impl IntoView {
    let other = match crate::i18n::language() {
        Language::English => Language::German,
        Language::German => Language::English,
    };
    let redraw = use_context::<Redraw>();
    let unavailable = RwSignal::new(false);
    let switch = move |_| {
        leptos::task::spawn_local(async move {
            let loaded = crate::i18n::switch_language(other, redraw).await;
            unavailable.set(!loaded);
        });
    };
    view! {
        <button type="button" class="link-button" data-testid="language-switch"
            lang=other.tag() on:click=switch>
            {other.own_name()}
        </button>
        <span class="field-error" role="alert" data-testid="language-switch-problem"
            hidden=move || !unavailable.get()>
            {" "}{t("German could not be loaded (offline?). Folio stays in English; try again when online.")}
        </span>
    }
}
