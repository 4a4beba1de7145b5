//! What a test observes to assert: the tab's storages and URL, accessibility (axe-core),
//! whether the page fits its width, displayed figures, the page's own errors (panics, uncaught
//! errors, raw answers on screen) and the sandbox's side: its request log and a native client
//! reading the same services.

use std::path::PathBuf;

use fantoccini::Locator;
use folio_client::{ApiKey, BaseUrls, Client};
use rust_decimal::Decimal;
use serde_json::Value;

use super::{World, FULL_KEY};

/// Keeps only the digits, sign and decimal point of a displayed figure and parses it.
pub fn figure(text: &str) -> Decimal {
    let cleaned: String = text
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.' || *c == '-' || *c == '−')
        .map(|c| if c == '−' { '-' } else { c })
        .collect();
    cleaned
        .parse()
        .unwrap_or_else(|_| panic!("not a figure: {text:?}"))
}

impl World {
    /// The app's sessionStorage and localStorage contents, as text.
    pub async fn storages(&self) -> (String, String) {
        let s = self
            .js("return JSON.stringify(Object.assign({}, sessionStorage));")
            .await;
        let l = self
            .js("return JSON.stringify(Object.assign({}, localStorage));")
            .await;
        (
            s.as_str().unwrap_or("").to_string(),
            l.as_str().unwrap_or("").to_string(),
        )
    }

    /// The current URL.
    pub async fn url(&self) -> String {
        self.browser.current_url().await.expect("url").to_string()
    }

    /// Whether no element matches `css` right now (no waiting).
    pub async fn is_absent(&self, css: &str) -> bool {
        self.browser.find(Locator::Css(css)).await.is_err()
    }

