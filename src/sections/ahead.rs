//! Loading ahead of need: the page the address shows before the app is mounted, the part
//! behind a link as the pointer or focus reaches it, and the likely next sections' packs once
//! the page has settled.

use super::Section;

/// Starts loading the module of the page the browser's address shows (Connect's when that
/// page needs a key and the tab holds none), in the task that instantiated the main module,
/// before the app is mounted in the next (`app::start`): the page's pack downloads and
/// compiles while the app is built, instead of being asked for once it is.
pub fn start_page_of_address() {
    use crate::routes::{Page, Shown};
    let Some(path) = web_sys::window().and_then(|w| w.location().pathname().ok()) else {
        return;
    };
    let section = match Page::for_path(&path).shown(crate::contexts::session::key_is_stored()) {
        Shown::Page(Page::Section(section)) => section,
        Shown::ToConnect => Section::Connect,
        Shown::Page(Page::NotFound) => return,
    };
    wasm_bindgen_futures::spawn_local(section.preload(false));
}

/// Starts fetching the section behind a link (its address `href`) when the pointer or focus
/// reaches it, so the click rarely waits for its module; the links call it through
/// `crate::split::warm` (set as the app starts).
pub fn warm_link(href: &str) {
    if let Some(section) = Section::for_path(href) {
        section.prefetch();
    }
}

/// The sections most visits go to next, by their module names in the route table
/// (`folio_routes::SECTIONS`): the portfolio (the landing page after Connect), then history,
/// operations and trade.
const LIKELY_NEXT: [&str; 4] = ["portfolio", "history", "operations", "trade"];

/// Downloads a section's pack into the browser's cache without starting it (no work on the
/// page's thread, unlike [`Section::prefetch`], which readies the module for a click about
/// to happen). The loader of the split build provides `__folioPrefetchSection`
/// (`tools/split-loader.mjs`); without it (`trunk serve`) there is nothing to fetch.
fn download_pack(module: &str) {
    use wasm_bindgen::JsCast;

    let prefetch = js_sys::Reflect::get(&js_sys::global(), &"__folioPrefetchSection".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(prefetch) = prefetch {
        let _ = prefetch.call1(&wasm_bindgen::JsValue::NULL, &module.into());
    }
}

/// How long after start-up the likely next sections may be fetched: the page being opened
/// and its calls come first (measured: warming at the first idle moment instantiated three
/// sections while the portfolio's answers arrived, and delayed its paint).
const SETTLE_MS: i32 = 3_000;

/// Downloads [`LIKELY_NEXT`]'s packs at the first idle moment after [`SETTLE_MS`] (right
/// then where `requestIdleCallback` is missing); skipped when the user asked to save data.
pub fn prefetch_likely_when_idle() {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;

    let Some(window) = web_sys::window() else {
        return;
    };
    if saves_data(&window) {
        return;
    }
    let later = Closure::once_into_js(move || {
        let warm = Closure::once_into_js(|| LIKELY_NEXT.into_iter().for_each(download_pack));
        let callback: &js_sys::Function = warm.unchecked_ref();
        if let Some(window) = web_sys::window() {
            if window.request_idle_callback(callback).is_err() {
                let _ = callback.call0(&wasm_bindgen::JsValue::NULL);
            }
        }
    });
    let _ = window
        .set_timeout_with_callback_and_timeout_and_arguments_0(later.unchecked_ref(), SETTLE_MS);
}

/// `navigator.connection.saveData`, where the browser has it.
fn saves_data(window: &web_sys::Window) -> bool {
    let connection = js_sys::Reflect::get(&window.navigator(), &"connection".into());
    connection
        .ok()
        .filter(|c| c.is_object())
        .and_then(|c| js_sys::Reflect::get(&c, &"saveData".into()).ok())
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_likely_next_sections_are_rows_of_the_route_table() {
        for module in super::LIKELY_NEXT {
            assert!(
                folio_routes::SECTIONS.iter().any(|s| s.module == module),
                "{module}"
            );
        }
    }
}
