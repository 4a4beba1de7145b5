//! The Operations page's loading state: the operations received so far (never thrown away
//! on an error), their prepared summaries, names for the ids, and the paginator that fetches
//! more — one page ("Load more", infinite scroll) or all of them ("Load all", with progress
//! and Stop). Changing a server-side filter starts over; leaving the page cancels the
//! request in flight (which aborts its `fetch`).

use std::collections::HashSet;

use folio_client::current::{
    AssetsQuery, CancelHandle, Currency, Operation, OperationsQuery, Paginator, Progress, Step,
};
use folio_client::transport::DefaultTransport;
use folio_client::{ApiError, AssetId, Client, CurrencyId};
use leptos::prelude::*;

use crate::data::id_names;
use crate::data::page_task::PageTasks;
use crate::i18n::tf;
use crate::pages::operations::filter::OperationsFilter;
use crate::pages::operations::rows::{is_known_type, summarize, Names};
use crate::pages::operations::search_words::Summaries;

/// What the loader is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Busy {
    /// Nothing.
    Idle,
    /// Fetching one page.
    More,
    /// Fetching every page.
    All,
}

/// Signals and the paginator of the Operations page (context-free, `Copy`).
#[derive(Clone, Copy)]
pub struct Loader {
    /// Operations received, newest first, no duplicates.
    pub ops: RwSignal<Vec<Operation>>,
    /// One summary per entry of `ops` (same index), and their search words.
    pub summaries: RwSignal<Summaries>,
    /// Symbols and names of the ids seen.
    pub names: RwSignal<Names>,
    /// Fiat currency codes, for the currency filter.
    pub fiats: RwSignal<Vec<String>>,
    /// Operation types Folio has no words for, as the service sends them, sorted: the type
    /// filter offers them too. Kept as the operations arrive (a keystroke in the search box
    /// does not walk the loaded list for them).
    pub extra_types: RwSignal<Vec<String>>,
    /// What is running.
    pub busy: RwSignal<Busy>,
    /// Pages and items received for the current filter.
    pub progress: RwSignal<Progress>,
    /// The last failure (what was loaded before it stays).
    pub error: RwSignal<Option<ApiError>>,
    /// A filter the service cannot apply (e.g. an unknown asset symbol).
    pub notice: RwSignal<Option<String>>,
    clients: StoredValue<Option<(Client, Client)>, LocalStorage>,
    pager: StoredValue<Option<Paginator<DefaultTransport>>, LocalStorage>,
    cancel: StoredValue<Option<CancelHandle>, LocalStorage>,
    /// Stop was pressed: a page that arrives now is held back, not shown.
    stop_asked: StoredValue<bool>,
    /// A page that arrived after Stop, shown when loading resumes.
    held: StoredValue<Option<Vec<Operation>>, LocalStorage>,
    generation: StoredValue<u64>,
    tasks: PageTasks,
}

impl Loader {
    /// A loader with nothing loaded; cancels its request when the page is left.
    pub fn new() -> Self {
        let loader = Self {
            ops: RwSignal::new(Vec::new()),
            summaries: RwSignal::new(Summaries::default()),
            names: RwSignal::new(Names::default()),
            fiats: RwSignal::new(Vec::new()),
            extra_types: RwSignal::new(Vec::new()),
            busy: RwSignal::new(Busy::Idle),
            progress: RwSignal::new(Progress::default()),
            error: RwSignal::new(None),
            notice: RwSignal::new(None),
            clients: StoredValue::new_local(None),
            pager: StoredValue::new_local(None),
            cancel: StoredValue::new_local(None),
            stop_asked: StoredValue::new(false),
            held: StoredValue::new_local(None),
            generation: StoredValue::new(0),
            tasks: PageTasks::new(),
        };
        let cancel = loader.cancel;
        on_cleanup(move || {
            if let Some(Some(handle)) = cancel.try_get_value() {
                handle.cancel();
            }
        });
        loader
    }

    /// Which loaded list this is: a new number each time loading starts over.
    pub fn list_number(&self) -> u64 {
        self.generation.try_get_value().unwrap_or(u64::MAX)
    }

    /// Whether every page for the current filter has arrived.
    pub fn done(&self) -> bool {
        self.progress.get().done
    }

