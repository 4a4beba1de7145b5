//! Connect: the person pastes an API key (and, if they hold them, the exchange's and legacy
//! API's own keys: `own_keys`), picks the service (this site, live or custom URLs) and
//! presses Connect. The key is checked with one call, its permissions are detected and shown
//! as a table, and only then is it kept (in `sessionStorage`). A wrong key gets a message
//! next to the field and nothing is stored.
//!
//! After connecting, the page shows the permissions and a "Continue to portfolio" link
//! instead of jumping away, so the person sees what the key can and cannot do.

mod cors_check;
mod demo_keys;
mod key_check;
mod own_keys;

use folio_client::scopes::ScopeReport;
use folio_client::{ApiKey, Client};
use leptos::prelude::*;
use leptos_router::components::A;

use crate::components::{ProfilePicker, ScopesTable};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::data::page_task::PageTasks;
use crate::i18n::{t, tf};
use crate::url::{safe_return_path, use_url_state, UrlState};
use demo_keys::DemoKeys;
use key_check::Checked;
use own_keys::{OwnKeyFields, OwnKeysDisclosure};

/// The outcome of the last Connect press.
#[derive(Debug, Clone, PartialEq)]
enum Attempt {
    Idle,
    Checking,
    /// The key was refused: shown next to the field.
    WrongKey(String),
    /// Anything else that failed (network, service).
    Failed(String),
}

/// Connect refuses to send a key from a page that is not a secure context (plain http on a
/// host other than this machine): the key would cross the network readable by anyone on
/// the way.
fn insecure() -> &'static str {
    t("This page was not opened over HTTPS, so Folio will not send your key from it: anyone on the network could read it. Open Folio at its https:// address.")
}

#[component]
pub fn ConnectPage() -> impl IntoView {
    let session = use_session();
    let settings = use_settings();
    let key_text = RwSignal::new(String::new());
    let show_key = RwSignal::new(false);
    let attempt = RwSignal::new(Attempt::Idle);
    let connected_report = RwSignal::new(None::<ScopeReport>);
    let own_fields = OwnKeyFields::new();
    let tasks = PageTasks::new();
    let (return_to, _) = use_url_state::<ReturnTo>(());
    let return_path = Signal::derive(move || return_to.with(|r| same_origin(r.0.clone())));

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if attempt.get_untracked() == Attempt::Checking {
            return;
        }
        let key = ApiKey::new(key_text.get_untracked());
        if key.is_empty() {
            attempt.set(Attempt::WrongKey(t("Paste your API key first.").into()));
            return;
        }
        // A character a request header cannot carry is said at its field, before anything
        // is sent (the browser would refuse the request, which reads as "cannot reach").
        if let Some(problem) = unsendable_words(&key) {
            attempt.set(Attempt::WrongKey(problem));
            return;
        }
        if own_fields.unsendable() {
            attempt.set(Attempt::Idle);
            return;
        }
        let Some(base) = settings.get_untracked().base_urls() else {
            attempt.set(Attempt::Failed(t("Fix the custom base URLs first.").into()));
            return;
        };
        if !web_sys::window().is_some_and(|w| w.is_secure_context()) {
            attempt.set(Attempt::Failed(insecure().into()));
            return;
        }
        attempt.set(Attempt::Checking);
        let current_api = base.current.clone();
        let own = own_fields.keys();
        let client =
            Client::new(base, key.clone()).with_api_keys(own.legacy.clone(), own.exchange.clone());
        tasks.spawn(async move {
            let checked = match key_check::start(client, current_api).await {
                Ok(check) => check.await,
                Err(_) => Checked::Failed(key_check::not_loaded().into()),
            };
            match checked {
                Checked::Accepted(report) if own_fields.refusals(&own, &report) => {
                    attempt.set(Attempt::Idle)
                }
                Checked::Accepted(report) => {
                    session.connect(key, own, report.clone());
                    key_text.set(String::new());
                    own_fields.clear();
                    connected_report.set(Some(report));
                    attempt.set(Attempt::Idle);
                }
                Checked::WrongKey(message) => attempt.set(Attempt::WrongKey(message)),
                Checked::Failed(message) => attempt.set(Attempt::Failed(message)),
            }
        });
    };

    let key_refused = move || matches!(attempt.get(), Attempt::WrongKey(_));
    // Every failure is shown right under the key field; only a refused key marks the field
    // invalid.
    let connect_error = move || match attempt.get() {
        Attempt::WrongKey(message) | Attempt::Failed(message) => Some(message),
        _ => None,
    };
    let checking = move || attempt.get() == Attempt::Checking;

    view! {
        <section class="page connect-page">
            <h1>{t("Connect your account")}</h1>
            {move || session.notice().map(|n| view! { <p class="notice" role="status">{n}</p> })}
            <Show when=move || session.is_connected()>
                <Connected report=connected_report return_path=return_path />
            </Show>
            <form class="connect-form" on:submit=submit novalidate=true>
                <div class="field">
                    <label for="api-key">{t("API key")}</label>
                    <div class="input-with-button">
                        // No `name`, and the password managers' own opt-outs beside
                        // `autocomplete="off"`: the key must not be offered for saving.
                        <input
                            id="api-key"
                            type=move || if show_key.get() { "text" } else { "password" }
                            autocomplete="off"
                            data-1p-ignore="true"
                            data-lpignore="true"
                            data-bwignore="true"
                            data-form-type="other"
                            spellcheck="false"
                            autocapitalize="off"
                            prop:value=move || key_text.get()
                            on:focus=|_| key_check::prefetch()
                            on:input=move |ev| {
                                key_text.set(event_target_value(&ev));
                                if matches!(attempt.get_untracked(), Attempt::WrongKey(_)) {
                                    attempt.set(Attempt::Idle);
                                }
                            }
                            aria-invalid=move || if key_refused() { "true" } else { "false" }
                            aria-describedby="api-key-hint api-key-error"
                        />
                        <button
                            type="button"
                            class="button button-quiet"
                            id="toggle-key-visibility"
                            aria-pressed=move || if show_key.get() { "true" } else { "false" }
                            on:click=move |_| show_key.update(|s| *s = !*s)
                        >
                            {move || if show_key.get() { t("Hide") } else { t("Show") }}
                        </button>
                    </div>
                    <p id="api-key-hint" class="hint">
                        {t("Create a key in your account's API settings. It stays in this browser tab and is forgotten when the tab closes.")}
                    </p>
                    <p id="api-key-error" class="field-error" role="alert" data-testid="connect-error">
                        {connect_error}
                    </p>
                </div>
                <OwnKeysDisclosure fields=own_fields />
                <ProfilePicker id_prefix="connect" />
                <div class="form-actions">
                    <button type="submit" class="button button-primary" id="connect-button" disabled=checking aria-disabled=move || checking().to_string()>
                        {move || if checking() { t("Checking the key…") } else { t("Connect") }}
                    </button>
                </div>
            </form>
            <DemoKeys on_pick=move |key: String| {
                key_check::prefetch();
                key_text.set(key);
                attempt.set(Attempt::Idle);
            } />
        </section>
    }
}

