//! A ZIP entry's text compressed as it is written ([`Deflated`]), in chunks shared with the
//! ZIP that is made from it, and read back record by record ([`RecordReader`]) for the CSV.
//!
//! The entry stays open while its list is read: [`Deflated::snapshot`] hands out what was
//! written so far, closed by a short tail of its own (`\n]\n`), without closing the entry,
//! so a list stopped half-way is packed and then read on (Resume) into the same entry. That
//! works because deflate data may be cut after a sync flush and followed by a second, final
//! stream: an inflater reads both as one.

use std::rc::Rc;

use crc32fast::Hasher as Crc;
use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};

use super::job::ArchiveError;

/// How many compressed bytes a chunk holds before it is sealed (shared, never copied again).
const CHUNK: usize = 256 * 1024;

/// Compressed bytes and what a ZIP header says about them.
#[derive(Debug, Clone, Default)]
pub struct EntryData {
    /// The deflate data, in order.
    pub chunks: Vec<Rc<Vec<u8>>>,
    /// CRC-32 of the text.
    pub crc: u32,
    /// The text's length.
    pub size: u64,
    /// The deflate data's length.
    pub compressed: u64,
}

/// Text compressed as it is written (see the module documentation).
pub struct Deflated {
    compress: Compress,
    sealed: Vec<Rc<Vec<u8>>>,
    open: Vec<u8>,
    crc: Crc,
    size: u64,
}

impl std::fmt::Debug for Deflated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Deflated")
            .field("size", &self.size)
            .field("compressed", &self.compressed_len())
            .finish()
    }
}

impl Default for Deflated {
    fn default() -> Self {
        Self::new()
    }
}

/// Deflates `input` into `out` (raw deflate), growing `out` as needed; with a flush other
/// than `None`, until the compressor has handed over everything.
fn deflate(
    compress: &mut Compress,
    mut input: &[u8],
    flush: FlushCompress,
    out: &mut Vec<u8>,
) -> Result<(), ArchiveError> {
    loop {
        if out.capacity().saturating_sub(out.len()) < 1024 {
            // Exactly: a chunk grows in steps, never to twice what it holds.
            out.reserve_exact(input.len().clamp(16 * 1024, CHUNK));
        }
        let before = compress.total_in();
        let status = compress
            .compress_vec(input, out, flush)
            .map_err(|e| ArchiveError(e.to_string()))?;
        let used = usize::try_from(compress.total_in().saturating_sub(before)).unwrap_or(0);
        input = input.get(used..).unwrap_or_default();
        let room_left = out.capacity() > out.len();
        let done = match flush {
            FlushCompress::None => input.is_empty(),
            FlushCompress::Finish => status == Status::StreamEnd,
            _ => input.is_empty() && room_left,
        };
        if done {
            return Ok(());
        }
    }
}

/// The bytes in `chunks`.
fn total_len(chunks: &[Rc<Vec<u8>>]) -> u64 {
    chunks
        .iter()
        .fold(0u64, |n, c| n.saturating_add(c.len() as u64))
}

/// `text` as one finished raw deflate stream, and its CRC.
fn deflate_whole(text: &[u8]) -> Result<(Vec<u8>, Crc), ArchiveError> {
    let mut compress = Compress::new(Compression::default(), false);
    let mut out = Vec::with_capacity(text.len() / 4 + 64);
    deflate(&mut compress, text, FlushCompress::Finish, &mut out)?;
    let mut crc = Crc::new();
    crc.update(text);
    Ok((out, crc))
}

impl Deflated {
    /// An empty entry.
    pub fn new() -> Self {
        Deflated {
            compress: Compress::new(Compression::default(), false),
            sealed: Vec::new(),
            open: Vec::new(),
            crc: Crc::new(),
            size: 0,
        }
    }

    /// Appends `text`.
    pub fn write(&mut self, text: &str) -> Result<(), ArchiveError> {
        let bytes = text.as_bytes();
        self.crc.update(bytes);
        self.size = self.size.saturating_add(bytes.len() as u64);
        deflate(
            &mut self.compress,
            bytes,
            FlushCompress::None,
            &mut self.open,
        )?;
        if self.open.len() >= CHUNK {
            self.seal();
        }
        Ok(())
    }

