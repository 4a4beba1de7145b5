//! What the archive holds while it is read: per list, the records read so far, the cursor to
//! resume from and how reading it stands. It belongs to the tab, not to the page: reading
//! goes on when the person opens another page, and the page shows it again on return. The
//! records are dropped when the ZIP has been made or the key is forgotten.

use std::cell::RefCell;
use std::rc::Rc;

use chrono::{DateTime, Utc};
use folio_client::legacy::LegacyList;
use folio_export::archive::{Halt, ListDump, ListOutcome};
use leptos::prelude::*;

/// How reading one list stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListState {
    /// Not started.
    Waiting,
    /// Pages are being read.
    Reading,
    /// Read to its end.
    Complete,
    /// Stopped by the person; can resume from where it stopped.
    Stopped,
    /// A read failed: the plain words say why.
    Failed(String),
    /// Stopped because the service misbehaved (a cursor cycle, pages with nothing new):
    /// incomplete, never "Complete".
    Halted(Halt),
}

/// One row of the progress table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListProgress {
    /// Which list.
    pub list: LegacyList,
    /// Records read (each once).
    pub read: usize,
    /// How many the API says there are, when it says.
    pub total: Option<u64>,
    /// How reading it stands.
    pub state: ListState,
}

/// Where the whole archive stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// Nothing started (or a new start after a saved archive).
    Idle,
    /// Lists are being read.
    Reading,
    /// The person stopped reading; resume or save what was read.
    Stopped,
    /// The ZIP is being made: `done` of `total` units.
    Zipping {
        /// Units done.
        done: usize,
        /// Units in all.
        total: usize,
    },
    /// The ZIP was made and offered: its name, size, how many lists are incomplete.
    Saved {
        /// The file name.
        name: String,
        /// Its size in bytes.
        bytes: usize,
        /// Lists not read to their end.
        incomplete: usize,
        /// Whether the browser took the download.
        offered: bool,
    },
    /// Making the ZIP failed.
    ZipFailed(String),
}

/// What was read, kept outside the reactive graph (tens of thousands of records).
#[derive(Debug, Default)]
pub struct Read {
    /// One dump per list, in [`LegacyList::ALL`] order: what was read (compressed), the
    /// cursor it resumes from and which records it holds (each kept once, even across Stop
    /// and Resume). Empty while the ZIP is being made from them.
    pub dumps: Vec<ListDump>,
    /// When reading started.
    pub started: Option<DateTime<Utc>>,
    /// The legacy API's address the lists are read from.
    pub source: String,
    /// The last ZIP made, offered again without reading again (held by the browser).
    pub zip: Option<(String, web_sys::Blob)>,
}

impl Read {
    fn fresh() -> Self {
        Read {
            dumps: LegacyList::ALL.iter().map(|l| ListDump::new(*l)).collect(),
            started: None,
            source: String::new(),
            zip: None,
        }
    }
}

/// The tab's archive (see the module documentation).
#[derive(Clone)]
pub struct Archive {
    /// The progress table's rows.
    pub lists: ArcRwSignal<Vec<ListProgress>>,
    /// Where the whole archive stands.
    pub phase: ArcRwSignal<Phase>,
    /// Set by Stop; the reader checks it before each page.
    pub stop: Rc<std::cell::Cell<bool>>,
    /// The records read.
    pub read: Rc<RefCell<Read>>,
    /// Counts [`Archive::clear`]s: a reader or ZIP writer that started before a clear (the key
    /// was forgotten) sees it changed after its next wait and stops without touching what a
    /// next key holder will see.
    pub generation: Rc<std::cell::Cell<u64>>,
}

thread_local! {
    static ARCHIVE: Archive = Archive::new();
}

/// The tab's archive.
pub fn archive() -> Archive {
    ARCHIVE.with(Clone::clone)
}

fn rows() -> Vec<ListProgress> {
    LegacyList::ALL
        .iter()
        .map(|list| ListProgress {
            list: *list,
            read: 0,
            total: None,
            state: ListState::Waiting,
        })
        .collect()
}

impl Archive {
    fn new() -> Self {
        Archive {
            lists: ArcRwSignal::new(rows()),
            phase: ArcRwSignal::new(Phase::Idle),
            stop: Rc::new(std::cell::Cell::new(false)),
            read: Rc::new(RefCell::new(Read::fresh())),
            generation: Rc::new(std::cell::Cell::new(0)),
        }
    }

    /// Forgets everything read (a new start, or the key was forgotten); work started
    /// before stops at its next wait.
    pub fn clear(&self) {
        self.generation.set(self.generation.get().wrapping_add(1));
        *self.read.borrow_mut() = Read::fresh();
        self.lists.set(rows());
        self.phase.set(Phase::Idle);
    }

    /// Whether nothing cleared the archive since `generation` was read.
    pub fn still(&self, generation: u64) -> bool {
        self.generation.get() == generation
    }

    /// Updates row `i` of the progress table.
    pub fn update(&self, i: usize, change: impl FnOnce(&mut ListProgress)) {
        self.lists.update(|rows| {
            if let Some(row) = rows.get_mut(i) {
                change(row);
            }
        });
    }

    /// The dumps, taken out to be zipped, with each list's outcome set from the progress
    /// table; [`Archive::put_back`] returns them (no copy is made).
    pub fn take_dumps(&self) -> Vec<ListDump> {
        let rows = self.lists.get_untracked();
        let mut read = self.read.borrow_mut();
        for (dump, row) in read.dumps.iter_mut().zip(&rows) {
            dump.outcome = match &row.state {
                ListState::Complete => ListOutcome::Complete,
                ListState::Failed(why) => ListOutcome::Failed(why.clone()),
                ListState::Halted(halt) => ListOutcome::Halted(*halt),
                _ => ListOutcome::Stopped,
            };
        }
        std::mem::take(&mut read.dumps)
    }

    /// Puts back the dumps [`Archive::take_dumps`] took (to read on from them), unless the
    /// archive was cleared meanwhile.
    pub fn put_back(&self, dumps: Vec<ListDump>) {
        let mut read = self.read.borrow_mut();
        if read.dumps.is_empty() {
            read.dumps = dumps;
        }
    }
}
