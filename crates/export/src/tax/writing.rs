//! A file for tax tools written a slice of entries at a time: the app hands each slice's
//! text to the browser and lets the page breathe between slices, so 100,000 operations
//! never hold the page in one long task, and the file's text is never whole in wasm memory.
//! [`super::write`] is the same writing in one go; both give the same bytes.

use super::bitpanda;
use super::entry::Entry;
use super::file_name;
use super::ghostfolio::Writer as Ghostfolio;
use super::koinly;
use super::select::Selection;
use super::summary::ExportSummary;
use super::{TaxFile, TaxFormat, TaxInput};
use crate::csv::Csv;

/// What each format keeps between slices.
enum Format<'a> {
    Bitpanda(Csv),
    Koinly(Csv),
    /// The activities not yet written, and the asset profiles written at the end.
    Ghostfolio(Box<Ghostfolio<'a>>, String),
}

/// A file being written: made from a finished [`Selection`].
pub struct TaxWriting<'a> {
    format: Format<'a>,
    file_name: String,
    /// The entries not yet written: each is dropped once written, so the last slice does
    /// not free 100,000 entries in one go.
    entries: std::vec::IntoIter<Entry>,
    /// How many entries the file is written from.
    total: usize,
    /// How many entries were written.
    written: usize,
    summary: ExportSummary,
}

impl<'a> TaxWriting<'a> {
    /// The writing of the `format` file of `input` from its `selection` (made for the same
    /// input: `select::select`, or a `Selector` fed page by page and finished).
    pub fn new(format: TaxFormat, input: &TaxInput<'a>, selection: Selection) -> Self {
        let summary = selection.summary(format, input.range);
        let format = match format {
            TaxFormat::BitpandaCsv => Format::Bitpanda(bitpanda::head(&input.range)),
            TaxFormat::KoinlyCsv => Format::Koinly(koinly::head()),
            TaxFormat::GhostfolioJson => {
                Format::Ghostfolio(Box::new(Ghostfolio::new(input)), Ghostfolio::head())
            }
        };
        TaxWriting {
            format,
            file_name: file_name(summary.format, &input.range),
            total: selection.entries.len(),
            entries: selection.entries.into_iter(),
            written: 0,
            summary,
        }
    }

    /// How many entries the file is written from.
    pub fn entries(&self) -> usize {
        self.total
    }

    /// How many of them are written.
    pub fn written(&self) -> usize {
        self.written
    }

    /// Whether every entry is written (then [`TaxWriting::finish`] ends the file).
    pub fn is_done(&self) -> bool {
        self.entries.len() == 0
    }

    /// Writes up to `count` more entries and answers the text written since the last call
    /// (the file's beginning with the first).
    pub fn write(&mut self, count: usize) -> String {
        let summary = &mut self.summary;
        let slice = self.entries.by_ref().take(count);
        let mut written = 0usize;
        let mut count_one = || written = written.saturating_add(1);
        let text = match &mut self.format {
            Format::Bitpanda(csv) => {
                for entry in slice {
                    bitpanda::add_entry(csv, &entry, summary);
                    count_one();
                }
                csv.take()
            }
            Format::Koinly(csv) => {
                for entry in slice {
                    koinly::add_entry(csv, &entry, summary);
                    count_one();
                }
                csv.take()
            }
            Format::Ghostfolio(writer, text) => {
                for entry in slice {
                    writer.add_entry(&entry, summary);
                    count_one();
                }
                writer.take(text);
                std::mem::take(text)
            }
        };
        self.written = self.written.saturating_add(written);
        text
    }

    /// The rest of the file (every entry not yet written, then its end), its name and what
    /// it holds.
    pub fn finish(mut self) -> (String, String, ExportSummary) {
        let mut text = self.write(usize::MAX);
        if let Format::Ghostfolio(writer, _) = self.format {
            writer.end(&mut text);
        }
        (text, self.file_name, self.summary)
    }
}

/// The whole file at once.
pub(super) fn whole(format: TaxFormat, input: &TaxInput<'_>, selection: Selection) -> TaxFile {
    let (text, file_name, summary) = TaxWriting::new(format, input, selection).finish();
    TaxFile {
        file_name,
        text,
        summary,
    }
}
