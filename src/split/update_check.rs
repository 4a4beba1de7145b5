//! Why a section's module did not load: was Folio updated since this page started, or is the
//! network (or the server) the problem? The build writes `build.json` (`{"build": "<id>"}`)
//! and puts the same id in `<meta name="folio-build">` of the page (`tools/split-chunks.mjs`);
//! the service worker never caches `build.json`, so asking for it tells the live build.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// What asking the server for its current build found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildCheck {
    /// The server runs a newer build: this page's files were replaced; reloading fixes it.
    Updated,
    /// Same build (or the page has no build id, as in development): try again.
    Same,
    /// No answer: offline, or the server is unreachable.
    NoAnswer,
}

/// Asks the server (never a cache) which build it serves and compares it with this page's.
pub async fn check_for_new_build() -> BuildCheck {
    let Some(running) = running_build() else {
        return BuildCheck::Same;
    };
    match served_build().await {
        Some(served) => compare(&running, &served),
        None => BuildCheck::NoAnswer,
    }
}

/// The decision, apart from the browser.
fn compare(running: &str, served: &str) -> BuildCheck {
    if running == served {
        BuildCheck::Same
    } else {
        BuildCheck::Updated
    }
}

/// The build id the page was started with.
fn running_build() -> Option<String> {
    let meta = leptos::prelude::document()
        .query_selector("meta[name='folio-build']")
        .ok()??;
    meta.get_attribute("content").filter(|id| !id.is_empty())
}

/// `path` as this build asks for it: a file whose name carries no content hash
/// (`/locales/de.txt`, a manifest) gets `?build=<id>`, the address this build's service worker
/// keeps it under and no other build's worker knows (`tools/sw-precache.mjs`). Without a build
/// id (development), `path` as it is.
pub fn build_keyed(path: &str) -> String {
    keyed(path, running_build().as_deref())
}

/// The decision, apart from the browser.
fn keyed(path: &str, build: Option<&str>) -> String {
    match build {
        Some(id) => format!("{path}?build={}", folio_client::percent_encode(id)),
        None => path.to_string(),
    }
}

/// The build id the server holds now, from `/build.json`.
async fn served_build() -> Option<String> {
    let window = web_sys::window()?;
    let init = web_sys::RequestInit::new();
    init.set_cache(web_sys::RequestCache::NoStore);
    let response = JsFuture::from(window.fetch_with_str_and_init("/build.json", &init))
        .await
        .ok()?
        .dyn_into::<web_sys::Response>()
        .ok()?;
    if !response.ok() {
        return None;
    }
    let text = JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()?;
    build_id(&text)
}

/// The `build` field of `build.json`.
fn build_id(text: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    value.get("build")?.as_str().map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unhashed_files_are_asked_for_by_build() {
        assert_eq!(
            keyed("/locales/de.txt", Some("3f9a")),
            "/locales/de.txt?build=3f9a"
        );
        assert_eq!(
            keyed("/manifest.de.webmanifest", None),
            "/manifest.de.webmanifest"
        );
    }

    #[test]
    fn a_different_build_on_the_server_is_an_update() {
        assert_eq!(compare("abc", "abc"), BuildCheck::Same);
        assert_eq!(compare("abc", "def"), BuildCheck::Updated);
    }

    #[test]
    fn the_build_id_is_read_from_build_json() {
        assert_eq!(build_id(r#"{"build":"0123abcd"}"#), Some("0123abcd".into()));
        assert_eq!(build_id("<html>not json</html>"), None);
        assert_eq!(build_id(r#"{"build":7}"#), None);
    }
}
