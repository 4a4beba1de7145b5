//! Adding a page to a [`ListDump`]: at once ([`ListDump::add_page`]) or a slice of records at
//! a time ([`ListDump::adding`], [`ListDump::add_records`]), as the app adds it between its
//! tasks.

use std::collections::HashSet;

use folio_client::legacy::{asset_wallet_rows, LegacyList, RawLegacyPage, RawRecord};

use super::{cursor_key, key, Halt, ListDump, Next, PageAdded, MAX_PAGES_WITHOUT_NEW};
use crate::archive::job::ArchiveError;

/// A page being added to a [`ListDump`], a slice of records at a time
/// ([`ListDump::add_records`]).
#[derive(Debug)]
pub struct PageAdding {
    records: std::vec::IntoIter<RawRecord>,
    next_cursor: Option<String>,
    added: usize,
    /// The asset wallets' count: their page is one answer, kept whole when it is started.
    wallets: Option<usize>,
    /// What the page brought, once its last record was added: asked again, the same
    /// answer (the page's end is noted once, not taken for the list's end).
    done: Option<PageAdded>,
}

impl ListDump {
    /// Adds a page read from [`Self::cursor`] at once: its new records go into the list's
    /// JSON, and the answer says what to read next. The app adds a page in slices instead
    /// ([`Self::adding`], [`Self::add_records`]), so a page of 500 records does not hold the
    /// browser's page for one long task.
    pub fn add_page(&mut self, page: RawLegacyPage) -> Result<PageAdded, ArchiveError> {
        let mut adding = self.adding(page);
        loop {
            if let Some(added) = self.add_records(&mut adding, usize::MAX)? {
                return Ok(added);
            }
        }
    }

    /// Starts adding a page read from [`Self::cursor`]; [`Self::add_records`] adds it.
    pub fn adding(&mut self, page: RawLegacyPage) -> PageAdding {
        if self.reported_total.is_none() {
            self.reported_total = page.total_count;
        }
        let wallets = if self.list == LegacyList::AssetWallets {
            let added = asset_wallet_rows(&page.body).len();
            self.body = Some(page.body);
            Some(added)
        } else {
            None
        };
        PageAdding {
            records: page.records.into_iter(),
            next_cursor: page.next_cursor,
            added: 0,
            wallets,
            done: None,
        }
    }

    /// Adds up to `budget` records (at least one) of the page being added: `None` while
    /// records are left, then what the page brought and what to read next (again, if asked
    /// again).
    pub fn add_records(
        &mut self,
        adding: &mut PageAdding,
        budget: usize,
    ) -> Result<Option<PageAdded>, ArchiveError> {
        if adding.done.is_some() {
            return Ok(adding.done);
        }
        if let Some(added) = adding.wallets {
            return Ok(Some(PageAdded {
                added,
                next: Next::End,
            }));
        }
        for _ in 0..budget.max(1) {
            let Some(record) = adding.records.next() else {
                return self.page_added(adding).map(Some);
            };
            if !self.seen.insert(key(record.id.as_deref(), &record.json)) {
                continue;
            }
            let length = u32::try_from(record.json.len())
                .map_err(|_| ArchiveError("a record too large to keep".into()))?;
            self.json
                .write(if self.lengths.is_empty() { "\n" } else { ",\n" })?;
            self.json.write(&record.json)?;
            self.lengths.push(length);
            self.columns.add(&record.json);
            adding.added = adding.added.saturating_add(1);
        }
        if adding.records.len() == 0 {
            return self.page_added(adding).map(Some);
        }
        Ok(None)
    }

    /// After a page's last record: where the next page is, or why reading ends.
    fn page_added(&mut self, adding: &mut PageAdding) -> Result<PageAdded, ArchiveError> {
        let added = self.note_page_end(adding)?;
        adding.done = Some(added);
        Ok(added)
    }

    /// Notes the end of a page (once: see [`PageAdding::done`]).
    fn note_page_end(&mut self, adding: &mut PageAdding) -> Result<PageAdded, ArchiveError> {
        let added = adding.added;
        self.without_new = if added == 0 {
            self.without_new.saturating_add(1)
        } else {
            0
        };
        if let Some(current) = &self.cursor {
            self.cursors.insert(cursor_key(current));
        }
        let next = match adding.next_cursor.take() {
            None => {
                self.cursor = None;
                self.seen = HashSet::new();
                self.cursors = HashSet::new();
                self.json.close()?;
                Next::End
            }
            Some(c) if self.cursors.contains(&cursor_key(&c)) => Next::Halted(Halt::CursorCycle),
            Some(_) if self.without_new >= MAX_PAGES_WITHOUT_NEW => Next::Halted(Halt::NothingNew),
            Some(c) => {
                self.cursor = Some(c);
                Next::More
            }
        };
        Ok(PageAdded { added, next })
    }
}
