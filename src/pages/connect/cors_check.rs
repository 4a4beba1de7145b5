//! Telling "this host does not let this site call it" (CORS) from "the network failed".
//! A browser reports both as the same failure with no status. When Connect's first call to
//! an API on another origin fails that way, the host is asked again in `no-cors` mode for a
//! public path, without the key and without reading the answer: if that request gets any
//! answer, the host is reachable and only the browser's cross-origin rule stood in the way.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::i18n::t;

/// What Connect says when the browser blocked the calls.
pub fn blocked() -> &'static str {
    t("This API host does not allow calls from this site (the browser blocked them; your key was not refused). Serve Folio and the APIs from one address through a reverse proxy — see “Running against the live service” in the README — and choose that address under “Service”.")
}

/// Whether `base` (an API's base URL) is on another origin than this page and answers a
/// plain request: then a failed call to it was the browser's cross-origin block.
pub async fn blocked_by_cors(base: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let Ok(page_origin) = window.location().origin() else {
        return false;
    };
    match folio_client::origin_of(base, &page_origin) {
        Some(origin) if origin != page_origin => {}
        _ => return false,
    }
    let init = web_sys::RequestInit::new();
    init.set_mode(web_sys::RequestMode::NoCors);
    init.set_credentials(web_sys::RequestCredentials::Omit);
    init.set_cache(web_sys::RequestCache::NoStore);
    let url = format!("{}/v1/currencies", base.trim_end_matches('/'));
    JsFuture::from(window.fetch_with_str_and_init(&url, &init))
        .await
        .ok()
        .and_then(|answer| answer.dyn_into::<web_sys::Response>().ok())
        .is_some()
}
