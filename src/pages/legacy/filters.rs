//! The legacy lists' filters and page size, as kept in the URL query
//! (`/legacy-api/fiat-transactions?type=deposit&status=pending&page_size=10`). Only values the
//! endpoint accepts are read from the URL; anything else is ignored, so a hand-edited link
//! never sends a filter the service rejects.

use crate::url::UrlState;
use folio_client::legacy::{
    LegacyCommodityTransactionsQuery, LegacyCryptoStatus, LegacyCryptoTransactionsQuery,
    LegacyFiatStatus, LegacyFiatTransactionsQuery, LegacyTradeType, LegacyTradesQuery,
    LegacyTransactionType, MAX_PAGE_SIZE,
};

/// The page sizes offered in the page-size control (a valid size from the URL is added).
pub const PAGE_SIZES: &[u32] = &[10, 25, 100, 500];

/// One of the four cursor-paginated legacy lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegacyList {
    /// `/v1/trades`: type buy or sell.
    Trades,
    /// `/v1/fiatwallets/transactions`: type and status.
    Fiat,
    /// `/v1/wallets/transactions`: type (also `ico`) and status.
    Crypto,
    /// `/v1/assets/transactions/commodity`: no filters.
    Commodity,
}

const TRADE_TYPES: &[&str] = &["buy", "sell"];
const CRYPTO_TYPES: &[&str] = &[
    "buy",
    "sell",
    "deposit",
    "withdrawal",
    "transfer",
    "refund",
    "ico",
];
const FIAT_STATUSES: &[&str] = &["pending", "processing", "finished", "canceled"];
const CRYPTO_STATUSES: &[&str] = &[
    "pending",
    "processing",
    "unconfirmed_transaction_out",
    "open_invitation",
    "finished",
    "canceled",
];

impl LegacyList {
    /// The `type` values this list accepts, in wire spelling (the spec's filter values).
    pub fn types(self) -> &'static [&'static str] {
        match self {
            Self::Trades => TRADE_TYPES,
            // Fiat transactions: every crypto type but "ico".
            Self::Fiat => &CRYPTO_TYPES[..6],
            Self::Crypto => CRYPTO_TYPES,
            Self::Commodity => &[],
        }
    }

    /// The `status` values this list accepts, in wire spelling.
    pub fn statuses(self) -> &'static [&'static str] {
        match self {
            Self::Fiat => FIAT_STATUSES,
            Self::Crypto => CRYPTO_STATUSES,
            Self::Trades | Self::Commodity => &[],
        }
    }
}

/// The filters and page size of one list view.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LegacyFilter {
    /// `type` (a value of [`LegacyList::types`]).
    pub kind: Option<String>,
    /// `status` (a value of [`LegacyList::statuses`]).
    pub status: Option<String>,
    /// Items per page, 1–500; the service's default when `None`.
    pub page_size: Option<u32>,
}

/// A page size from `?page_size=`: a whole number from 1 to 500, else ignored.
pub fn page_size_from_query(value: Option<&str>) -> Option<u32> {
    let size: u32 = value?.trim().parse().ok()?;
    (1..=MAX_PAGE_SIZE).contains(&size).then_some(size)
}

fn pick(value: Option<String>, allowed: &[&str]) -> Option<String> {
    let v = value?.trim().to_ascii_lowercase();
    allowed.contains(&v.as_str()).then_some(v)
}

impl LegacyFilter {
    /// The `/v1/trades` query for the page after `cursor`.
    pub fn trades_query(&self, cursor: Option<String>) -> LegacyTradesQuery {
        LegacyTradesQuery {
            trade_type: self.kind.as_deref().map(LegacyTradeType::parse),
            cursor,
            page_size: self.page_size,
        }
    }

    /// The `/v1/fiatwallets/transactions` query for the page after `cursor`.
    pub fn fiat_query(&self, cursor: Option<String>) -> LegacyFiatTransactionsQuery {
        LegacyFiatTransactionsQuery {
            transaction_type: self.kind.as_deref().map(LegacyTransactionType::parse),
            status: self.status.as_deref().map(LegacyFiatStatus::parse),
            cursor,
            page_size: self.page_size,
        }
    }

    /// The `/v1/wallets/transactions` query for the page after `cursor`.
    pub fn crypto_query(&self, cursor: Option<String>) -> LegacyCryptoTransactionsQuery {
        LegacyCryptoTransactionsQuery {
            transaction_type: self.kind.as_deref().map(LegacyTransactionType::parse),
            status: self.status.as_deref().map(LegacyCryptoStatus::parse),
            cursor,
            page_size: self.page_size,
        }
    }

    /// The `/v1/assets/transactions/commodity` query for the page after `cursor`.
    pub fn commodity_query(&self, cursor: Option<String>) -> LegacyCommodityTransactionsQuery {
        LegacyCommodityTransactionsQuery {
            cursor,
            page_size: self.page_size,
        }
    }
}

