//! The top bar: brand, navigation (a menu button on narrow screens), the discreet-mode switch
//! and "Forget key". Without a key it leads to Connect, the watchlist and Settings.

use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::{use_location, use_navigate};

use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::i18n::t;
use crate::split::warm;

/// A page's name in the language shown.
pub type PageName = fn() -> &'static str;

/// The account pages in the navigation, in order: (path, name). Add a page here once it
/// works; on narrow screens the list folds into the menu. On a desktop the ten links and the
/// key's buttons fill the top bar's one row: the watchlist is linked from the footer (and
/// here without a key), not listed.
pub const ACCOUNT_PAGES: &[(&str, PageName)] = &[
    ("/", || t("Portfolio")),
    ("/history", || t("History")),
    ("/operations", || t("Operations")),
    ("/trade", || t("Trade")),
    ("/earn", || t("Earn")),
    ("/limits", || t("Limits")),
    ("/insights", || t("Insights")),
    ("/market", || t("Exchange")),
    ("/legacy-api", || t("Legacy")),
];

/// Header with the site navigation. Only pages that work are listed: the account pages once
/// a key is connected, Connect otherwise.
#[component]
pub fn TopBar() -> impl IntoView {
    let session = use_session();
    let settings = use_settings();
    let discreet = move || settings.with(|p| p.discreet);
    let menu_open = RwSignal::new(false);
    let location = use_location();
    // Close the menu whenever the page changes.
    crate::effect::effect(move || {
        location.pathname.track();
        menu_open.set(false);
    });
    let navigate = use_navigate();
    let forget = move |_| {
        session.forget(None);
        navigate("/connect", Default::default());
    };
    view! {
        <header class="top-bar">
            <div class="top-bar-inner">
                <A href="/" {..} class="brand">
                    <span class="brand-mark" aria-hidden="true"></span>
                    <span>"Folio"</span>
                </A>
                <button
                    type="button"
                    class="menu-button"
                    aria-controls="site-nav"
                    aria-expanded=move || if menu_open.get() { "true" } else { "false" }
                    on:click=move |_| menu_open.update(|open| *open = !*open)
                >
                    <span class="menu-icon" aria-hidden="true"></span>
                    <span class="menu-label">{t("Menu")}</span>
                </button>
                <nav
                    id="site-nav"
                    class="site-nav"
                    class:open=move || menu_open.get()
                    aria-label=t("Main")
                >
                    <ul>
                        <Show
                            when=move || session.is_connected()
                            fallback=|| {
                                view! {
                                    <li on:pointerenter=warm("/connect") on:focusin=warm("/connect")>
                                        <A href="/connect">{t("Connect")}</A>
                                    </li>
                                    // Prices can be followed without a key.
                                    <li on:pointerenter=warm("/watchlist") on:focusin=warm("/watchlist")>
                                        <A href="/watchlist">{t("Watchlist")}</A>
                                    </li>
                                }
                            }
                        >
                            {ACCOUNT_PAGES
                                .iter()
                                .map(|&(href, label)| {
                                    view! {
                                        <li on:pointerenter=warm(href) on:focusin=warm(href)>
                                            <A href=href exact=href == "/">{label()}</A>
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </Show>
                        <li on:pointerenter=warm("/settings") on:focusin=warm("/settings")>
                            <A href="/settings">{t("Settings")}</A>
                        </li>
                    </ul>
                </nav>
                <Show when=move || session.is_connected()>
                    <button
                        type="button"
                        class="button button-quiet discreet-toggle"
                        data-testid="discreet"
                        title=t("Discreet mode: hide every amount on screen (d)")
                        aria-pressed=move || if discreet() { "true" } else { "false" }
                        on:click=move |_| settings.toggle_discreet()
                    >
                        <span class="visually-hidden">{t("Discreet")}</span>
                    </button>
                    <button
                        type="button"
                        class="button button-quiet forget-key"
                        data-testid="forget-key"
                        on:click=forget.clone()
                    >
                        {t("Forget key")}
                    </button>
                </Show>
            </div>
        </header>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The path prefixes of the three APIs in the same-origin set-up (sandbox, reverse
    /// proxy): a page under one of them would be answered by the API, not by the app.
    const API_PREFIXES: [&str; 3] = ["/public/", "/legacy/", "/exchange/"];

    #[test]
    fn no_page_lives_under_an_api_prefix() {
        for (path, _) in ACCOUNT_PAGES {
            let with_slash = format!("{path}/");
            assert!(
                !API_PREFIXES.iter().any(|p| with_slash.starts_with(p)),
                "{path} would be routed to an API"
            );
        }
    }
}