    /// Stops what is loading (the request in flight is aborted; what arrived stays).
    pub fn stop(&self) {
        self.stop_asked.try_set_value(true);
        if let Some(Some(handle)) = self.cancel.try_get_value() {
            handle.cancel();
        }
    }

    /// Starts over for a new key or new server-side filters, then loads the first page.
    pub fn reset(&self, clients: Option<(Client, Client)>, filter: &OperationsFilter) {
        self.stop();
        self.generation.update_value(|g| *g += 1);
        let generation = self.generation.get_value();
        self.pager.set_value(None);
        self.held.set_value(None);
        self.ops.set(Vec::new());
        self.summaries.set(Summaries::default());
        self.extra_types.set(Vec::new());
        self.progress.set(Progress::default());
        self.error.set(None);
        self.notice.set(None);
        self.clients.set_value(clients.clone());
        let Some((client, keyless)) = clients else {
            return;
        };
        self.busy.set(Busy::More);
        let this = *self;
        let (asset, fiat, from, to) = filter.server_part();
        self.tasks.spawn(async move {
            let mut names = this.names.get_untracked();
            // A currency filter needs the currencies' ids first; otherwise they are read
            // with the first page's asset names (`learn_names`): one round trip less before
            // the first rows.
            if fiat.is_some() && this.fiats.with_untracked(Vec::is_empty) {
                let currencies = id_names::currencies(&client, &keyless).await;
                this.fiats.try_set(add_currencies(&mut names, currencies));
            }
            let mut query = OperationsQuery {
                page_size: Some(100),
                from,
                to,
                ..Default::default()
            };
            let resolved = resolve(&client, &keyless, &mut names, &mut query, asset, fiat).await;
            if this.generation.try_get_value() != Some(generation) {
                return;
            }
            this.names.set(names);
            if let Err(notice) = resolved {
                this.notice.set(Some(notice));
                this.progress.set(Progress {
                    done: true,
                    ..Progress::default()
                });
                this.busy.set(Busy::Idle);
                return;
            }
            this.pager
                .set_value(Some(client.current().operations_paginator(query)));
            this.busy.set(Busy::Idle);
            this.load(false);
        });
    }

    /// Loads the next page (`all == false`) or every remaining page.
    pub fn load(&self, all: bool) {
        if self.busy.get_untracked() != Busy::Idle {
            return;
        }
        let Some(Some(mut pager)) = self.pager.try_update_value(Option::take) else {
            return;
        };
        self.stop_asked.set_value(false);
        if let Some(Some(ops)) = self.held.try_update_value(Option::take) {
            self.show(ops);
            self.progress.set(pager.progress());
        }
        if pager.progress().done {
            self.pager.set_value(Some(pager));
            return;
        }
        let generation = self.generation.get_value();
        self.cancel.set_value(Some(pager.resume()));
        self.busy.set(if all { Busy::All } else { Busy::More });
        self.error.set(None);
        let this = *self;
        self.tasks.spawn(async move {
            let result = loop {
                match pager.next_page().await {
                    Ok(Step::Page(ops)) => {
                        if this.generation.try_get_value() != Some(generation) {
                            return;
                        }
                        this.learn_names(&ops).await;
                        if this.generation.try_get_value() != Some(generation) {
                            return;
                        }
                        // Stop pressed while the names were looked up: nothing more appears
                        // now; the page is shown when loading resumes.
                        if this.stop_asked.try_get_value() == Some(true) {
                            this.held.try_set_value(Some(ops));
                            break Ok(());
                        }
                        this.show(ops);
                        this.progress.try_set(pager.progress());
                        if !all || pager.progress().done {
                            break Ok(());
                        }
                    }
                    Ok(_) => break Ok(()),
                    Err(e) => break Err(e),
                }
            };
            if this.generation.try_get_value() != Some(generation) {
                return;
            }
            this.pager.try_set_value(Some(pager));
            this.busy.try_set(Busy::Idle);
            if let Err(e) = result {
                this.error.try_set(Some(e));
            }
        });
    }

