//! The ZIP itself, written by hand from entries already compressed ([`EntryData`]): a local
//! header before each entry's deflate data, the central directory and its end record
//! (PKWARE APPNOTE 4.3; names in UTF-8, flag bit 11). The file is a list of [`Zip::parts`]
//! — the headers Folio writes and the entries' chunks, shared with the lists they come from —
//! which the app hands to the browser as one `Blob` without joining them first, so no second
//! copy of the archive is made in the app's memory.

use std::rc::Rc;

use chrono::{DateTime, Datelike, Timelike, Utc};

use super::deflated::EntryData;
use super::job::ArchiveError;

/// A finished ZIP, as the parts it is made of (see the module documentation).
#[derive(Debug, Clone, Default)]
pub struct Zip {
    parts: Vec<Rc<Vec<u8>>>,
}

impl Zip {
    /// The file's bytes, in order, in parts.
    pub fn parts(&self) -> impl Iterator<Item = &[u8]> {
        self.parts.iter().map(|p| p.as_slice())
    }

    /// The file's bytes, in order, in parts, given away: a part no list shares any more is
    /// freed as soon as it is dropped (the app drops each once the browser has copied it).
    pub fn into_parts(self) -> std::vec::IntoIter<Rc<Vec<u8>>> {
        self.parts.into_iter()
    }

    /// The file's size in bytes.
    pub fn len(&self) -> usize {
        self.parts
            .iter()
            .map(|p| p.len())
            .fold(0, usize::saturating_add)
    }

    /// Whether the file is empty (never, once made).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The file's bytes joined (a copy: for tests and tools, not for the browser).
    pub fn to_vec(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len());
        for part in self.parts() {
            out.extend_from_slice(part);
        }
        out
    }
}

/// DOS date and time (local = UTC here), as ZIP headers carry them.
fn dos_stamp(when: DateTime<Utc>) -> (u16, u16) {
    let year = u16::try_from(when.year().clamp(1980, 2107) - 1980).unwrap_or(0);
    let date = (year << 9) | ((when.month() as u16) << 5) | when.day() as u16;
    let time =
        ((when.hour() as u16) << 11) | ((when.minute() as u16) << 5) | (when.second() as u16 / 2);
    (date, time)
}

fn u16_of(n: usize) -> Result<u16, ArchiveError> {
    u16::try_from(n).map_err(|_| ArchiveError("too many files for a ZIP".into()))
}

fn u32_of(n: u64) -> Result<u32, ArchiveError> {
    u32::try_from(n).map_err(|_| ArchiveError("a file too large for a ZIP (4 GB)".into()))
}

/// The fields local and central headers share, from "version needed" to "extra length".
fn common(
    out: &mut Vec<u8>,
    data: &EntryData,
    name: &str,
    stamp: (u16, u16),
) -> Result<(), ArchiveError> {
    out.extend_from_slice(&20u16.to_le_bytes()); // version needed: 2.0 (deflate)
    out.extend_from_slice(&0x0800u16.to_le_bytes()); // flags: the name is UTF-8
    out.extend_from_slice(&8u16.to_le_bytes()); // deflated
    out.extend_from_slice(&stamp.1.to_le_bytes());
    out.extend_from_slice(&stamp.0.to_le_bytes());
    out.extend_from_slice(&data.crc.to_le_bytes());
    out.extend_from_slice(&u32_of(data.compressed)?.to_le_bytes());
    out.extend_from_slice(&u32_of(data.size)?.to_le_bytes());
    out.extend_from_slice(&u16_of(name.len())?.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes()); // no extra field
    Ok(())
}

/// The ZIP of `entries` (name, data), in that order, stamped `when`.
pub fn zip(entries: Vec<(String, EntryData)>, when: DateTime<Utc>) -> Result<Zip, ArchiveError> {
    let stamp = dos_stamp(when);
    let mut parts = Vec::new();
    let mut central = Vec::new();
    let mut offset: u64 = 0;
    let count = u16_of(entries.len())?;
    for (name, data) in entries {
        let mut local = Vec::with_capacity(30 + name.len());
        local.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        common(&mut local, &data, &name, stamp)?;
        local.extend_from_slice(name.as_bytes());

        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        central.extend_from_slice(&20u16.to_le_bytes()); // made by: 2.0, MS-DOS attributes
        common(&mut central, &data, &name, stamp)?;
        central.extend_from_slice(&0u16.to_le_bytes()); // comment length
        central.extend_from_slice(&0u16.to_le_bytes()); // disk
        central.extend_from_slice(&0u16.to_le_bytes()); // internal attributes
        central.extend_from_slice(&0u32.to_le_bytes()); // external attributes
        central.extend_from_slice(&u32_of(offset)?.to_le_bytes());
        central.extend_from_slice(name.as_bytes());

        offset = offset
            .saturating_add(local.len() as u64)
            .saturating_add(data.compressed);
        parts.push(Rc::new(local));
        parts.extend(data.chunks);
    }
    let mut end = Vec::with_capacity(22);
    end.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    end.extend_from_slice(&0u16.to_le_bytes()); // this disk
    end.extend_from_slice(&0u16.to_le_bytes()); // the directory's disk
    end.extend_from_slice(&count.to_le_bytes());
    end.extend_from_slice(&count.to_le_bytes());
    end.extend_from_slice(&u32_of(central.len() as u64)?.to_le_bytes());
    end.extend_from_slice(&u32_of(offset)?.to_le_bytes());
    end.extend_from_slice(&0u16.to_le_bytes()); // no comment
    parts.push(Rc::new(central));
    parts.push(Rc::new(end));
    Ok(Zip { parts })
}

#[cfg(test)]
mod tests {
    use super::super::deflated::entry_of;
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn the_zip_crate_reads_it() {
        use std::io::Read;
        let when = Utc.with_ymd_and_hms(2026, 11, 23, 22, 5, 7).unwrap();
        let zip = zip(
            vec![
                ("a.json".into(), entry_of("[\n]\n").unwrap()),
                ("ü.txt".into(), entry_of("grüß").unwrap()),
            ],
            when,
        )
        .unwrap();
        let mut archive = ::zip::ZipArchive::new(std::io::Cursor::new(zip.to_vec())).unwrap();
        assert_eq!(archive.len(), 2);
        let mut text = String::new();
        let mut file = archive.by_name("ü.txt").unwrap();
        let modified = file.last_modified().unwrap();
        assert_eq!(
            (modified.year(), modified.month(), modified.day()),
            (2026, 11, 23)
        );
        assert_eq!(
            (modified.hour(), modified.minute(), modified.second()),
            (22, 5, 6)
        );
        file.read_to_string(&mut text).unwrap();
        assert_eq!(text, "grüß");
    }
}
