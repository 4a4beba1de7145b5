//! Naming the operations' assets while the pages arrive. The ids a page brings for the first
//! time are asked of the catalogue at once, while the next pages are read, and every page made
//! after the answer has its assets named. Without this, each asset leg stayed a placeholder
//! until the catalogue was read after the last page, and naming 100,000 entries then was
//! half of the ledger's work after the last answer (docs/performance.md).
//!
//! What is asked for is what the last read asks for anyway (the assets the operations name,
//! `id_names::assets`), only sooner and in parts; that read then finds them known and asks
//! only for what is still missing (nothing, unless an early answer failed). A failed early
//! read costs nothing but the head start: those pages are named when the ledger is finished.

use std::cell::{Ref, RefCell};
use std::collections::HashSet;

use folio_client::current::{Asset, Currency, Operation};
use folio_client::{AssetId, Client};
use folio_export::tax::Units;
use futures::channel::mpsc::{unbounded, UnboundedReceiver, UnboundedSender};
use futures::StreamExt;

use super::units_of;
use crate::data::id_names;

/// The names known so far, and the ids waiting to be asked for.
pub struct NamesSoFar<'s> {
    currencies: &'s [Currency],
    legacy_fiats: &'s [(String, String)],
    /// Asset ids met on the pages (asked for, or waiting to be, when asking early).
    asked: RefCell<HashSet<AssetId>>,
    /// The assets the catalogue named so far.
    assets: RefCell<Vec<Asset>>,
    /// The lookup of every unit named so far.
    units: RefCell<Units>,
    /// Where a page's new ids go; `None` once the last page is in.
    waiting: RefCell<Option<UnboundedSender<Vec<AssetId>>>>,
    asks: RefCell<Option<UnboundedReceiver<Vec<AssetId>>>>,
}

impl<'s> NamesSoFar<'s> {
    /// Knowing the currencies and the legacy fiat wallets, no asset yet; `early`: the ids
    /// are asked for as the pages arrive (else only collected, for the read at the end).
    pub fn new(
        currencies: &'s [Currency],
        legacy_fiats: &'s [(String, String)],
        early: bool,
    ) -> Self {
        let (waiting, asks) = if early {
            let (waiting, asks) = unbounded();
            (Some(waiting), Some(asks))
        } else {
            (None, None)
        };
        NamesSoFar {
            currencies,
            legacy_fiats,
            asked: RefCell::default(),
            assets: RefCell::default(),
            units: RefCell::new(units_of(currencies, &[], legacy_fiats)),
            waiting: RefCell::new(waiting),
            asks: RefCell::new(asks),
        }
    }

    /// Every asset id the pages named, in order (what the read after the last page asks
    /// for: those named early are then known and not asked again).
    pub fn every_id(&self) -> Vec<AssetId> {
        let mut ids: Vec<AssetId> = self.asked.borrow().iter().cloned().collect();
        folio_client::sorting::sort(&mut ids);
        ids
    }

    /// The lookup as it is now.
    pub fn units(&self) -> Ref<'_, Units> {
        self.units.borrow()
    }

    /// Notes the asset ids `page` names for the first time, and puts them in line to be
    /// asked for when asking early.
    pub fn page_read(&self, page: &[Operation]) {
        let mut asked = self.asked.borrow_mut();
        let new: Vec<AssetId> = page
            .iter()
            .flat_map(|op| op.transactions.iter().filter_map(|t| t.asset_id.as_ref()))
            .filter(|id| asked.insert((*id).clone()))
            .cloned()
            .collect();
        if new.is_empty() {
            return;
        }
        if let Some(waiting) = self.waiting.borrow().as_ref() {
            // The receiver lives until the last page is in: a send cannot fail before then.
            let _ = waiting.unbounded_send(new);
        }
    }

    /// No page is coming any more: [`Self::ask`] ends once what waits was asked for.
    pub fn last_page_read(&self) {
        self.waiting.borrow_mut().take();
    }

    /// Asks the catalogue for the ids in line, all that wait at a time, until the last page
    /// is in; each answer names the pages made after it. (Nothing when not asking early.)
    pub async fn ask(&self, keyed: &Client, keyless: &Client) {
        let Some(mut asks) = self.asks.borrow_mut().take() else {
            return;
        };
        while let Some(mut ids) = asks.next().await {
            while let Ok(more) = asks.try_recv() {
                ids.extend(more);
            }
            let named = id_names::assets(keyed, keyless, &ids).await;
            if named.is_empty() {
                continue;
            }
            let mut assets = self.assets.borrow_mut();
            assets.extend(named);
            *self.units.borrow_mut() = units_of(self.currencies, &assets, self.legacy_fiats);
        }
    }
}