    /// Names the new asset ids of `ops` (one catalogue call for those not known yet) and,
    /// with a list's first page, the currencies when they were not read yet (both at once).
    async fn learn_names(&self, ops: &[Operation]) {
        let Some(mut names) = self.names.try_get_untracked() else {
            return;
        };
        let Some(Some((client, keyless))) = self.clients.try_get_value() else {
            return;
        };
        let read_fiats =
            self.fiats.with_untracked(Vec::is_empty) && self.ops.with_untracked(Vec::is_empty);
        let unknown: HashSet<AssetId> = ops
            .iter()
            .flat_map(|o| o.transactions.iter())
            .filter_map(|t| t.asset_id.clone())
            .filter(|id| !names.0.contains_key(id.as_str()))
            .collect();
        if unknown.is_empty() && !read_fiats {
            return;
        }
        let ids: Vec<AssetId> = unknown.into_iter().collect();
        let currencies = async {
            match read_fiats {
                true => Some(id_names::currencies(&client, &keyless).await),
                false => None,
            }
        };
        let assets = async {
            match ids.is_empty() {
                true => Vec::new(),
                false => id_names::assets(&client, &keyless, &ids).await,
            }
        };
        let (currencies, assets) = futures::join!(currencies, assets);
        if let Some(currencies) = currencies {
            self.fiats.try_set(add_currencies(&mut names, currencies));
        }
        for a in assets {
            let symbol = a.symbol.clone().unwrap_or_else(|| a.id.to_string());
            names
                .0
                .insert(a.id.to_string(), (symbol, a.name.unwrap_or_default()));
        }
        self.names.try_set(names);
    }

    /// Adds the operations and their summaries.
    fn show(&self, ops: Vec<Operation>) {
        let Some(names) = self.names.try_get_untracked() else {
            return;
        };
        let mut unknown: Vec<String> = Vec::new();
        self.summaries.try_update(|s| {
            for op in &ops {
                let summary = summarize(op, &names, &mut s.words);
                if !is_known_type(&summary.type_raw) && !unknown.contains(&summary.type_raw) {
                    unknown.push(summary.type_raw.clone());
                }
                s.list.push(summary);
            }
        });
        if !unknown.is_empty() {
            // Kept sorted as they are found: no sort on the page (the sort's code stays out
            // of its first load).
            self.extra_types.try_update(|seen| {
                for raw in unknown {
                    if let Err(at) = seen.binary_search(&raw) {
                        seen.insert(at, raw);
                    }
                }
            });
        }
        self.ops.try_update(|v| v.extend(ops));
    }
}

/// Names the currencies in `names`; answers their codes, for the currency filter.
fn add_currencies(names: &mut Names, currencies: Vec<Currency>) -> Vec<String> {
    let mut codes = Vec::new();
    for c in currencies {
        let symbol = c.symbol.clone().unwrap_or_else(|| c.id.to_string());
        codes.push(symbol.clone());
        names
            .0
            .insert(c.id.to_string(), (symbol, c.name.unwrap_or_default()));
    }
    codes
}

/// Turns the asset symbol and fiat code of the filter into ids for the service's filters;
/// `Err` with a sentence when one of them does not exist.
async fn resolve(
    client: &Client,
    keyless: &Client,
    names: &mut Names,
    query: &mut OperationsQuery,
    asset: Option<String>,
    fiat: Option<String>,
) -> Result<(), String> {
    if let Some(code) = fiat {
        let id = names
            .0
            .iter()
            .find(|(_, (symbol, _))| symbol.eq_ignore_ascii_case(&code))
            .map(|(id, _)| CurrencyId::new(id.clone()))
            .ok_or_else(|| tf("There is no fiat currency {code}.", &[("code", &code)]))?;
        query.currency_ids.push(id);
    }
    if let Some(symbol) = asset {
        let v = [("symbol", symbol.as_str())];
        let search = AssetsQuery {
            symbol: Some(symbol.clone()),
            page_size: Some(25),
            ..Default::default()
        };
        let found = match client.current().assets(&search).await {
            Ok(page) => Ok(page),
            Err(_) => keyless.current().assets(&search).await,
        };
        let asset = found
            .ok()
            .and_then(|p| {
                p.data.into_iter().find(|a| {
                    a.symbol
                        .as_deref()
                        .is_some_and(|s| s.eq_ignore_ascii_case(&symbol))
                })
            })
            .ok_or_else(|| tf("There is no asset with the symbol {symbol}.", &v))?;
        let shown = asset.symbol.clone().unwrap_or(symbol);
        names.0.insert(
            asset.id.to_string(),
            (shown, asset.name.unwrap_or_default()),
        );
        query.asset_ids.push(asset.id);
    }
    Ok(())
}