    /// Compressed bytes held.
    pub fn compressed_len(&self) -> usize {
        self.sealed
            .iter()
            .map(|c| c.len())
            .fold(self.open.len(), usize::saturating_add)
    }

    fn seal(&mut self) {
        if !self.open.is_empty() {
            let mut chunk = std::mem::take(&mut self.open);
            chunk.shrink_to_fit();
            self.sealed.push(Rc::new(chunk));
        }
    }

    /// What was written so far followed by `tail`, as a whole entry, leaving this one open
    /// for more (see the module documentation). The chunks are shared, not copied.
    pub fn snapshot(&mut self, tail: &str) -> Result<EntryData, ArchiveError> {
        deflate(&mut self.compress, &[], FlushCompress::Sync, &mut self.open)?;
        self.seal();
        let (end, end_crc) = deflate_whole(tail.as_bytes())?;
        let mut crc = self.crc.clone();
        crc.combine(&end_crc);
        let mut chunks = self.sealed.clone();
        chunks.push(Rc::new(end));
        Ok(EntryData {
            compressed: total_len(&chunks),
            chunks,
            crc: crc.finalize(),
            size: self.size.saturating_add(tail.len() as u64),
        })
    }

    /// Closes the entry.
    pub fn finish(mut self) -> Result<EntryData, ArchiveError> {
        deflate(
            &mut self.compress,
            &[],
            FlushCompress::Finish,
            &mut self.open,
        )?;
        self.seal();
        Ok(EntryData {
            compressed: total_len(&self.sealed),
            chunks: self.sealed,
            crc: self.crc.finalize(),
            size: self.size,
        })
    }
}

/// `text` as a whole entry.
pub fn entry_of(text: &str) -> Result<EntryData, ArchiveError> {
    let (bytes, crc) = deflate_whole(text.as_bytes())?;
    Ok(EntryData {
        compressed: bytes.len() as u64,
        chunks: vec![Rc::new(bytes)],
        crc: crc.finalize(),
        size: text.len() as u64,
    })
}

/// Reads an entry's text back, a piece at a time: skip a number of bytes, then take the
/// next `n` as text (a record, whose length was noted when it was written).
pub struct RecordReader {
    data: EntryData,
    inflate: Decompress,
    /// Next chunk to feed, and how far into it.
    chunk: usize,
    at: usize,
    /// Inflated bytes not taken yet (from `start`).
    text: Vec<u8>,
    start: usize,
}

impl RecordReader {
    /// A reader of `data` from its first byte.
    pub fn new(data: EntryData) -> Self {
        RecordReader {
            data,
            inflate: Decompress::new(false),
            chunk: 0,
            at: 0,
            text: Vec::new(),
            start: 0,
        }
    }

    /// Makes at least `n` inflated bytes available; fewer only at the end of the data.
    fn fill(&mut self, n: usize) -> Result<(), ArchiveError> {
        while self.text.len().saturating_sub(self.start) < n {
            if self.start > 0 {
                self.text.drain(..self.start);
                self.start = 0;
            }
            let chunk = self.data.chunks.get(self.chunk).cloned();
            let input = chunk
                .as_deref()
                .and_then(|c| c.get(self.at..))
                .unwrap_or_default();
            let want = n.saturating_sub(self.text.len()).max(32 * 1024);
            self.text.reserve(want);
            let (before_in, before_out) = (self.inflate.total_in(), self.text.len());
            let status = self
                .inflate
                .decompress_vec(input, &mut self.text, FlushDecompress::None)
                .map_err(|e| ArchiveError(e.to_string()))?;
            let used =
                usize::try_from(self.inflate.total_in().saturating_sub(before_in)).unwrap_or(0);
            self.at = self.at.saturating_add(used);
            match &chunk {
                Some(c) if self.at >= c.len() => {
                    self.chunk = self.chunk.saturating_add(1);
                    self.at = 0;
                }
                Some(_) => {}
                // Every chunk fed: only what the inflater still holds may come.
                None if self.text.len() == before_out => return Ok(()),
                None => {}
            }
            if status == Status::StreamEnd {
                // The open part ended at a sync flush; the tail is a stream of its own.
                self.inflate = Decompress::new(false);
            }
        }
        Ok(())
    }

