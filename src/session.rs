//! The connected key: kept in `sessionStorage` only (never in the URL, persistent storage, logs
//! or caches), the scopes detected for it, "Forget key", and forgetting it automatically after
//! a period without any keyboard, pointer or touch activity.

use std::time::Duration;

use chrono::{DateTime, Utc};
use folio_client::scopes::{Scope, ScopeReport, ScopeState};
use folio_client::{ApiKey, Client};
use leptos::prelude::*;

use crate::settings::Settings;
use crate::storage;

const KEY_ITEM: &str = "folio.key";
const SCOPES_ITEM: &str = "folio.scopes";

/// The key of this tab and what it may do (context).
#[derive(Debug, Clone, Copy)]
pub struct Session {
    key: RwSignal<Option<ApiKey>>,
    scopes: RwSignal<Option<ScopeReport>>,
    /// A message for the connect page (e.g. why the key was forgotten).
    notice: RwSignal<Option<String>>,
}

impl Session {
    /// Restores a key stored earlier in this tab and provides the session as context.
    pub fn provide() -> Self {
        let key = storage::get(KEY_ITEM)
            .map(ApiKey::new)
            .filter(|k| !k.is_empty());
        let scopes = storage::get(SCOPES_ITEM).and_then(|json| scopes_from_json(&json));
        let session = Session {
            key: RwSignal::new(key),
            scopes: RwSignal::new(scopes),
            notice: RwSignal::new(None),
        };
        provide_context(session);
        session
    }

    /// Whether a validated key is held (reactive).
    pub fn is_connected(&self) -> bool {
        self.key.with(Option::is_some)
    }

    /// Keeps a key that the service accepted, with its detected scopes.
    pub fn connect(&self, key: ApiKey, scopes: ScopeReport) {
        storage::set(KEY_ITEM, key.expose());
        storage::set(SCOPES_ITEM, &scopes_to_json(&scopes));
        self.notice.set(None);
        self.key.set(Some(key));
        self.scopes.set(Some(scopes));
    }

    /// Drops the key from memory and storage.
    pub fn forget(&self, notice: Option<String>) {
        storage::remove(KEY_ITEM);
        storage::remove(SCOPES_ITEM);
        self.key.set(None);
        self.scopes.set(None);
        self.notice.set(notice);
    }

    /// The detected scopes (reactive).
    pub fn scopes(&self) -> Option<ScopeReport> {
        self.scopes.get()
    }

    /// Why the key was forgotten, if it was forgotten automatically (reactive).
    pub fn notice(&self) -> Option<String> {
        self.notice.get()
    }

    /// A client for the connected key and the current profile (reactive), `None` when not
    /// connected or when the custom base URLs are invalid.
    pub fn client(&self, settings: Settings) -> Option<Client> {
        let key = self.key.get()?;
        let base = settings.base_urls()?;
        Some(Client::new(base, key).key_known_good(true))
    }
}

impl Session {
    /// Whether the key may do what `scope` allows (reactive): false only when the probe found
    /// the scope missing; unknown scopes are allowed and the service has the last word.
    pub fn may(&self, scope: Scope) -> bool {
        self.scopes.with(|report| {
            report.as_ref().is_none_or(|r| {
                !r.scopes
                    .iter()
                    .any(|(s, state)| *s == scope && *state == ScopeState::Missing)
            })
        })
    }

    /// A client without the key, for the catalogue calls the service answers to anyone
    /// (currencies, assets, prices) — reactive like [`Session::client`].
    pub fn keyless_client(&self, settings: Settings) -> Option<Client> {
        self.key.track();
        Some(Client::new(settings.base_urls()?, ApiKey::new("")))
    }
}

/// The session provided by [`Session::provide`].
pub fn use_session() -> Session {
    expect_context::<Session>()
}

fn state_to_text(state: &ScopeState) -> String {
    match state {
        ScopeState::Granted => "granted".into(),
        ScopeState::Missing => "missing".into(),
        ScopeState::Unknown(why) => format!("unknown:{why}"),
    }
}

