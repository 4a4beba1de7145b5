//! What the archive holds while it is read: per list, the records read so far, the cursor to
//! resume from and how reading it stands. It belongs to the tab, not to the page: reading
//! goes on when the person opens another page, and the page shows it again on return. The
//! records are dropped when the ZIP has been made or the key is forgotten.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use chrono::{DateTime, Utc};
use folio_client::legacy::LegacyList;
use folio_export::archive::{ListDump, ListOutcome};
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
    Packing {
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
    PackFailed(String),
}

/// What was read, kept outside the reactive graph (tens of thousands of records).
#[derive(Debug, Default)]
pub struct Read {
    /// One dump per list, in [`LegacyList::ALL`] order.
    pub dumps: Vec<ListDump>,
    /// The cursor each paged list resumes from.
    pub cursors: Vec<Option<String>>,
    /// Ids already kept per list (a record is kept once, even across Stop and Resume).
    pub seen: Vec<HashSet<String>>,
    /// When reading started.
    pub started: Option<DateTime<Utc>>,
    /// The legacy API's address the lists are read from.
    pub source: String,
    /// The last ZIP made, offered again without reading again.
    pub zip: Option<(String, Rc<Vec<u8>>)>,
}

impl Read {
    fn fresh() -> Self {
        Read {
            dumps: LegacyList::ALL.iter().map(|l| ListDump::new(*l)).collect(),
            cursors: vec![None; LegacyList::ALL.len()],
            seen: vec![HashSet::new(); LegacyList::ALL.len()],
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
        }
    }

    /// Forgets everything read (a new start, or the key was forgotten).
    pub fn clear(&self) {
        *self.read.borrow_mut() = Read::fresh();
        self.lists.set(rows());
        self.phase.set(Phase::Idle);
    }

    /// Updates row `i` of the progress table.
    pub fn update(&self, i: usize, change: impl FnOnce(&mut ListProgress)) {
        self.lists.update(|rows| {
            if let Some(row) = rows.get_mut(i) {
                change(row);
            }
        });
    }

    /// The dumps with each list's outcome set from the progress table: a copy when `keep`
    /// (what was read stays for Resume), else taken out (the whole archive is being made).
    pub fn dumps_for_packing(&self, keep: bool) -> Vec<ListDump> {
        let rows = self.lists.get_untracked();
        let mut read = self.read.borrow_mut();
        for (dump, row) in read.dumps.iter_mut().zip(&rows) {
            dump.outcome = match &row.state {
                ListState::Complete => ListOutcome::Complete,
                ListState::Failed(why) => ListOutcome::Failed(why.clone()),
                _ => ListOutcome::Stopped,
            };
        }
        if keep {
            read.dumps.clone()
        } else {
            std::mem::take(&mut read.dumps)
        }
    }
}
