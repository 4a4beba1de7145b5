//! The application shell: shared state (settings, session), the router, and the layout
//! (skip link, top bar, offline banner, main landmark). Account pages are protected: a
//! visitor without a key is sent to `/connect`.

use leptos::prelude::*;
use leptos_router::components::{ProtectedRoute, Route, Router, Routes};
use leptos_router::path;
use wasm_bindgen::JsCast;

use crate::components::{OfflineBanner, TopBar, WriteOutcomes};
use crate::contexts::session::{use_idle_forget, Session};
use crate::contexts::settings::Settings;
use crate::data::write::Writes;
use crate::pages::connect::ConnectPage;
use crate::pages::earn::EarnPage;
use crate::pages::exchange::{
    ExchangeBalancesPage, ExchangeMarketPage, ExchangeOrdersPage, ExchangeTradesPage,
};
use crate::pages::history::HistoryPage;
use crate::pages::legacy::{
    LegacyCommodityPage, LegacyCryptoPage, LegacyFiatPage, LegacyMigratePage, LegacyTradesPage,
    LegacyWalletsPage,
};
use crate::pages::limits::LimitsPage;
use crate::pages::not_found::NotFoundPage;
use crate::pages::operations::OperationsPage;
use crate::pages::portfolio::PortfolioPage;
use crate::pages::settings::SettingsPage;
use crate::pages::trade::TradePage;

/// Moves keyboard focus to the main content (the skip link's target).
fn focus_main(ev: leptos::ev::MouseEvent) {
    ev.prevent_default();
    if let Some(main) = document()
        .get_element_by_id("main")
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = main.focus();
    }
}

/// The root component.
#[component]
pub fn App() -> impl IntoView {
    let settings = Settings::provide();
    let session = Session::provide(settings);
    let writes = Writes::provide();
    let connected = move || Some(session.is_connected());
    view! {
        <Router>
            <IdleForget session=session settings=settings writes=writes />
            <a class="skip-link" href="#main" on:click=focus_main>"Skip to content"</a>
            <TopBar />
            <OfflineBanner />
            <WriteOutcomes />
            <main id="main" tabindex="-1">
                <Routes fallback=|| view! { <NotFoundPage /> }>
                    <Route path=path!("/connect") view=ConnectPage />
                    <Route path=path!("/settings") view=SettingsPage />
                    <ProtectedRoute
                        path=path!("/")
                        view=PortfolioPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/history")
                        view=HistoryPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/operations")
                        view=OperationsPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/trade")
                        view=TradePage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/earn")
                        view=EarnPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/limits")
                        view=LimitsPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/legacy-api")
                        view=LegacyWalletsPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/legacy-api/trades")
                        view=LegacyTradesPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/legacy-api/fiat-transactions")
                        view=LegacyFiatPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/legacy-api/crypto-transactions")
                        view=LegacyCryptoPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/legacy-api/commodity-transactions")
                        view=LegacyCommodityPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/legacy-api/migrate")
                        view=LegacyMigratePage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/market")
                        view=ExchangeMarketPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/market/orders")
                        view=ExchangeOrdersPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/market/trades")
                        view=ExchangeTradesPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                    <ProtectedRoute
                        path=path!("/market/balances")
                        view=ExchangeBalancesPage
                        condition=connected
                        redirect_path=requested_page_via_connect
                    />
                </Routes>
            </main>
            <footer class="site-footer">
                <p>"Folio keeps your key in this tab only. Close the tab or press “Forget key” to remove it."</p>
            </footer>
        </Router>
    }
}

/// Runs the idle auto-forget inside the router (it needs navigation).
#[component]
fn IdleForget(session: Session, settings: Settings, writes: Writes) -> impl IntoView {
    use_idle_forget(session, settings, writes);
}

/// The Connect address remembering the page the visitor asked for.
fn requested_page_via_connect() -> String {
    let requested = web_sys::window()
        .and_then(|w| {
            let location = w.location();
            Some(format!(
                "{}{}",
                location.pathname().ok()?,
                location.search().ok()?
            ))
        })
        .unwrap_or_default();
    crate::url::connect_redirect(&requested)
}
