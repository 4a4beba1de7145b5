//! Waiting for the browser. Long work in slices: [`next_task`] waits for its next task, so it
//! can paint and handle input between two slices (the legacy archive's ZIP, the Operations
//! export). [`after_next_paint`] lets a page's first figures show before what comes second.

use leptos::prelude::{Get, GetValue, LocalStorage, RwSignal, Set, Signal, StoredValue};
use wasm_bindgen::JsCast;

/// Waits for the browser's next task (a `setTimeout` of 0).
pub async fn next_task() {
    wait_ms(0).await;
}

/// Calls `then` once the browser has shown what is on the page now: in a task [`SHOWN_MS`]
/// later (at once where there is no window). A frame is drawn within about 16 ms whenever the
/// page's thread is free, and reaches the screen some time after; measured in Lighthouse's
/// traces, a call two frames later was sometimes still before the first frame's paint.
/// A callback, not a future: this sits in every page's first load.
pub fn after_next_paint(then: Box<dyn FnOnce()>) {
    match web_sys::window() {
        Some(window) => {
            let later = wasm_bindgen::closure::Closure::once_into_js(then);
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                later.unchecked_ref(),
                SHOWN_MS,
            );
        }
        None => then(),
    }
}

/// The moment a page's first figures have been shown: once `ready` is true (at once without
/// it) and the page has been drawn with it ([`after_next_paint`]). What a page reads or loads
/// second waits for it, as a signal ([`Shown::flag`]) or a future ([`Shown::wait`]).
#[derive(Clone, Copy)]
pub struct Shown {
    flag: Signal<bool>,
    promise: StoredValue<js_sys::Promise, LocalStorage>,
}

/// The [`Shown`] moment of the current page, after `ready`.
pub fn shown_once(ready: Option<Signal<bool>>) -> Shown {
    let flag = RwSignal::new(false);
    let mut resolve = None;
    let promise = js_sys::Promise::new(&mut |done, _| resolve = Some(done));
    crate::effect::effect(move || {
        if resolve.is_some() && ready.is_none_or(|r| r.get()) {
            let done = resolve.take();
            after_next_paint(Box::new(move || {
                flag.set(true);
                if let Some(done) = done {
                    let _ = done.call0(&wasm_bindgen::JsValue::NULL);
                }
            }));
        }
    });
    Shown {
        flag: flag.into(),
        promise: StoredValue::new_local(promise),
    }
}

impl Shown {
    /// True from that moment on.
    pub fn flag(self) -> Signal<bool> {
        self.flag
    }

    /// Resolves at that moment (at once after it). A future, not a signal to wait on: a
    /// resource's task awaits each read before it looks at its inputs again, so a read that
    /// waited forever for a signal would never run.
    pub async fn wait(self) {
        if let Some(promise) = self.promise.try_get_value() {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        }
    }
}

/// How long [`after_next_paint`] waits.
const SHOWN_MS: i32 = 100;

/// Waits until the browser has drawn a frame with what is on the page now: a task just after
/// its next animation frame (a `requestAnimationFrame` whose callback sets a `setTimeout` of
/// 0, which runs once that frame is rendered), or [`SHOWN_MS`] at most where no frame comes
/// (a tab in the background draws none). A bare [`next_task`] may run before the frame: the
/// browser often runs the timers due before it renders.
pub async fn next_frame() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let Some(window) = web_sys::window() else {
            return;
        };
        let (task, after) = (window.clone(), resolve.clone());
        let frame = move || {
            let _ = task
                .set_timeout_with_callback_and_timeout_and_arguments_0(after.unchecked_ref(), 0);
        };
        let frame = wasm_bindgen::closure::Closure::once_into_js(frame);
        let _ = window.request_animation_frame(frame.unchecked_ref());
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
            resolve.unchecked_ref(),
            SHOWN_MS,
        );
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

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
