//! Long work in slices: [`next_task`] waits for the browser's next task, so it can paint and
//! handle input between two slices (the legacy archive's ZIP, the Operations export).

use wasm_bindgen::JsCast;

/// Waits for the browser's next task (a `setTimeout` of 0).
pub async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(resolve.unchecked_ref(), 0);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
