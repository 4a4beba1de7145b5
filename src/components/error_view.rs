//! One view for every failed call: the error in plain words, and what the person can do.

use folio_client::ApiError;
use leptos::prelude::*;
use leptos_router::components::A;

use crate::i18n::{t, tf};

mod text;
pub use text::*;

/// Shown instead of data when the custom base URLs in Settings are not valid.
#[component]
pub fn FixBaseUrls() -> impl IntoView {
    view! {
        <div class="error-view" role="alert" data-testid="fix-base-urls">
            <h2 class="error-title">{t("No valid service address")}</h2>
            <p class="error-message">
                {t("The custom base URLs are not valid, so Folio cannot load anything. ")}
                <A href="/settings">{t("Fix them in Settings")}</A>
                "."
            </p>
        </div>
    }
}

/// Renders an [`ApiError`] as a sentence with a Retry button (and a way to reconnect when the
/// key itself is the problem).
#[component]
pub fn ErrorView(
    error: ApiError,
    /// What failed, e.g. "the portfolio" (in German the accusative with its article: "das
    /// Portfolio"; it fills "Could not load {what}").
    #[prop(into)]
    what: String,
    /// Called when the person presses Retry.
    #[prop(into)]
    on_retry: Callback<()>,
) -> impl IntoView {
    let key_problem = matches!(error, ApiError::Unauthorized(_) | ApiError::MissingScope(_));
    // A connected key's clients only keep a 401 as `Unauthorized` when the service names
    // the key itself as unknown, invalid or revoked: a key that worked is now refused. It is
    // forgotten (the page then asks for a new one, saying why), never retried.
    if matches!(error, ApiError::Unauthorized(_)) {
        if let Some(session) = use_context::<crate::contexts::session::Session>() {
            if session.is_connected_untracked() {
                session.forget(Some(crate::i18n::Words::new(|| {
                    t("The service refused the key: it was revoked or has expired (the service's keys expire within a year). Create a new key in your Bitpanda account and paste it here.")
                        .into()
                })));
            }
        }
    }
    let message = error.user_message();
    view! {
        <div class="error-view" role="alert" data-testid="error-view">
            <h2 class="error-title">{tf("Could not load {what}", &[("what", &what)])}</h2>
            <p class="error-message">{message}</p>
            <div class="error-actions">
                <button type="button" class="button" on:click=move |_| on_retry.run(())>
                    {t("Retry")}
                </button>
                {key_problem
                    .then(|| {
                        view! {
                            <A href="/connect" {..} class="button button-quiet">
                                {t("Use another key")}
                            </A>
                        }
                    })}
            </div>
        </div>
    }
}
