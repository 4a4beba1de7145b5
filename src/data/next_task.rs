//! Waiting for the browser. Long work in slices: [`next_task`] waits for its next task, so it
//! can paint and handle input between two slices (the legacy archive's ZIP, the Operations
//! export). [`after_next_paint`] lets a page's first figures show before what comes second.

use leptos::prelude::{Get, GetValue, LocalStorage, RwSignal, Set, Signal, StoredValue};
use wasm_bindgen::JsCast;

/// Waits for the browser's next task: a `scheduler.postTask` where the browser has it
/// (Chromium), else a `setTimeout` of 0. Browsers hold a `setTimeout` back to 4 ms once timers
/// nest five deep, as a long job's slices do: the legacy archive's ZIP of 20,000 records, made
/// in about 100 slices, took 1.37 s instead of 0.8 s. A posted task is not held back, and
/// waits its turn as a timer does: the browser draws and answers input in between
/// (`scheduler.yield()`, tried first, is run before the frames: 9 a second while a ZIP was
/// made).
pub async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if !post_task(&resolve) {
            if let Some(window) = web_sys::window() {
                let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
            }
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Posts `then` as a task of its own with `scheduler.postTask`; `false` where the browser has
/// none. Read through `Reflect`, not a binding of its own: every import is a line of the glue
/// each page loads first.
fn post_task(then: &js_sys::Function) -> bool {
    let word = |w: &str| wasm_bindgen::JsValue::from_str(w);
    let Ok(scheduler) = js_sys::Reflect::get(&js_sys::global(), &word("scheduler")) else {
        return false;
    };
    let Ok(post) = js_sys::Reflect::get(&scheduler, &word("postTask")) else {
        return false;
    };
    post.is_function()
        && post
            .unchecked_into::<js_sys::Function>()
            .call1(&scheduler, then)
            .is_ok()
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