fn state_from_text(text: &str) -> ScopeState {
    match text {
        "granted" => ScopeState::Granted,
        "missing" => ScopeState::Missing,
        other => ScopeState::Unknown(other.strip_prefix("unknown:").unwrap_or(other).to_string()),
    }
}

/// Serialises a scope report as `[["Balance","granted"], …]`.
pub fn scopes_to_json(report: &ScopeReport) -> String {
    let pairs: Vec<(&str, String)> = report
        .scopes
        .iter()
        .map(|(scope, state)| (scope.name(), state_to_text(state)))
        .collect();
    serde_json::to_string(&pairs).unwrap_or_default()
}

/// Reads what [`scopes_to_json`] wrote; unknown scope names are skipped.
pub fn scopes_from_json(json: &str) -> Option<ScopeReport> {
    let pairs: Vec<(String, String)> = serde_json::from_str(json).ok()?;
    let scopes = pairs
        .iter()
        .filter_map(|(name, state)| {
            let scope = Scope::ALL.into_iter().find(|s| s.name() == name)?;
            Some((scope, state_from_text(state)))
        })
        .collect();
    Some(ScopeReport { scopes })
}

/// Whether `idle_minutes` have passed between `last_activity` and `now`.
pub fn idle_expired(last_activity: DateTime<Utc>, now: DateTime<Utc>, idle_minutes: u32) -> bool {
    now.signed_duration_since(last_activity) >= chrono::Duration::minutes(i64::from(idle_minutes))
}

/// Forgets the key after the idle time set in Settings without keyboard, pointer, touch or
/// wheel activity. Call once, inside the router (it navigates to `/connect`).
///
/// Usage: `use_idle_forget(session, settings);` in the layout component.
pub fn use_idle_forget(session: Session, settings: Settings) {
    let last_activity = StoredValue::new(Utc::now());
    let touch = move || last_activity.set_value(Utc::now());
    // The handles live as long as the app; they are never removed.
    let _ = window_event_listener(leptos::ev::pointerdown, move |_| touch());
    let _ = window_event_listener(leptos::ev::keydown, move |_| touch());
    let _ = window_event_listener(leptos::ev::wheel, move |_| touch());
    let _ = window_event_listener(leptos::ev::touchstart, move |_| touch());
    let navigate = leptos_router::hooks::use_navigate();
    set_interval(
        move || {
            if !session.key.with_untracked(Option::is_some) {
                last_activity.set_value(Utc::now());
                return;
            }
            let minutes = settings.get_untracked().idle_minutes;
            if idle_expired(last_activity.get_value(), Utc::now(), minutes) {
                let unit = if minutes == 1 { "minute" } else { "minutes" };
                session.forget(Some(format!(
                    "The key was forgotten after {minutes} {unit} without activity. Paste it again to continue."
                )));
                navigate("/connect", Default::default());
            }
        },
        Duration::from_secs(15),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn scope_report_round_trips() {
        let report = ScopeReport {
            scopes: vec![
                (Scope::Balance, ScopeState::Granted),
                (Scope::TradeWrite, ScopeState::Missing),
                (Scope::EarnRead, ScopeState::Unknown("offline".into())),
            ],
        };
        let json = scopes_to_json(&report);
        assert!(!json.contains("folio-demo"));
        assert_eq!(scopes_from_json(&json), Some(report));
        assert_eq!(scopes_from_json("nonsense"), None);
    }

    #[test]
    fn idle_time() {
        let start = Utc.with_ymd_and_hms(2026, 1, 1, 10, 0, 0).unwrap();
        let later = Utc.with_ymd_and_hms(2026, 1, 1, 10, 29, 59).unwrap();
        assert!(!idle_expired(start, later, 30));
        let much_later = Utc.with_ymd_and_hms(2026, 1, 1, 10, 30, 0).unwrap();
        assert!(idle_expired(start, much_later, 30));
    }
}
