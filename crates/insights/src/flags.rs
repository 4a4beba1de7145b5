//! What a report could not know, had to assume, or did not understand; shown beside the
//! figures (the page writes the sentence for each, in the language shown).

use chrono::{DateTime, NaiveDate, Utc};
use rust_decimal::Decimal;

use crate::model::AssetRef;

/// Something the report could not know or had to assume.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Flag {
    /// An asset came in from elsewhere (a deposit, a refund, an unknown type) without a
    /// known cost or acquisition day: the person may enter them.
    ArrivalUnknown {
        /// The operation id (key of `InsightsInput::entered`).
        entry_id: String,
        /// The asset.
        asset: AssetRef,
        /// How much.
        quantity: Decimal,
        /// The day it arrived.
        date: NaiveDate,
        /// Whether its cost is still unknown.
        cost_unknown: bool,
        /// Whether its acquisition day is still unknown.
        day_unknown: bool,
    },
    /// No price for an asset on a day (a reward, a swap, a fee in an asset, a transfer).
    NoPrice {
        /// The operation id.
        entry_id: String,
        /// The asset's symbol.
        symbol: String,
        /// When.
        date: NaiveDate,
    },
    /// The reference price used comes from a trade more than seven days away.
    DistantPrice {
        /// The operation id.
        entry_id: String,
        /// The asset's symbol.
        symbol: String,
        /// The day of the operation.
        date: NaiveDate,
        /// The day of the trade whose price was used.
        price_date: NaiveDate,
    },
    /// A fiat amount in another currency without a rate to EUR.
    NoEurRate {
        /// The operation id.
        entry_id: String,
        /// The currency.
        currency: String,
    },
    /// More was sold or sent than the history had bought (an incomplete history).
    Shortfall {
        /// The operation id.
        entry_id: String,
        /// The asset's symbol.
        symbol: String,
        /// The quantity without a lot.
        quantity: Decimal,
    },
    /// A crypto index is held: its rebalancing is not in the API.
    IndexHeld {
        /// The index's symbol.
        symbol: String,
    },
    /// A fund is held: Germany's partial exemption and Vorabpauschale, Austria's deemed
    /// distributions (AGE), cannot be computed from the API.
    FundHeld {
        /// The fund's symbol.
        symbol: String,
    },
    /// An ETC is held: treated as capital income (Germany); a physically backed gold ETC
    /// may be a private sale instead.
    CommodityHeld {
        /// The ETC's symbol.
        symbol: String,
    },
    /// An asset whose class the catalogue did not say: treated as crypto.
    ClassUnknown {
        /// Its symbol.
        symbol: String,
    },
    /// A legacy trade whose coin the catalogue did not match to a current asset: its lots
    /// are a holding of their own.
    LegacyUnmatched {
        /// The coin's symbol (or legacy id).
        symbol: String,
    },
    /// Asset transfers in or out without a value: the money-weighted return is not shown.
    TransferUnvalued {
        /// How many.
        count: usize,
    },
}

/// Why an operation was not understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unclear {
    /// Its type is not one Folio knows: its asset legs were moved in at unknown cost or
    /// out without a gain.
    UnknownType,
    /// A trade whose legs do not make one: so many legs in and out.
    NotATrade {
        /// Legs coming in.
        incoming: usize,
        /// Legs going out.
        outgoing: usize,
    },
    /// None of its legs could be read.
    NoLegs,
    /// Some of its legs could not be read (left out).
    UnreadableLegs(usize),
    /// A tax leg in an asset came in (a tax credited back in an asset): not counted.
    AssetTaxCredit,
}

/// An operation Folio did not (fully) understand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotUnderstood {
    /// The operation id (for a link to its detail).
    pub entry_id: String,
    /// Its type as sent (`(no type)` when none was).
    pub raw_type: String,
    /// When.
    pub time: DateTime<Utc>,
    /// Why.
    pub reason: Unclear,
}
