//! What every legacy page shares: the heading, the sub-navigation, the sunset banner
//! (days left until 31 January 2027) and, once the legacy API is gone (after that date by
//! this browser's clock, or as soon as any legacy request answers 410 or 404), a calm
//! explanation that points to the current views instead of the page's content.

use chrono::Utc;
use folio_client::legacy::sunset;
use folio_client::ApiError;
use leptos::prelude::*;
use leptos_router::components::A;

use super::migration_table::MigrationTable;
use crate::components::SectionNav;
use crate::data::resource::AccountResource;
use crate::i18n::t;
use crate::pages::legacy::text::sunset_sentence;

/// Whether the legacy API is known to be switched off (context of one legacy page).
#[derive(Debug, Clone, Copy)]
pub struct LegacyGone(pub RwSignal<bool>);

/// The [`LegacyGone`] of the enclosing [`LegacyFrame`] (a detached one outside it).
pub fn use_legacy_gone() -> RwSignal<bool> {
    use_context::<LegacyGone>()
        .map(|g| g.0)
        .unwrap_or_else(|| RwSignal::new(false))
}

/// Records a failed legacy answer: a 410 or 404 switches the section to "switched off".
/// Returns whether it did.
pub fn note_gone(gone: RwSignal<bool>, error: &ApiError) -> bool {
    let is_gone = sunset::is_gone(error);
    if is_gone && !gone.get_untracked() {
        gone.set(true);
    }
    is_gone
}

/// The legacy pages, in sub-navigation order: (path, label). They live under `/legacy-api`
/// because `/legacy/` on the app's origin is the legacy API itself (sandbox and proxies).
fn legacy_pages() -> [(&'static str, &'static str); 7] {
    [
        ("/legacy-api", t("Wallets")),
        ("/legacy-api/trades", t("Trades")),
        ("/legacy-api/fiat-transactions", t("Fiat transactions")),
        ("/legacy-api/crypto-transactions", t("Crypto transactions")),
        (
            "/legacy-api/commodity-transactions",
            t("Metal transactions"),
        ),
        ("/legacy-api/migrate", t("Move to the current API")),
        ("/legacy-api/archive", t("Download everything")),
    ]
}

/// The days-left banner.
#[component]
fn SunsetBanner(days_left: u32) -> impl IntoView {
    view! {
        <p class="legacy-banner" role="note" data-testid="sunset-banner" data-days-left=days_left.to_string()>
            {sunset_sentence(days_left)}
            " "
            <A href="/legacy-api/migrate">{t("How to move")}</A>
            " · "
            <A href="/legacy-api/archive">{t("Download everything before then")}</A>
        </p>
    }
}

/// Shown instead of a legacy page once the legacy API is switched off.
#[component]
pub fn Decommissioned() -> impl IntoView {
    view! {
        <div class="legacy-gone card" role="status" data-testid="legacy-gone">
            <h2>{t("The legacy API has been switched off")}</h2>
            <p>
                {t("Bitpanda's legacy API was available until 31 January 2027 and no longer answers. ")}
                {t("Nothing is lost: the same wallets, trades and transactions are in the current views.")}
            </p>
            <MigrationTable />
        </div>
    }
}

/// A legacy page: heading, sub-navigation, banner, and `children` while the API is up.
/// Put the page's loading inside `children` (a component), so it runs inside this frame.
#[component]
pub fn LegacyFrame(
    /// The page heading.
    #[prop(into)]
    title: String,
    /// One sentence on what the page shows.
    #[prop(into)]
    intro: String,
    children: ChildrenFn,
) -> impl IntoView {
    let days_left = sunset::days_left(Utc::now().date_naive());
    let gone = RwSignal::new(days_left.is_none());
    provide_context(LegacyGone(gone));
    let body = move || match (gone.get(), days_left) {
        (false, Some(days)) => view! {
            <SunsetBanner days_left=days />
            {children()}
        }
        .into_any(),
        _ => view! { <Decommissioned /> }.into_any(),
    };
    view! {
        <section class="page legacy-page" aria-labelledby="legacy-title">
            <div class="page-head"><h1 id="legacy-title">{title}</h1></div>
            <SectionNav pages=legacy_pages() label=t("Legacy API pages") />
            <p class="hint legacy-intro">{intro}</p>
            {body}
        </section>
    }
}

/// [`crate::data::load::load_states`] for a legacy load: a 410 or 404 answer switches the
/// section to "switched off" (and is never shown as an error with Retry).
pub fn legacy_states<T, V>(
    resource: AccountResource<T>,
    what: &'static str,
    loaded: impl Fn(T) -> V + Send + Sync + 'static,
) -> impl Fn() -> AnyView + Send + Sync + 'static
where
    T: Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let gone = use_legacy_gone();
    crate::effect::effect(move || {
        if let Some(Err(e)) = resource.get() {
            note_gone(gone, &e);
        }
    });
    let state = move || {
        resource
            .get()
            .filter(|r| !matches!(r, Err(e) if sunset::is_gone(e)))
    };
    crate::data::load::load_states(state, what, move || resource.refetch(), loaded)
}

/// For a legacy page that loads nothing from the legacy API at first: one small request
/// (the fiat wallets) so a switched-off API is noticed at once.
pub fn probe_legacy() {
    let gone = use_legacy_gone();
    let probe = crate::data::load::account_resource(
        || (),
        |client, _, ()| async move { client.legacy().fiat_wallets().await.map(|_| ()) },
    );
    crate::effect::effect(move || {
        if let Some(Err(e)) = probe.get() {
            note_gone(gone, &e);
        }
    });
}
