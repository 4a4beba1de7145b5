//! Ghostfolio's import JSON: `{"activities": [...], "assetProfiles": [...]}` with the fields of
//! Ghostfolio's `CreateOrderDto` (`type` BUY/SELL/FEE/INTEREST, `quantity`, `unitPrice`, `fee`,
//! `currency`, `date`, `symbol`, `dataSource`, `comment`). Numbers are written from the
//! decimals' own text ([`super::json`]), never through a float. Mapping: `docs/exports.md`,
//! "Ghostfolio import JSON".

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::SecondsFormat;
use folio_client::current::AssetType;
use rust_decimal::Decimal;

use super::amounts::{less, per_unit, plus, unit_price, Group};
use super::entry::{Entry, Kind, Move, Shape, Unit};
use super::json::{array, number, object, string};
use super::summary::ExportSummary;
use super::TaxInput;

mod profile;

use profile::{classes, custom_symbol, AssetProfile};

/// How Ghostfolio activities name their asset.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum GhostfolioSymbols {
    /// Every asset is a custom asset profile (`dataSource` MANUAL, symbol `GF_<SYMBOL>`)
    /// listed in the file's `assetProfiles`: the import always validates, but Ghostfolio has
    /// no market data for these assets until the person maps them.
    #[default]
    Manual,
    /// Market data where Folio can name the asset for Ghostfolio's Yahoo provider: a
    /// cryptocurrency as `<SYMBOL>USD` (Ghostfolio's spelling of Yahoo's `BTC-USD`), a stock or
    /// an ETF by its ISIN; every other asset as in [`GhostfolioSymbols::Manual`]. Ghostfolio
    /// refuses the whole import when Yahoo does not know one of these symbols.
    Market,
}

/// One activity.
#[derive(Debug)]
struct Activity {
    comment: String,
    currency: String,
    data_source: &'static str,
    date: String,
    fee: Decimal,
    quantity: Decimal,
    symbol: String,
    kind: &'static str,
    unit_price: Decimal,
}

impl Activity {
    fn json(&self) -> String {
        object(
            &[
                ("comment", string(&self.comment)),
                ("currency", string(&self.currency)),
                ("dataSource", string(self.data_source)),
                ("date", string(&self.date)),
                ("fee", number(self.fee)),
                ("quantity", number(self.quantity)),
                ("symbol", string(&self.symbol)),
                ("type", string(self.kind)),
                ("unitPrice", number(self.unit_price)),
            ],
            2,
        )
    }
}

/// What an activity says, before it is dated and commented.
struct Draft<'a> {
    kind: &'static str,
    source: (&'static str, String),
    currency: &'a str,
    quantity: Decimal,
    price: Decimal,
    fee: Decimal,
}

impl<'a> Draft<'a> {
    /// A move of `quantity` at price 0 without a fee.
    fn unpriced(
        kind: &'static str,
        source: (&'static str, String),
        currency: &'a str,
        quantity: Decimal,
    ) -> Self {
        Self {
            kind,
            source,
            currency,
            quantity,
            price: Decimal::ZERO,
            fee: Decimal::ZERO,
        }
    }
}

/// Builds the activities of one file, collecting the custom asset profiles they use. The
/// activities are written out entry after entry ([`Writer::take`]); the profiles, which
/// any later entry may add to, at the end ([`Writer::end`]).
pub(crate) struct Writer<'a> {
    input: TaxInput<'a>,
    /// The activities made since the last [`Writer::take`].
    activities: Vec<Activity>,
    /// Whether an activity was written yet (the array's first one opens it).
    opened: bool,
    profiles: BTreeMap<String, AssetProfile>,
}

impl<'a> Writer<'a> {
    /// A writer for the file of `input`.
    pub(crate) fn new(input: &TaxInput<'a>) -> Self {
        Writer {
            input: *input,
            activities: Vec::new(),
            opened: false,
            profiles: BTreeMap::new(),
        }
    }

    /// The file's beginning (the activities follow).
    pub(crate) fn head() -> String {
        format!("{{\n  {}: ", string("activities"))
    }

