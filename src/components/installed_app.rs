//! Folio as an app on the device: the "new version ready" banner and the offer to install.
//!
//! The service worker's registration (`public/register-sw.js`) notices both and tells the
//! page through `window` events and the flags of `window.__folio`; these views only show them.
//! - A newer build's worker waits until the person presses Reload (never while a write is
//!   waiting for its answer: a reload would lose its outcome, so the banner says to wait).
//! - Where the browser offers installation (`beforeinstallprompt`), the footer shows
//!   "Install Folio as an app", which opens the browser's own prompt. Safari on iPhone and
//!   iPad has no such offer; there the footer says how to add Folio to the Home Screen.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use crate::data::write::use_writes;
use crate::i18n::t;

/// `window.__folio`, set by `register-sw.js`.
fn folio() -> Option<JsValue> {
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &JsValue::from_str("__folio"))
        .ok()
        .filter(JsValue::is_object)
}

/// One flag of `window.__folio` (false when absent).
fn flag(name: &str) -> bool {
    folio()
        .and_then(|f| js_sys::Reflect::get(&f, &JsValue::from_str(name)).ok())
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// Calls one function of `window.__folio` (nothing when absent).
fn call(name: &str) {
    let Some(folio) = folio() else { return };
    let function = js_sys::Reflect::get(&folio, &JsValue::from_str(name))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(function) = function {
        let _ = function.call0(&folio);
    }
}

/// A signal that is `flag` now and follows the events that set (`on`) and clear (`off`) it.
fn follow_flag(flag_name: &str, on: &'static str, off: Option<&'static str>) -> RwSignal<bool> {
    let state = RwSignal::new(flag(flag_name));
    let set = window_event_listener_untyped(on, move |_| state.set(true));
    let clear = off.map(|off| window_event_listener_untyped(off, move |_| state.set(false)));
    on_cleanup(move || {
        set.remove();
        if let Some(clear) = clear {
            clear.remove();
        }
    });
    state
}

/// "A new version of Folio is ready — Reload", once a newer build's worker waits.
#[component]
pub fn UpdateBanner() -> impl IntoView {
    let ready = follow_flag("updateReady", "folio-update-ready", None);
    let writes = use_writes();
    let must_wait = RwSignal::new(false);
    let reload = move |_| {
        let waiting_for_an_answer = writes.in_flight_untracked();
        must_wait.set(waiting_for_an_answer);
        if !waiting_for_an_answer {
            call("update");
        }
    };
    // `hidden` toggles rather than `<Show>`: the markup is fixed, and far less code.
    view! {
        <div class="update-banner" role="status" data-testid="update-banner"
            hidden=move || !ready.get()>
            <span>{t("A new version of Folio is ready.")}</span>
            <button type="button" class="button button-small" on:click=reload>{t("Reload")}</button>
            <span hidden=move || !must_wait.get()>
                {t("A change you sent is still waiting for its answer: reload once it has come.")}
            </span>
        </div>
    }
}

/// Whether `user_agent` (with the screen's `touch_points`) is Safari's on an iPhone, iPod or
/// iPad (iPadOS presents itself as a Mac with a touch screen).
pub fn is_apple_mobile(user_agent: &str, touch_points: i32) -> bool {
    ["iPhone", "iPad", "iPod"]
        .iter()
        .any(|d| user_agent.contains(d))
        || (user_agent.contains("Macintosh") && touch_points > 1)
}

/// Whether Folio runs as an installed app (its own window).
fn running_installed() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(display-mode: standalone)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// The install offer for the footer: a button where the browser offers installation, the
/// Home Screen steps on an iPhone or iPad, nothing once installed.
#[component]
pub fn InstallOffer() -> impl IntoView {
    let offered = follow_flag(
        "installReady",
        "folio-install-ready",
        Some("folio-installed"),
    );
    let navigator = web_sys::window().map(|w| w.navigator());
    let apple = navigator.is_some_and(|n| {
        is_apple_mobile(&n.user_agent().unwrap_or_default(), n.max_touch_points())
    });
    let install = move |_| {
        offered.set(false);
        call("install");
    };
    view! {
        <p hidden=move || !offered.get()>
            <button type="button" class="link-button" data-testid="install" on:click=install>
                {t("Install Folio as an app")}
            </button>
        </p>
        {(apple && !running_installed()).then(|| view! {
            <p data-testid="install-apple">
                {t("To install Folio on this device: Share, then “Add to Home Screen”.")}
            </p>
        })}
    }
}

#[cfg(test)]
mod tests {
    use super::is_apple_mobile;

    #[test]
    fn iphones_and_ipads_are_told_the_home_screen_steps() {
        let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
        let ipad = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
        let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
        assert!(is_apple_mobile(iphone, 5));
        assert!(is_apple_mobile(ipad, 5));
        assert!(!is_apple_mobile(ipad, 0), "a Mac without a touch screen");
        assert!(!is_apple_mobile(android, 5));
    }
}
