//! The four cursor-paginated legacy lists: one page at a time, or every page.
//!
//! Paging rule (spec rules 1–4, `contract.md` §2): the next request's `cursor` is the
//! page's `meta.next_cursor`; `links.next` is never parsed (the fiat-transaction link spells
//! its parameter `next_cursor`). See [`LegacyPage::next_cursor`] for when a page is the
//! last. The `*_all` methods follow it, keep the first occurrence of each id and stop at a
//! cursor they have already used, or after [`crate::current::MAX_PAGES_WITHOUT_NEW`] pages in
//! a row without a new record (so a misbehaving service cannot loop them).

use serde::de::DeserializeOwned;

use super::types::{
    LegacyCryptoStatus, LegacyFiatStatus, LegacyItem, LegacyPage, LegacyTradeType,
    LegacyTransactionType, MAX_PAGE_SIZE,
};
use super::wire::{
    LegacyCommodityTransaction, LegacyCryptoTransaction, LegacyFiatTransaction, LegacyTrade,
};
use super::Legacy;
use crate::query::Query;
use crate::transport::Transport;
use crate::ApiError;

/// `GET /v1/trades` filters and paging.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LegacyTradesQuery {
    /// Only buys or only sells.
    pub trade_type: Option<LegacyTradeType>,
    /// Id of the item after which the page starts (`meta.next_cursor` of the previous page).
    pub cursor: Option<String>,
    /// Items per page, 1–500 (clamped); the service's default (25) when `None`.
    pub page_size: Option<u32>,
}

/// `GET /v1/fiatwallets/transactions` filters and paging.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LegacyFiatTransactionsQuery {
    /// Only this kind.
    pub transaction_type: Option<LegacyTransactionType>,
    /// Only this status.
    pub status: Option<LegacyFiatStatus>,
    /// Cursor (see [`LegacyTradesQuery::cursor`]).
    pub cursor: Option<String>,
    /// Items per page, 1–500 (clamped).
    pub page_size: Option<u32>,
}

/// `GET /v1/wallets/transactions` filters and paging.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LegacyCryptoTransactionsQuery {
    /// Only this kind.
    pub transaction_type: Option<LegacyTransactionType>,
    /// Only this status.
    pub status: Option<LegacyCryptoStatus>,
    /// Cursor (see [`LegacyTradesQuery::cursor`]).
    pub cursor: Option<String>,
    /// Items per page, 1–500 (clamped).
    pub page_size: Option<u32>,
}

/// `GET /v1/assets/transactions/commodity` paging.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LegacyCommodityTransactionsQuery {
    /// Cursor (see [`LegacyTradesQuery::cursor`]).
    pub cursor: Option<String>,
    /// Items per page, 1–500 (clamped).
    pub page_size: Option<u32>,
}

fn clamp(size: Option<u32>) -> Option<u32> {
    size.map(|s| s.clamp(1, MAX_PAGE_SIZE))
}

/// `(filters, cursor, page size)` of a query, for the shared paging code.
type Parts<'a> = (Vec<(&'static str, String)>, Option<&'a str>, Option<u32>);

fn render(filters: &[(&'static str, String)], cursor: Option<&str>, size: Option<u32>) -> String {
    let mut q = Query::new();
    for (k, v) in filters {
        q.push(k, v);
    }
    q.push_opt("cursor", cursor.filter(|c| !c.is_empty()))
        .push_opt("page_size", clamp(size));
    q.render()
}

impl LegacyTradesQuery {
    fn parts(&self) -> Parts<'_> {
        let f = self
            .trade_type
            .iter()
            .map(|t| ("type", t.to_string()))
            .collect();
        (f, self.cursor.as_deref(), self.page_size)
    }
}

impl LegacyFiatTransactionsQuery {
    fn parts(&self) -> Parts<'_> {
        let mut f: Vec<_> = self
            .transaction_type
            .iter()
            .map(|t| ("type", t.to_string()))
            .collect();
        f.extend(self.status.iter().map(|s| ("status", s.to_string())));
        (f, self.cursor.as_deref(), self.page_size)
    }
}

impl LegacyCryptoTransactionsQuery {
    fn parts(&self) -> Parts<'_> {
        let mut f: Vec<_> = self
            .transaction_type
            .iter()
            .map(|t| ("type", t.to_string()))
            .collect();
        f.extend(self.status.iter().map(|s| ("status", s.to_string())));
        (f, self.cursor.as_deref(), self.page_size)
    }
}

impl LegacyCommodityTransactionsQuery {
    fn parts(&self) -> Parts<'_> {
        (Vec::new(), self.cursor.as_deref(), self.page_size)
    }
}

