//! Keyboard shortcuts: `g` then a letter opens a section, `/` puts the cursor in the page's
//! search, `d` switches discreet mode, `?` opens the list of shortcuts, `Esc` closes dialogs.
//!
//! They never act while the person types in a field, holds Ctrl, Alt or Meta, or has a
//! dialog open (a confirmation stays the only thing a key can touch). The list is a native
//! modal `<dialog>`: it keeps focus inside, `Esc` closes it and focus returns to where it was.
//! The footer's "Keyboard shortcuts" button opens it too ([`open_help`]). The list is built
//! (element by element, its texts as text: no markup is parsed, which the page's Trusted Types
//! policy would refuse) by a module of its own in the release build (`shortcut_list`), fetched
//! the first time the list is opened (or the footer's button is pointed at): every first load
//! is lighter.

use std::cell::Cell;

use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use wasm_bindgen::JsCast;

use crate::components::top_bar::ACCOUNT_PAGES;
use crate::contexts::settings::use_settings;
use crate::i18n::t;
use crate::split::{split_fn, warm_module};

/// What a key press asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shortcut {
    /// Open the page at this path.
    Go(&'static str),
    /// Put the cursor in the page's search field.
    Search,
    /// Show the list of shortcuts.
    Help,
    /// Switch discreet mode.
    Discreet,
}

/// The sections `g` then a letter opens: (letter, path). Their names are the top bar's.
pub const GO_TO: &[(&str, &str)] = &[
    ("p", "/"),
    ("h", "/history"),
    ("o", "/operations"),
    ("t", "/trade"),
    ("e", "/earn"),
    ("l", "/limits"),
    ("i", "/insights"),
    ("w", "/watchlist"),
    ("x", "/market"),
    ("s", "/settings"),
];

/// A section's name as the top bar (or, for the watchlist, the footer) shows it.
fn page_name(path: &str) -> &'static str {
    match path {
        "/watchlist" => t("Watchlist"),
        _ => ACCOUNT_PAGES
            .iter()
            .find(|(p, _)| *p == path)
            .map_or_else(|| t("Settings"), |(_, name)| name()),
    }
}

/// How long after `g` its letter may follow.
const GO_WINDOW_MS: f64 = 1500.0;

/// Reads key presses one by one, remembering a pending `g`.
#[derive(Debug, Default)]
pub struct KeyReader {
    go_since: Cell<Option<f64>>,
}

impl KeyReader {
    /// The shortcut `key` (a `KeyboardEvent.key`) completes at `now_ms`, if any.
    pub fn read(&self, key: &str, now_ms: f64) -> Option<Shortcut> {
        let after_go = self
            .go_since
            .take()
            .is_some_and(|since| now_ms - since <= GO_WINDOW_MS);
        if after_go {
            return GO_TO
                .iter()
                .find(|(letter, _)| *letter == key)
                .map(|&(_, path)| Shortcut::Go(path));
        }
        match key {
            "g" => {
                self.go_since.set(Some(now_ms));
                None
            }
            "/" => Some(Shortcut::Search),
            "?" => Some(Shortcut::Help),
            "d" => Some(Shortcut::Discreet),
            _ => None,
        }
    }
}

/// Whether a key press belongs to something else: typing in a field, a chord with Ctrl, Alt
/// or Meta, an input method composing, or a dialog being open.
fn belongs_elsewhere(ev: &web_sys::KeyboardEvent) -> bool {
    if ev.ctrl_key() || ev.alt_key() || ev.meta_key() || ev.is_composing() {
        return true;
    }
    let typing = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
        .is_some_and(|el| {
            matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                || el.is_content_editable()
        });
    let dialog_open = document()
        .query_selector("[aria-modal=true], dialog[open]")
        .ok()
        .flatten()
        .is_some();
    typing || dialog_open
}

/// Focuses (and selects) the page's search field, if it has one.
fn focus_search() -> bool {
    let field = document()
        .query_selector("main [data-shortcut=search]")
        .ok()
        .flatten()
        .and_then(|el| el.dyn_into::<web_sys::HtmlInputElement>().ok());
    field.is_some_and(|field| {
        let _ = field.focus();
        field.select();
        true
    })
}

