//! Browser transport on `fetch`, through `gloo-net`'s request builder.
//!
//! `redirect: "error"` so a redirect can never carry the key elsewhere, `credentials: "omit"`,
//! `cache: "no-store"` so no answer is served from or kept in the HTTP cache, and an
//! `AbortController` per request that aborts when the future is dropped (leaving a page
//! cancels its in-flight reads) or when the request's timeout passes (a `setTimeout`, cleared
//! when the request ends); a timeout is reported as [`TransportError::TimedOut`].

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use gloo_net::http::{Headers, RequestBuilder};
use js_sys::Promise;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, RequestCache, RequestCredentials, RequestRedirect};

use super::{HttpRequest, HttpResponse, Method, Transport, TransportError};

/// `fetch`-based transport for the browser (`gloo-net`).
#[derive(Clone, Default)]
pub struct BrowserTransport;

/// Aborts the request when dropped (a completed request ignores the abort) and clears the
/// timeout timer, so the timer's callback never runs after the request is gone.
struct AbortOnDrop {
    controller: Option<AbortController>,
    timer: Option<i32>,
    /// Kept alive until the timer is cleared.
    _on_timeout: Option<Closure<dyn FnMut()>>,
}

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        if let Some(handle) = self.timer.take() {
            clear_timer(handle);
        }
        if let Some(controller) = &self.controller {
            controller.abort();
        }
    }
}

/// The longest answer kept for the tab (`crate::kept`), in bytes of text: a catalogue
/// answer is a few KB, and the tab's storage (about 5 MB) also holds the key and settings.
const MAX_KEPT_ANSWER: usize = 256 * 1024;

/// The tab's `sessionStorage`, when there is a window and it allows storage.
fn tab_storage() -> Option<web_sys::Storage> {
    js_sys::global()
        .dyn_ref::<web_sys::Window>()?
        .session_storage()
        .ok()?
}

/// The storage item that keeps the answer of `url`.
fn kept_name(url: &str) -> String {
    format!("{}{url}", crate::KEPT_ITEM_PREFIX)
}

/// Keeps `text` as the item `name` within [`crate::kept::KEPT_BUDGET`]: the oldest kept
/// answers (the order item lists them) are removed first, so the catalogue never fills the
/// tab's storage and the key, its activity time and the settings can always be written. A
/// storage that still refuses keeps nothing more; the read is made again next time.
fn keep_within_budget(storage: &web_sys::Storage, name: &str, text: &str) {
    use crate::kept::{to_evict, KEPT_BUDGET, KEPT_ORDER_ITEM};
    let order = storage
        .get_item(KEPT_ORDER_ITEM)
        .ok()
        .flatten()
        .unwrap_or_default();
    let kept: Vec<(String, usize)> = order
        .lines()
        .filter(|n| *n != name)
        .filter_map(|n| {
            let len = storage.get_item(n).ok()??.len();
            Some((n.to_string(), len))
        })
        .collect();
    let Some(evict) = to_evict(&kept, text.len(), KEPT_BUDGET) else {
        return;
    };
    for n in &evict {
        let _ = storage.remove_item(n);
    }
    let mut names: Vec<&str> = kept
        .iter()
        .map(|(n, _)| n.as_str())
        .filter(|n| !evict.contains(n))
        .collect();
    if storage.set_item(name, text).is_ok() {
        names.push(name);
    }
    let _ = storage.set_item(KEPT_ORDER_ITEM, &names.join("\n"));
}

/// `setTimeout(callback, millis)` on the window or worker; `None` when neither exists.
fn set_timer(callback: &js_sys::Function, millis: i32) -> Option<i32> {
    let global = js_sys::global();
    if let Some(window) = global.dyn_ref::<web_sys::Window>() {
        return window
            .set_timeout_with_callback_and_timeout_and_arguments_0(callback, millis)
            .ok();
    }
    if let Some(worker) = global.dyn_ref::<web_sys::WorkerGlobalScope>() {
        return worker
            .set_timeout_with_callback_and_timeout_and_arguments_0(callback, millis)
            .ok();
    }
    None
}

/// `clearTimeout(handle)` on the window or worker.
fn clear_timer(handle: i32) {
    let global = js_sys::global();
    if let Some(window) = global.dyn_ref::<web_sys::Window>() {
        window.clear_timeout_with_handle(handle);
    } else if let Some(worker) = global.dyn_ref::<web_sys::WorkerGlobalScope>() {
        worker.clear_timeout_with_handle(handle);
    }
}

