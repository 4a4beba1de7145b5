//! `sessionStorage`, the only place Folio keeps anything: it lasts as long as the tab and is
//! never shared with other tabs or written to disk by the app. The client's browser transport
//! writes its own `folio.kept …` items there too (the public catalogue,
//! `crates/client/src/kept.rs`), with its own calls: the client crate cannot use the app's
//! modules.
//!
//! Every call tolerates a missing or blocked storage (private modes, sandboxed frames):
//! reads then return `None` and writes do nothing.

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}

/// Reads an item.
pub fn get(name: &str) -> Option<String> {
    storage()?.get_item(name).ok()?
}

/// Writes an item; ignores a full or unavailable storage.
pub fn set(name: &str, value: &str) {
    if let Some(storage) = storage() {
        let _ = storage.set_item(name, value);
    }
}

/// Writes an item; `false` when the storage is full, blocked or missing (the caller tells
/// the person when that matters: the key, its activity time).
pub fn try_set(name: &str, value: &str) -> bool {
    storage().is_some_and(|storage| storage.set_item(name, value).is_ok())
}

/// Removes an item.
pub fn remove(name: &str) {
    if let Some(storage) = storage() {
        let _ = storage.remove_item(name);
    }
}
