//! The legacy lists read **as sent**, for the archive that outlives the API: each record's
//! JSON text is kept byte for byte ([`crate::json_text`]), nothing is decoded into
//! Folio's types, so no attribute is lost and no amount is rewritten. Paging follows the
//! same rule as the typed lists ([`super::LegacyPage::next_cursor`]).

use serde::Deserialize;

use super::types::{next_cursor, LegacyItem, LegacyLinks, LegacyMeta, MAX_PAGE_SIZE};
use super::Legacy;
use crate::decode::decode;
use crate::json_text::{array_items, is_json, object_fields, value_at};
use crate::query::Query;
use crate::transport::Transport;
use crate::ApiError;

/// Every list of the legacy API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LegacyList {
    /// `GET /v1/wallets`: crypto wallets.
    Wallets,
    /// `GET /v1/fiatwallets`: fiat wallets.
    FiatWallets,
    /// `GET /v1/asset-wallets`: wallets grouped by asset type (one object, not a list).
    AssetWallets,
    /// `GET /v1/trades`.
    Trades,
    /// `GET /v1/fiatwallets/transactions`.
    FiatTransactions,
    /// `GET /v1/wallets/transactions`.
    CryptoTransactions,
    /// `GET /v1/assets/transactions/commodity`.
    CommodityTransactions,
}

impl LegacyList {
    /// Every list, in the order the archive reads them.
    pub const ALL: [LegacyList; 7] = [
        LegacyList::Wallets,
        LegacyList::FiatWallets,
        LegacyList::AssetWallets,
        LegacyList::Trades,
        LegacyList::FiatTransactions,
        LegacyList::CryptoTransactions,
        LegacyList::CommodityTransactions,
    ];

    /// The path under `{legacy_base_url}/v1`.
    pub fn path(self) -> &'static str {
        match self {
            LegacyList::Wallets => "/wallets",
            LegacyList::FiatWallets => "/fiatwallets",
            LegacyList::AssetWallets => "/asset-wallets",
            LegacyList::Trades => "/trades",
            LegacyList::FiatTransactions => "/fiatwallets/transactions",
            LegacyList::CryptoTransactions => "/wallets/transactions",
            LegacyList::CommodityTransactions => "/assets/transactions/commodity",
        }
    }

    /// Whether the list is cursor-paginated (the wallet lists come in one answer).
    pub fn is_paged(self) -> bool {
        matches!(
            self,
            LegacyList::Trades
                | LegacyList::FiatTransactions
                | LegacyList::CryptoTransactions
                | LegacyList::CommodityTransactions
        )
    }
}

/// One record as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawRecord {
    /// Its `id` (`None` when it has none or it is not a string).
    pub id: Option<String>,
    /// Its JSON text, exactly as received.
    pub json: String,
}

/// One answer of a legacy list, as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawLegacyPage {
    /// The whole answer's text (the asset wallets are kept this way: they are one object).
    pub body: String,
    /// The items of `data` when it is an array (empty for the asset wallets).
    pub records: Vec<RawRecord>,
    /// The cursor of the next page; `None` when this page is the last or the list is not paged.
    pub next_cursor: Option<String>,
    /// `meta.total_count`, when sent.
    pub total_count: Option<u64>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Paging {
    meta: LegacyMeta,
    links: LegacyLinks,
}

