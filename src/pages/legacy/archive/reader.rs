//! Reading every legacy list to its end, one list after the other, 500 records a page
//! (the most the API gives), each page handed at once to its list's dump
//! (`folio_export::archive::ListDump`: compressed, a record kept once by its id or, without
//! one, its content). Stop takes effect before the next page; Resume continues each list from
//! the cursor it stopped at. A failed list is marked with the reason, a list the service
//! sends round in circles as stopped with the reason (never "Complete"), and the others are
//! still read; the reads themselves retry on 429/503 like every read (`folio-client`).

use folio_client::legacy::{sunset, LegacyList, RawLegacyPage, MAX_PAGE_SIZE};
use folio_client::Client;
use folio_export::archive::{ArchiveError, Next, PageAdded};
use leptos::prelude::*;

use crate::components::error_view::PlainWords;
use crate::data::next_task::next_task;

use super::state::{Archive, ListState, Phase};
use super::zip::make_zip;

/// Records added to a list between two of the page's tasks: about 20 ms of work in the
/// browser (a page of 500 records was one task of about 40 ms, some over 50 ms).
const RECORDS_PER_TASK: usize = 250;

/// How reading one list ended.
enum Ended {
    /// Read to its end, or failed (the list's row says which).
    Done,
    /// Stop was pressed.
    Stopped,
    /// The legacy API is switched off (410/404).
    Gone,
    /// The archive was cleared meanwhile (the key was forgotten): touch nothing.
    Cleared,
}

/// Reads every list not complete yet, then makes the ZIP when none was stopped.
/// `gone` is told when the API turns out to be switched off.
pub async fn read_all(archive: Archive, client: Client, gone: impl Fn()) {
    let generation = archive.generation.get();
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
        match read_list(&archive, &client, i, *list, generation).await {
            Ended::Done => {}
            Ended::Cleared => return,
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
    make_zip(archive, false).await;
}

async fn read_list(
    archive: &Archive,
    client: &Client,
    i: usize,
    list: LegacyList,
    generation: u64,
) -> Ended {
    archive.update(i, |row| row.state = ListState::Reading);
    loop {
        if archive.stop.get() {
            archive.update(i, |row| row.state = ListState::Stopped);
            return Ended::Stopped;
        }
        let cursor = archive.read.borrow().dumps[i].cursor().map(str::to_string);
        let answer = client
            .legacy()
            .raw_page(list, cursor.as_deref(), MAX_PAGE_SIZE)
            .await;
        if !archive.still(generation) {
            return Ended::Cleared;
        }
        let page = match answer {
            Ok(page) => page,
            Err(e) if sunset::is_gone(&e) => return Ended::Gone,
            Err(e) => {
                let why = e.user_message();
                archive.update(i, |row| row.state = ListState::Failed(why));
                return Ended::Done;
            }
        };
        let Some(added) = add_page(archive, i, page, generation).await else {
            return Ended::Cleared;
        };
        let (kept, total) = {
            let read = archive.read.borrow();
            (read.dumps[i].len(), read.dumps[i].reported_total)
        };
        let (state, ended) = match added {
            Ok(added) => match added.next {
                Next::More => (None, false),
                Next::End => (Some(ListState::Complete), true),
                Next::Halted(halt) => (Some(ListState::Halted(halt)), true),
            },
            Err(e) => (Some(ListState::Failed(e.0)), true),
        };
        archive.update(i, |row| {
            row.read = kept;
            row.total = total;
            if let Some(state) = state {
                row.state = state;
            }
        });
        if ended {
            return Ended::Done;
        }
    }
}

/// Adds `page` to list `i`'s dump [`RECORDS_PER_TASK`] records at a time, handing the page
/// back between slices: a page of 500 records is several tens of milliseconds of work (each
/// record compressed into the list's JSON and its columns noted), more than one task should
/// hold the page for. `None` when the archive was cleared meanwhile.
async fn add_page(
    archive: &Archive,
    i: usize,
    page: RawLegacyPage,
    generation: u64,
) -> Option<Result<PageAdded, ArchiveError>> {
    let mut adding = archive.read.borrow_mut().dumps[i].adding(page);
    loop {
        let slice = archive.read.borrow_mut().dumps[i].add_records(&mut adding, RECORDS_PER_TASK);
        match slice {
            Ok(None) => {}
            Ok(Some(added)) => return Some(Ok(added)),
            Err(e) => return Some(Err(e)),
        }
        next_task().await;
        if !archive.still(generation) {
            return None;
        }
    }
}