/// Arms the timeout: after `timeout` the controller aborts and `fired` is set.
fn arm_timeout(
    controller: &Option<AbortController>,
    timeout: Duration,
    fired: &Rc<Cell<bool>>,
) -> AbortOnDrop {
    let Some(c) = controller.clone() else {
        return AbortOnDrop {
            controller: None,
            timer: None,
            _on_timeout: None,
        };
    };
    let flag = Rc::clone(fired);
    let abort = c.clone();
    let on_timeout = Closure::<dyn FnMut()>::new(move || {
        flag.set(true);
        abort.abort();
    });
    let millis = i32::try_from(timeout.as_millis()).unwrap_or(i32::MAX);
    let timer = set_timer(on_timeout.as_ref().unchecked_ref(), millis);
    AbortOnDrop {
        controller: Some(c),
        timer,
        _on_timeout: Some(on_timeout),
    }
}

/// A short description of a failed fetch: the JavaScript error's message (`Failed to fetch`,
/// `The operation was aborted.`), never the request.
fn describe(error: gloo_net::Error) -> String {
    match error {
        gloo_net::Error::JsError(e) => e.message,
        gloo_net::Error::GlooError(message) => message,
    }
}

/// A short description of a JavaScript exception (a refused header).
fn describe_js(error: JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "network error".into())
}

impl BrowserTransport {
    /// One fetch with the abort-on-drop guard and the timeout armed; `Err` is a description.
    async fn exchange(
        &self,
        request: HttpRequest,
        fired: &Rc<Cell<bool>>,
    ) -> Result<HttpResponse, String> {
        let controller = AbortController::new().ok();
        let _guard = arm_timeout(&controller, request.timeout, fired);
        let signal = controller.as_ref().map(AbortController::signal);
        let method = match request.method {
            Method::Get => gloo_net::http::Method::GET,
            Method::Post => gloo_net::http::Method::POST,
            Method::Delete => gloo_net::http::Method::DELETE,
        };
        // The headers are set on a raw `Headers` because gloo-net's `header()` throws on a value
        // the browser refuses (a pasted key with a character outside Latin-1); here that is a
        // network error like any other refused request.
        let headers = web_sys::Headers::new().map_err(describe_js)?;
        for (name, value) in &request.headers {
            headers.set(name, value).map_err(describe_js)?;
        }
        let builder = RequestBuilder::new(&request.url)
            .method(method)
            .headers(Headers::from_raw(headers))
            .cache(RequestCache::NoStore)
            .redirect(RequestRedirect::Error)
            .credentials(RequestCredentials::Omit)
            .abort_signal(signal.as_ref());
        let built = match &request.body {
            Some(body) => builder.body(body.as_str()),
            None => builder.build(),
        };
        let response = built.map_err(describe)?.send().await.map_err(describe)?;
        let status = response.status();
        let retry_after = response.headers().get("retry-after");
        let body = response.text().await.map_err(describe)?;
        Ok(HttpResponse {
            status,
            retry_after,
            body,
        })
    }
}

impl Transport for BrowserTransport {
    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let fired = Rc::new(Cell::new(false));
        let outcome = self.exchange(request, &fired).await;
        match outcome {
            Err(_) if fired.get() => Err(TransportError::TimedOut),
            Err(detail) => Err(TransportError::Network(detail)),
            Ok(response) => Ok(response),
        }
    }

    fn kept(&self, url: &str) -> Option<String> {
        tab_storage()?.get_item(&kept_name(url)).ok()?
    }

    fn keep(&self, url: &str, text: &str) {
        if text.len() > MAX_KEPT_ANSWER {
            return;
        }
        if let Some(storage) = tab_storage() {
            keep_within_budget(&storage, &kept_name(url), text);
        }
    }

    async fn sleep(&self, duration: Duration) {
        let millis = i32::try_from(duration.as_millis()).unwrap_or(i32::MAX);
        let promise = Promise::new(&mut |resolve, _reject| {
            if set_timer(&resolve, millis).is_none() {
                let _ = resolve.call0(&JsValue::NULL);
            }
        });
        let _ = JsFuture::from(promise).await;
    }
}
