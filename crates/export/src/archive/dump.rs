//! What was read of one legacy list, page by page: each new record goes straight into the
//! list's `<list>.json` entry, compressed ([`super::deflated::Deflated`]); only its length,
//! a 128-bit key (its id, or its content when it has none) and the CSV columns it brings are
//! kept beside. No copy of the records as read is held.
//!
//! Reading a list ends when the service says there is no next page. It is *halted* — and the
//! list marked incomplete, never "complete" — when the service misbehaves: a next page at a
//! cursor already followed (a cycle, which would loop forever), or
//! [`MAX_PAGES_WITHOUT_NEW`] pages in a row that bring nothing new.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};

use folio_client::legacy::{asset_wallet_rows, LegacyList};

use super::deflated::{entry_of, Deflated, EntryData, RecordReader};
use super::job::ArchiveError;
use super::list_files::Columns;
use super::ListOutcome;

mod adding;

pub use adding::PageAdding;

/// Pages in a row that bring nothing new before a list is halted.
pub const MAX_PAGES_WITHOUT_NEW: usize = 3;

/// Why reading a list was halted: the service misbehaved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halt {
    /// The next page was at a cursor already followed: the pages go round in a circle.
    CursorCycle,
    /// [`MAX_PAGES_WITHOUT_NEW`] pages in a row brought no record not read already.
    NothingNew,
}

impl Halt {
    /// The reason in English, for the README ("stopped: <reason>").
    pub fn reason(self) -> &'static str {
        match self {
            Halt::CursorCycle => "the service pointed to a page it had already sent",
            Halt::NothingNew => "the service sent three pages in a row with nothing new",
        }
    }
}

/// What to do after a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Read the next page (from [`ListDump::cursor`]).
    More,
    /// The list was read to its end.
    End,
    /// Stop: the service misbehaved; the list is incomplete.
    Halted(Halt),
}

/// What one page brought.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageAdded {
    /// Records (or asset wallets) not seen before.
    pub added: usize,
    /// What to do next.
    pub next: Next,
}

/// A record's key: its id or its content, as 128 bits (two SipHashes), never the text.
fn key(record_id: Option<&str>, json: &str) -> u128 {
    let half = |salt: u8| {
        let mut h = DefaultHasher::new();
        salt.hash(&mut h);
        match record_id {
            Some(id) => ("id", id).hash(&mut h),
            None => ("content", json).hash(&mut h),
        }
        h.finish()
    };
    (u128::from(half(1)) << 64) | u128::from(half(2))
}

fn cursor_key(cursor: &str) -> u64 {
    let mut h = DefaultHasher::new();
    cursor.hash(&mut h);
    h.finish()
}

/// A list's JSON entry: open while pages may come, closed (its compressor dropped: a few
/// hundred KB each) once the list was read to its end.
#[derive(Debug)]
enum Json {
    Open(Deflated),
    Closed(EntryData),
}

impl Json {
    fn write(&mut self, text: &str) -> Result<(), ArchiveError> {
        match self {
            Json::Open(entry) => entry.write(text),
            Json::Closed(_) => Err(ArchiveError("the list was already read to its end".into())),
        }
    }

    fn entry(&mut self) -> Result<EntryData, ArchiveError> {
        match self {
            Json::Open(entry) => entry.snapshot("\n]\n"),
            Json::Closed(entry) => Ok(entry.clone()),
        }
    }

    fn close(&mut self) -> Result<(), ArchiveError> {
        let entry = self.entry()?;
        *self = Json::Closed(entry);
        Ok(())
    }
}

/// What was read of one legacy list (see the module documentation).
#[derive(Debug)]
pub struct ListDump {
    /// Which list.
    pub list: LegacyList,
    /// `meta.total_count` of the first page, when the API sent one.
    pub reported_total: Option<u64>,
    /// How reading it ended (set by the app before packing).
    pub outcome: ListOutcome,
    /// The whole answer, for the asset wallets (one object rather than a list).
    body: Option<String>,
    /// `[` and the records so far, each after `\n` (the first) or `,\n`.
    json: Json,
    /// Each record's length in `json`, for reading them back for the CSV.
    lengths: Vec<u32>,
    columns: Columns,
    /// Keys of the records kept; dropped once the list is read to its end.
    seen: HashSet<u128>,
    /// Keys of the cursors followed; dropped with `seen`.
    cursors: HashSet<u64>,
    cursor: Option<String>,
    without_new: usize,
}

impl ListDump {
    /// An empty dump of `list`, not read yet.
    pub fn new(list: LegacyList) -> Self {
        let mut json = Deflated::new();
        // Writing one byte into a new entry cannot fail.
        let _ = json.write("[");
        let json = Json::Open(json);
        ListDump {
            list,
            reported_total: None,
            outcome: ListOutcome::Stopped,
            body: None,
            json,
            lengths: Vec::new(),
            columns: Columns::new(list),
            seen: HashSet::new(),
            cursors: HashSet::new(),
            cursor: None,
            without_new: 0,
        }
    }

    /// The cursor the next page is read from (`None`: the first page).
    pub fn cursor(&self) -> Option<&str> {
        self.cursor.as_deref()
    }

