//! Shared legacy wire types: `{type, attributes, id}` items, the list envelope with its
//! paging rule, timestamp objects, and the open enums of every status and type value.

use chrono::{DateTime, FixedOffset, TimeZone, Utc};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// Default page size of the legacy lists.
pub const DEFAULT_PAGE_SIZE: u32 = 25;
/// Largest page size the legacy lists accept.
pub const MAX_PAGE_SIZE: u32 = 500;

/// A legacy timestamp `{date_iso8601, unix: "<seconds>"}`, decoded leniently: either part
/// may be missing or malformed (then `None`), `unix` may be a string or a number, and a bare
/// ISO string or number is accepted too. Never fails.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LegacyTime {
    /// The ISO 8601 timestamp with its offset.
    pub date_iso8601: Option<DateTime<FixedOffset>>,
    /// Unix seconds.
    pub unix: Option<i64>,
}

impl LegacyTime {
    /// The instant: the ISO form when it parses, else the Unix seconds.
    pub fn instant(&self) -> Option<DateTime<Utc>> {
        self.date_iso8601
            .map(|t| t.with_timezone(&Utc))
            .or_else(|| self.unix.and_then(|s| Utc.timestamp_opt(s, 0).single()))
    }
}

fn unix(v: &Value) -> Option<i64> {
    match v {
        Value::String(s) => s.trim().parse().ok(),
        Value::Number(n) => n.as_i64(),
        _ => None,
    }
}

impl<'de> Deserialize<'de> for LegacyTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let iso = |s: &str| crate::date_text::read_timestamp(s.trim());
        Ok(match Value::deserialize(d)? {
            Value::Object(map) => Self {
                date_iso8601: map
                    .get("date_iso8601")
                    .and_then(Value::as_str)
                    .and_then(iso),
                unix: map.get("unix").and_then(unix),
            },
            Value::String(s) => Self {
                date_iso8601: iso(&s),
                unix: None,
            },
            other => Self {
                date_iso8601: None,
                unix: unix(&other),
            },
        })
    }
}

/// One JSON:API-like item.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct LegacyItem<A> {
    /// The item type (`trade`, `wallet`, `fiat_wallet`, `transaction`, …).
    #[serde(rename = "type", default)]
    pub kind: Option<String>,
    /// The item id (uuid-shaped); cursors name it.
    #[serde(default)]
    pub id: String,
    /// The resource's fields.
    pub attributes: A,
    /// The item's JSON text exactly as received, for exports: set on the items of the paged
    /// lists (`trades`, `fiat_transactions`, …); `None` elsewhere.
    #[serde(skip)]
    pub raw: Option<String>,
}

/// `meta` of a legacy list.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct LegacyMeta {
    /// Items matching the request's filters.
    #[serde(default)]
    pub total_count: Option<u64>,
    /// Id of the page's last item: the next request's cursor.
    #[serde(default)]
    pub next_cursor: Option<String>,
    /// Echo of the request's cursor (crypto transactions).
    #[serde(default)]
    pub cursor: Option<String>,
    /// The page size the service applied.
    #[serde(default)]
    pub page_size: Option<u32>,
}

/// `links` of a legacy list (relative query strings; informational only).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct LegacyLinks {
    /// Link to the next page; absent on the last page.
    #[serde(default)]
    pub next: Option<String>,
    /// Link to this page.
    #[serde(rename = "self", default)]
    pub self_link: Option<String>,
}

/// One page of a cursor-paginated legacy list. Records that cannot be read are left out of
/// `data` and counted in [`LegacyPage::skipped`].
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(
    from = "RawLegacyPage<A>",
    bound(deserialize = "A: serde::de::DeserializeOwned")
)]
pub struct LegacyPage<A> {
    /// The readable items, newest first.
    pub data: Vec<LegacyItem<A>>,
    /// How many items of this page could not be read (left out of `data`).
    pub skipped: usize,
    /// Counts and cursors.
    pub meta: LegacyMeta,
    /// Links.
    pub links: LegacyLinks,
}

