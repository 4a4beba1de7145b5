//! Names for ids: currencies and assets. The service answers these catalogue calls with or
//! without a key, so when the key lacks the "Trade (Read)" permission they are asked again
//! without it (the key is then not sent at all). Failure only costs the names, never the page.

use folio_client::current::{Asset, AssetsQuery, Currency, Ticker};
use folio_client::{ApiError, AssetId, Client};

fn lacks_permission(error: &ApiError) -> bool {
    matches!(error, ApiError::MissingScope(_) | ApiError::Unauthorized(_))
}

/// Every currency, or none when they cannot be loaded.
pub async fn currencies(keyed: &Client, keyless: &Client) -> Vec<Currency> {
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

/// The assets with these ids, or none when they cannot be loaded.
pub async fn assets(keyed: &Client, keyless: &Client, ids: &[AssetId]) -> Vec<Asset> {
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
}