    /// Records kept (for the asset wallets: wallets).
    pub fn len(&self) -> usize {
        match &self.body {
            Some(body) if self.list == LegacyList::AssetWallets => asset_wallet_rows(body).len(),
            _ => self.lengths.len(),
        }
    }

    /// Whether nothing was kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Rows of the list's CSV.
    pub(super) fn rows(&self) -> usize {
        self.len()
    }

    /// The list's CSV columns (documented, then every other attribute found).
    pub(super) fn columns(&self) -> Columns {
        match (&self.body, self.list) {
            (Some(body), LegacyList::AssetWallets) => {
                let mut columns = Columns::new(self.list);
                for (_, json) in asset_wallet_rows(body) {
                    columns.add(&json);
                }
                columns
            }
            _ => self.columns.clone(),
        }
    }

    /// The JSON entry as it stands: the records read so far in one array (the asset
    /// wallets: the whole answer).
    pub(super) fn json_entry(&mut self) -> Result<EntryData, ArchiveError> {
        match (&self.body, self.list) {
            (body, LegacyList::AssetWallets) => entry_of(body.as_deref().unwrap_or("null")),
            _ => self.json.entry(),
        }
    }

    /// Reads the records back from `json` (the entry [`Self::json_entry`] gave) for the CSV.
    pub(super) fn record_texts(&self, json: EntryData) -> RecordTexts {
        match (&self.body, self.list) {
            (Some(body), LegacyList::AssetWallets) => {
                RecordTexts::Grouped(asset_wallet_rows(body).into_iter())
            }
            _ => RecordTexts::Json {
                reader: RecordReader::new(json),
                lengths: self.lengths.clone().into_iter(),
            },
        }
    }
}

/// The records of a list in order, for its CSV: `(group, JSON)`.
pub(super) enum RecordTexts {
    /// The asset wallets, with the group each was listed in.
    Grouped(std::vec::IntoIter<(String, String)>),
    /// A paged list, read back from its JSON entry.
    Json {
        reader: RecordReader,
        lengths: std::vec::IntoIter<u32>,
    },
}

impl RecordTexts {
    /// The next record, `None` after the last.
    pub(super) fn next_record(&mut self) -> Result<Option<(Option<String>, String)>, ArchiveError> {
        match self {
            RecordTexts::Grouped(rows) => Ok(rows.next().map(|(g, json)| (Some(g), json))),
            RecordTexts::Json { reader, lengths } => {
                let Some(length) = lengths.next() else {
                    return Ok(None);
                };
                // `[\n` before the first record, `,\n` before each other one.
                reader.skip(2)?;
                let json = reader.take(length as usize)?;
                Ok(Some((None, json)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use folio_client::legacy::{raw_records, RawLegacyPage};

    fn page(records: &[&str], next: Option<&str>) -> RawLegacyPage {
        let body = format!("{{\"data\":[{}]}}", records.join(","));
        RawLegacyPage {
            records: raw_records(&body).unwrap(),
            body,
            next_cursor: next.map(str::to_string),
            total_count: None,
        }
    }

    #[test]
    fn records_are_kept_once_by_id_or_by_content() {
        let mut dump = ListDump::new(LegacyList::Trades);
        let a = r#"{"id":"a","attributes":{"amount":"1"}}"#;
        let a_again = r#"{"id":"a","attributes":{"amount":"2"}}"#;
        let no_id = r#"{"attributes":{"amount":"-0.5"}}"#;
        let other = r#"{"attributes":{"amount":"-0.6"}}"#;
        let added = dump.add_page(page(&[a, no_id, no_id], Some("c1"))).unwrap();
        assert_eq!(
            added,
            PageAdded {
                added: 2,
                next: Next::More
            }
        );
        let added = dump.add_page(page(&[a_again, no_id, other], None)).unwrap();
        assert_eq!(
            added,
            PageAdded {
                added: 1,
                next: Next::End
            }
        );
        assert_eq!(dump.len(), 3);
    }

    #[test]
    fn a_cursor_cycle_of_records_without_ids_halts() {
        let mut dump = ListDump::new(LegacyList::FiatTransactions);
        // A → B → A → …, each page a new record without an id: never "nothing new".
        let mut pages = 0;
        let mut next = Next::More;
        for i in 0..100 {
            let record = format!(r#"{{"attributes":{{"n":{i}}}}}"#);
            let to = if i % 2 == 0 { "B" } else { "A" };
            next = dump.add_page(page(&[&record], Some(to))).unwrap().next;
            pages += 1;
            if next != Next::More {
                break;
            }
        }
        assert_eq!(next, Next::Halted(Halt::CursorCycle));
        assert!(pages <= 3, "halted after {pages} pages");
    }

    #[test]
    fn pages_with_nothing_new_halt() {
        let mut dump = ListDump::new(LegacyList::Trades);
        let r = r#"{"id":"x"}"#;
        let mut outcomes = Vec::new();
        for i in 0..10 {
            let added = dump.add_page(page(&[r], Some(&format!("c{i}")))).unwrap();
            outcomes.push(added.next);
            if added.next != Next::More {
                break;
            }
        }
        assert_eq!(outcomes.last(), Some(&Next::Halted(Halt::NothingNew)));
        assert_eq!(outcomes.len(), 1 + MAX_PAGES_WITHOUT_NEW);
    }
}
