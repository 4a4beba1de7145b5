//! Names for ids: currencies and assets. The service answers these catalogue calls with or
//! without a key, so when the key lacks the "Trade (Read)" permission they are asked again
//! without it (the key is then not sent at all). Failure only costs the names, never the page.
//!
//! The catalogue is public and the same for every key, so what was read is kept for the life
//! of the tab (in memory, per API address): a second visit to a page asks only for what is
//! new. Beneath this, the client keeps the catalogue's answers in the tab's storage
//! (`folio_client`'s `kept`), so after a reload the same reads are answered without the
//! network. Nothing read with a key about the account is kept.

use std::cell::RefCell;
use std::collections::HashMap;

use folio_client::current::{Asset, AssetsQuery, Currency, Ticker};
use folio_client::{ApiError, AssetId, Client};

/// What was read of the catalogue of one API address.
#[derive(Default)]
struct Known {
    /// The current API's address these answers came from.
    address: String,
    currencies: Vec<Currency>,
    assets: HashMap<String, Asset>,
}

thread_local! {
    static KNOWN: RefCell<Known> = RefCell::new(Known::default());
}

/// Runs `f` on what is known for the address `client` talks to (forgotten when it changes).
fn with_known<R>(client: &Client, f: impl FnOnce(&mut Known) -> R) -> R {
    KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        let address = &client.base().current;
        if known.address != *address {
            *known = Known {
                address: address.clone(),
                ..Known::default()
            };
        }
        f(&mut known)
    })
}

fn lacks_permission(error: &ApiError) -> bool {
    matches!(error, ApiError::MissingScope(_) | ApiError::Unauthorized(_))
}

/// Every currency, or none when they cannot be loaded (kept for the tab once read).
pub async fn currencies(keyed: &Client, keyless: &Client) -> Vec<Currency> {
    if let Some(known) = known_currencies(keyed) {
        return known;
    }
    let read = read_currencies(keyed, keyless).await;
    if !read.is_empty() {
        with_known(keyed, |k| k.currencies = read.clone());
    }
    read
}

/// The currencies already read in this tab, if any.
pub fn known_currencies(client: &Client) -> Option<Vec<Currency>> {
    with_known(client, |k| {
        (!k.currencies.is_empty()).then(|| k.currencies.clone())
    })
}

async fn read_currencies(keyed: &Client, keyless: &Client) -> Vec<Currency> {
    match keyed.current().currencies().await {
        Ok(list) => list.into_vec(),
        Err(e) if lacks_permission(&e) => keyless
            .current()
            .currencies()
            .await
            .unwrap_or_default()
            .into_vec(),
        Err(_) => Vec::new(),
    }
}

/// The assets with these ids (those the catalogue could name; only the ones not read before
/// in this tab are asked for).
pub async fn assets(keyed: &Client, keyless: &Client, ids: &[AssetId]) -> Vec<Asset> {
    let (mut found, missing) = with_known(keyed, |k| {
        let mut found = Vec::new();
        let mut missing = Vec::new();
        for id in ids {
            match k.assets.get(id.as_str()) {
                Some(a) => found.push(a.clone()),
                None if !missing.contains(id) => missing.push(id.clone()),
                None => {}
            }
        }
        (found, missing)
    });
    let read = read_assets(keyed, keyless, &missing).await;
    with_known(keyed, |k| {
        for a in &read {
            k.assets.insert(a.id.to_string(), a.clone());
        }
    });
    found.extend(read);
    found
}

async fn read_assets(keyed: &Client, keyless: &Client, ids: &[AssetId]) -> Vec<Asset> {
    if ids.is_empty() {
        return Vec::new();
    }
    match keyed.current().assets_by_ids(ids).await {
        Ok(list) => list,
        Err(e) if lacks_permission(&e) => keyless
            .current()
            .assets_by_ids(ids)
            .await
            .unwrap_or_default(),
        Err(_) => Vec::new(),
    }
}

/// Assets whose symbol is exactly `symbol` (the service filters; case is normalised).
pub async fn search_symbol(
    keyed: &Client,
    keyless: &Client,
    symbol: &str,
) -> Result<Vec<Asset>, ApiError> {
    let query = AssetsQuery {
        symbol: Some(symbol.trim().to_ascii_uppercase()),
        page_size: Some(10),
        ..AssetsQuery::default()
    };
    match keyed.current().assets(&query).await {
        Ok(page) => Ok(page.data),
        Err(e) if lacks_permission(&e) => Ok(keyless.current().assets(&query).await?.data),
        Err(e) => Err(e),
    }
}

/// The current price of an asset (in EUR).
pub async fn ticker(keyed: &Client, keyless: &Client, id: &AssetId) -> Result<Ticker, ApiError> {
    match keyed.current().ticker(id).await {
        Err(e) if lacks_permission(&e) => keyless.current().ticker(id).await,
        other => other,
    }
}

/// A short label for an id the catalogue did not name: its last eight characters.
pub fn short_id(id: &str) -> String {
    let chars: Vec<char> = id.chars().collect();
    if chars.len() <= 8 {
        return id.to_string();
    }
    let tail: String = chars[chars.len() - 8..].iter().collect();
    format!("…{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_ids() {
        assert_eq!(
            short_id("aadbbd72-ac9a-4620-8cae-77478049658f"),
            "…8049658f"
        );
        assert_eq!(short_id("EUR"), "EUR");
    }

    #[test]
    fn what_was_read_is_kept_per_api_address() {
        let key = folio_client::ApiKey::new("k");
        let here = Client::new(
            folio_client::BaseUrls::same_origin("http://a.test"),
            key.clone(),
        );
        let there = Client::new(folio_client::BaseUrls::live(), key);
        assert!(known_currencies(&here).is_none());
        let eur: Currency = serde_json::from_value(serde_json::json!({
            "id": "c1", "symbol": "EUR"
        }))
        .unwrap();
        with_known(&here, |k| k.currencies = vec![eur.clone()]);
        assert_eq!(known_currencies(&here), Some(vec![eur]));
        // Another address: nothing is known there, and coming back starts over.
        assert!(known_currencies(&there).is_none());
        assert!(known_currencies(&here).is_none());
    }
}
