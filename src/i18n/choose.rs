//! Which language Folio speaks, fetching German's translations, and telling the document.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Where the language chosen for this tab is kept (its tag), apart from the other settings:
/// read before the app mounts, and a plain string costs less code to read than a JSON field.
const LANGUAGE_ITEM: &str = "folio.language";

/// A language Folio is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// The source's own text.
    English,
    /// From `locales/de.txt`.
    German,
}

impl Language {
    /// Both, in the order Settings lists them.
    pub const ALL: [Language; 2] = [Language::English, Language::German];

    /// The BCP 47 tag (`<html lang>`).
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::German => "de",
        }
    }

    /// The language's name in itself (how a person looks for their language in a list).
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::German => "Deutsch",
        }
    }

    /// The language a tag names (`de`, `de-AT`, `en-GB`), if Folio speaks it.
    pub fn from_tag(tag: &str) -> Option<Language> {
        let primary = tag.split(['-', '_']).next().unwrap_or_default();
        match primary.to_ascii_lowercase().as_str() {
            "de" => Some(Language::German),
            "en" => Some(Language::English),
            _ => None,
        }
    }

    /// The first of the browser's preferred languages Folio speaks (English otherwise).
    pub fn from_browser(preferred: &[String]) -> Language {
        preferred
            .iter()
            .find_map(|tag| Language::from_tag(tag))
            .unwrap_or(Language::English)
    }
}

/// The language to start in: the one chosen for this tab, else the browser's.
pub fn start_language() -> Language {
    let chosen = crate::contexts::storage::get(LANGUAGE_ITEM);
    chosen
        .as_deref()
        .and_then(Language::from_tag)
        .unwrap_or_else(|| {
            let languages = web_sys::window()
                .map(|w| w.navigator().languages().to_vec())
                .unwrap_or_default();
            let tags: Vec<String> = languages.iter().filter_map(|v| v.as_string()).collect();
            Language::from_browser(&tags)
        })
}

/// Installs `language`, fetching German's translations first. When it cannot be fetched (offline
/// before the first visit cached it) Folio stays in English and says so (`false`).
pub async fn load(language: Language) -> bool {
    let installed = match language {
        Language::English => {
            super::translations::uninstall();
            true
        }
        Language::German => {
            // The text and the module that reads it, fetched side by side.
            let (text, _) = futures::future::join(
                fetch_text(&crate::split::build_keyed("/locales/de.txt")),
                preload_german(),
            )
            .await;
            match text {
                Some(text) => install_german(text).await.is_ok(),
                None => false,
            }
        }
    };
    if !installed {
        super::translations::uninstall();
    }
    apply_to_document();
    installed
}

crate::split::split_fn!(
    german,
    preload_german,
    /// Reads and installs German's translations: a module of its own in the release build, so
    /// that English pays nothing for it.
    fn install_german(text: String) -> () {
        super::install(Some(super::translations::read_entries(&text)))
    }
);

async fn fetch_text(url: &str) -> Option<String> {
    let window = web_sys::window()?;
    let response = JsFuture::from(window.fetch_with_str(url)).await.ok()?;
    let response: web_sys::Response = response.dyn_into().ok()?;
    if !response.ok() {
        return None;
    }
    JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()
}

/// Keeps `language` as the tab's choice.
pub fn remember(language: Language) {
    crate::contexts::storage::set(LANGUAGE_ITEM, language.tag());
}

/// Sets `<html lang>` and the manifest (each language has its own: the installed app's name,
/// description and shortcuts) to the language shown now.
pub fn apply_to_document() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let language = super::language();
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("lang", language.tag());
    }
    if let Ok(Some(link)) = document.query_selector("link[rel=manifest]") {
        let href = match language {
            Language::English => "/manifest.webmanifest",
            Language::German => "/manifest.de.webmanifest",
        };
        let _ = link.set_attribute("href", &crate::split::build_keyed(href));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_string()).collect()
    }

    #[test]
    fn the_browsers_first_known_language_wins() {
        assert_eq!(
            Language::from_browser(&tags(&["de-AT", "en"])),
            Language::German
        );
        assert_eq!(
            Language::from_browser(&tags(&["fr", "de"])),
            Language::German
        );
        assert_eq!(
            Language::from_browser(&tags(&["en-GB", "de"])),
            Language::English
        );
        assert_eq!(
            Language::from_browser(&tags(&["fr", "it"])),
            Language::English
        );
        assert_eq!(Language::from_browser(&[]), Language::English);
        assert_eq!(Language::from_browser(&tags(&["DE_ch"])), Language::German);
    }
}
