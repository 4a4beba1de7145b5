//! Preferences for this tab: which service to talk to (sandbox, live, custom base URLs), the
//! valuation currency, the colour theme and how long an idle key is kept.
//!
//! Like the key, they live in `sessionStorage` only (as one JSON item), so closing the tab
//! leaves nothing behind.

use folio_client::{BaseUrlError, BaseUrls};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::contexts::storage;
use crate::i18n::t;

const SETTINGS_ITEM: &str = "folio.settings";

/// Shortest and longest idle time before the key is forgotten, in minutes.
pub const IDLE_MINUTES_RANGE: (u32, u32) = (1, 480);
/// Idle time before the key is forgotten unless changed in Settings.
pub const DEFAULT_IDLE_MINUTES: u32 = 30;

/// Which service the app talks to. Stored as its [`Profile::as_str`] (an unknown value reads
/// as the sandbox): a string costs far less code to read than a serde enum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "String", into = "&'static str")]
pub enum Profile {
    /// This page's own origin (`/public`, `/legacy`, `/exchange`): the bundled sandbox, or a
    /// web server that proxies the live APIs (deploy/). Stored as `sandbox`, its first use.
    Sandbox,
    /// The real service hosts.
    Live,
    /// Three base URLs typed by the user.
    Custom,
}

impl Profile {
    pub const ALL: [Profile; 3] = [Profile::Sandbox, Profile::Live, Profile::Custom];

    /// The value used in form controls.
    pub fn as_str(self) -> &'static str {
        match self {
            Profile::Sandbox => "sandbox",
            Profile::Live => "live",
            Profile::Custom => "custom",
        }
    }

    /// What the option is called on screen.
    pub fn label(self) -> &'static str {
        match self {
            Profile::Sandbox => t("This site (its demo sandbox, or its proxy to Bitpanda)"),
            Profile::Live => t("Bitpanda's hosts, called directly"),
            Profile::Custom => t("Custom base URLs"),
        }
    }
}

/// The colour theme. Stored as its [`Theme::as_str`] (an unknown value reads as the system's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "String", into = "&'static str")]
pub enum Theme {
    /// Follow the operating system.
    System,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    pub fn as_str(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Theme::System => t("Same as the system"),
            Theme::Light => t("Light"),
            Theme::Dark => t("Dark"),
        }
    }
}

impl From<String> for Profile {
    fn from(text: String) -> Self {
        let known = Profile::ALL.into_iter().find(|p| p.as_str() == text);
        known.unwrap_or(Profile::Sandbox)
    }
}

impl From<Profile> for &'static str {
    fn from(profile: Profile) -> Self {
        profile.as_str()
    }
}

impl From<String> for Theme {
    fn from(text: String) -> Self {
        Theme::ALL
            .into_iter()
            .find(|t| t.as_str() == text)
            .unwrap_or(Theme::System)
    }
}

impl From<Theme> for &'static str {
    fn from(theme: Theme) -> Self {
        theme.as_str()
    }
}

/// Base URLs typed for the custom profile (kept as typed, validated before use).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CustomUrls {
    pub current: String,
    pub legacy: String,
    pub exchange: String,
}

impl CustomUrls {
    /// The problem with each URL (current, legacy, exchange), `None` when it is fine (worded
    /// by `components::error_view::UrlWords`).
    pub fn problems(&self) -> [Option<BaseUrlError>; 3] {
        [&self.current, &self.legacy, &self.exchange]
            .map(|url| BaseUrls::validate_custom(url).err())
    }

    pub fn is_valid(&self) -> bool {
        self.problems().iter().all(Option::is_none)
    }
}

/// Everything the Settings page edits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Preferences {
    pub profile: Profile,
    /// Whether the person picked the profile (otherwise the connect page may pick one).
    pub profile_chosen: bool,
    pub custom: CustomUrls,
    /// Valuation currency code (`EUR`).
    pub currency: String,
    pub theme: Theme,
    pub idle_minutes: u32,
    /// Discreet mode: every absolute amount is masked on screen (for sharing a screen);
    /// percentages and the charts' shapes stay.
    pub discreet: bool,
}

impl Default for Preferences {
    fn default() -> Self {
        Self {
            profile: Profile::Sandbox,
            profile_chosen: false,
            custom: CustomUrls::default(),
            currency: "EUR".into(),
            theme: Theme::System,
            idle_minutes: DEFAULT_IDLE_MINUTES,
            discreet: false,
        }
    }
}

impl Preferences {
    /// Reads stored preferences, falling back to defaults for anything unreadable. Read as
    /// a JSON value, then through `folio_client::records` like the services' answers, so no
    /// second typed JSON reader sits in the main module. Not through `decode::decode`: its key
    /// renaming and error sentences are of no use here and cost 0.5–0.7 KB brotli per route.
    pub fn from_json(json: Option<&str>) -> Self {
        let mut prefs: Self = json
            .and_then(|j| serde_json::from_str(j).ok())
            .and_then(|value| folio_client::records::from_value(value).ok())
            .unwrap_or_default();
        prefs.idle_minutes = clamp_idle_minutes(prefs.idle_minutes);
        prefs
    }

    /// The base URLs for the chosen profile; `None` when custom URLs are invalid.
    pub fn base_urls(&self) -> Option<BaseUrls> {
        match self.profile {
            Profile::Sandbox => Some(BaseUrls::same_origin("")),
            Profile::Live => Some(BaseUrls::live()),
            Profile::Custom => self.custom.is_valid().then(|| BaseUrls {
                current: self.custom.current.trim().to_string(),
                legacy: self.custom.legacy.trim().to_string(),
                exchange: self.custom.exchange.trim().to_string(),
            }),
        }
    }
}

