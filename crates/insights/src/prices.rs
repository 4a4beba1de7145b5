//! Reference prices: an asset's EUR price on a day, taken from the account's own trades (the
//! API sends no price history for rewards, swaps or fees paid in an asset). The price used is
//! that of the latest fiat trade of the asset on or before the day, else of the earliest one
//! after it; the date used is kept so the page can say how far it was (and a price more
//! than seven days away is flagged). It approximates the market value the rules ask for.
//! Days are the rule set's calendar days.

use chrono::NaiveDate;
use folio_export::tax::entry::Entry;
use rust_decimal::Decimal;
use rustc_hash::FxHashMap;

use crate::days::tax_day;
use crate::eur::fiat_in_eur;
use crate::RuleSet;

/// Every asset's EUR trade prices, by day (keyed by the entries' own unit ids).
#[derive(Debug, Default)]
pub struct ReferencePrices<'a> {
    by_asset: FxHashMap<&'a str, Vec<(NaiveDate, Decimal)>>,
}

impl<'a> ReferencePrices<'a> {
    /// The prices of every fiat trade among `entries` (sorted by time), on the days of
    /// `rules`' calendar.
    pub fn from_entries(entries: &[&'a Entry], rules: RuleSet) -> Self {
        let mut by_asset: FxHashMap<&'a str, Vec<(NaiveDate, Decimal)>> = FxHashMap::default();
        for &entry in entries {
            let Some((fiat, asset)) = crate::engine::fiat_sides(entry) else {
                continue;
            };
            let Some(eur) = fiat_in_eur(fiat.amount, fiat.unit, entry.trade.as_ref()) else {
                continue;
            };
            if let Some(price) = eur.checked_div(asset.amount).filter(|p| *p > Decimal::ZERO) {
                by_asset
                    .entry(&*asset.unit.id)
                    .or_default()
                    .push((tax_day(rules, entry.time), price));
            }
        }
        Self { by_asset }
    }

    /// The EUR price of `asset` on `day` and the day it comes from.
    pub fn on(&self, asset: &str, day: NaiveDate) -> Option<(Decimal, NaiveDate)> {
        let prices = self.by_asset.get(asset)?;
        let after = prices.partition_point(|(d, _)| *d <= day);
        let i = after.checked_sub(1).unwrap_or(after);
        prices.get(i).map(|(d, p)| (*p, *d))
    }
}
