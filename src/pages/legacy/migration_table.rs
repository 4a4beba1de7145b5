//! The spec's migration table as a page element: each legacy view, the Folio page that
//! replaces it, the current API endpoint behind that page, and the permission the
//! connected key needs for it (with whether this key has it).

use folio_client::scopes::{Scope, ScopeState};
use leptos::prelude::*;
use leptos_router::components::A;

use crate::contexts::session::{use_session, Session};
use crate::i18n::t;

/// One line of the table.
struct Move {
    /// What the person used in the legacy API.
    legacy: &'static str,
    /// Folio's legacy page for it, if any.
    legacy_page: Option<&'static str>,
    /// The legacy endpoints.
    legacy_paths: &'static str,
    /// Folio's page on the current API: (path, label).
    current_page: (&'static str, &'static str),
    /// The current API endpoints.
    current_paths: &'static str,
    /// The permission the key needs.
    scope: Scope,
}

/// The lines, in the language shown.
fn moves() -> [Move; 9] {
    [
        Move {
            legacy: t("Crypto, fiat and asset wallets"),
            legacy_page: Some("/legacy-api"),
            legacy_paths: "GET /v1/wallets, /v1/fiatwallets, /v1/asset-wallets",
            current_page: ("/", t("Portfolio")),
            current_paths: "GET /v1/portfolio",
            scope: Scope::Balance,
        },
        Move {
            legacy: t("Not offered"),
            legacy_page: None,
            legacy_paths: "—",
            current_page: ("/history", t("History")),
            current_paths: "GET /v1/portfolio-history",
            scope: Scope::Balance,
        },
        Move {
            legacy: t("Trades"),
            legacy_page: Some("/legacy-api/trades"),
            legacy_paths: "GET /v1/trades",
            current_page: ("/operations", t("Operations")),
            current_paths: "GET /v1/operations",
            scope: Scope::Transaction,
        },
        Move {
            legacy: t("Fiat transactions"),
            legacy_page: Some("/legacy-api/fiat-transactions"),
            legacy_paths: "GET /v1/fiatwallets/transactions",
            current_page: ("/operations", t("Operations")),
            current_paths: "GET /v1/operations",
            scope: Scope::Transaction,
        },
        Move {
            legacy: t("Crypto transactions"),
            legacy_page: Some("/legacy-api/crypto-transactions"),
            legacy_paths: "GET /v1/wallets/transactions",
            current_page: ("/operations", t("Operations")),
            current_paths: "GET /v1/operations",
            scope: Scope::Transaction,
        },
        Move {
            legacy: t("Metal transactions"),
            legacy_page: Some("/legacy-api/commodity-transactions"),
            legacy_paths: "GET /v1/assets/transactions/commodity",
            current_page: ("/operations", t("Operations")),
            current_paths: "GET /v1/operations",
            scope: Scope::Transaction,
        },
        Move {
            legacy: t("Prices (ticker)"),
            legacy_page: None,
            legacy_paths: "GET /v1/ticker",
            current_page: ("/trade", t("Trade")),
            current_paths: "GET /v1/assets, /v1/currencies, /v1/tickers/{assetId}",
            scope: Scope::TradeRead,
        },
        Move {
            legacy: t("Trading (not offered)"),
            legacy_page: None,
            legacy_paths: "—",
            current_page: ("/trade", t("Trade")),
            current_paths: "POST /v1/quotes, POST /v1/quotes/{id}/accept",
            scope: Scope::TradeWrite,
        },
        Move {
            legacy: t("Earn (not offered)"),
            legacy_page: None,
            legacy_paths: "—",
            current_page: ("/earn", t("Earn")),
            current_paths: "GET /v1/earn/configs, POST /v1/earn/actions/{action}",
            scope: Scope::EarnWrite,
        },
    ]
}

/// "Yes", "No", "Unknown" or "Not checked" for one scope of the connected key, and a class
/// (reactive).
pub fn key_has(session: Session, scope: Scope) -> (&'static str, &'static str) {
    let state = session
        .scopes()
        .and_then(|report| report.state(scope).cloned());
    match state {
        Some(ScopeState::Granted) => (t("Yes"), "scope-yes"),
        Some(ScopeState::Missing | ScopeState::KeyRefused) => (t("No"), "scope-no"),
        Some(ScopeState::Unknown(_) | ScopeState::ProbeAccepted) => (t("Unknown"), "scope-unknown"),
        None => (t("Not checked"), "scope-unknown"),
    }
}

/// The table. `legacy_links` links each legacy view to Folio's legacy page (left out once
/// the legacy API is gone, when those pages have nothing to show).
#[component]
pub fn MigrationTable(#[prop(optional)] legacy_links: bool) -> impl IntoView {
    let session = use_session();
    let rows = moves()
        .into_iter()
        .enumerate()
        .map(|(i, m)| {
            let legacy = match (legacy_links, m.legacy_page) {
                (true, Some(href)) => view! { <A href=href>{m.legacy}</A> }.into_any(),
                _ => m.legacy.into_any(),
            };
            let (path, label) = m.current_page;
            let scope = m.scope;
            view! {
                <tr data-testid="migration-row" data-current-page=path>
                    <th scope="row">{legacy}</th>
                    <td class="mono legacy-paths">{m.legacy_paths}</td>
                    <td id=format!("migration-link-{i}")><A href=path>{label}</A></td>
                    <td class="mono legacy-paths">{m.current_paths}</td>
                    <td>{scope.name()}</td>
                    <td class=move || format!("scope-state {}", key_has(session, scope).1)
                        data-scope-state=scope.name()>
                        {move || key_has(session, scope).0}
                    </td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="migration-caption">
            <table class="data-table migration-table" data-testid="migration-table">
                <caption id="migration-caption">{t("Where each legacy view lives now")}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t("Legacy view")}</th>
                        <th scope="col">{t("Legacy API")}</th>
                        <th scope="col">{t("Now in Folio")}</th>
                        <th scope="col">{t("Current API")}</th>
                        <th scope="col">{t("Permission needed")}</th>
                        <th scope="col">{t("This key has it")}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