    /// Makes the activities of `entry` (selected, in the file's order), counting into
    /// `summary`.
    pub(crate) fn add_entry(&mut self, entry: &Entry, summary: &mut ExportSummary) {
        let written = self.entry(entry);
        if written == 0 {
            let n = summary
                .not_in_format
                .entry(entry.type_name().to_string())
                .or_insert(0);
            *n = n.saturating_add(1);
            return;
        }
        summary.count_written(entry, written);
    }

    /// Writes the activities made since the last call to `out` (as `serde_json`'s pretty
    /// layout of the whole array would have them), and forgets them. Called between
    /// entries only: an entry's activities may be merged until it is done.
    pub(crate) fn take(&mut self, out: &mut String) {
        for activity in self.activities.drain(..) {
            out.push_str(if self.opened { ",\n    " } else { "[\n    " });
            self.opened = true;
            out.push_str(&activity.json());
        }
    }

    /// Writes the rest of the file to `out`: the activities not yet written, the end of
    /// their array and the asset profiles.
    pub(crate) fn end(mut self, out: &mut String) {
        self.take(out);
        out.push_str(if self.opened { "\n  ]" } else { "[]" });
        let profiles: Vec<String> = self.profiles.values().map(AssetProfile::json).collect();
        out.push_str(&format!(
            ",\n  {}: {}\n}}\n",
            string("assetProfiles"),
            array(&profiles, 1)
        ));
    }

    /// `(dataSource, symbol)` of an asset; a custom one gets its profile.
    fn asset(&mut self, unit: &Unit, currency: &str) -> (&'static str, String) {
        if self.input.ghostfolio_symbols == GhostfolioSymbols::Market {
            let plain = unit.symbol().chars().all(|c| c.is_ascii_alphanumeric());
            match (unit.asset_type(), &unit.info.isin) {
                (Some(AssetType::Cryptocoin), _) if plain && unit.named => {
                    let symbol = format!("{}USD", unit.symbol().to_ascii_uppercase());
                    return ("YAHOO", symbol);
                }
                (Some(AssetType::Stock | AssetType::Etf), Some(isin)) => {
                    return ("YAHOO", isin.clone());
                }
                _ => {}
            }
        }
        let symbol = custom_symbol(unit.symbol());
        let (asset_class, asset_sub_class) = classes(unit);
        let name = unit.info.name.clone();
        self.profiles
            .entry(symbol.clone())
            .or_insert_with(|| AssetProfile {
                asset_class,
                asset_sub_class,
                currency: currency.to_string(),
                name: name.unwrap_or_else(|| unit.symbol().to_string()),
                symbol: symbol.clone(),
            });
        ("MANUAL", symbol)
    }

    /// The custom profile of fees, taxes or interest in `currency`.
    fn cash(&mut self, what: &str, currency: &str) -> (&'static str, String) {
        let symbol = custom_symbol(&format!("BITPANDA_{what}_{currency}"));
        self.profiles
            .entry(symbol.clone())
            .or_insert_with(|| AssetProfile {
                asset_class: None,
                asset_sub_class: None,
                currency: currency.to_string(),
                name: format!("Bitpanda {} ({currency})", what.to_ascii_lowercase()),
                symbol: symbol.clone(),
            });
        ("MANUAL", symbol)
    }

    /// Adds the activity `draft` of `entry`, its comment naming `note`.
    fn push(&mut self, entry: &Entry, draft: Draft<'_>, note: &str) {
        let legacy = if entry.legacy { "legacy " } else { "" };
        let (data_source, symbol) = draft.source;
        self.activities.push(Activity {
            comment: format!("Bitpanda {legacy}{note} {}", entry.id),
            currency: draft.currency.to_string(),
            data_source,
            date: entry.time.to_rfc3339_opts(SecondsFormat::Millis, true),
            fee: draft.fee,
            quantity: draft.quantity,
            symbol,
            kind: draft.kind,
            unit_price: draft.price,
        });
    }

