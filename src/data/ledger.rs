//! Everything the account's ledger is made from, read once for a file or a report: every
//! operation of the current API (page after page), the catalogue entries that name their
//! units, and — when asked and the key may read it — the legacy API's trades and fiat
//! wallets. Used by "Files for tax tools" (Operations) and by Insights; both reach it only
//! from their own wasm modules. Insights also has the ledger made while it is read
//! ([`read_and_make_ledger`]): each page of operations becomes entries while the next page is
//! on its way, so little work is left once the last answer is in.

use folio_client::current::{Asset, Currency, Operation, OperationsQuery};
use folio_client::legacy::{LegacyTradesQuery, MAX_PAGE_SIZE};
use folio_client::{ApiError, Client};
use folio_export::tax::entry::Entry;
use folio_export::tax::select::{Selection, Selector};
use folio_export::tax::{DateRange, LegacyTrades, Units};

use crate::data::id_names;
use crate::data::stopwatch::{micros_since, now_ms};

mod legacy_coins;
mod names;

use legacy_coins::legacy_coins;
use names::NamesSoFar;

/// What was read.
#[derive(Debug, Clone, Default)]
pub struct LedgerSources {
    /// Every operation of the account, as the client decoded them (empty when a ledger was
    /// made while reading: see [`read`]).
    pub operations: Vec<Operation>,
    /// Every currency.
    pub currencies: Vec<Currency>,
    /// The assets the operations name.
    pub assets: Vec<Asset>,
    /// The legacy API's trades, as a ledger keeps them (empty when not asked for or not
    /// readable).
    pub legacy_trades: LegacyTrades,
    /// The legacy fiat wallets' `(fiat_id, symbol)`.
    pub legacy_fiats: Vec<(String, String)>,
}

impl LedgerSources {
    /// The names and classes of every unit id the sources use.
    pub fn units(&self) -> Units {
        units_of(&self.currencies, &self.assets, &self.legacy_fiats)
    }
}

fn units_of(currencies: &[Currency], assets: &[Asset], legacy_fiats: &[(String, String)]) -> Units {
    let mut units = Units::from_catalogue(currencies, assets);
    for (id, symbol) in legacy_fiats {
        units.insert_legacy_fiat(id.clone(), symbol.clone());
    }
    units
}

/// The ledger made of the sources (every day, as `folio_export::tax::select` makes it),
/// with the wasm work it took.
#[derive(Debug, Clone, Default)]
pub struct MadeLedger {
    /// The ledger (empty when it was not asked for).
    pub entries: Vec<Entry>,
    /// No two of its entries share an id (`Selection::one_per_id`).
    pub one_per_id: bool,
    /// Work on the pages while the next one was on its way, in microseconds.
    pub micros_while_reading: u64,
    /// Work after the last answer (compensations, legacy trades, asset names), in
    /// microseconds.
    pub micros_after: u64,
}

/// Every operation of the account, newest first (all pages, 100 at a time); `read` is told
/// how many so far. Also used by the views that compare or merge the whole history
/// (reconciliation, the combined timeline).
pub async fn every_operation(
    client: &Client,
    read: &dyn Fn(usize),
) -> Result<Vec<Operation>, ApiError> {
    every_operation_and(client, read, true, |_| ()).await
}

/// [`every_operation`], handing each page to `on_page` while the next one is on its way;
/// without `keep`, each page is dropped once handed over (the answer is then empty).
async fn every_operation_and(
    client: &Client,
    read: &dyn Fn(usize),
    keep: bool,
    mut on_page: impl FnMut(&[Operation]),
) -> Result<Vec<Operation>, ApiError> {
    let mut operations = Vec::new();
    let mut count = 0usize;
    let query = OperationsQuery {
        page_size: Some(100),
        ..OperationsQuery::default()
    };
    client
        .current()
        .operations_paginator(query)
        .run(None, |page, _| {
            on_page(&page);
            count = count.saturating_add(page.len());
            if keep {
                operations.extend(page);
            }
            read(count);
        })
        .await?;
    Ok(operations)
}

