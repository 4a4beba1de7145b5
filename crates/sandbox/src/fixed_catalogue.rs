//! The fixed catalogue: assets (crypto, stocks, ETFs, metals, indices) and fiat currencies.
//!
//! Ids are derived from symbols, not from the seed, so links stay valid across seeds. EUR
//! carries the live service's id.

use crate::ids::Uuid;
use crate::rng::{hash_str, mix64};
use rust_decimal::Decimal;
use std::str::FromStr;
use std::sync::OnceLock;

/// The id of EUR on the live service (and here).
pub const EUR_ID: &str = "b88b8466-efe3-11eb-b56f-0691764446a7";

/// What kind of asset something is; decides type, group, precision and volatility.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssetKind {
    /// A cryptocurrency.
    Crypto,
    /// A stock.
    Stock,
    /// An exchange-traded fund.
    Etf,
    /// A precious metal, counted in grams.
    Metal,
    /// A crypto index.
    Index,
}

impl AssetKind {
    /// The `type` field of `/assets`.
    pub fn type_name(self) -> &'static str {
        match self {
            AssetKind::Crypto => "cryptocoin",
            AssetKind::Stock => "stock",
            AssetKind::Etf => "etf",
            AssetKind::Metal => "metal",
            AssetKind::Index => "index",
        }
    }

    /// The `group` field of `/assets`.
    pub fn group_name(self) -> &'static str {
        match self {
            AssetKind::Crypto => "crypto",
            AssetKind::Stock | AssetKind::Etf => "security",
            AssetKind::Metal => "commodity",
            AssetKind::Index => "index",
        }
    }

    /// Decimals of amounts of this kind (crypto 8, securities 6, metals 4, indices 8).
    pub fn precision(self) -> u32 {
        match self {
            AssetKind::Crypto | AssetKind::Index => 8,
            AssetKind::Stock | AssetKind::Etf => 6,
            AssetKind::Metal => 4,
        }
    }

    /// Price swing amplitude in parts per million, per octave of the price walk.
    pub fn volatility_ppm(self) -> i64 {
        match self {
            AssetKind::Crypto => 110_000,
            AssetKind::Index => 90_000,
            AssetKind::Stock => 55_000,
            AssetKind::Etf => 35_000,
            AssetKind::Metal => 30_000,
        }
    }
}

/// One tradable asset.
#[derive(Debug, Clone)]
pub struct Asset {
    /// Position in the catalogue (stable).
    pub index: usize,
    /// The asset's uuid.
    pub id: Uuid,
    /// Ticker symbol (`BTC`).
    pub symbol: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Kind of asset.
    pub kind: AssetKind,
    /// ISIN for securities.
    pub isin: Option<&'static str>,
    /// Reference price in EUR around which the price walk moves.
    pub base_price_eur: Decimal,
    /// Decimals of prices of this asset.
    pub price_scale: u32,
}

/// One fiat currency with a fixed exchange rate.
#[derive(Debug, Clone)]
pub struct Currency {
    /// Position in the catalogue (EUR is 0).
    pub index: usize,
    /// The currency's uuid.
    pub id: Uuid,
    /// ISO code.
    pub symbol: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Units of this currency per 1 EUR.
    pub per_eur: Decimal,
}

impl Currency {
    /// EUR per 1 unit of this currency (8 decimals), as sent in `to_eur_rate`.
    pub fn to_eur_rate(&self) -> Decimal {
        (Decimal::ONE / self.per_eur).round_dp(8)
    }
}

/// All assets and currencies.
#[derive(Debug)]
pub struct Catalogue {
    /// Assets in catalogue order.
    pub assets: Vec<Asset>,
    /// Currencies, EUR first.
    pub currencies: Vec<Currency>,
}

type Row = (
    &'static str,
    &'static str,
    AssetKind,
    &'static str,
    Option<&'static str>,
);