    /// The BUY or SELL of a trade against fiat.
    fn fiat_trade(&mut self, entry: &Entry, fiat: &Move, asset: &Move, buying: bool) {
        let trade = entry.trade.clone().unwrap_or_default();
        let currency = fiat.unit.symbol().to_string();
        let fee = trade
            .fee
            .as_ref()
            .filter(|(_, u)| u.id == fiat.unit.id)
            .map_or(Decimal::ZERO, |(v, _)| *v);
        let total = if buying {
            less(fiat.amount, fee)
        } else {
            plus(fiat.amount, fee)
        };
        let worked_out = total.and_then(|total| unit_price(total, asset.amount));
        let source = self.asset(&asset.unit, &currency);
        let draft = Draft {
            kind: if buying { "BUY" } else { "SELL" },
            source,
            currency: &currency,
            quantity: asset.amount,
            price: trade.rate.or(worked_out).unwrap_or(Decimal::ZERO),
            fee,
        };
        self.push(entry, draft, entry.type_name());
    }

    /// The activities of one entry; returns how many.
    fn entry(&mut self, entry: &Entry) -> usize {
        let before = self.activities.len();
        let home = self.input.home_currency.to_string();
        let note = entry.type_name();
        // Activities selling an asset, by unit id, so its fee legs can be added to them.
        let mut sold: Vec<(Arc<str>, usize)> = Vec::new();
        match entry.shape() {
            Shape::FiatTrade {
                fiat,
                asset,
                buying,
            } => self.fiat_trade(entry, fiat, asset, buying),
            Shape::AssetSwap { give, get } => {
                let source = self.asset(&give.unit, &home);
                let sell = Draft::unpriced("SELL", source, &home, give.amount);
                self.push(entry, sell, note);
                let source = self.asset(&get.unit, &home);
                let buy = Draft::unpriced("BUY", source, &home, get.amount);
                self.push(entry, buy, note);
            }
            Shape::Legs => {
                for m in &entry.moves {
                    if matches!(entry.kind, Kind::Stake | Kind::Unstake) {
                        continue;
                    }
                    if m.unit.is_fiat() {
                        if m.incoming && entry.kind.is_reward() {
                            let currency = m.unit.symbol().to_string();
                            let source = self.cash("INTEREST", &currency);
                            let mut interest =
                                Draft::unpriced("INTEREST", source, &currency, Decimal::ONE);
                            interest.price = m.amount;
                            self.push(entry, interest, note);
                        }
                        continue;
                    }
                    let source = self.asset(&m.unit, &home);
                    if !m.incoming {
                        sold.push((m.unit.id.clone(), self.activities.len()));
                    }
                    let kind = if m.incoming { "BUY" } else { "SELL" };
                    self.push(entry, Draft::unpriced(kind, source, &home, m.amount), note);
                }
            }
        }
        self.charges(entry, &entry.fees, ("FEE", "fee"), &sold);
        self.charges(entry, &entry.taxes, ("TAX", "tax"), &sold);
        self.activities.len().saturating_sub(before)
    }

    /// Fee or tax legs: in fiat a FEE activity (on the custom profile `profile`); in an asset
    /// added to the entry's activity selling that asset, else a SELL of it at price 0.
    fn charges(
        &mut self,
        entry: &Entry,
        legs: &[Move],
        (profile, word): (&str, &str),
        sold: &[(Arc<str>, usize)],
    ) {
        let note = format!("{} {word}", entry.type_name());
        let home = self.input.home_currency.to_string();
        for Group { amount, unit, .. } in per_unit(legs) {
            if unit.is_fiat() {
                let currency = unit.symbol().to_string();
                let source = self.cash(profile, &currency);
                let mut fee = Draft::unpriced("FEE", source, &currency, Decimal::ZERO);
                fee.fee = amount;
                self.push(entry, fee, &note);
                continue;
            }
            let merged = sold
                .iter()
                .find(|(id, _)| *id == unit.id)
                .and_then(|(_, i)| {
                    let activity = self.activities.get_mut(*i)?;
                    activity.quantity = plus(activity.quantity, amount)?;
                    Some(())
                });
            if merged.is_none() {
                let source = self.asset(&unit, &home);
                self.push(entry, Draft::unpriced("SELL", source, &home, amount), &note);
            }
        }
    }
}
