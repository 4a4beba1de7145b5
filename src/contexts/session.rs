//! The connected key (and the exchange's and legacy API's own keys, when the person gave
//! them): kept in `sessionStorage` only (never in the URL, persistent storage, logs or
//! caches), the scopes detected for them, "Forget key" (forgets every key), and forgetting
//! them automatically after a period without any keyboard, pointer or touch activity.
//!
//! `sessionStorage` survives a tab restore and is copied by "Duplicate tab", so:
//! - the time of the last activity is stored beside the key and the idle limit is enforced
//!   when a tab is restored (a key idle for longer is forgotten before anything is sent);
//! - each connection has a random id stored beside the key; "Forget key" broadcasts it on a
//!   `BroadcastChannel`, and every copy of this tab holding the same connection forgets too
//!   (other tabs connected on their own are not touched).

use std::time::Duration;

use chrono::{DateTime, Utc};
use folio_client::scopes::{Api, Scope, ScopeReport, ScopeState};
use folio_client::{ApiKey, Client};
use leptos::prelude::*;

use crate::contexts::settings::Settings;
use crate::contexts::storage;
use crate::i18n::{t, Words};

mod idle;
mod stored_scopes;
mod work;

pub use idle::use_idle_forget;
use idle::{activity_from_text, idle_expired, idle_notice, note_activity};
use stored_scopes::{scopes_from_json, scopes_to_json};
use work::SessionWork;

use folio_routes::KEY_ITEM;
const LEGACY_KEY_ITEM: &str = "folio.key.legacy";
const EXCHANGE_KEY_ITEM: &str = "folio.key.exchange";
const SCOPES_ITEM: &str = "folio.scopes";
const ACTIVITY_ITEM: &str = "folio.last_activity";
const CONNECTION_ITEM: &str = "folio.connection";
const FORGET_CHANNEL: &str = "folio-forget";

/// Keys of the legacy and exchange APIs' own, when they differ from the main key.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OwnKeys {
    /// The legacy API's key.
    pub legacy: Option<ApiKey>,
    /// The exchange API's key.
    pub exchange: Option<ApiKey>,
}

impl OwnKeys {
    /// The keys kept in this tab's storage.
    fn stored() -> Self {
        let read = |item| {
            storage::get(item)
                .map(ApiKey::new)
                .filter(|k| !k.is_empty())
        };
        OwnKeys {
            legacy: read(LEGACY_KEY_ITEM),
            exchange: read(EXCHANGE_KEY_ITEM),
        }
    }
}

/// The key of this tab and what it may do (context).
#[derive(Debug, Clone, Copy)]
pub struct Session {
    key: RwSignal<Option<ApiKey>>,
    own_keys: RwSignal<OwnKeys>,
    scopes: RwSignal<Option<ScopeReport>>,
    /// A message for the connect page (e.g. why the key was forgotten).
    notice: RwSignal<Option<Words>>,
    /// The session's token and its background work's clean-ups (`session/work.rs`).
    work: StoredValue<SessionWork, LocalStorage>,
    /// Why this tab's storage could not keep the key or its activity time, when it could
    /// not (shown to the person: a reload will then forget the key).
    storage_problem: RwSignal<Option<Words>>,
}

/// Whether this tab's storage holds a key (before the session is restored: it may still be
/// forgotten then, when the tab was idle too long).
pub fn key_is_stored() -> bool {
    storage::get(KEY_ITEM).is_some_and(|k| !k.is_empty())
}

impl Session {
    /// Restores a key stored earlier in this tab (unless it has been idle longer than the
    /// limit in `settings`), listens for "Forget key" in copies of this tab, and provides the
    /// session as context.
    pub fn provide(settings: Settings) -> Self {
        let session = Session {
            key: RwSignal::new(None),
            own_keys: RwSignal::new(OwnKeys::default()),
            scopes: RwSignal::new(None),
            notice: RwSignal::new(None),
            work: StoredValue::new_local(SessionWork::default()),
            storage_problem: RwSignal::new(None),
        };
        let key = storage::get(KEY_ITEM)
            .map(ApiKey::new)
            .filter(|k| !k.is_empty());
        // A stored time that cannot be read, or none at all, counts as long ago: the key is
        // forgotten (connecting always stores one).
        let last_activity = storage::get(ACTIVITY_ITEM)
            .and_then(|t| activity_from_text(&t))
            .unwrap_or(DateTime::<Utc>::MIN_UTC);
        let minutes = settings.get_untracked().idle_minutes;
        match key {
            Some(_) if idle_expired(last_activity, Utc::now(), minutes) => {
                session.forget(Some(idle_notice(minutes)));
            }
            Some(key) => {
                session.key.set(Some(key));
                session.own_keys.set(OwnKeys::stored());
                session
                    .scopes
                    .set(storage::get(SCOPES_ITEM).and_then(|json| scopes_from_json(&json)));
            }
            None => {}
        }
        listen_for_forget_in_copies(session);
        forget_when_addresses_change(session, settings);
        provide_context(session);
        session
    }