/// The legacy trades (each page kept as a ledger keeps them, then dropped) and fiat wallets,
/// when the key may read the legacy API and it still answers (a switched-off legacy API adds
/// nothing; a read that fails part way adds no trade).
async fn legacy_sources(client: &Client) -> (LegacyTrades, Vec<(String, String)>) {
    let legacy = client.legacy();
    // The largest pages the legacy API gives (as the archive and the reconciliation read
    // them): a long history's 40,000 trades are 80 requests, not 1,600 of the default 25.
    let query = LegacyTradesQuery {
        page_size: Some(MAX_PAGE_SIZE),
        ..LegacyTradesQuery::default()
    };
    let mut trades = LegacyTrades::new();
    let read = legacy
        .trades_each(&query, |page| {
            page.iter().for_each(|trade| trades.push(trade));
        })
        .await;
    if read.is_ok() {
        trades.done();
    } else {
        trades = LegacyTrades::new();
    }
    let fiats = legacy
        .fiat_wallets()
        .await
        .map(|w| {
            w.into_vec()
                .into_iter()
                .filter_map(|f| Some((f.attributes.fiat_id?, f.attributes.fiat_symbol?)))
                .collect()
        })
        .unwrap_or_default();
    (trades, fiats)
}

/// Reads the ledger's sources; `progress` hears the operations read so far. An operations
/// page that fails fails the whole read: a ledger with a gap would mislead.
pub async fn read_ledger(
    client: &Client,
    keyless: &Client,
    with_legacy: bool,
    progress: &dyn Fn(usize),
) -> Result<LedgerSources, ApiError> {
    Ok(read(client, keyless, with_legacy, progress, None)
        .await?
        .sources)
}

/// The selection a tax file of `range` is written from, made as the pages arrive (each page
/// while the next one is on its way), and the names of its units. Each page of operations
/// is dropped once it is added (the selection keeps what it needs of it), the kept legacy
/// trades once the selection is made: writing the file needs only the selection.
pub async fn read_and_select(
    client: &Client,
    keyless: &Client,
    with_legacy: bool,
    range: DateRange,
    progress: &dyn Fn(usize),
) -> Result<(Selection, Units), ApiError> {
    let making = Making {
        range,
        on_page: &|_| (),
    };
    let read = read(client, keyless, with_legacy, progress, Some(making)).await?;
    let units = read.sources.units();
    free_sources(read.sources).await;
    Ok((read.selection.unwrap_or_default(), units))
}

/// Records freed per task by [`free_in_slices`].
const FREED_PER_TASK: usize = 5_000;

/// Drops `items` [`FREED_PER_TASK`] at a time, each slice in a task of its own after this
/// one: each operation is many small allocations, and 100,000 operations freed in one go
/// would hold the page. (A kept legacy trade is one: 40,000 go at once, no task over 50 ms.)
async fn free_in_slices<T>(mut items: Vec<T>) {
    while !items.is_empty() {
        crate::data::next_task::next_task().await;
        items.truncate(items.len().saturating_sub(FREED_PER_TASK));
    }
}

/// Drops what the read kept and nothing needs any more, the operations in slices
/// ([`free_in_slices`]; a kept legacy trade is one allocation, and they go at once).
async fn free_sources(sources: LedgerSources) {
    let LedgerSources { operations, .. } = sources;
    free_in_slices(operations).await;
}

/// What is given each page's entries as they are made.
type OnPage<'a> = &'a dyn Fn(&[Entry]);

/// A selection made while the pages arrive: for which days, and who hears each page's
/// entries.
#[derive(Clone, Copy)]
struct Making<'a> {
    range: DateRange,
    on_page: OnPage<'a>,
}

/// What [`read`] read, and the selection it made.
struct Read {
    sources: LedgerSources,
    selection: Option<Selection>,
    micros_while_reading: u64,
    micros_after: u64,
}

