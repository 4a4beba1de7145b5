//! Reference prices: an asset's EUR price on a day, taken from the account's own trades (the
//! API sends no price history for rewards, swaps or fees paid in an asset). The price used is
//! that of the latest fiat trade of the asset on or before the day, else of the earliest one
//! after it; the date used is kept so the page can say how far it was (and a price more
//! than seven days away is flagged). It approximates the market value the rules ask for.
//! Days are the rule set's calendar days.
//!
//! The prices are read as the walk goes, not in a pass of their own before it: asked about a
//! day, they read the trades up to that day's end first. Those are the entries the walk is
//! about to reach, so it finds them in the processor's cache (a pass of its own over 100,000
//! entries left none of them there), and a ledger is read only as far as a price is asked
//! for. An asset with no trade on or before the day is given its first trade, found by
//! reading ahead once (`first`).

use chrono::NaiveDate;
use folio_export::tax::entry::Entry;
use rust_decimal::Decimal;
use rustc_hash::FxHashMap;

use crate::days::TaxDays;
use crate::eur::fiat_in_eur;
use crate::RuleSet;

/// Every asset's EUR trade prices, by day (keyed by the entries' own unit ids), read from the
/// ledger as far as the days asked about.
#[derive(Debug)]
pub struct ReferencePrices<'a> {
    /// The ledger, in time order.
    entries: &'a [&'a Entry],
    /// The rule set's calendar.
    days: TaxDays,
    /// How many entries were read (every one on or before the last day asked about).
    read: usize,
    /// The day of the entry after them, once worked out (every price asked for on a day
    /// compares it with that day).
    next_day: Option<NaiveDate>,
    /// The prices read, by asset, in time order.
    by_asset: FxHashMap<&'a str, Vec<(NaiveDate, Decimal)>>,
    /// How far the search for first trades has read, and the first trade it met of each
    /// asset (price and day).
    ahead: usize,
    first: FxHashMap<&'a str, (Decimal, NaiveDate)>,
}

/// The asset and EUR price of `entry` when it is a fiat trade with a price.
fn price_of(entry: &Entry) -> Option<(&str, Decimal)> {
    let (fiat, asset) = crate::engine::fiat_sides(entry)?;
    let eur = fiat_in_eur(fiat.amount, fiat.unit, entry.trade.as_deref())?;
    let price = eur
        .checked_div(asset.amount)
        .filter(|p| *p > Decimal::ZERO)?;
    Some((&asset.unit.id, price))
}

impl<'a> ReferencePrices<'a> {
    /// The prices of the fiat trades among `entries` (in ledger order), on the days of
    /// `rules`' calendar; nothing is read until a price is asked for.
    pub fn new(entries: &'a [&'a Entry], rules: RuleSet) -> Self {
        ReferencePrices {
            entries,
            days: TaxDays::new(rules),
            read: 0,
            next_day: None,
            by_asset: FxHashMap::default(),
            ahead: 0,
            first: FxHashMap::default(),
        }
    }

    /// The EUR price of `asset` on `day` and the day it comes from. The walk asks in its
    /// own order, oldest first: then the price is the last one read. A day before one
    /// asked about already is looked up among the prices read.
    pub fn on(&mut self, asset: &str, day: NaiveDate) -> Option<(Decimal, NaiveDate)> {
        self.read_to(day);
        let Some(prices) = self.by_asset.get(asset) else {
            return self.first_trade(asset);
        };
        let found = match prices.last() {
            Some(last) if last.0 <= day => Some(last),
            // The latest on or before the day, else the earliest (after it).
            _ => {
                let after = prices.partition_point(|(d, _)| *d <= day);
                prices.get(after.saturating_sub(1))
            }
        };
        found.map(|&(date, price)| (price, date))
    }

    /// Reads every entry on or before `day`.
    fn read_to(&mut self, day: NaiveDate) {
        while let Some(&entry) = self.entries.get(self.read) {
            let date = *self
                .next_day
                .get_or_insert_with(|| self.days.of(entry.time));
            if date > day {
                return;
            }
            self.read = self.read.saturating_add(1);
            self.next_day = None;
            if let Some((asset, price)) = price_of(entry) {
                self.by_asset.entry(asset).or_default().push((date, price));
            }
        }
    }

    /// The first trade of `asset`, which has none among the entries read: reads ahead
    /// (from where the last search stopped, or the entries read) until it is met, noting
    /// every asset's first trade on the way.
    fn first_trade(&mut self, asset: &str) -> Option<(Decimal, NaiveDate)> {
        if let Some(&found) = self.first.get(asset) {
            return Some(found);
        }
        self.ahead = self.ahead.max(self.read);
        while let Some(&entry) = self.entries.get(self.ahead) {
            self.ahead = self.ahead.saturating_add(1);
            if let Some((id, price)) = price_of(entry) {
                let date = self.days.of(entry.time);
                self.first.entry(id).or_insert((price, date));
                if id == asset {
                    return Some((price, date));
                }
            }
        }
        None
    }
}

#[cfg(test)]
pub(crate) mod at_once {
    //! The prices read in one pass before the walk (how they were made before stop 57): the
    //! oracle the tests compare [`super::ReferencePrices`] with.

    use super::*;
    use crate::days::tax_day;

    /// Every asset's prices, read at once.
    pub struct AtOnce<'a> {
        by_asset: FxHashMap<&'a str, Vec<(NaiveDate, Decimal)>>,
    }

    impl<'a> AtOnce<'a> {
        /// The prices of every fiat trade among `entries` (sorted by time).
        pub fn new(entries: &[&'a Entry], rules: RuleSet) -> Self {
            let mut by_asset: FxHashMap<&'a str, Vec<(NaiveDate, Decimal)>> = FxHashMap::default();
            for &entry in entries {
                if let Some((asset, price)) = price_of(entry) {
                    let day = tax_day(rules, entry.time);
                    by_asset.entry(asset).or_default().push((day, price));
                }
            }
            AtOnce { by_asset }
        }

        /// The latest price on or before `day`, else the earliest after it.
        pub fn on(&self, asset: &str, day: NaiveDate) -> Option<(Decimal, NaiveDate)> {
            let prices = self.by_asset.get(asset)?;
            let after = prices.partition_point(|(d, _)| *d <= day);
            let i = after.checked_sub(1).unwrap_or(after);
            prices.get(i).map(|(d, p)| (*p, *d))
        }
    }
}