    /// Skips `n` bytes.
    pub fn skip(&mut self, n: usize) -> Result<(), ArchiveError> {
        self.fill(n)?;
        self.start = self.start.saturating_add(n).min(self.text.len());
        Ok(())
    }

    /// The next `n` bytes as text.
    pub fn take(&mut self, n: usize) -> Result<String, ArchiveError> {
        self.fill(n)?;
        let end = self.start.saturating_add(n);
        let bytes = self
            .text
            .get(self.start..end)
            .ok_or_else(|| ArchiveError("the archive's text ended early".into()))?;
        let text = String::from_utf8(bytes.to_vec())
            .map_err(|_| ArchiveError("the archive's text is not UTF-8".into()))?;
        self.start = end;
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn inflate(data: &EntryData) -> String {
        let bytes: Vec<u8> = data.chunks.iter().flat_map(|c| c.iter().copied()).collect();
        assert_eq!(bytes.len() as u64, data.compressed);
        let mut text = String::new();
        flate2::read::DeflateDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(
            (crc32fast::hash(text.as_bytes()), text.len() as u64),
            (data.crc, data.size)
        );
        text
    }

    #[test]
    fn a_snapshot_is_whole_and_the_entry_goes_on() {
        let mut entry = Deflated::new();
        entry.write("[").unwrap();
        for i in 0..2_000 {
            entry
                .write(&format!(
                    "{}{{\"id\":\"{i}\"}}",
                    if i == 0 { "\n" } else { ",\n" }
                ))
                .unwrap();
        }
        let first = entry.snapshot("\n]\n").unwrap();
        let text = inflate(&first);
        assert!(
            text.starts_with("[\n{\"id\":\"0\"},\n") && text.ends_with("{\"id\":\"1999\"}\n]\n")
        );
        entry.write(",\n{\"id\":\"more\"}").unwrap();
        let second = entry.snapshot("\n]\n").unwrap();
        assert!(inflate(&second).ends_with("{\"id\":\"1999\"},\n{\"id\":\"more\"}\n]\n"));
        assert!(
            Rc::ptr_eq(&first.chunks[0], &second.chunks[0]),
            "the bytes written before are shared, not copied"
        );
        let done = entry.finish().unwrap();
        assert!(inflate(&done).ends_with("{\"id\":\"more\"}"));
        assert_eq!(inflate(&entry_of("README").unwrap()), "README");
    }

    #[test]
    fn records_are_read_back_across_chunks_and_the_tail() {
        let mut entry = Deflated::new();
        // Text that does not compress, so it spans several chunks.
        let records: Vec<String> = (0..400u32)
            .map(|i| {
                let noise: String = (0..2_000u32)
                    .map(|j| {
                        char::from(
                            b'a' + ((i.wrapping_mul(7919) ^ j.wrapping_mul(104_729)) % 26) as u8,
                        )
                    })
                    .collect();
                format!("{{\"n\":{i},\"x\":\"{noise}\"}}")
            })
            .collect();
        entry.write("[").unwrap();
        for (i, r) in records.iter().enumerate() {
            entry.write(if i == 0 { "\n" } else { ",\n" }).unwrap();
            entry.write(r).unwrap();
        }
        let data = entry.snapshot("\n]\n").unwrap();
        assert!(data.chunks.len() > 2, "{} chunks", data.chunks.len());
        let mut reader = RecordReader::new(data);
        reader.skip(1).unwrap();
        for (i, r) in records.iter().enumerate() {
            reader.skip(if i == 0 { 1 } else { 2 }).unwrap();
            assert_eq!(&reader.take(r.len()).unwrap(), r);
        }
        assert_eq!(reader.take(3).unwrap(), "\n]\n");
        assert!(reader.take(1).is_err());
    }
}
