//! Browser transport on `fetch`.
//!
//! `redirect: "error"` so a redirect can never carry the key elsewhere, `credentials: "omit"`,
//! `cache: "no-store"` so no answer is served from or kept in the HTTP cache, and an
//! `AbortController` per request that aborts when the future is dropped (leaving a page
//! cancels its in-flight reads) or when the request's timeout passes (a `setTimeout`, cleared
//! when the request ends); a timeout is reported as [`TransportError::TimedOut`].

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use js_sys::Promise;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    AbortController, Headers, Request, RequestCache, RequestCredentials, RequestInit,
    RequestRedirect, Response,
};

use super::{HttpRequest, HttpResponse, Transport, TransportError};

/// `fetch`-based transport for the browser.
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

fn describe(err: JsValue) -> String {
    err.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| err.as_string())
        .unwrap_or_else(|| "network error".into())
}

fn global_fetch(request: &Request) -> Result<Promise, String> {
    let global = js_sys::global();
    if let Some(window) = global.dyn_ref::<web_sys::Window>() {
        return Ok(window.fetch_with_request(request));
    }
    if let Some(worker) = global.dyn_ref::<web_sys::WorkerGlobalScope>() {
        return Ok(worker.fetch_with_request(request));
    }
    Err("no fetch in this context".into())
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
        let init = RequestInit::new();
        init.set_cache(RequestCache::NoStore);
        init.set_method(request.method.as_str());
        init.set_redirect(RequestRedirect::Error);
        init.set_credentials(RequestCredentials::Omit);
        if let Some(c) = &controller {
            init.set_signal(Some(&c.signal()));
        }
        let headers = Headers::new().map_err(describe)?;
        for (name, value) in &request.headers {
            headers.set(name, value).map_err(describe)?;
        }
        init.set_headers(&headers);
        if let Some(body) = &request.body {
            init.set_body(&JsValue::from_str(body));
        }
        let req = Request::new_with_str_and_init(&request.url, &init).map_err(describe)?;
        let response: Response = JsFuture::from(global_fetch(&req)?)
            .await
            .map_err(describe)?
            .dyn_into()
            .map_err(describe)?;
        let status = response.status();
        let retry_after = response.headers().get("retry-after").ok().flatten();
        let text = JsFuture::from(response.text().map_err(describe)?)
            .await
            .map_err(describe)?;
        Ok(HttpResponse {
            status,
            retry_after,
            body: text.as_string().unwrap_or_default(),
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