    /// The `data-value` of an element, parsed. Read in one script (waiting up to 15 s for the
    /// element and its value), so a re-render after the page reloads its data cannot leave the
    /// test holding a detached element.
    pub async fn value(&self, css: &str) -> Decimal {
        let script = format!(
            "const el = document.querySelector({}); return el ? el.getAttribute('data-value') : null;",
            Value::String(css.to_string())
        );
        let mut last = Value::Null;
        for _ in 0..150 {
            last = self.js(&script).await;
            if let Some(v) = last.as_str().filter(|v| !v.is_empty()) {
                return v
                    .parse()
                    .unwrap_or_else(|_| panic!("{css} data-value {v:?}"));
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("{css} never had a data-value; last {last:?}")
    }

    /// Runs axe-core on the page and returns the ids of the violated rules.
    pub async fn axe_violations(&self) -> Vec<String> {
        let axe =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("node_modules/axe-core/axe.min.js");
        let source = std::fs::read_to_string(&axe).expect("node_modules/axe-core (npm ci)");
        self.browser
            .execute(&source, vec![])
            .await
            .expect("axe loads");
        let result = self
            .browser
            .execute_async(
                "const done = arguments[arguments.length - 1];\
                 axe.run(document).then(r => done(r.violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))))\
                 .catch(e => done(['axe failed: ' + e]));",
                vec![],
            )
            .await
            .expect("axe runs");
        result
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Fails when axe-core finds any violation on the page (`what` names the page in the
    /// message).
    pub async fn assert_accessible(&self, what: &str) {
        let violations = self.axe_violations().await;
        assert!(violations.is_empty(), "axe on {what}: {violations:#?}");
    }

    /// Fails when the page scrolls sideways (wider than the window).
    pub async fn assert_fits_width(&self, what: &str) {
        let overflow = self
            .js("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
            .await;
        assert!(
            overflow.as_i64().unwrap_or(0) <= 0,
            "{what} scrolls sideways by {overflow}px"
        );
    }

    /// Fails when a part of the page does not fit the space kept for it while it arrived
    /// (`[data-kept-space]`, a `min-height` in the CSS): once every such part is in, its
    /// content must not reach below that space (which would push what follows down when it
    /// appears) nor leave more than 24 px of it empty.
    pub async fn assert_kept_spaces_fit(&self, what: &str) {
        self.eventually(
            "return [...document.querySelectorAll('[data-kept-space]')].every(el =>\
               el.children.length > 0 && !el.querySelector('.section-opening'));",
            &format!("the parts of {what}"),
        )
        .await;
        let spaces = self
            .js("return [...document.querySelectorAll('[data-kept-space]')].map(el => {\
                   const top = el.getBoundingClientRect().top;\
                   const bottom = Math.max(...[...el.children].map(k => k.getBoundingClientRect().bottom));\
                   return [el.className, bottom - top, parseFloat(getComputedStyle(el).minHeight)];\
                 });")
            .await;
        for space in spaces.as_array().into_iter().flatten() {
            let name = space[0].as_str().unwrap_or_default();
            let (used, kept) = (
                space[1].as_f64().unwrap_or(0.0),
                space[2].as_f64().unwrap_or(0.0),
            );
            assert!(
                used <= kept + 1.0,
                "{what}: .{name} needs {used:.0}px, {kept:.0}px were kept for it (what follows moves down when it arrives)"
            );
            assert!(
                kept - used <= 24.0,
                "{what}: .{name} needs {used:.0}px, {kept:.0}px were kept for it (a gap stays under it)"
            );
        }
    }

    /// Fails when the top bar takes more than one row: every part of it shown (the brand,
    /// the links or the menu button, the key's buttons) sits level with the brand; an open
    /// menu, which drops below by design, is left out.
    pub async fn assert_top_bar_one_row(&self, what: &str) {
        let spread = self
            .js("const mids = [...document.querySelector('.top-bar-inner').children]\
                   .filter(e => e.getClientRects().length > 0 && !e.matches('.site-nav.open'))\
                   .map(e => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; });\
                 return Math.round(Math.max(...mids) - Math.min(...mids));")
            .await;
        assert!(
            spread.as_i64().is_some_and(|px| px < 4),
            "{what}: the top bar takes more than one row ({spread}px between its parts' middles)"
        );
    }

    /// Fails when text runs out of its box: an element holding text whose content is wider
    /// than the element, and which does not scroll (a scroll box such as a wide table's is
    /// fine) nor end in a visible "…" (`text-overflow: ellipsis`, a truncation the reader
    /// sees: the operations list's fixed-height rows). Form controls and visually hidden
    /// labels are left out; only the innermost such element is named.
    pub async fn assert_no_clipped_text(&self, what: &str) {
        let clipped = self
            .js("const out = [];\
                 for (const el of document.querySelectorAll('body *')) {\
                   if (el.closest('select, input, textarea, svg, dialog:not([open]), .visually-hidden, .menu-label')) continue;\
                   if (!el.textContent.trim() || el.clientWidth === 0) continue;\
                   const cs = getComputedStyle(el);\
                   if (cs.visibility !== 'visible' || ['auto', 'scroll'].includes(cs.overflowX)) continue;\
                   if (cs.textOverflow === 'ellipsis') continue;\
                   if (el.scrollWidth > el.clientWidth + 1) out.push(el);\
                 }\
                 return out.filter(el => !out.some(o => o !== el && el.contains(o)))\
                   .map(el => el.outerHTML.slice(0, 160));")
            .await;
        let clipped = clipped.as_array().cloned().unwrap_or_default();
        assert!(
            clipped.is_empty(),
            "{what}: text out of its box: {clipped:#?}"
        );
    }

    /// Starts watching the current document for trouble: records its console output and its
    /// uncaught errors and rejected promises (call again after every full page load).
    pub async fn watch_errors(&self) {
        self.capture_console().await;
        self.js("window.__folioErrors = [];\
                 addEventListener('error', e => window.__folioErrors.push(String(e.message)));\
                 addEventListener('unhandledrejection', e => window.__folioErrors.push(String(e.reason)));\
                 return true;")
            .await;
    }

    /// The page's error since [`World::watch_errors`], if any: a panic (which kills a wasm
    /// page) or an uncaught error.
    pub async fn page_error(&self) -> Option<String> {
        let console = self.console_text().await;
        if console.contains("panicked") {
            return Some(format!("the app panicked: {console}"));
        }
        let errors = self
            .js("return JSON.stringify(window.__folioErrors || []);")
            .await;
        if errors.as_str() != Some("[]") {
            return Some(format!("uncaught errors: {errors}"));
        }
        None
    }

    /// Fails when index.html's start screen (the top bar shown until the app mounts) is still
    /// there once the app shows a page: it would cover the page.
    pub async fn assert_start_screen_gone(&self, what: &str) {
        assert!(
            self.is_absent(".start-screen").await,
            "{what}: index.html's start screen still covers the page"
        );
    }

    /// Fails when the page panicked or threw since [`World::watch_errors`].
    pub async fn assert_no_page_error(&self) {
        if let Some(error) = self.page_error().await {
            panic!("{error}");
        }
    }

    /// What went wrong on this page, if anything: a [`World::page_error`], or a raw answer of
    /// a service (JSON or an HTML error page) shown instead of plain words.
    pub async fn page_problem(&self) -> Option<String> {
        if let Some(error) = self.page_error().await {
            return Some(error);
        }
        let text = self
            .js("return document.body ? document.body.innerText : '';")
            .await;
        let text = text.as_str().unwrap_or_default();
        ["{\"", "<html", "DOCTYPE", "<body", "nginx"]
            .into_iter()
            .find(|raw| text.contains(raw))
            .map(|raw| format!("raw answer on screen ({raw}): {text}"))
    }

    /// Fails when the page shows a [`World::page_problem`] (`what` names the page).
    pub async fn assert_no_page_problem(&self, what: &str) {
        if let Some(problem) = self.page_problem().await {
            panic!("{what}: {problem}");
        }
    }

    /// How many `method` requests whose path contains `path_part` the sandbox answered.
    pub fn sent(&self, method: &str, path_part: &str) -> usize {
        self.server
            .requests()
            .iter()
            .filter(|r| r.method == method && r.path.contains(path_part))
            .count()
    }

    /// Every request that could move money (POST or DELETE) the sandbox answered, as
    /// "METHOD path".
    pub fn writes(&self) -> Vec<String> {
        self.server
            .requests()
            .iter()
            .filter(|r| r.method == "POST" || r.method == "DELETE")
            .map(|r| format!("{} {}", r.method, r.path))
            .collect()
    }

    /// A native client with the full key, to read what the services did.
    pub fn api(&self) -> Client {
        Client::new(
            BaseUrls::same_origin(&self.server.url()),
            ApiKey::new(FULL_KEY),
        )
    }
}