/// Listens for the shortcuts (mounted once, inside the router) and holds their dialog.
#[component]
pub fn Shortcuts() -> impl IntoView {
    let settings = use_settings();
    let navigate = use_navigate();
    let reader = KeyReader::default();
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.default_prevented() || belongs_elsewhere(&ev) {
            return;
        }
        let Some(shortcut) = reader.read(&ev.key(), js_sys::Date::now()) else {
            return;
        };
        match shortcut {
            Shortcut::Go(path) => navigate(path, Default::default()),
            Shortcut::Search => {
                if !focus_search() {
                    return;
                }
            }
            Shortcut::Help => open_help(),
            Shortcut::Discreet => settings.toggle_discreet(),
        }
        ev.prevent_default();
    });
    on_cleanup(move || handle.remove());
    // Built by hand in its own module: far less code than a view per element. Its Close
    // button is handled here.
    let close = |ev: leptos::ev::MouseEvent| {
        let target = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        if target.is_some_and(|t| t.has_attribute("data-close")) {
            if let Some(dialog) = help_dialog() {
                dialog.close();
            }
        }
    };
    view! { <div id="shortcut-list-holder" on:click=close></div> }
}

split_fn!(
    shortcut_list,
    preload_shortcut_list,
    /// The list's `<dialog>`, in the language shown (not yet in the page).
    fn shortcut_list_dialog() -> Option<web_sys::Element> {
        build_dialog().ok()
    }
);

/// Starts fetching the list's module (the footer's button is about to be used).
pub fn warm_help() {
    warm_module(preload_shortcut_list());
}

/// The list's `<dialog>`, once in the page.
fn help_dialog() -> Option<web_sys::HtmlDialogElement> {
    document()
        .get_element_by_id("shortcuts")
        .and_then(|el| el.dyn_into().ok())
}

/// Opens the list of shortcuts (a modal: focus moves in and stays until it closes), building
/// it first when this drawing of the page has not yet. If its module cannot be fetched
/// (offline before it was ever saved), the list does not open.
pub fn open_help() {
    if let Some(dialog) = help_dialog() {
        let _ = dialog.show_modal();
        return;
    }
    leptos::task::spawn_local(async {
        let Ok(Some(dialog)) = shortcut_list_dialog().await else {
            return;
        };
        if help_dialog().is_none() {
            if let Some(holder) = document().get_element_by_id("shortcut-list-holder") {
                let _ = holder.append_child(&dialog);
            }
        }
        if let Some(dialog) = help_dialog() {
            let _ = dialog.show_modal();
        }
    });
}

/// The keys and what they do, for the dialog (in the language shown).
fn keys() -> [(&'static str, &'static str); 4] {
    [
        ("/", t("Search on this page")),
        ("d", t("Discreet mode: hide or show amounts")),
        ("?", t("This list")),
        ("Esc", t("Close a dialog")),
    ]
}

/// The list's rows: the keys pressed (one after the other) and what they do. Every text is
/// one of this module's (or the top bar's).
fn rows() -> Vec<(Vec<&'static str>, &'static str)> {
    let go = GO_TO
        .iter()
        .map(|&(letter, path)| (vec!["g", letter], page_name(path)));
    let others = keys().into_iter().map(|(key, what)| (vec![key], what));
    go.chain(others).collect()
}