/// The sentence for a key holding a character that cannot be sent in a request header
/// (`ApiKey::unsendable`), naming the character by its code and its place; `None` when the
/// key can be sent.
pub(crate) fn unsendable_words(key: &ApiKey) -> Option<String> {
    let (position, character) = key.unsendable()?;
    let code = format!("U+{:04X}", u32::from(character));
    Some(tf(
        "This key contains a character that cannot be sent ({code}, character {position} of the key). Copy the key again from your account's API settings.",
        &[("code", &code), ("position", &position.to_string())],
    ))
}

/// The page to go to after connecting, from `?next=` (a same-site path, else `/`).
#[derive(Debug, Clone, PartialEq, Eq)]
struct ReturnTo(String);

impl UrlState for ReturnTo {
    type Scope = ();

    fn from_query((): (), get: impl Fn(&str) -> Option<String>) -> Self {
        Self(safe_return_path(get("next").as_deref()))
    }

    fn to_query(&self) -> Vec<(&'static str, Option<String>)> {
        vec![("next", (self.0 != "/").then(|| self.0.clone()))]
    }
}

/// "Connected", the key's permissions and the way on to the page asked for.
#[component]
fn Connected(report: RwSignal<Option<ScopeReport>>, return_path: Signal<String>) -> impl IntoView {
    let session = use_session();
    let label = move || {
        if return_path.get() == "/" {
            t("Continue to portfolio")
        } else {
            t("Continue")
        }
    };
    view! {
        <div class="connected" data-testid="connected">
            <p class="success" role="status">{t("Connected. The key is kept in this tab only.")}</p>
            {move || session.scopes().or(report.get()).map(|report| view! { <ScopesTable report=report /> })}
            <p>
                <A href=move || return_path.get() {..} class="button" id="continue-to-portfolio">{label}</A>
            </p>
            <h2>{t("Use another key")}</h2>
        </div>
    }
}

/// `path` when, resolved against this page's address, it stays on this origin; else `/`.
fn same_origin(path: String) -> String {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return path;
    };
    let (Ok(href), Ok(origin)) = (location.href(), location.origin()) else {
        return "/".to_string();
    };
    match web_sys::Url::new_with_base(&path, &href) {
        Ok(url) if url.origin() == origin => path,
        _ => "/".to_string(),
    }
}
