//! One way for every account page to load its data with the connected key and to show the
//! three states of a load (loading, failed with Retry, loaded).

use std::future::Future;

use folio_client::{ApiError, Client};
use leptos::prelude::*;

use crate::components::{ErrorView, FixBaseUrls, Loading};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::data::next_task::Shown;
pub use crate::data::resource::AccountResource;

/// The error a page shows when there is no key or the custom base URLs are invalid.
pub fn not_connected() -> ApiError {
    ApiError::Network {
        detail: "no key or invalid base URLs".into(),
    }
}

/// Loads with the connected key (and a key-less client for public catalogue calls) whenever
/// a signal read by `input` changes. `input` runs in the resource's tracking scope, so it is
/// also where a page tracks its reload counter or URL parameters.
pub fn account_resource<I, T, F, Fut>(
    input: impl Fn() -> I + 'static,
    load: F,
) -> AccountResource<T>
where
    I: 'static,
    T: 'static,
    F: Fn(Client, Client, I) -> Fut + 'static,
    Fut: Future<Output = Result<T, ApiError>> + 'static,
{
    let session = use_session();
    let settings = use_settings();
    AccountResource::new(move || {
        let input = input();
        let pending = match (session.client(settings), session.keyless_client(settings)) {
            (Some(client), Some(keyless)) => Some(load(client, keyless, input)),
            _ => None,
        };
        async move {
            match pending {
                Some(loading) => loading.await,
                None => Err(not_connected()),
            }
        }
    })
}

/// [`account_resource`] that reads only from the moment `when` (it stays loading until then):
/// for the reads a page needs second, which wait until its first figures are shown
/// ([`crate::data::next_task::shown_once`]) so they do not share the connection with them.
pub fn account_resource_when<I, T, F, Fut>(
    when: Shown,
    input: impl Fn() -> I + 'static,
    load: F,
) -> AccountResource<T>
where
    I: 'static,
    T: 'static,
    F: Fn(Client, Client, I) -> Fut + 'static,
    Fut: Future<Output = Result<T, ApiError>> + 'static,
{
    let load = std::rc::Rc::new(load);
    account_resource(input, move |client, keyless, input| {
        let load = load.clone();
        async move {
            when.wait().await;
            load(client, keyless, input).await
        }
    })
}

/// The latest finished answer of `resource`, kept on screen while a reload runs (so a form
/// does not flash away after a write).
pub fn kept_while_reloading<T>(
    resource: AccountResource<T>,
) -> RwSignal<Option<Result<T, ApiError>>>
where
    T: Clone + Send + Sync + 'static,
{
    let shown = RwSignal::new(None);
    crate::effect::effect(move || {
        if let Some(result) = resource.get() {
            shown.set(Some(result));
        }
    });
    shown
}

/// The page body for a load: a way to fix invalid base URLs, "Loading {what}", the error in
/// plain words with Retry (which calls `retry`), or `loaded(value)`.
pub fn load_states<T, V>(
    state: impl Fn() -> Option<Result<T, ApiError>> + Send + Sync + 'static,
    what: &'static str,
    retry: impl Fn() + Send + Sync + 'static,
    loaded: impl Fn(T) -> V + Send + Sync + 'static,
) -> impl Fn() -> AnyView + Send + Sync + 'static
where
    V: IntoView + 'static,
{
    let settings = use_settings();
    let retry = Callback::new(move |()| retry());
    move || match state() {
        _ if settings.base_urls().is_none() => view! { <FixBaseUrls /> }.into_any(),
        None => view! { <Loading what=what /> }.into_any(),
        Some(Err(error)) => view! { <ErrorView error=error what=what on_retry=retry /> }.into_any(),
        Some(Ok(value)) => loaded(value).into_any(),
    }
}
