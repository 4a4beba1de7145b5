//! Move to the current API (`/legacy-api/migrate`): where each legacy view lives now in Folio,
//! which permissions the new key needs (and whether the connected key has them), and a
//! comparison showing whether both APIs agree on balances and trades.

use folio_client::scopes::Scope;
use leptos::prelude::*;
use leptos_router::components::A;

use super::frame::{probe_legacy, LegacyFrame};
use super::migration_table::{key_has, MigrationTable};
use super::reconciliation::ReconciliationCard;
use crate::contexts::session::use_session;
use crate::i18n::t;

/// The two write permissions the legacy API never needed.
#[component]
fn KeyCheck() -> impl IntoView {
    let session = use_session();
    let item = move |scope: Scope, id: &'static str, what: &'static str| {
        view! {
            <div class="figure-row">
                <dt>{format!("{} — {what}", scope.name())}</dt>
                <dd id=id class=move || format!("scope-state {}", key_has(session, scope).1)>
                    {move || key_has(session, scope).0}
                </dd>
            </div>
        }
    };
    view! {
        <section class="card" aria-labelledby="key-check-title">
            <h2 id="key-check-title">{t("Check your key before you switch")}</h2>
            <p>{t("The legacy API only read. The current API also trades and stakes, which needs two permissions on the key:")}</p>
            <dl class="figures-list">
                {item(Scope::TradeWrite, "key-trade-write", t("to buy and sell"))}
                {item(Scope::EarnWrite, "key-earn-write", t("to stake and unstake"))}
            </dl>
            <p class="hint">
                {t("Permissions are fixed when a key is created. To add one, create a new key at Bitpanda and ")}
                <A href="/connect">{t("connect it")}</A>
                "."
            </p>
        </section>
    }
}

#[component]
fn Migration() -> impl IntoView {
    probe_legacy();
    view! {
        <section class="card" aria-labelledby="moves-title">
            <h2 id="moves-title">{t("Where everything is now")}</h2>
            <MigrationTable legacy_links=true />
        </section>
        <KeyCheck />
        <ReconciliationCard />
    }
}

/// `/legacy-api/migrate`.
#[component]
pub fn LegacyMigratePage() -> impl IntoView {
    view! {
        <LegacyFrame title=t("Move to the current API")
            intro=t("Everything the legacy API showed is in the current API. This page shows where, and checks that both agree.")>
            <Migration />
        </LegacyFrame>
    }
}
