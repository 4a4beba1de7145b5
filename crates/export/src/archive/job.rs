//! Packing the archive in slices: [`ArchiveJob::step`] does at most `budget` records' work
//! (a JSON record copied, or a CSV row flattened) and returns, so the page stays live while
//! 50,000 records are packed. Each list is written as `<list>.json`, then its CSV columns are
//! gathered (the documented ones, then any other attribute found), then `<list>.csv`;
//! `README.txt` comes last.

use std::io::{Cursor, Write};

use chrono::{Datelike, Timelike};
use folio_client::legacy::LegacyList;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use super::columns::file_stem;
use super::list_files::Columns;
use super::wallets::asset_wallet_rows;
use super::{readme, ArchiveInfo, ListDump};
use crate::csv::Csv;

/// Packing failed (the ZIP could not be written: out of memory, in practice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveError(pub String);

impl From<zip::result::ZipError> for ArchiveError {
    fn from(e: zip::result::ZipError) -> Self {
        ArchiveError(e.to_string())
    }
}

impl From<std::io::Error> for ArchiveError {
    fn from(e: std::io::Error) -> Self {
        ArchiveError(e.to_string())
    }
}

/// Where packing has got to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// More to do: `done` of `total` units of work.
    Working {
        /// Units done.
        done: usize,
        /// Units in all.
        total: usize,
    },
    /// The ZIP's bytes.
    Done(Vec<u8>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Json,
    Columns,
    Csv,
}

/// The archive being packed (see the module documentation).
pub struct ArchiveJob {
    zip: Option<ZipWriter<Cursor<Vec<u8>>>>,
    options: SimpleFileOptions,
    info: ArchiveInfo,
    lists: Vec<ListDump>,
    /// The asset wallets' rows, `(group, wallet JSON)`, taken out of its answer.
    wallet_rows: Vec<(String, String)>,
    stage: Stage,
    list: usize,
    next: usize,
    columns: Columns,
    csv_rows: Vec<usize>,
    done: usize,
    total: usize,
}

impl ArchiveJob {
    /// A job packing `lists`, read as `info` says.
    pub fn new(lists: Vec<ListDump>, info: ArchiveInfo) -> Self {
        let when = info.packed;
        let stamp = zip::DateTime::from_date_and_time(
            u16::try_from(when.year()).unwrap_or(1980),
            when.month() as u8,
            when.day() as u8,
            when.hour() as u8,
            when.minute() as u8,
            when.second() as u8,
        )
        .unwrap_or_default();
        let options = SimpleFileOptions::default()
            .compression_method(CompressionMethod::Deflated)
            .last_modified_time(stamp);
        let wallet_rows = lists
            .iter()
            .find(|d| d.list == LegacyList::AssetWallets)
            .and_then(|d| d.body.as_deref())
            .map(asset_wallet_rows)
            .unwrap_or_default();
        let mut job = ArchiveJob {
            zip: Some(ZipWriter::new(Cursor::new(Vec::new()))),
            options,
            info,
            lists,
            wallet_rows,
            stage: Stage::Json,
            list: 0,
            next: 0,
            columns: Columns::default(),
            csv_rows: Vec::new(),
            done: 0,
            total: 0,
        };
        job.total = (0..job.lists.len()).fold(1usize, |total, i| {
            total.saturating_add(job.row_count(i).saturating_mul(3).saturating_add(3))
        });
        job
    }

    /// Rows of list `i`'s CSV.
    fn row_count(&self, i: usize) -> usize {
        match self.lists[i].list {
            LegacyList::AssetWallets => self.wallet_rows.len(),
            _ => self.lists[i].records.len(),
        }
    }

    /// Row `r` of list `i`: its group (asset wallets only) and its JSON text.
    fn row(&self, i: usize, r: usize) -> (Option<&str>, &str) {
        match self.lists[i].list {
            LegacyList::AssetWallets => {
                let (g, w) = &self.wallet_rows[r];
                (Some(g), w)
            }
            _ => (None, &self.lists[i].records[r].json),
        }
    }

    fn zip(&mut self) -> Result<&mut ZipWriter<Cursor<Vec<u8>>>, ArchiveError> {
        self.zip
            .as_mut()
            .ok_or_else(|| ArchiveError("the archive is already packed".into()))
    }

