//! The fiat symbols of the legacy lists: they send numeric fiat ids, and the legacy fiat
//! wallets name them.

use std::collections::HashMap;

use leptos::prelude::*;

use crate::data::load::account_resource;

/// Symbols of the legacy fiat ids (`"1"` → `EUR`), from the legacy fiat wallets; empty
/// when they cannot be loaded (ids are then shown as sent).
pub fn use_fiat_symbols() -> Signal<HashMap<String, String>> {
    let wallets = account_resource(
        || (),
        |client, _, ()| async move { client.legacy().fiat_wallets().await },
    );
    Signal::derive(move || {
        let mut map = HashMap::new();
        if let Some(Ok(list)) = wallets.get() {
            for w in list {
                if let (Some(id), Some(symbol)) = (w.attributes.fiat_id, w.attributes.fiat_symbol) {
                    map.insert(id, symbol);
                }
            }
        }
        map
    })
}

/// A fiat id's symbol, or the id itself.
pub fn fiat_symbol(symbols: &HashMap<String, String>, id: Option<&str>) -> String {
    id.map(|id| symbols.get(id).cloned().unwrap_or_else(|| id.to_string()))
        .unwrap_or_default()
}