    /// Whether a validated key is held (reactive).
    pub fn is_connected(&self) -> bool {
        self.key.with(Option::is_some)
    }

    /// [`Session::is_connected`] without subscribing to changes.
    pub fn is_connected_untracked(&self) -> bool {
        self.key.with_untracked(Option::is_some)
    }

    /// Keeps a key that the service accepted, the exchange's and legacy API's own keys if
    /// given, and the scopes detected with them. Whatever ran for a previous key ends first.
    /// When the tab's storage refuses the key or its activity time, the key works on this
    /// page but a reload forgets it: [`Session::storage_problem`] says so.
    pub fn connect(&self, key: ApiKey, own: OwnKeys, scopes: ScopeReport) {
        self.end_work();
        let stored = storage::try_set(KEY_ITEM, key.expose());
        for (item, own_key) in [
            (LEGACY_KEY_ITEM, &own.legacy),
            (EXCHANGE_KEY_ITEM, &own.exchange),
        ] {
            match own_key {
                Some(k) => storage::set(item, k.expose()),
                None => storage::remove(item),
            }
        }
        self.own_keys.set(own);
        storage::set(SCOPES_ITEM, &scopes_to_json(&scopes));
        storage::set(CONNECTION_ITEM, &new_connection_id());
        let noted = note_activity();
        self.storage_problem.set((!(stored && noted)).then(|| {
            Words::new(|| {
                t("This tab's storage refused to keep the key (it may be full or blocked): it works on this page, but a reload or a restored tab will ask for it again.")
                    .into()
            })
        }));
        self.notice.set(None);
        self.key.set(Some(key));
        self.scopes.set(Some(scopes));
    }

    /// Drops the key from memory and storage, in this tab and in its copies.
    pub fn forget(&self, notice: Option<Words>) {
        if let Some(connection) = storage::get(CONNECTION_ITEM) {
            if let Ok(channel) = web_sys::BroadcastChannel::new(FORGET_CHANNEL) {
                let _ = channel.post_message(&connection.into());
                channel.close();
            }
        }
        self.forget_here(notice);
    }

    /// Ends the session's work: its clients send nothing more, then its clean-ups run.
    fn end_work(&self) {
        let clean_ups = self
            .work
            .try_update_value(SessionWork::end)
            .unwrap_or_default();
        for clean_up in clean_ups {
            clean_up();
        }
    }

    /// Registers `clean_up` to run when this session ends (forgotten by the button, the idle
    /// limit, an address change, or another key connected): it drops what the work read and
    /// resets its view. Without a key, it runs at once.
    pub fn on_end(&self, clean_up: impl FnOnce() + 'static) {
        if !self.is_connected_untracked() {
            clean_up();
            return;
        }
        self.work.update_value(|w| w.on_end(Box::new(clean_up)));
    }

    /// Why the tab's storage could not keep the key, when it could not (reactive).
    pub fn storage_problem(&self) -> Option<String> {
        self.storage_problem.with(|p| p.as_ref().map(Words::text))
    }

    fn forget_here(&self, notice: Option<Words>) {
        self.end_work();
        for item in [
            KEY_ITEM,
            LEGACY_KEY_ITEM,
            EXCHANGE_KEY_ITEM,
            SCOPES_ITEM,
            ACTIVITY_ITEM,
            CONNECTION_ITEM,
        ] {
            storage::remove(item);
        }
        let _ = self.key.try_set(None);
        let _ = self.own_keys.try_set(OwnKeys::default());
        let _ = self.scopes.try_set(None);
        let _ = self.notice.try_set(notice);
        let _ = self.storage_problem.try_set(None);
    }

    /// Whether `api` was given a key of its own (reactive).
    pub fn has_own_key(&self, api: Api) -> bool {
        self.own_keys.with(|own| match api {
            Api::Current => false,
            Api::Legacy => own.legacy.is_some(),
            Api::Exchange => own.exchange.is_some(),
        })
    }

    /// The detected scopes (reactive).
    pub fn scopes(&self) -> Option<ScopeReport> {
        self.scopes.get()
    }

    /// Why the key was forgotten, if it was forgotten automatically (reactive).
    pub fn notice(&self) -> Option<String> {
        self.notice.with(|n| n.as_ref().map(Words::text))
    }