/// The id of a record: its `id` string, or a numeric id's text.
fn record_id(record: &str) -> Option<String> {
    let id = value_at(record, &["id"])?;
    if id.starts_with('"') {
        crate::json_text::string_text(id)
    } else {
        id.starts_with(['-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
            .then(|| id.to_string())
    }
}

/// The records of `data` (an array) of `body`, each kept as its exact text.
pub fn raw_records(body: &str) -> Result<Vec<RawRecord>, ApiError> {
    if !is_json(body) {
        return Err(not_json());
    }
    Ok(records_of(body))
}

fn not_json() -> ApiError {
    ApiError::Decode {
        detail: "not JSON".into(),
    }
}

/// Whether `body` is one valid JSON value, read without building it: an archive page of
/// 500 records read as a tree would hold several times its size for a moment. Only the
/// archive's reads use it (they are a module of their own), so the page every list shows
/// keeps the one JSON reader every page holds ([`is_json`]).
fn is_json_skimmed(body: &str) -> bool {
    serde_json::from_str::<serde::de::IgnoredAny>(body).is_ok()
}

/// The records of `data` (an array) of `body`, known to be JSON.
fn records_of(body: &str) -> Vec<RawRecord> {
    let items = value_at(body, &["data"])
        .and_then(array_items)
        .unwrap_or_default();
    items
        .into_iter()
        .map(|item| RawRecord {
            id: record_id(item),
            json: item.to_string(),
        })
        .collect()
}

/// The wallets of `group_json` (`{…, attributes: {wallets: [...]}}`), as exact JSON texts.
fn wallets_of(group_json: &str) -> Option<Vec<String>> {
    let list = value_at(group_json, &["attributes", "wallets"])?;
    Some(array_items(list)?.into_iter().map(str::to_string).collect())
}

/// Every wallet of an asset wallets answer as `(group, wallet JSON)`: groups are found one
/// or two levels under `data.attributes` (`cryptocoin`, `commodity.metal`, and any other the
/// answer holds), in the order sent.
pub fn asset_wallet_rows(body: &str) -> Vec<(String, String)> {
    let mut rows = Vec::new();
    let Some(groups) = value_at(body, &["data", "attributes"]).and_then(object_fields) else {
        return rows;
    };
    for (name, group) in groups {
        if let Some(wallets) = wallets_of(group) {
            rows.extend(wallets.into_iter().map(|w| (name.clone(), w)));
            continue;
        }
        for (inner, sub) in object_fields(group).unwrap_or_default() {
            if let Some(wallets) = wallets_of(sub) {
                let path = format!("{name}.{inner}");
                rows.extend(wallets.into_iter().map(|w| (path.clone(), w)));
            }
        }
    }
    rows
}

/// Gives each item its JSON text among `records` (matched by id).
pub(crate) fn keep_raw_from<A>(items: &mut [LegacyItem<A>], records: &[RawRecord]) {
    let by_id: std::collections::HashMap<&str, &str> = records
        .iter()
        .filter_map(|r| Some((r.id.as_deref()?, r.json.as_str())))
        .collect();
    for item in items {
        item.raw = by_id.get(item.id.as_str()).map(|s| s.to_string());
    }
}

/// A record with its id, for a JSON text.
pub(crate) fn record_of(json: String) -> RawRecord {
    RawRecord {
        id: record_id(&json),
        json,
    }
}

impl<T: Transport> Legacy<'_, T> {
    /// One answer of `list` as sent: from `cursor` on, `page_size` records (1–500) for a
    /// paged list; the whole list otherwise. Reads retry on 429/503 like every read.
    pub async fn raw_page(
        &self,
        list: LegacyList,
        cursor: Option<&str>,
        page_size: u32,
    ) -> Result<RawLegacyPage, ApiError> {
        let size = page_size.clamp(1, MAX_PAGE_SIZE);
        let query = if list.is_paged() {
            let mut q = Query::new();
            q.push_opt("cursor", cursor.filter(|c| !c.is_empty()))
                .push("page_size", size);
            q.render()
        } else {
            String::new()
        };
        let url = self.client.legacy_url(&format!("{}{query}", list.path()));
        let body = self.client.get_text(url).await?;
        if !is_json_skimmed(&body) {
            return Err(not_json());
        }
        let records = records_of(&body);
        // Only `meta` and `links` are decoded: reading the whole answer into a tree again
        // would hold several times the page for a moment (500 records of the archive).
        let part = |name: &str| value_at(&body, &[name]);
        let paging = Paging {
            meta: part("meta")
                .and_then(|text| decode(text).ok())
                .unwrap_or_default(),
            links: part("links")
                .and_then(|text| decode(text).ok())
                .unwrap_or_default(),
        };
        let next = list
            .is_paged()
            .then(|| next_cursor(&paging.meta, &paging.links, records.len(), Some(size)))
            .flatten()
            .map(str::to_string);
        Ok(RawLegacyPage {
            total_count: paging.meta.total_count,
            next_cursor: next,
            records,
            body,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_keep_their_exact_text_and_ids() {
        let body = r#"{"data":[{"type":"trade","attributes":{"amount":"1.50","n":1.10},"id":"a"}, {"id":7,"x":[1,2]},{"no_id":true}],"meta":{}}"#;
        let records = raw_records(body).unwrap();
        assert_eq!(records.len(), 3);
        assert_eq!(
            records[0].json,
            r#"{"type":"trade","attributes":{"amount":"1.50","n":1.10},"id":"a"}"#
        );
        assert_eq!(records[0].id.as_deref(), Some("a"));
        assert_eq!(records[1].id.as_deref(), Some("7"));
        assert_eq!(records[2].id, None);
    }

    #[test]
    fn wallets_of_every_group_in_order() {
        let body = r#"{"last_user_action":{"unix":"1"},"data":{"type":"data","attributes":{
            "cryptocoin":{"type":"collection","attributes":{"wallets":[{"id":"a"},{"id":"b"}]}},
            "commodity":{"metal":{"type":"collection","attributes":{"wallets":[{"id":"c","attributes":{"balance":"1.0"}}]}}},
            "index":{"type":"collection","attributes":{"wallets":[]}}}}}"#;
        let rows = asset_wallet_rows(body);
        let got: Vec<(&str, &str)> = rows.iter().map(|(g, w)| (g.as_str(), w.as_str())).collect();
        assert_eq!(
            got,
            [
                ("cryptocoin", r#"{"id":"a"}"#),
                ("cryptocoin", r#"{"id":"b"}"#),
                (
                    "commodity.metal",
                    r#"{"id":"c","attributes":{"balance":"1.0"}}"#
                ),
            ]
        );
        assert!(asset_wallet_rows("{}").is_empty());
        assert!(asset_wallet_rows("not json").is_empty());
    }

    #[test]
    fn an_object_or_missing_data_has_no_records() {
        assert!(raw_records(r#"{"data":{"type":"data"}}"#)
            .unwrap()
            .is_empty());
        assert!(raw_records("{}").unwrap().is_empty());
        assert!(raw_records("<html>").is_err());
    }
}