/// For one legacy list: the method that reads one page of `$path` and the `_all` method that
/// follows its cursors to the end (both through the helpers above, so every list pages alike).
macro_rules! legacy_list {
    (
        $(#[$page_doc:meta])* $page:ident,
        $(#[$all_doc:meta])* $all:ident,
        $query:ident => $record:ident at $path:literal
    ) => {
        $(#[$page_doc])*
        pub async fn $page(&self, query: &$query) -> Result<LegacyPage<$record>, ApiError> {
            self.page($path, query.parts()).await
        }

        $(#[$all_doc])*
        pub async fn $all(&self, query: &$query) -> Result<Vec<LegacyItem<$record>>, ApiError> {
            self.collect($path, query.parts()).await
        }
    };
}

/// Gives each item its JSON text as received in `body` (matched by id).
fn keep_raw<A>(items: &mut [LegacyItem<A>], body: &str) {
    if let Ok(records) = super::raw::raw_records(body) {
        super::raw::keep_raw_from(items, &records);
    }
}

/// The most pages an `*_all` call fetches (500 × 2,000 = a million items).
const MAX_PAGES: usize = 2_000;

impl<T: Transport> Legacy<'_, T> {
    async fn page<A: DeserializeOwned>(
        &self,
        path: &str,
        (filters, cursor, size): Parts<'_>,
    ) -> Result<LegacyPage<A>, ApiError> {
        let url = self
            .client
            .legacy_url(&format!("{path}{}", render(&filters, cursor, size)));
        let text = self.client.get_text(url).await?;
        let mut page: LegacyPage<A> = crate::decode::decode(&text)?;
        keep_raw(&mut page.data, &text);
        Ok(page)
    }

    async fn collect<A: DeserializeOwned>(
        &self,
        path: &str,
        parts: Parts<'_>,
    ) -> Result<Vec<LegacyItem<A>>, ApiError> {
        let mut items: Vec<LegacyItem<A>> = Vec::new();
        self.each_page(path, parts, |page| items.extend(page))
            .await?;
        Ok(items)
    }

    /// Follows the cursors (see the module docs), handing `on_page` each page's items whose
    /// ids were not seen before; keeps none of them.
    async fn each_page<A: DeserializeOwned>(
        &self,
        path: &str,
        (filters, first, size): Parts<'_>,
        mut on_page: impl FnMut(Vec<LegacyItem<A>>),
    ) -> Result<(), ApiError> {
        let mut seen_ids = std::collections::HashSet::new();
        let mut used = std::collections::HashSet::new();
        let mut cursor = first.map(str::to_string);
        let mut stale = 0;
        for _ in 0..MAX_PAGES {
            let parts = (filters.clone(), cursor.as_deref(), size);
            let page: LegacyPage<A> = self.page(path, parts).await?;
            let next = page.next_cursor(clamp(size)).map(str::to_string);
            let new: Vec<LegacyItem<A>> = page
                .data
                .into_iter()
                .filter(|i| seen_ids.insert(i.id.clone()))
                .collect();
            stale = if new.is_empty() { stale + 1 } else { 0 };
            on_page(new);
            if stale >= crate::current::MAX_PAGES_WITHOUT_NEW {
                break;
            }
            match next {
                Some(c) if used.insert(c.clone()) => cursor = Some(c),
                _ => break,
            }
        }
        Ok(())
    }

    legacy_list! {
        /// One page of `GET /v1/trades`, newest first.
        trades,
        /// Every trade matching `query`, from `query.cursor` on (see the module docs).
        trades_all,
        LegacyTradesQuery => LegacyTrade at "/trades"
    }

    /// Every trade matching `query`, read as [`Self::trades_all`] reads them but handed to
    /// `on_page` a page at a time (the trades not seen before) and not kept: for a reader
    /// that keeps only a little of each trade (a tax file's ledger, at 50,000 trades).
    pub async fn trades_each(
        &self,
        query: &LegacyTradesQuery,
        on_page: impl FnMut(Vec<LegacyItem<LegacyTrade>>),
    ) -> Result<(), ApiError> {
        self.each_page("/trades", query.parts(), on_page).await
    }

    legacy_list! {
        /// One page of `GET /v1/fiatwallets/transactions`, newest first.
        fiat_transactions,
        /// Every fiat transaction matching `query`.
        fiat_transactions_all,
        LegacyFiatTransactionsQuery => LegacyFiatTransaction at "/fiatwallets/transactions"
    }

    legacy_list! {
        /// One page of `GET /v1/wallets/transactions`, newest first.
        crypto_transactions,
        /// Every crypto transaction matching `query`.
        crypto_transactions_all,
        LegacyCryptoTransactionsQuery => LegacyCryptoTransaction at "/wallets/transactions"
    }

    legacy_list! {
        /// One page of `GET /v1/assets/transactions/commodity`, newest first.
        commodity_transactions,
        /// Every commodity transaction from `query.cursor` on.
        commodity_transactions_all,
        LegacyCommodityTransactionsQuery => LegacyCommodityTransaction
            at "/assets/transactions/commodity"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_render_filters_cursor_and_clamped_size() {
        let q = LegacyFiatTransactionsQuery {
            transaction_type: Some(LegacyTransactionType::Deposit),
            status: Some(LegacyFiatStatus::Pending),
            cursor: Some("abc".into()),
            page_size: Some(9_999),
        };
        let (f, c, s) = q.parts();
        assert_eq!(
            render(&f, c, s),
            "?type=deposit&status=pending&cursor=abc&page_size=500"
        );
        let empty = LegacyTradesQuery::default();
        let (f, c, s) = empty.parts();
        assert_eq!(render(&f, c, s), "");
        let q = LegacyTradesQuery {
            page_size: Some(0),
            cursor: Some(String::new()),
            ..Default::default()
        };
        let (f, c, s) = q.parts();
        assert_eq!(render(&f, c, s), "?page_size=1");
    }
}
