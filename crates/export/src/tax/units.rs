//! What the files call an asset or a currency: the caller's lookup of unit ids (the current
//! API's asset and currency ids, the legacy API's numeric ids) to a symbol and a class.

use std::sync::Arc;

use folio_client::current::{Asset, AssetType, Currency};
use rustc_hash::FxHashMap;

/// What kind of unit an id names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnitClass {
    /// A fiat currency.
    Fiat,
    /// An asset of this class (`None` when the catalogue did not say).
    Asset(Option<AssetType>),
}

/// One asset or currency as the files name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitInfo {
    /// Ticker or ISO code (`BTC`, `EUR`).
    pub symbol: String,
    /// Fiat or which asset class.
    pub class: UnitClass,
    /// The ISIN of a security, when known (Ghostfolio can look securities up by it).
    pub isin: Option<String>,
    /// The display name, when known.
    pub name: Option<String>,
}

impl UnitInfo {
    /// A fiat currency.
    pub fn fiat(symbol: impl Into<String>) -> Self {
        Self {
            symbol: symbol.into(),
            class: UnitClass::Fiat,
            isin: None,
            name: None,
        }
    }

    /// An asset of class `class`.
    pub fn asset(symbol: impl Into<String>, class: AssetType) -> Self {
        Self {
            symbol: symbol.into(),
            class: UnitClass::Asset(Some(class)),
            isin: None,
            name: None,
        }
    }

    /// Whether this is a fiat currency.
    pub fn is_fiat(&self) -> bool {
        self.class == UnitClass::Fiat
    }
}

/// The lookup of unit ids the files need. Unknown ids are written by their id (and counted).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Units {
    by_id: FxHashMap<Arc<str>, Arc<UnitInfo>>,
    legacy_fiat: FxHashMap<String, String>,
    legacy_coin: FxHashMap<String, Arc<UnitInfo>>,
}

impl Units {
    /// An empty lookup.
    pub fn new() -> Self {
        Self::default()
    }

    /// The lookup of the current API's catalogue: every currency (fiat) and asset (its
    /// `type` as class, its ISIN and name). Entries without a symbol are left out.
    pub fn from_catalogue(currencies: &[Currency], assets: &[Asset]) -> Self {
        let mut units = Self::new();
        for c in currencies {
            if let Some(symbol) = &c.symbol {
                let mut info = UnitInfo::fiat(symbol.clone());
                info.name = c.name.clone();
                units.insert(c.id.as_str(), info);
            }
        }
        for a in assets {
            if let Some(symbol) = &a.symbol {
                let info = UnitInfo {
                    symbol: symbol.clone(),
                    class: UnitClass::Asset(a.asset_type.clone()),
                    isin: a.isin.clone(),
                    name: a.name.clone(),
                };
                units.insert(a.id.as_str(), info);
            }
        }
        units
    }

    /// Adds (or replaces) the unit with the current API's id `id`.
    pub fn insert(&mut self, id: impl AsRef<str>, info: UnitInfo) {
        self.by_id.insert(Arc::from(id.as_ref()), Arc::new(info));
    }

    /// Names the legacy API's fiat id `fiat_id` (its fiat wallets' `fiat_id` → `fiat_symbol`).
    pub fn insert_legacy_fiat(&mut self, fiat_id: impl Into<String>, symbol: impl Into<String>) {
        self.legacy_fiat.insert(fiat_id.into(), symbol.into());
    }

    /// Names the legacy API's coin id `cryptocoin_id` (its wallets' `cryptocoin_id`); the id is
    /// also written as Bitpanda's "Product ID".
    pub fn insert_legacy_coin(&mut self, cryptocoin_id: impl Into<String>, info: UnitInfo) {
        self.legacy_coin
            .insert(cryptocoin_id.into(), Arc::new(info));
    }

    /// The unit with the current API's id `id` (shared: every leg naming it holds the same).
    pub fn get(&self, id: &str) -> Option<&Arc<UnitInfo>> {
        self.by_id.get(id)
    }

    /// The id as the lookup holds it (shared, like the unit) and the unit.
    pub fn get_with_id(&self, id: &str) -> Option<(&Arc<str>, &Arc<UnitInfo>)> {
        self.by_id.get_key_value(id)
    }

    /// The fiat symbol of the legacy fiat id `fiat_id`.
    pub fn legacy_fiat(&self, fiat_id: &str) -> Option<&str> {
        self.legacy_fiat.get(fiat_id).map(String::as_str)
    }

    /// The unit of the legacy coin id `cryptocoin_id`.
    pub fn legacy_coin(&self, cryptocoin_id: &str) -> Option<&Arc<UnitInfo>> {
        self.legacy_coin.get(cryptocoin_id)
    }

    /// The asset of the current catalogue with this symbol, when exactly one has it, with
    /// its current id (names a legacy coin and makes its trades the same holding as the
    /// current API's operations on that asset).
    pub fn asset_by_symbol(&self, symbol: &str) -> Option<(&Arc<str>, &Arc<UnitInfo>)> {
        let mut found = self
            .by_id
            .iter()
            .filter(|(_, u)| !u.is_fiat() && u.symbol.eq_ignore_ascii_case(symbol));
        let first = found.next()?;
        found.next().is_none().then_some(first)
    }
}
