//! "Use a different key for…": optional keys of the exchange API's and the legacy API's own,
//! for people who created a dedicated exchange key or whose legacy key differs. Each is
//! probed on its API when Connect is pressed; an API that refuses its key says so at its
//! field and nothing is kept. An empty field means that API gets the main key.

use folio_client::scopes::{Api, Scope, ScopeReport, ScopeState};
use folio_client::ApiKey;
use leptos::prelude::*;

use crate::contexts::session::OwnKeys;
use crate::i18n::t;

/// The typed own keys and the message at each field.
#[derive(Clone, Copy)]
pub struct OwnKeyFields {
    exchange: RwSignal<String>,
    legacy: RwSignal<String>,
    exchange_error: RwSignal<Option<String>>,
    legacy_error: RwSignal<Option<String>>,
}

impl OwnKeyFields {
    /// Empty fields, no messages.
    pub fn new() -> Self {
        OwnKeyFields {
            exchange: RwSignal::new(String::new()),
            legacy: RwSignal::new(String::new()),
            exchange_error: RwSignal::new(None),
            legacy_error: RwSignal::new(None),
        }
    }

    /// The keys typed (an empty field is none).
    pub fn keys(&self) -> OwnKeys {
        let read = |text: RwSignal<String>| {
            Some(ApiKey::new(text.get_untracked())).filter(|k| !k.is_empty())
        };
        OwnKeys {
            legacy: read(self.legacy),
            exchange: read(self.exchange),
        }
    }

    /// Shows, at its field, each own key that its API refused in `report`; true when one
    /// was refused (then nothing may be kept).
    pub fn refusals(&self, own: &OwnKeys, report: &ScopeReport) -> bool {
        let refused =
            |given: bool, scope| given && report.state(scope) == Some(&ScopeState::KeyRefused);
        let exchange = refused(own.exchange.is_some(), Scope::ExchangeRead);
        let legacy = refused(own.legacy.is_some(), Scope::LegacyRead);
        self.exchange_error
            .set(exchange.then(|| refusal_message(Api::Exchange)));
        self.legacy_error
            .set(legacy.then(|| refusal_message(Api::Legacy)));
        exchange || legacy
    }

    /// Shows, at its field, each own key holding a character that cannot be sent in a
    /// request header; true when one does (then nothing may be sent).
    pub fn unsendable(&self) -> bool {
        let own = self.keys();
        let problem = |key: &Option<ApiKey>| key.as_ref().and_then(super::unsendable_words);
        let (exchange, legacy) = (problem(&own.exchange), problem(&own.legacy));
        let found = exchange.is_some() || legacy.is_some();
        self.exchange_error.set(exchange);
        self.legacy_error.set(legacy);
        found
    }

    /// Empties the fields and their messages (after connecting).
    pub fn clear(&self) {
        self.exchange.set(String::new());
        self.legacy.set(String::new());
        self.exchange_error.set(None);
        self.legacy_error.set(None);
    }
}

fn refusal_message(api: Api) -> String {
    if api == Api::Exchange {
        t("The exchange API refused this key. Check it, or leave the field empty to use the key above.").to_string()
    } else {
        t("The legacy API refused this key. Check it, or leave the field empty to use the key above.").to_string()
    }
}

/// The disclosure with both fields; open while one holds text or a message.
#[component]
pub fn OwnKeysDisclosure(fields: OwnKeyFields) -> impl IntoView {
    let open = move || {
        !fields.exchange.with(String::is_empty)
            || !fields.legacy.with(String::is_empty)
            || fields.exchange_error.with(Option::is_some)
            || fields.legacy_error.with(Option::is_some)
    };
    view! {
        <details class="own-keys" prop:open=open>
            <summary id="own-keys-toggle">{t("Use a different key for the exchange or legacy API")}</summary>
            <p class="hint">
                {t("Leave a field empty to use the key above for that API. Every key stays in this tab only, and Forget key forgets them all.")}
            </p>
            <OwnKeyField id="exchange-key" label=t("Exchange API key") text=fields.exchange error=fields.exchange_error />
            <OwnKeyField id="legacy-key" label=t("Legacy API key") text=fields.legacy error=fields.legacy_error />
        </details>
    }
}

/// One own-key field with its message.
#[component]
fn OwnKeyField(
    id: &'static str,
    label: &'static str,
    text: RwSignal<String>,
    error: RwSignal<Option<String>>,
) -> impl IntoView {
    let error_id = format!("{id}-error");
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <input
                id=id
                type="password"
                autocomplete="off"
                data-1p-ignore="true"
                data-lpignore="true"
                data-bwignore="true"
                data-form-type="other"
                spellcheck="false"
                autocapitalize="off"
                prop:value=move || text.get()
                on:input=move |ev| {
                    text.set(event_target_value(&ev));
                    error.set(None);
                }
                aria-invalid=move || if error.with(Option::is_some) { "true" } else { "false" }
                aria-describedby=error_id.clone()
            />
            <p id=error_id class="field-error" role="alert">{move || error.get()}</p>
        </div>
    }
}