    /// A client for the connected key and the current profile (reactive), `None` when not
    /// connected or when the custom base URLs are invalid.
    pub fn client(&self, settings: Settings) -> Option<Client> {
        let key = self.key.get()?;
        let base = settings.base_urls()?;
        let own = self.own_keys.get();
        let token = self.work.with_value(SessionWork::token);
        Some(with_test_timeouts(
            Client::new(base, key)
                .with_api_keys(own.legacy, own.exchange)
                .key_known_good(true)
                .with_session(token),
        ))
    }
}

impl Session {
    /// Whether the key may do what `scope` allows (reactive): false only when the probe found
    /// the scope missing or the key refused; unknown scopes are allowed and the service has
    /// the last word.
    pub fn may(&self, scope: Scope) -> bool {
        self.scopes.with(|report| {
            report.as_ref().is_none_or(|r| {
                !matches!(
                    r.state(scope),
                    Some(ScopeState::Missing | ScopeState::KeyRefused)
                )
            })
        })
    }

    /// A client without the key, for the catalogue calls the service answers to anyone
    /// (currencies, assets, prices) — reactive like [`Session::client`].
    pub fn keyless_client(&self, settings: Settings) -> Option<Client> {
        self.key.track();
        Some(with_test_timeouts(Client::new(
            settings.base_urls()?,
            ApiKey::new(""),
        )))
    }
}

/// Shorter timeouts for tests and diagnosis: `sessionStorage` items `folio.read_timeout_ms` and
/// `folio.write_timeout_ms` (whole milliseconds) may only *lower* the client's timeouts (15 s
/// for reads, 30 s for writes), never below half a second. They hold no secret.
fn with_test_timeouts(client: Client) -> Client {
    let (read, write) = client.timeouts();
    let read = shorter(read, storage::get("folio.read_timeout_ms").as_deref());
    let write = shorter(write, storage::get("folio.write_timeout_ms").as_deref());
    client.with_timeouts(read, write)
}

/// `typed` milliseconds when it is a number between 500 and `default`, else `default`.
pub fn shorter(default: Duration, typed: Option<&str>) -> Duration {
    typed
        .and_then(|t| t.trim().parse::<u64>().ok())
        .map(Duration::from_millis)
        .filter(|d| *d >= Duration::from_millis(500) && *d < default)
        .unwrap_or(default)
}

/// The session provided by [`Session::provide`].
pub fn use_session() -> Session {
    expect_context::<Session>()
}

/// A random id for one connection (shared by the tab's copies, see the module comment).
fn new_connection_id() -> String {
    web_sys::window()
        .and_then(|w| w.crypto().ok())
        .map(|c| c.random_uuid())
        .unwrap_or_else(|| Utc::now().timestamp_micros().to_string())
}

/// The key is checked against the API addresses it was connected to: when the profile or a
/// custom URL changes while connected, the key is forgotten (and must be connected again)
/// instead of being sent to each partly typed address.
fn forget_when_addresses_change(session: Session, settings: Settings) {
    let connected_to = StoredValue::new(settings.get_untracked().base_urls());
    crate::effect::effect(move || {
        let now = settings.base_urls();
        if connected_to.with_value(|before| before != &now)
            && session.key.with_untracked(Option::is_some)
        {
            session.forget_here(Some(Words::new(|| {
                t("The API addresses changed, so the key was forgotten. Paste it again to check it against the new addresses.")
                    .into()
            })));
        }
        connected_to.set_value(now);
    });
}

/// Forgets the key when a copy of this tab (same connection id) forgot it.
fn listen_for_forget_in_copies(session: Session) {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let Ok(channel) = web_sys::BroadcastChannel::new(FORGET_CHANNEL) else {
        return;
    };
    let on_message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(
        move |ev: web_sys::MessageEvent| {
            let mine = storage::get(CONNECTION_ITEM);
            if mine.is_some() && ev.data().as_string() == mine {
                session.forget_here(Some(Words::new(|| {
                    t("The key was forgotten in another copy of this tab. Paste it again to continue.")
                        .into()
                })));
            }
        },
    );
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The channel and its handler live as long as the app.
    on_message.forget();
    std::mem::forget(channel);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_may_only_be_shortened() {
        let default = Duration::from_secs(15);
        assert_eq!(shorter(default, Some("1500")), Duration::from_millis(1500));
        assert_eq!(shorter(default, Some("60000")), default);
        assert_eq!(shorter(default, Some("10")), default);
        assert_eq!(shorter(default, Some("soon")), default);
        assert_eq!(shorter(default, None), default);
    }
}