/// [`LegacyPage`] as sent.
#[derive(Deserialize)]
#[serde(bound(deserialize = "A: serde::de::DeserializeOwned"))]
struct RawLegacyPage<A> {
    #[serde(default)]
    data: crate::Listed<LegacyItem<A>>,
    #[serde(default)]
    meta: LegacyMeta,
    #[serde(default)]
    links: LegacyLinks,
}

impl<A> From<RawLegacyPage<A>> for LegacyPage<A> {
    fn from(raw: RawLegacyPage<A>) -> Self {
        Self {
            skipped: raw.data.skipped,
            data: raw.data.items,
            meta: raw.meta,
            links: raw.links,
        }
    }
}

impl<A> LegacyPage<A> {
    /// The cursor of the next page, or `None` when this page is the last.
    ///
    /// The cursor is always `meta.next_cursor` (never parsed out of `links.next`, whose
    /// parameter name differs between endpoints). This page is the last when **any** of:
    /// `links.next` is absent; the page is empty; `meta.next_cursor` is missing or empty;
    /// the page holds fewer items than the page size in force (`meta.page_size`, else
    /// `requested`, else 25).
    pub fn next_cursor(&self, requested: Option<u32>) -> Option<&str> {
        next_cursor(&self.meta, &self.links, self.data.len(), requested)
    }
}

/// [`LegacyPage::next_cursor`] of a page holding `len` items with this `meta` and `links`.
pub(crate) fn next_cursor<'a>(
    meta: &'a LegacyMeta,
    links: &LegacyLinks,
    len: usize,
    requested: Option<u32>,
) -> Option<&'a str> {
    let size = meta.page_size.or(requested).unwrap_or(DEFAULT_PAGE_SIZE);
    let full = len >= size.max(1) as usize;
    let cursor = meta.next_cursor.as_deref().filter(|c| !c.is_empty());
    (links.next.is_some() && full).then_some(cursor).flatten()
}

open_enum!(
    /// Side of a legacy trade.
    LegacyTradeType {
        /// Bought.
        Buy => "buy",
        /// Sold.
        Sell => "sell",
    }
);

open_enum!(
    /// Status of a legacy trade (`finished` appears in the service's samples).
    LegacyTradeStatus {
        /// Waiting.
        Pending => "pending",
        /// Being processed.
        Processing => "processing",
        /// Done.
        Finished => "finished",
        /// Cancelled.
        Canceled => "canceled",
    }
);

open_enum!(
    /// `type` of a legacy transaction (filter values; `ico` on crypto only).
    LegacyTransactionType {
        /// Bought.
        Buy => "buy",
        /// Sold.
        Sell => "sell",
        /// Paid in.
        Deposit => "deposit",
        /// Paid out.
        Withdrawal => "withdrawal",
        /// Moved between own wallets.
        Transfer => "transfer",
        /// Refunded.
        Refund => "refund",
        /// An initial coin offering.
        Ico => "ico",
    }
);

open_enum!(
    /// Status of a legacy fiat transaction.
    LegacyFiatStatus {
        /// Waiting.
        Pending => "pending",
        /// Being processed.
        Processing => "processing",
        /// Done.
        Finished => "finished",
        /// Cancelled.
        Canceled => "canceled",
    }
);

open_enum!(
    /// Status of a legacy crypto or commodity transaction.
    LegacyCryptoStatus {
        /// Waiting.
        Pending => "pending",
        /// Being processed.
        Processing => "processing",
        /// Sent, not yet confirmed on chain.
        UnconfirmedTransactionOut => "unconfirmed_transaction_out",
        /// Sent to someone who has not accepted yet.
        OpenInvitation => "open_invitation",
        /// Done.
        Finished => "finished",
        /// Cancelled.
        Canceled => "canceled",
    }
);

open_enum!(
    /// Direction of a legacy transaction.
    InOrOut {
        /// Received.
        Incoming => "incoming",
        /// Sent.
        Outgoing => "outgoing",
    }
);
