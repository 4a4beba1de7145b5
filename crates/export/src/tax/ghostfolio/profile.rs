//! Ghostfolio's custom (MANUAL) asset profiles: the file lists one for each asset its
//! activities name by a `GF_` symbol.

use folio_client::current::AssetType;

use super::super::entry::Unit;
use super::super::json::{object, string};

/// A custom (MANUAL) asset profile.
#[derive(Debug)]
pub(super) struct AssetProfile {
    pub(super) asset_class: Option<&'static str>,
    pub(super) asset_sub_class: Option<&'static str>,
    pub(super) currency: String,
    pub(super) name: String,
    pub(super) symbol: String,
}

impl AssetProfile {
    /// The profile in the file's `assetProfiles`.
    pub(super) fn json(&self) -> String {
        let mut fields = Vec::new();
        if let Some(class) = self.asset_class {
            fields.push(("assetClass", string(class)));
        }
        if let Some(class) = self.asset_sub_class {
            fields.push(("assetSubClass", string(class)));
        }
        fields.push(("currency", string(&self.currency)));
        fields.push(("dataSource", string("MANUAL")));
        fields.push(("name", string(&self.name)));
        fields.push(("symbol", string(&self.symbol)));
        object(&fields, 2)
    }
}

/// `GF_` and the symbol's letters and digits (others become `_`).
pub(super) fn custom_symbol(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    format!(
        "GF_{}",
        if cleaned.is_empty() {
            "UNKNOWN"
        } else {
            &cleaned
        }
    )
}

/// Ghostfolio's asset class and sub-class of a unit.
pub(super) fn classes(unit: &Unit) -> (Option<&'static str>, Option<&'static str>) {
    match unit.asset_type() {
        Some(AssetType::Cryptocoin | AssetType::Index) => {
            (Some("LIQUIDITY"), Some("CRYPTOCURRENCY"))
        }
        Some(AssetType::Stock) => (Some("EQUITY"), Some("STOCK")),
        Some(AssetType::Etf) => (Some("EQUITY"), Some("ETF")),
        Some(AssetType::Metal) => (Some("COMMODITY"), Some("PRECIOUS_METAL")),
        Some(AssetType::Etc) => (Some("COMMODITY"), Some("COMMODITY")),
        Some(AssetType::Other(_)) | None => (None, None),
    }
}