const ASSETS: &[Row] = {
    use AssetKind::*;
    &[
        ("BTC", "Bitcoin", Crypto, "58000", None),
        ("ETH", "Ethereum", Crypto, "2900", None),
        ("SOL", "Solana", Crypto, "140", None),
        ("ADA", "Cardano", Crypto, "0.45", None),
        ("DOT", "Polkadot", Crypto, "6.2", None),
        ("XRP", "XRP", Crypto, "0.52", None),
        ("DOGE", "Dogecoin", Crypto, "0.12", None),
        ("LTC", "Litecoin", Crypto, "75", None),
        ("LINK", "Chainlink", Crypto, "13.5", None),
        ("AVAX", "Avalanche", Crypto, "28", None),
        ("ATOM", "Cosmos", Crypto, "7.8", None),
        ("XTZ", "Tezos", Crypto, "0.85", None),
        ("POL", "Polygon", Crypto, "0.48", None),
        ("TRX", "Tron", Crypto, "0.11", None),
        ("SHIB", "Shiba Inu", Crypto, "0.000018", None),
        ("BEST", "Bitpanda Ecosystem Token", Crypto, "0.45", None),
        ("AAPL", "Apple", Stock, "190", Some("US0378331005")),
        ("MSFT", "Microsoft", Stock, "390", Some("US5949181045")),
        ("NVDA", "NVIDIA", Stock, "110", Some("US67066G1040")),
        ("AMZN", "Amazon", Stock, "170", Some("US0231351067")),
        ("GOOGL", "Alphabet A", Stock, "155", Some("US02079K3059")),
        ("TSLA", "Tesla", Stock, "220", Some("US88160R1014")),
        ("SAP", "SAP", Stock, "180", Some("DE0007164600")),
        ("ASML", "ASML Holding", Stock, "650", Some("NL0010273215")),
        ("SIE", "Siemens", Stock, "175", Some("DE0007236101")),
        ("NESN", "Nestlé", Stock, "88", Some("CH0038863350")),
        (
            "EUNL",
            "iShares Core MSCI World",
            Etf,
            "92",
            Some("IE00B4L5Y983"),
        ),
        (
            "VWCE",
            "Vanguard FTSE All-World",
            Etf,
            "115",
            Some("IE00BK5BQT80"),
        ),
        (
            "SXR8",
            "iShares Core S&P 500",
            Etf,
            "510",
            Some("IE00B5BMR087"),
        ),
        (
            "XMME",
            "Xtrackers MSCI Emerging Markets",
            Etf,
            "50",
            Some("IE00BTJRMP35"),
        ),
        ("EXS1", "iShares Core DAX", Etf, "160", Some("DE0005933931")),
        (
            "VEUR",
            "Vanguard FTSE Developed Europe",
            Etf,
            "38",
            Some("IE00B945VV12"),
        ),
        ("XAU", "Gold", Metal, "72", None),
        ("XAG", "Silver", Metal, "0.85", None),
        ("XPT", "Platinum", Metal, "29", None),
        ("XPD", "Palladium", Metal, "31", None),
        ("BCI5", "Bitpanda Crypto Index 5", Index, "320", None),
        ("BCI10", "Bitpanda Crypto Index 10", Index, "180", None),
        ("BCI25", "Bitpanda Crypto Index 25", Index, "95", None),
        ("BCIDEFI", "Bitpanda DeFi Index", Index, "42", None),
    ]
};

const CURRENCIES: &[(&str, &str, &str)] = &[
    ("EUR", "Euro", "1"),
    ("USD", "US Dollar", "1.08"),
    ("CHF", "Swiss Franc", "0.95"),
    ("GBP", "British Pound", "0.85"),
    ("PLN", "Polish Złoty", "4.30"),
    ("CZK", "Czech Koruna", "25.10"),
    ("SEK", "Swedish Krona", "11.40"),
    ("DKK", "Danish Krone", "7.46"),
];

/// A stable uuid for a named thing of some kind (`"asset"`, `"BTC"`).
pub fn id_for(kind: &str, name: &str) -> Uuid {
    let h = hash_str(&format!("{kind}/{name}"));
    Uuid::from_hashes(h, mix64(h ^ 0x1d))
}

fn price_scale(price: Decimal) -> u32 {
    if price >= Decimal::TEN {
        2
    } else if price >= Decimal::new(1, 1) {
        4
    } else {
        8
    }
}

/// The catalogue (built once; independent of the seed).
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let assets = ASSETS
            .iter()
            .enumerate()
            .map(|(index, &(symbol, name, kind, price, isin))| {
                let base_price_eur = Decimal::from_str(price).expect("catalogue price");
                Asset {
                    index,
                    id: id_for("asset", symbol),
                    symbol,
                    name,
                    kind,
                    isin,
                    base_price_eur,
                    price_scale: price_scale(base_price_eur),
                }
            })
            .collect();
        let currencies = CURRENCIES
            .iter()
            .enumerate()
            .map(|(index, &(symbol, name, rate))| Currency {
                index,
                id: if symbol == "EUR" {
                    Uuid::parse(EUR_ID).expect("EUR id")
                } else {
                    id_for("currency", symbol)
                },
                symbol,
                name,
                per_eur: Decimal::from_str(rate).expect("catalogue rate"),
            })
            .collect();
        Catalogue { assets, currencies }
    })
}

impl Catalogue {
    /// The asset with this id.
    pub fn asset(&self, id: Uuid) -> Option<&Asset> {
        self.assets.iter().find(|a| a.id == id)
    }

    /// The asset with this symbol (case-insensitive).
    pub fn asset_by_symbol(&self, symbol: &str) -> Option<&Asset> {
        self.assets
            .iter()
            .find(|a| a.symbol.eq_ignore_ascii_case(symbol))
    }

    /// The currency with this id.
    pub fn currency(&self, id: Uuid) -> Option<&Currency> {
        self.currencies.iter().find(|c| c.id == id)
    }

    /// The currency with this symbol (case-insensitive).
    pub fn currency_by_symbol(&self, symbol: &str) -> Option<&Currency> {
        self.currencies
            .iter()
            .find(|c| c.symbol.eq_ignore_ascii_case(symbol))
    }

    /// EUR.
    pub fn eur(&self) -> &Currency {
        &self.currencies[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn catalogue_shape() {
        let c = catalogue();
        assert!(c.assets.len() >= 40);
        let count = |k| c.assets.iter().filter(|a| a.kind == k).count();
        assert_eq!(count(AssetKind::Crypto), 16);
        assert_eq!(count(AssetKind::Metal), 4);
        assert_eq!(count(AssetKind::Index), 4);
        assert!(c.currencies.len() >= 6);
        assert_eq!(c.eur().id.to_string(), EUR_ID);
        let ids: HashSet<_> = c.assets.iter().map(|a| a.id).collect();
        assert_eq!(ids.len(), c.assets.len());
        for a in &c.assets {
            let security = matches!(a.kind, AssetKind::Stock | AssetKind::Etf);
            assert_eq!(a.isin.is_some(), security, "{}", a.symbol);
        }
    }
}