/// [`read_ledger`], making the ledger as the pages arrive; `on_page` is given each page's
/// entries as they are made.
pub async fn read_and_make_ledger(
    client: &Client,
    keyless: &Client,
    with_legacy: bool,
    progress: &dyn Fn(usize),
    on_page: OnPage<'_>,
) -> Result<MadeLedger, ApiError> {
    let making = Making {
        range: DateRange::all_days(),
        on_page,
    };
    let read = read(client, keyless, with_legacy, progress, Some(making)).await?;
    // Freed a slice a task from the next task on: not in the task that makes the report.
    leptos::task::spawn_local(free_sources(read.sources));
    let (entries, one_per_id) = match read.selection {
        Some(selection) => {
            let mut entries = selection.entries;
            // Insights lists the operations none of whose legs could be read.
            entries.extend(selection.without_legs);
            (entries, selection.one_per_id)
        }
        None => (Vec::new(), false),
    };
    Ok(MadeLedger {
        entries,
        one_per_id,
        micros_while_reading: read.micros_while_reading,
        micros_after: read.micros_after,
    })
}

/// The reading both share. What is known before the operations (currencies, legacy trades
/// and fiat ids) is read first, so each page can become entries on arrival. When the ledger
/// is made, the assets a page names for the first time are asked for while the next pages
/// arrive (`names`); the read after the last page asks only for what is still missing, and
/// the entries made before their assets were named are named when the ledger is finished.
/// A ledger made keeps no operation: at 100,000 operations keeping them cost a tax file's
/// preparation about 77 MB of wasm memory (issue 44).
async fn read(
    client: &Client,
    keyless: &Client,
    with_legacy: bool,
    progress: &dyn Fn(usize),
    make: Option<Making<'_>>,
) -> Result<Read, ApiError> {
    let currencies = id_names::currencies(client, keyless).await;
    let (legacy_trades, legacy_fiats) = if with_legacy {
        legacy_sources(client).await
    } else {
        Default::default()
    };
    // Names are asked for early only when the ledger is made while the pages arrive.
    let names = NamesSoFar::new(&currencies, &legacy_fiats, make.is_some());
    let range = make.map_or(DateRange::all_days(), |m| m.range);
    let mut selector = Selector::new(range, &legacy_trades);
    let mut micros_while_reading = 0u64;
    let pages = async {
        let read = every_operation_and(client, progress, make.is_none(), |page| {
            // Not timed outside the page: `now_ms` reads the browser's clock.
            names.page_read(page);
            if let Some(make) = make {
                let started = now_ms();
                selector.add_page(page, &names.units());
                (make.on_page)(selector.last_page());
                micros_while_reading = micros_while_reading.saturating_add(micros_since(started));
            }
        })
        .await;
        names.last_page_read();
        read
    };
    let (operations, ()) = futures::future::join(pages, names.ask(client, keyless)).await;
    let operations = operations?;
    let mut assets = id_names::assets(client, keyless, &names.every_id()).await;
    assets.extend(legacy_coins(client, keyless, &legacy_trades, &assets).await);
    // Timed only when made: the native tests read the sources outside a browser. The
    // finish is a step a task (several milliseconds each at 100,000 operations).
    let (selection, micros_after) = if make.is_some() {
        let started = now_ms();
        let units = units_of(&currencies, &assets, &legacy_fiats);
        let mut finishing = selector.finishing();
        let mut micros = micros_since(started);
        loop {
            let started = now_ms();
            let more = finishing.step(&units);
            micros = micros.saturating_add(micros_since(started));
            if !more {
                break;
            }
            crate::data::next_task::next_task().await;
        }
        (Some(finishing.into_selection()), micros)
    } else {
        drop(selector);
        (None, 0)
    };
    Ok(Read {
        sources: LedgerSources {
            operations,
            currencies,
            assets,
            legacy_trades,
            legacy_fiats,
        },
        selection,
        micros_while_reading,
        micros_after,
    })
}
