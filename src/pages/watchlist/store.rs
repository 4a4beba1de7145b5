//! Where the watchlist lives: the browser's `localStorage` item `folio.watchlist`, a JSON list
//! of asset ids and nothing else (no amount, no key, no account data), so it survives a reload,
//! a new tab and a new visit on this device. It is the one thing Folio keeps beyond the tab:
//! the list is not secret (which prices someone follows), unlike everything in
//! `contexts::storage`. "Forget watchlist" removes the item.
//!
//! What is read back is checked: anything but a list of id-shaped strings is ignored, so a
//! hand-edited or foreign item cannot put text into a request.

/// The `localStorage` item.
pub const ITEM: &str = "folio.watchlist";

/// The most assets followed at once (each is one price read per refresh).
pub const MOST: usize = 50;

/// Whether `id` looks like an asset id (1–64 letters, digits and `-`: the service's UUIDs).
pub fn is_asset_id(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The ids kept in `text` (the item's value): the id-shaped strings of a JSON list, each once,
/// at most [`MOST`]; anything else reads as an empty list.
pub fn parse(text: Option<&str>) -> Vec<String> {
    let listed: Vec<serde_json::Value> = text
        .and_then(|t| serde_json::from_str(t).ok())
        .unwrap_or_default();
    let mut ids: Vec<String> = Vec::new();
    for id in listed.iter().filter_map(serde_json::Value::as_str) {
        if is_asset_id(id) && !ids.iter().any(|kept| kept == id) && ids.len() < MOST {
            ids.push(id.to_string());
        }
    }
    ids
}

/// The item's value for `ids`.
pub fn serialize(ids: &[String]) -> String {
    serde_json::to_string(ids).unwrap_or_else(|_| "[]".to_string())
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The ids on the watchlist (empty when storage is blocked or the item is not a list).
pub fn read() -> Vec<String> {
    parse(storage().and_then(|s| s.get_item(ITEM).ok()?).as_deref())
}

/// Keeps `ids` as the watchlist (an empty list removes the item); `false` when the browser
/// would not store it (blocked or full storage), which the caller says.
pub fn write(ids: &[String]) -> bool {
    let Some(storage) = storage() else {
        return false;
    };
    if ids.is_empty() {
        storage.remove_item(ITEM).is_ok()
    } else {
        storage.set_item(ITEM, &serialize(ids)).is_ok()
    }
}

/// `ids` with `id` added (at the end) or removed; unchanged for an id that is not id-shaped or
/// when adding to a full list.
pub fn toggled(ids: &[String], id: &str) -> Vec<String> {
    if ids.iter().any(|kept| kept == id) {
        ids.iter().filter(|kept| *kept != id).cloned().collect()
    } else if is_asset_id(id) && ids.len() < MOST {
        let mut next = ids.to_vec();
        next.push(id.to_string());
        next
    } else {
        ids.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_list_of_id_shaped_strings_is_read_back() {
        assert_eq!(parse(None), Vec::<String>::new());
        assert_eq!(parse(Some("not json")), Vec::<String>::new());
        assert_eq!(parse(Some(r#"{"a":1}"#)), Vec::<String>::new());
        assert_eq!(
            parse(Some(r#"["1-a", 7, "bad id", "1-a", "<script>", "b2"]"#)),
            vec!["1-a".to_string(), "b2".to_string()]
        );
        let many: Vec<String> = (0..80).map(|n| format!("id-{n}")).collect();
        assert_eq!(parse(Some(&serialize(&many))).len(), MOST);
    }

    #[test]
    fn a_star_adds_at_the_end_and_a_second_removes() {
        let ids = vec!["a".to_string()];
        let added = toggled(&ids, "b");
        assert_eq!(added, vec!["a".to_string(), "b".to_string()]);
        assert_eq!(toggled(&added, "a"), vec!["b".to_string()]);
        assert_eq!(toggled(&ids, "not an id"), ids);
        assert_eq!(serialize(&added), r#"["a","b"]"#);
    }
}
