//! Browser transport on `fetch`.
//!
//! `redirect: "error"` so a redirect can never carry the key elsewhere, `credentials: "omit"`,
//! and an `AbortController` per request that aborts when the future is dropped: leaving a page
//! cancels its in-flight reads.

use std::time::Duration;

use js_sys::Promise;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    AbortController, Headers, Request, RequestCredentials, RequestInit, RequestRedirect, Response,
};

use super::{HttpRequest, HttpResponse, Transport};

/// `fetch`-based transport for the browser.
#[derive(Clone, Default)]
pub struct BrowserTransport;

/// Aborts the request when dropped (a completed request ignores the abort).
struct AbortOnDrop(Option<AbortController>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        if let Some(controller) = &self.0 {
            controller.abort();
        }
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

impl Transport for BrowserTransport {
    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, String> {
        let controller = AbortController::new().ok();
        let _guard = AbortOnDrop(controller.clone());
        let init = RequestInit::new();
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

    async fn sleep(&self, duration: Duration) {
        let millis = i32::try_from(duration.as_millis()).unwrap_or(i32::MAX);
        let promise = Promise::new(&mut |resolve, _reject| {
            let global = js_sys::global();
            if let Some(window) = global.dyn_ref::<web_sys::Window>() {
                let _ =
                    window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, millis);
            } else if let Some(worker) = global.dyn_ref::<web_sys::WorkerGlobalScope>() {
                let _ =
                    worker.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, millis);
            } else {
                let _ = resolve.call0(&JsValue::NULL);
            }
        });
        let _ = JsFuture::from(promise).await;
    }
}
