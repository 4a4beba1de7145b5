//! [`effect`]: the one way Folio runs code again whenever the signals it reads change.
//!
//! Leptos's `Effect::new` is compiled anew for every closure handed to it (about 1 KB of wasm
//! each: the owner, the channel and the task that reruns it), and Folio has some thirty. Here
//! every closure is boxed and handed to one `Effect::new`, compiled once. An effect that needs
//! the value its last run returned uses `Effect::new` directly.

use leptos::prelude::Effect;

/// Runs `run` after the current render, then again each time a signal it read changes, until
/// the owner it was created under is cleaned up.
pub fn effect(run: impl FnMut() + 'static) {
    run_boxed(Box::new(run));
}

fn run_boxed(mut run: Box<dyn FnMut()>) {
    Effect::new(move |_| run());
}
