//! Switching language while Folio runs.

use crate::contexts::settings::Settings;

use super::{load, Language};

/// Installs `language` (fetching German's text first when needed), then keeps the choice for
/// the tab; the app re-draws its views in place (app.rs), so the page, its address and any
/// write in flight stay. `false` when German could not be fetched: Folio stays in English.
pub async fn switch_language(settings: Settings, language: Language) -> bool {
    let loaded = load(language).await;
    settings.update(|p| p.language = Some(language));
    loaded
}
