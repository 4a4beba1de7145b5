//! Waiting for the browser. Long work in slices: [`next_task`] waits for its next task, so it
//! can paint and handle input between two slices (the legacy archive's ZIP, the Operations
//! export). [`after_next_paint`] lets a page's first figures show before what comes second.

use wasm_bindgen::JsCast;

/// Waits for the browser's next task (a `setTimeout` of 0).
pub async fn next_task() {
    wait_ms(0).await;
}

/// Waits until the browser has shown what is on the page now: two animation frames, then
/// [`SHOWN_MS`] (a frame reaches the screen some time after it is drawn; measured in
/// Lighthouse's traces, the second frame alone was sometimes still before the first one's
/// paint). At once where there is no window; hidden tabs draw nothing, so it waits until
/// the tab is shown.
pub async fn after_next_paint() {
    for _ in 0..2 {
        let promise = js_sys::Promise::new(&mut |resolve, _| match web_sys::window() {
            Some(window) => {
                let _ = window.request_animation_frame(resolve.unchecked_ref());
            }
            None => {
                let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
            }
        });
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }
    wait_ms(SHOWN_MS).await;
}

/// How long [`after_next_paint`] waits after the second frame.
const SHOWN_MS: i32 = 50;

/// Waits `ms` milliseconds (a `setTimeout`).
async fn wait_ms(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(resolve.unchecked_ref(), ms);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
