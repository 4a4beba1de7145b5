//! Packing the archive in slices: [`ArchiveJob::step`] does at most `budget` records' work
//! (a CSV row written) and returns, so the page stays live while 50,000 records are packed.
//! The JSON of each list was compressed as its pages arrived ([`super::ListDump`]), so
//! packing only closes it (no record is copied); each list's CSV is then written from that
//! JSON, read back record by record, and `README.txt` comes last. The lists are handed back
//! afterwards ([`ArchiveJob::into_lists`]), so a partial archive can be read on (Resume).

use super::columns::file_stem;
use super::deflated::{entry_of, Deflated, EntryData};
use super::dump::RecordTexts;
use super::list_files::Columns;
use super::zip_file::{zip, Zip};
use super::{readme, ArchiveInfo, ListDump};
use crate::csv::Csv;

/// Packing failed (the ZIP could not be written: out of memory, in practice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveError(pub String);

/// Where packing has got to.
#[derive(Debug, Clone)]
pub enum Step {
    /// More to do: `done` of `total` units of work.
    Working {
        /// Units done.
        done: usize,
        /// Units in all.
        total: usize,
    },
    /// The ZIP, in parts.
    Done(Zip),
}

/// One list's CSV being written.
struct CsvPass {
    texts: RecordTexts,
    columns: Columns,
    out: Deflated,
    rows: usize,
}

/// The archive being packed (see the module documentation).
pub struct ArchiveJob {
    info: ArchiveInfo,
    lists: Vec<ListDump>,
    entries: Vec<(String, EntryData)>,
    list: usize,
    csv: Option<CsvPass>,
    csv_rows: Vec<usize>,
    done: usize,
    total: usize,
}

impl ArchiveJob {
    /// A job packing `lists`, read as `info` says.
    pub fn new(lists: Vec<ListDump>, info: ArchiveInfo) -> Self {
        let total = lists.iter().fold(1usize, |total, dump| {
            total.saturating_add(dump.rows().saturating_add(2))
        });
        ArchiveJob {
            info,
            lists,
            entries: Vec::new(),
            list: 0,
            csv: None,
            csv_rows: Vec::new(),
            done: 0,
            total,
        }
    }

    /// Does up to `budget` units of work (at least one).
    pub fn step(&mut self, budget: usize) -> Result<Step, ArchiveError> {
        let mut left = budget.max(1);
        while left > 0 {
            if self.list >= self.lists.len() {
                return self.finish();
            }
            let used = match self.csv.take() {
                None => self.start_list()?,
                Some(pass) => self.write_rows(pass, left)?,
            };
            self.done = self.done.saturating_add(used);
            left = left.saturating_sub(used.max(1));
        }
        Ok(Step::Working {
            done: self.done.min(self.total),
            total: self.total,
        })
    }

    /// The lists, as given (with what was read): for a partial archive that is read on.
    pub fn into_lists(self) -> Vec<ListDump> {
        self.lists
    }

    /// Closes list `self.list`'s JSON and starts its CSV; one unit.
    fn start_list(&mut self) -> Result<usize, ArchiveError> {
        let dump = &mut self.lists[self.list];
        let stem = file_stem(dump.list);
        let json = dump.json_entry()?;
        let columns = dump.columns();
        let texts = dump.record_texts(json.clone());
        self.entries.push((format!("{stem}.json"), json));
        let mut out = Deflated::new();
        out.write(Csv::with_header(columns.names()).as_str())?;
        self.csv = Some(CsvPass {
            texts,
            columns,
            out,
            rows: 0,
        });
        Ok(1)
    }

    /// Writes up to `budget` rows of the CSV in progress; its end counts one unit.
    fn write_rows(&mut self, mut pass: CsvPass, budget: usize) -> Result<usize, ArchiveError> {
        let mut csv = Csv::default();
        let mut used = 0usize;
        let mut ended = false;
        while used < budget {
            match pass.texts.next_record()? {
                Some((group, json)) => {
                    pass.columns.write_row(&mut csv, group.as_deref(), &json);
                    used = used.saturating_add(1);
                    // Handed to the compressor in pieces, never a whole slice's text at once.
                    if csv.as_str().len() >= 64 * 1024 {
                        pass.out.write(csv.as_str())?;
                        csv = Csv::default();
                    }
                }
                None => {
                    ended = true;
                    break;
                }
            }
        }
        pass.out.write(csv.as_str())?;
        pass.rows = pass.rows.saturating_add(used);
        if !ended {
            self.csv = Some(pass);
            return Ok(used);
        }
        let stem = file_stem(self.lists[self.list].list);
        self.csv_rows.push(pass.rows);
        self.entries
            .push((format!("{stem}.csv"), pass.out.finish()?));
        self.list = self.list.saturating_add(1);
        Ok(used.saturating_add(1))
    }

    /// Writes `README.txt` and makes the ZIP.
    fn finish(&mut self) -> Result<Step, ArchiveError> {
        let text = readme(&self.info, &self.lists, &self.csv_rows);
        let mut entries = std::mem::take(&mut self.entries);
        entries.push(("README.txt".to_string(), entry_of(&text)?));
        Ok(Step::Done(zip(entries, self.info.packed)?))
    }
}