/// The list's `<dialog>`, element by element: every text is set as text, never parsed as
/// markup.
fn build_dialog() -> Result<web_sys::Element, wasm_bindgen::JsValue> {
    let doc = document();
    let element =
        |tag: &str, text: Option<&str>| -> Result<web_sys::Element, wasm_bindgen::JsValue> {
            let el = doc.create_element(tag)?;
            if let Some(text) = text {
                el.set_text_content(Some(text));
            }
            Ok(el)
        };
    let dialog = element("dialog", None)?;
    for (name, value) in [
        ("id", "shortcuts"),
        ("class", "dialog card shortcut-list"),
        ("aria-labelledby", "shortcuts-title"),
        ("data-testid", "shortcuts"),
    ] {
        dialog.set_attribute(name, value)?;
    }
    let title = element("h2", Some(t("Keyboard shortcuts")))?;
    title.set_id("shortcuts-title");
    dialog.append_child(&title)?;
    let note = element("p", Some(t("Not while you type in a field.")))?;
    dialog.append_child(&note)?;
    let table = element("table", None)?;
    table.set_class_name("data-table");
    let head_row = element("tr", None)?;
    for heading in [t("Keys"), t("Action")] {
        let th = element("th", Some(heading))?;
        th.set_attribute("scope", "col")?;
        head_row.append_child(&th)?;
    }
    let head = element("thead", None)?;
    head.append_child(&head_row)?;
    table.append_child(&head)?;
    let body = element("tbody", None)?;
    for (pressed, what) in rows() {
        let row = element("tr", None)?;
        let keys_cell = element("td", None)?;
        for (i, key) in pressed.into_iter().enumerate() {
            if i > 0 {
                keys_cell.append_child(&doc.create_text_node(" "))?;
            }
            let kbd = element("kbd", Some(key))?;
            keys_cell.append_child(&kbd)?;
        }
        row.append_child(&keys_cell)?;
        let what_cell = element("td", Some(what))?;
        row.append_child(&what_cell)?;
        body.append_child(&row)?;
    }
    table.append_child(&body)?;
    dialog.append_child(&table)?;
    let actions = element("div", None)?;
    actions.set_class_name("dialog-actions");
    let close = element("button", Some(t("Close")))?;
    close.set_attribute("type", "button")?;
    close.set_class_name("button");
    close.set_attribute("data-close", "")?;
    actions.append_child(&close)?;
    dialog.append_child(&actions)?;
    Ok(dialog)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g_then_a_letter_opens_its_section_within_the_window() {
        let keys = KeyReader::default();
        assert_eq!(keys.read("g", 1000.0), None);
        assert_eq!(keys.read("h", 1800.0), Some(Shortcut::Go("/history")));
        assert_eq!(keys.read("g", 5000.0), None);
        assert_eq!(keys.read("x", 6500.0), Some(Shortcut::Go("/market")));
    }

    #[test]
    fn a_late_or_unknown_letter_after_g_does_nothing_and_is_not_kept() {
        let keys = KeyReader::default();
        keys.read("g", 0.0);
        assert_eq!(keys.read("h", 1501.0), None);
        keys.read("g", 2000.0);
        assert_eq!(keys.read("q", 2100.0), None);
        // The `g` was used up: a letter alone is no shortcut.
        assert_eq!(keys.read("h", 2200.0), None);
        // After g, the other shortcuts' keys are not theirs.
        keys.read("g", 3000.0);
        assert_eq!(keys.read("d", 3100.0), None);
    }

    #[test]
    fn single_keys() {
        let keys = KeyReader::default();
        assert_eq!(keys.read("/", 0.0), Some(Shortcut::Search));
        assert_eq!(keys.read("?", 0.0), Some(Shortcut::Help));
        assert_eq!(keys.read("d", 0.0), Some(Shortcut::Discreet));
        assert_eq!(keys.read("D", 0.0), None);
        assert_eq!(keys.read("Enter", 0.0), None);
    }

    #[test]
    fn every_section_key_is_distinct_and_leads_to_a_listed_page() {
        let pages: Vec<&str> = ACCOUNT_PAGES
            .iter()
            .map(|(path, _)| *path)
            .chain(["/settings", "/watchlist"])
            .collect();
        for (i, (letter, path)) in GO_TO.iter().enumerate() {
            assert!(pages.contains(path), "{path}");
            assert!(GO_TO[i + 1..].iter().all(|(other, _)| other != letter));
        }
        assert_eq!(page_name("/market"), "Exchange");
        assert_eq!(page_name("/settings"), "Settings");
        assert_eq!(page_name("/watchlist"), "Watchlist");
        let rows = rows();
        assert!(rows.contains(&(vec!["g", "x"], "Exchange")), "{rows:?}");
        assert!(rows.contains(&(vec!["Esc"], "Close a dialog")), "{rows:?}");
        assert_eq!(rows.len(), GO_TO.len() + keys().len());
    }
}