    fn start_file(&mut self, name: String) -> Result<(), ArchiveError> {
        let options = self.options;
        self.zip()?.start_file(name, options)?;
        Ok(())
    }

    fn write(&mut self, text: &str) -> Result<(), ArchiveError> {
        self.zip()?.write_all(text.as_bytes())?;
        Ok(())
    }

    /// Does up to `budget` units of work (at least one).
    pub fn step(&mut self, budget: usize) -> Result<Step, ArchiveError> {
        let mut left = budget.max(1);
        while left > 0 {
            if self.list >= self.lists.len() {
                return self.finish();
            }
            let used = match self.stage {
                Stage::Json => self.json_slice(left)?,
                Stage::Columns => self.columns_slice(left),
                Stage::Csv => self.csv_slice(left)?,
            };
            self.done += used;
            left = left.saturating_sub(used.max(1));
        }
        Ok(Step::Working {
            done: self.done.min(self.total),
            total: self.total,
        })
    }

    /// Moves on to the next stage (or list); counts one unit.
    fn advance(&mut self) -> usize {
        self.next = 0;
        self.stage = match self.stage {
            Stage::Json => Stage::Columns,
            Stage::Columns => Stage::Csv,
            Stage::Csv => {
                self.list += 1;
                Stage::Json
            }
        };
        1
    }

    fn json_slice(&mut self, budget: usize) -> Result<usize, ArchiveError> {
        let i = self.list;
        let stem = file_stem(self.lists[i].list);
        if self.lists[i].list == LegacyList::AssetWallets {
            self.start_file(format!("{stem}.json"))?;
            let body = self.lists[i].body.clone().unwrap_or_else(|| "null".into());
            self.write(&body)?;
            return Ok(self.advance() + self.wallet_rows.len());
        }
        let records = self.lists[i].records.len();
        if self.next == 0 {
            self.start_file(format!("{stem}.json"))?;
            self.write("[")?;
        }
        let end = (self.next + budget).min(records);
        let mut text = String::new();
        for r in self.next..end {
            text.push_str(if r == 0 { "\n" } else { ",\n" });
            text.push_str(&self.lists[i].records[r].json);
        }
        let used = end - self.next;
        self.next = end;
        if end == records {
            text.push_str("\n]\n");
            self.write(&text)?;
            return Ok(used + self.advance());
        }
        self.write(&text)?;
        Ok(used)
    }

    fn columns_slice(&mut self, budget: usize) -> usize {
        let i = self.list;
        if self.next == 0 {
            self.columns = Columns::new(self.lists[i].list);
        }
        let end = (self.next + budget).min(self.row_count(i));
        let (dump, wallets, columns) = (&self.lists[i], &self.wallet_rows, &mut self.columns);
        match dump.list {
            LegacyList::AssetWallets => wallets[self.next..end]
                .iter()
                .for_each(|(_, json)| columns.add(json)),
            _ => dump.records[self.next..end]
                .iter()
                .for_each(|r| columns.add(&r.json)),
        }
        let used = end - self.next;
        self.next = end;
        if end == self.row_count(i) {
            return used + self.advance();
        }
        used
    }

    fn csv_slice(&mut self, budget: usize) -> Result<usize, ArchiveError> {
        let i = self.list;
        let rows = self.row_count(i);
        let mut csv = if self.next == 0 {
            self.start_file(format!("{}.csv", file_stem(self.lists[i].list)))?;
            Csv::with_header(self.columns.names())
        } else {
            Csv::default()
        };
        let end = (self.next + budget).min(rows);
        for r in self.next..end {
            let (group, json) = self.row(i, r);
            self.columns.write_row(&mut csv, group, json);
        }
        self.write(csv.as_str())?;
        let used = end - self.next;
        self.next = end;
        if end == rows {
            self.csv_rows.push(rows);
            return Ok(used + self.advance());
        }
        Ok(used)
    }

    /// Writes `README.txt` and closes the ZIP.
    fn finish(&mut self) -> Result<Step, ArchiveError> {
        let text = readme(&self.info, &self.lists, &self.csv_rows);
        self.start_file("README.txt".to_string())?;
        self.write(&text)?;
        let zip = self
            .zip
            .take()
            .ok_or_else(|| ArchiveError("the archive is already packed".into()))?;
        Ok(Step::Done(zip.finish()?.into_inner()))
    }
}
