//! One legacy list page — trades, fiat, crypto or metal transactions — as the person sees
//! it: the frame, the filters kept in the URL, the table of every row received so far, and
//! "Load more", and the list's export (CSV and JSON of every row shown). What differs between
//! the four lists is stated once in a [`ListSpec`].

use std::collections::HashMap;

use folio_client::legacy::{LegacyItem, LegacyPage};
use folio_client::{ApiError, Client};
use futures::future::LocalBoxFuture;
use leptos::prelude::*;

use super::cells::{table_region, Column};
use super::filter_bar::FilterBar;
use super::frame::LegacyFrame;
use super::frame::{note_gone, use_legacy_gone};
use super::pager::use_fiat_symbols;
use crate::components::CursorFooter;
use crate::components::EmptyState;
use crate::components::{records_export, ExportButtons, MakeFile};
use crate::data::paging::use_cursor_list;
use crate::data::paging::CursorList;
use crate::pages::legacy::filters::{LegacyFilter, LegacyList};
use crate::url::use_url_state;
use folio_client::legacy::LegacyList as ApiList;
use folio_export::archive::list_csv;

/// Symbols of the legacy fiat ids (`"1"` → `EUR`).
pub type FiatSymbols = HashMap<String, String>;

/// Asks the service for the page after the cursor (`None`: the first page).
pub type Fetch<A> = fn(
    Client,
    LegacyFilter,
    Option<String>,
) -> LocalBoxFuture<'static, Result<LegacyPage<A>, ApiError>>;

/// The texts of one legacy list page, in the language shown.
pub struct ListTexts {
    /// The page heading.
    pub title: &'static str,
    /// One sentence on what the page shows.
    pub intro: &'static str,
    /// The table's caption.
    pub caption: &'static str,
    /// The column headings (and which are numeric).
    pub head: Vec<Column>,
    /// What the list holds, plural ("trades").
    pub what: &'static str,
    /// The empty state's title and sentence.
    pub empty: (&'static str, &'static str),
}

/// What one legacy list page shows and how it asks for it.
pub struct ListSpec<A: 'static> {
    /// Which list (its filters and the values they accept).
    pub list: LegacyList,
    /// The table's id (its caption's id derives from it).
    pub table_id: &'static str,
    /// The page's texts (read when the page is made, so in the language shown then).
    pub texts: fn() -> ListTexts,
    /// Whether rows name fiat ids (then the fiat wallets are read for their symbols).
    pub names_fiats: bool,
    /// The request for one page.
    pub fetch: Fetch<A>,
    /// One table row.
    pub row: fn(&LegacyItem<A>, &FiatSymbols) -> AnyView,
}

/// The list as the API names it (for the documented CSV columns and the file name).
fn api_list(list: LegacyList) -> ApiList {
    match list {
        LegacyList::Trades => ApiList::Trades,
        LegacyList::Fiat => ApiList::FiatTransactions,
        LegacyList::Crypto => ApiList::CryptoTransactions,
        LegacyList::Commodity => ApiList::CommodityTransactions,
    }
}

/// The export of every record the list shows: JSON = the records exactly as received, CSV =
/// the documented columns of docs/legacy-archive.md (the archive's files, for these records).
/// Named `folio-legacy-<list>-<today>.<ext>`.
fn list_export<A: Clone + Send + Sync + 'static>(
    list: LegacyList,
    rows: CursorList<LegacyItem<A>>,
) -> MakeFile {
    let api = api_list(list);
    let name = match api {
        ApiList::Trades => "folio-legacy-trades",
        ApiList::FiatTransactions => "folio-legacy-fiat-transactions",
        ApiList::CryptoTransactions => "folio-legacy-crypto-transactions",
        _ => "folio-legacy-commodity-transactions",
    };
    records_export(
        rows,
        name,
        |item| item.raw.as_deref(),
        move |records| list_csv(api, records),
    )
}

/// The page of `spec`, inside the legacy frame.
#[component]
pub fn LegacyListPage<A: Clone + Send + Sync + 'static>(
    spec: &'static ListSpec<A>,
) -> impl IntoView {
    let texts = (spec.texts)();
    view! {
        <LegacyFrame title=texts.title intro=texts.intro>
            <ListBody spec=spec />
        </LegacyFrame>
    }
}

/// Filters, table, empty state and "Load more" (inside the frame, which knows whether the
/// legacy API is gone).
#[component]
fn ListBody<A: Clone + Send + Sync + 'static>(spec: &'static ListSpec<A>) -> impl IntoView {
    let texts = (spec.texts)();
    let (filter, set_filter) = use_url_state::<LegacyFilter>(spec.list);
    let (list, load_more) = use_cursor_list(
        filter,
        |f: &LegacyFilter| f.page_size,
        spec.fetch,
        |item: &LegacyItem<A>| item.id.clone(),
    );
    let gone = use_legacy_gone();
    crate::effect::effect(move || {
        if let Some(e) = list.error() {
            note_gone(gone, &e);
        }
    });
    let fiats = spec.names_fiats.then(use_fiat_symbols);
    let body = move || {
        let fiats = fiats.map(|f| f.get()).unwrap_or_default();
        list.items()
            .iter()
            .map(|item| (spec.row)(item, &fiats))
            .collect_view()
    };
    let (title, sentence) = texts.empty;
    let empty = move || {
        list.empty().then(|| {
            view! { <EmptyState title=title><p>{sentence}</p></EmptyState> }
        })
    };
    let empty_list = Signal::derive(move || list.len() == 0);
    view! {
        <FilterBar list=spec.list filter=filter set=set_filter />
        <ExportButtons id="legacy-export" empty=empty_list make=list_export(spec.list, list) />
        {table_region(spec.table_id, texts.caption.to_string(), &texts.head, body)}
        {empty}
        <CursorFooter list=list id="legacy" what=texts.what on_more=load_more
            hide_error=folio_client::legacy::sunset::is_gone />
    }
}
