//! Reading every legacy list to its end, one list after the other, 500 records a page
//! (the most the API gives). Stop takes effect before the next page; Resume continues each
//! list from the cursor it stopped at and keeps a record once even if a page comes twice.
//! A failed list is marked with the reason and the others are still read; the reads
//! themselves retry on 429/503 like every read (`folio-client`).

use folio_client::legacy::{sunset, LegacyList, MAX_PAGE_SIZE};
use folio_client::Client;
use folio_export::archive::asset_wallet_rows;
use leptos::prelude::*;

use crate::components::error_view::PlainWords;

use super::pack::pack;
use super::state::{Archive, ListState, Phase};

/// Pages in a row that bring nothing new before a list is taken as ended (a misbehaving
/// service must not loop the reader).
const MAX_PAGES_WITHOUT_NEW: usize = 3;

/// How reading one list ended.
enum Ended {
    /// Read to its end, or failed (the list's row says which).
    Done,
    /// Stop was pressed.
    Stopped,
    /// The legacy API is switched off (410/404).
    Gone,
}

/// Reads every list not complete yet, then makes the ZIP when none was stopped.
/// `gone` is told when the API turns out to be switched off.
pub async fn read_all(archive: Archive, client: Client, gone: impl Fn()) {
    archive.stop.set(false);
    archive.phase.set(Phase::Reading);
    {
        let mut read = archive.read.borrow_mut();
        if read.started.is_none() {
            read.started = Some(chrono::Utc::now());
        }
        read.zip = None;
    }
    for (i, list) in LegacyList::ALL.iter().enumerate() {
        let state = archive.lists.get_untracked()[i].state.clone();
        if state == ListState::Complete {
            continue;
        }
        match read_list(&archive, &client, i, *list).await {
            Ended::Done => {}
            Ended::Stopped => {
                archive.phase.set(Phase::Stopped);
                return;
            }
            Ended::Gone => {
                archive.clear();
                gone();
                return;
            }
        }
    }
    pack(archive, false).await;
}

async fn read_list(archive: &Archive, client: &Client, i: usize, list: LegacyList) -> Ended {
    archive.update(i, |row| row.state = ListState::Reading);
    let mut without_new = 0;
    loop {
        if archive.stop.get() {
            archive.update(i, |row| row.state = ListState::Stopped);
            return Ended::Stopped;
        }
        let cursor = archive.read.borrow().cursors[i].clone();
        let page = match client
            .legacy()
            .raw_page(list, cursor.as_deref(), MAX_PAGE_SIZE)
            .await
        {
            Ok(page) => page,
            Err(e) if sunset::is_gone(&e) => return Ended::Gone,
            Err(e) => {
                let why = e.user_message();
                archive.update(i, |row| row.state = ListState::Failed(why));
                return Ended::Done;
            }
        };
        let (added, kept) = {
            let mut read = archive.read.borrow_mut();
            let read = &mut *read;
            let (dump, seen) = (&mut read.dumps[i], &mut read.seen[i]);
            if dump.reported_total.is_none() {
                dump.reported_total = page.total_count;
            }
            let wallets = (list == LegacyList::AssetWallets).then(|| {
                let count = asset_wallet_rows(&page.body).len();
                dump.body = Some(page.body);
                count
            });
            let before = dump.records.len();
            dump.records.extend(
                page.records
                    .into_iter()
                    .filter(|r| r.id.as_ref().is_none_or(|id| seen.insert(id.clone()))),
            );
            let kept = wallets.unwrap_or(dump.records.len());
            let added = kept.saturating_sub(before);
            let repeated = page
                .next_cursor
                .as_ref()
                .is_some_and(|c| read.cursors[i].as_ref() == Some(c));
            read.cursors[i] = if repeated { None } else { page.next_cursor };
            (added, kept)
        };
        without_new = if added == 0 { without_new + 1 } else { 0 };
        let total = archive.read.borrow().dumps[i].reported_total;
        let ended =
            archive.read.borrow().cursors[i].is_none() || without_new >= MAX_PAGES_WITHOUT_NEW;
        archive.update(i, |row| {
            row.read = kept;
            row.total = total;
            if ended {
                row.state = ListState::Complete;
            }
        });
        if ended {
            return Ended::Done;
        }
    }
}