impl UrlState for LegacyFilter {
    type Scope = LegacyList;

    /// Reads `type`, `status` and `page_size` through `get` (a URL query lookup), keeping
    /// only values `list` accepts.
    fn from_query(list: LegacyList, get: impl Fn(&str) -> Option<String>) -> Self {
        Self {
            kind: pick(get("type"), list.types()),
            status: pick(get("status"), list.statuses()),
            page_size: page_size_from_query(get("page_size").as_deref()),
        }
    }

    fn to_query(&self) -> Vec<(&'static str, Option<String>)> {
        vec![
            ("type", self.kind.clone()),
            ("status", self.status.clone()),
            ("page_size", self.page_size.map(|n| n.to_string())),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn reads_only_values_the_list_accepts() {
        let p = [
            ("type", "Deposit"),
            ("status", "pending"),
            ("page_size", "10"),
        ];
        let f = LegacyFilter::from_query(LegacyList::Fiat, params(&p));
        assert_eq!(f.kind.as_deref(), Some("deposit"));
        assert_eq!(f.status.as_deref(), Some("pending"));
        assert_eq!(f.page_size, Some(10));
        // Trades have no status and no "deposit" type; commodity has no filters.
        let t = LegacyFilter::from_query(LegacyList::Trades, params(&p));
        assert_eq!(
            t,
            LegacyFilter {
                page_size: Some(10),
                ..Default::default()
            }
        );
        let c = LegacyFilter::from_query(LegacyList::Commodity, params(&[("type", "buy")]));
        assert_eq!(c, LegacyFilter::default());
        // "ico" only on crypto; crypto-only statuses only on crypto.
        let ico = [("type", "ico"), ("status", "open_invitation")];
        assert_eq!(
            LegacyFilter::from_query(LegacyList::Fiat, params(&ico)),
            LegacyFilter::default()
        );
        let crypto = LegacyFilter::from_query(LegacyList::Crypto, params(&ico));
        assert_eq!(crypto.kind.as_deref(), Some("ico"));
        assert_eq!(crypto.status.as_deref(), Some("open_invitation"));
        let junk = [("type", "<script>"), ("status", ""), ("page_size", "x")];
        assert_eq!(
            LegacyFilter::from_query(LegacyList::Crypto, params(&junk)),
            LegacyFilter::default()
        );
    }

    #[test]
    fn page_sizes() {
        assert_eq!(page_size_from_query(Some("1")), Some(1));
        assert_eq!(page_size_from_query(Some(" 500 ")), Some(500));
        assert_eq!(page_size_from_query(Some("501")), None);
        assert_eq!(page_size_from_query(Some("0")), None);
        assert_eq!(page_size_from_query(Some("-3")), None);
        assert_eq!(page_size_from_query(None), None);
    }

    #[test]
    fn filters_become_queries() {
        let f = LegacyFilter {
            kind: Some("sell".into()),
            status: Some("finished".into()),
            page_size: Some(5),
        };
        let q = f.trades_query(Some("abc".into()));
        assert_eq!(q.trade_type, Some(LegacyTradeType::Sell));
        assert_eq!(q.cursor.as_deref(), Some("abc"));
        assert_eq!(q.page_size, Some(5));
        let q = f.fiat_query(None);
        assert_eq!(q.status, Some(LegacyFiatStatus::Finished));
        assert_eq!(q.transaction_type, Some(LegacyTransactionType::Sell));
        let q = f.crypto_query(None);
        assert_eq!(q.status, Some(LegacyCryptoStatus::Finished));
        assert_eq!(
            f.commodity_query(Some("z".into())).cursor.as_deref(),
            Some("z")
        );
    }

    #[test]
    fn lists_match_the_clients_known_values() {
        fn known(v: Vec<&str>) -> Vec<&str> {
            v
        }
        assert_eq!(
            LegacyList::Trades.types().to_vec(),
            known(LegacyTradeType::KNOWN.iter().map(|t| t.as_str()).collect())
        );
        assert_eq!(
            LegacyList::Crypto.types().to_vec(),
            known(
                LegacyTransactionType::KNOWN
                    .iter()
                    .map(|t| t.as_str())
                    .collect()
            )
        );
        assert!(!LegacyList::Fiat.types().contains(&"ico"));
        assert_eq!(LegacyList::Fiat.types().len(), 6);
        assert_eq!(
            LegacyList::Fiat.statuses().to_vec(),
            known(LegacyFiatStatus::KNOWN.iter().map(|s| s.as_str()).collect())
        );
        assert_eq!(
            LegacyList::Crypto.statuses().to_vec(),
            known(
                LegacyCryptoStatus::KNOWN
                    .iter()
                    .map(|s| s.as_str())
                    .collect()
            )
        );
    }
}