/// Keeps the idle time within [`IDLE_MINUTES_RANGE`].
pub fn clamp_idle_minutes(minutes: u32) -> u32 {
    minutes.clamp(IDLE_MINUTES_RANGE.0, IDLE_MINUTES_RANGE.1)
}

/// The preferences as shared state (context). Every change is saved and the theme applied.
///
/// The base URLs and the currency are also exposed as memos, so that data loaded with them
/// reloads only when they really change (not when, say, the theme does).
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    prefs: RwSignal<Preferences>,
    base_urls: Memo<Option<BaseUrls>>,
    currency: Memo<String>,
}

impl Settings {
    /// Loads the preferences, provides them as context and keeps storage and theme in step.
    pub fn provide() -> Self {
        let prefs = RwSignal::new(Preferences::from_json(
            storage::get(SETTINGS_ITEM).as_deref(),
        ));
        crate::effect::effect(move || {
            prefs.with(|p| {
                if let Ok(json) = serde_json::to_string(p) {
                    storage::set(SETTINGS_ITEM, &json);
                }
                apply_look(p.theme, p.discreet);
            });
        });
        let settings = Settings {
            prefs,
            base_urls: Memo::new(move |_| prefs.with(Preferences::base_urls)),
            currency: Memo::new(move |_| prefs.with(|p| p.currency.clone())),
        };
        provide_context(settings);
        settings
    }

    /// Reactive read of one part.
    pub fn with<R>(&self, f: impl FnOnce(&Preferences) -> R) -> R {
        self.prefs.with(f)
    }

    /// Changes the preferences.
    pub fn update(&self, f: impl FnOnce(&mut Preferences)) {
        self.prefs.update(f);
    }

    /// Non-reactive read (event handlers).
    pub fn get_untracked(&self) -> Preferences {
        self.prefs.get_untracked()
    }

    /// The base URLs of the chosen profile (reactive; changes only when they do).
    pub fn base_urls(&self) -> Option<BaseUrls> {
        self.base_urls.get()
    }

    /// The valuation currency code (reactive; changes only when it does).
    pub fn currency(&self) -> String {
        self.currency.get()
    }

    /// Switches discreet mode on or off.
    pub fn toggle_discreet(&self) {
        self.prefs.update(|p| p.discreet = !p.discreet);
    }
}

/// The settings provided by [`Settings::provide`].
pub fn use_settings() -> Settings {
    expect_context::<Settings>()
}

/// Sets `data-theme` on `<html>` (absent for "system", so the media query decides) and
/// `data-discreet` while discreet mode is on (the stylesheet masks every `.amount`).
fn apply_look(theme: Theme, discreet: bool) {
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    let _ = match theme {
        Theme::System => root.remove_attribute("data-theme"),
        other => root.set_attribute("data-theme", other.as_str()),
    };
    let _ = match discreet {
        true => root.set_attribute("data-discreet", ""),
        false => root.remove_attribute("data-discreet"),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_unreadable_json() {
        let prefs = Preferences::from_json(None);
        assert_eq!(prefs.profile, Profile::Sandbox);
        assert_eq!(prefs.idle_minutes, 30);
        assert_eq!(
            Preferences::from_json(Some("{not json")),
            Preferences::default()
        );
        let partial = Preferences::from_json(Some(r#"{"theme":"dark","idle_minutes":0}"#));
        assert_eq!(partial.theme, Theme::Dark);
        assert_eq!(partial.idle_minutes, 1);
        assert_eq!(partial.currency, "EUR");
    }

    #[test]
    fn what_is_stored_reads_back_whole() {
        let prefs = Preferences {
            profile: Profile::Custom,
            profile_chosen: true,
            custom: CustomUrls {
                current: "https://proxy.example/public".into(),
                legacy: "https://proxy.example/legacy".into(),
                exchange: "https://proxy.example/exchange".into(),
            },
            currency: "CHF".into(),
            theme: Theme::Light,
            idle_minutes: 45,
            discreet: true,
        };
        let json = serde_json::to_string(&prefs).unwrap();
        assert_eq!(Preferences::from_json(Some(&json)), prefs);
    }

    #[test]
    fn base_urls_per_profile() {
        let mut prefs = Preferences::default();
        assert_eq!(prefs.base_urls().unwrap().current, "/public");
        prefs.profile = Profile::Live;
        assert_eq!(
            prefs.base_urls().unwrap().current,
            "https://api.public.bitpanda.com"
        );
        prefs.profile = Profile::Custom;
        assert!(prefs.base_urls().is_none());
        prefs.custom = CustomUrls {
            current: " https://proxy.example/public ".into(),
            legacy: "https://proxy.example/legacy".into(),
            exchange: "http://127.0.0.1:9000/exchange".into(),
        };
        assert_eq!(
            prefs.base_urls().unwrap().current,
            "https://proxy.example/public"
        );
        prefs.custom.legacy = "http://evil.example".into();
        assert_eq!(prefs.custom.problems()[1], Some(BaseUrlError::PlainHttp));
        assert!(prefs.base_urls().is_none());
    }

    #[test]
    fn idle_minutes_are_clamped() {
        assert_eq!(clamp_idle_minutes(10_000), 480);
    }
}
