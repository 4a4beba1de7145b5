//! Switching language while Folio runs.

use leptos::prelude::*;

use super::{load, remember, Language};

/// Tells the app to draw its views again (after the language changed); provided by `App`.
#[derive(Clone, Copy)]
pub struct Redraw(Trigger);

impl Redraw {
    /// Provides the trigger as context.
    pub fn provide() -> Redraw {
        let redraw = Redraw(Trigger::new());
        provide_context(redraw);
        redraw
    }

    /// Subscribes the running effect (the app's shell) to language changes.
    pub fn track(&self) {
        self.0.track();
    }
}

/// Installs `language` (fetching German's text first when needed), keeps the choice for the
/// tab, then has the app draw its views again in place (app.rs): the page, its address and
/// any write in flight stay. `false` when German could not be fetched: Folio stays in English
/// and the choice is not kept.
///
/// Take `redraw` from the context while the view is built (`use_context` finds nothing once
/// the switch has awaited the fetch).
pub async fn switch_language(language: Language, redraw: Option<Redraw>) -> bool {
    let loaded = load(language).await;
    if !loaded {
        // Still English, as shown: nothing to draw again, and the picker stays to say why.
        return false;
    }
    remember(language);
    if let Some(redraw) = redraw {
        redraw.0.notify();
    }
    true
}
