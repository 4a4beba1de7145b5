//! The application shell: shared state (settings, session, writes), the router (which page
//! an address shows is `routes`) and the layout (skip link, top bar, banners, main landmark).

use leptos::prelude::*;
use leptos_router::components::Router;
use wasm_bindgen::JsCast;

use crate::components::footer::footer_part;
use crate::components::{
    LazyPage, OfflineBanner, Shortcuts, StorageBanner, TopBar, UpdateBanner, WriteOutcomes,
};
use crate::contexts::session::{use_idle_forget, Session};
use crate::contexts::settings::Settings;
use crate::data::write::Writes;
use crate::i18n::{t, Redraw};
use crate::routes::PageFor;

/// Installs the tab's language (fetching German's catalogue when chosen) and mounts the app
/// on `<body>` in a task of its own, after the one that instantiated the main module: two
/// shorter tasks instead of one long one, which is what Lighthouse's blocking time counts
/// (`/connect`, 8 runs alternating with the build that mounted at once: median blocking time
/// 181 -> 122 ms, score 0.94 -> 0.96; `/` with a key, 7 runs: 200 -> 178 ms, 0.91 -> 0.93).
/// Before that, the module of the page the address shows starts loading
/// ([`crate::sections::start_page_of_address`]), so it arrives while the app is built.
pub fn start() {
    use crate::i18n::{apply_to_document, load, start_language, Language};
    crate::sections::start_page_of_address();
    crate::split::set_link_warmer(crate::sections::warm_link);
    match start_language() {
        Language::English => {
            apply_to_document();
            set_timeout(
                || {
                    leptos::mount::mount_to_body(App);
                    remove_start_screen();
                },
                std::time::Duration::ZERO,
            );
        }
        language => wasm_bindgen_futures::spawn_local(async move {
            load(language).await;
            leptos::mount::mount_to_body(App);
            remove_start_screen();
        }),
    }
}

/// Takes away index.html's start screen once the app is mounted, in the same task, so no
/// frame shows both. The start screen is the top bar as the app draws it (brand only), fixed
/// above the page: the first paint comes with the HTML instead of after the wasm, and taking
/// it away moves nothing.
fn remove_start_screen() {
    if let Ok(Some(screen)) = document().query_selector(".start-screen") {
        screen.remove();
    }
}

/// The root component.
#[component]
pub fn App() -> impl IntoView {
    let settings = Settings::provide();
    let session = Session::provide(settings);
    let writes = Writes::provide();
    let connected = move || session.is_connected();
    // Once the first page is up, warm the sections most visits open next.
    crate::effect::effect(crate::sections::prefetch_likely_when_idle);
    // Switching language re-draws everything below: the router reads the same address, and
    // the writes in flight, the session and the settings live above (their outcomes stay).
    let redraw = Redraw::provide();
    view! {
        <Router>
            <IdleForget session=session settings=settings writes=writes />
            {move || {
                redraw.track();
                view! { <Shell connected=connected /> }
            }}
        </Router>
    }
}

/// Everything a person sees: shortcuts, skip link, top bar, banners, the page and the footer.
#[component]
fn Shell(connected: impl Fn() -> bool + Send + Sync + Copy + 'static) -> impl IntoView {
    view! {
        <Shortcuts />
        <a class="skip-link" href="#main" on:click=focus_main>{t("Skip to content")}</a>
        <TopBar />
        <OfflineBanner />
        <StorageBanner />
        <UpdateBanner />
        <WriteOutcomes />
        <main id="main" tabindex="-1">
            <PageFor connected=connected />
        </main>
        <footer class="site-footer">
            <p>{t("Folio keeps your key in this tab only. Close the tab or press “Forget key” to remove it.")}</p>
            <LazyPage load=footer_part later=true quiet=true />
        </footer>
    }
}

/// Runs the idle auto-forget inside the router (it needs navigation).
#[component]
fn IdleForget(session: Session, settings: Settings, writes: Writes) -> impl IntoView {
    use_idle_forget(session, settings, writes);
}

/// Moves keyboard focus to the main content (the skip link's target).
fn focus_main(ev: leptos::ev::MouseEvent) {
    ev.prevent_default();
    let main = document().get_element_by_id("main");
    if let Some(main) = main.and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = main.focus();
    }
}
