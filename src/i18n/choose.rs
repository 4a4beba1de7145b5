//! Which language Folio speaks, fetching German's catalogue, and telling the document.

use serde::{Deserialize, Serialize};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// A language Folio is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Language {
    /// The source's own text.
    #[serde(rename = "en")]
    English,
    /// From `locales/de.json`.
    #[serde(rename = "de")]
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

    /// The first of the browser's preferred languages Folio speaks (English otherwise).
    pub fn from_browser(preferred: &[String]) -> Language {
        preferred
            .iter()
            .find_map(|tag| {
                let primary = tag.split(['-', '_']).next().unwrap_or_default();
                match primary.to_ascii_lowercase().as_str() {
                    "de" => Some(Language::German),
                    "en" => Some(Language::English),
                    _ => None,
                }
            })
            .unwrap_or(Language::English)
    }
}

/// The language to start in: the one chosen in Settings for this tab, else the browser's.
pub fn start_language(chosen: Option<Language>) -> Language {
    chosen.unwrap_or_else(|| {
        let languages = web_sys::window()
            .map(|w| w.navigator().languages().to_vec())
            .unwrap_or_default();
        let tags: Vec<String> = languages.iter().filter_map(|v| v.as_string()).collect();
        Language::from_browser(&tags)
    })
}

/// Installs `language`, fetching German's catalogue first. When it cannot be fetched (offline
/// before the first visit cached it) Folio stays in English and says so (`false`).
pub async fn load(language: Language) -> bool {
    let entries = match language {
        Language::English => None,
        Language::German => match fetch_catalogue("/locales/de.json").await {
            Some(entries) => Some(entries),
            None => {
                super::install(None);
                apply_to_document();
                return false;
            }
        },
    };
    super::install(entries);
    apply_to_document();
    true
}

async fn fetch_catalogue(url: &str) -> Option<Vec<(String, String)>> {
    let window = web_sys::window()?;
    let response = JsFuture::from(window.fetch_with_str(url)).await.ok()?;
    let response: web_sys::Response = response.dyn_into().ok()?;
    if !response.ok() {
        return None;
    }
    let text = JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()?;
    let map: std::collections::BTreeMap<String, String> = serde_json::from_str(&text).ok()?;
    Some(map.into_iter().collect())
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
        let _ = link.set_attribute("href", href);
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
