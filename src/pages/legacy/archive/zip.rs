//! Making the ZIP from what was read ([`folio_export::archive`]) in slices of
//! [`SLICE`] units, handing the page back between slices so its progress stays live, then
//! offering it as a download. The ZIP's parts go to the browser a quarter of a megabyte per
//! task (into one `Blob`, kept for "Save again") and each is dropped from wasm memory once
//! copied.

use folio_export::archive::{zip_name, ArchiveInfo, ArchiveJob, ListOutcome, Step, Zip};
use leptos::prelude::*;

use super::state::{Archive, Phase};
use crate::data::download::offer_blob;
use crate::data::next_task::next_task;

/// Records' work per slice: about 20 ms in the browser (a CSV row took about 47 µs at
/// 50,000 records; slices of 1,000 held the page for 40 to 90 ms each).
const SLICE: usize = 400;

/// Makes the ZIP and offers it. With `keep`, or when a list is incomplete, what was read
/// stays for Resume (a partial archive); otherwise it is dropped once the ZIP is made.
pub async fn make_zip(archive: Archive, keep: bool) {
    let generation = archive.generation.get();
    let dumps = archive.take_dumps();
    let incomplete = dumps
        .iter()
        .filter(|d| d.outcome != ListOutcome::Complete)
        .count();
    let info = {
        let read = archive.read.borrow();
        let now = chrono::Utc::now();
        ArchiveInfo {
            source: read.source.clone(),
            started: read.started.unwrap_or(now),
            packed: now,
        }
    };
    let name = zip_name(&info);
    let mut job = ArchiveJob::new(dumps, info);
    let zip = loop {
        match job.step(SLICE) {
            Ok(Step::Working { done, total }) => {
                archive.phase.set(Phase::Zipping { done, total });
                next_task().await;
                // The key was forgotten meanwhile: drop the work, offer nothing.
                if !archive.still(generation) {
                    return;
                }
            }
            Ok(Step::Done(zip)) => break zip,
            Err(e) => {
                archive.put_back(job.into_lists());
                archive.phase.set(Phase::ZipFailed(e.0));
                return;
            }
        }
    };
    // What was read stays for Resume; a whole archive drops it before the browser copies the
    // ZIP, so each part is freed once copied.
    let lists = job.into_lists();
    if keep || incomplete > 0 {
        archive.put_back(lists);
    } else {
        drop(lists);
    }
    let size = zip.len();
    let blob = match zip_blob(zip, &archive, generation).await {
        Copied::Whole(blob) => Some(blob),
        Copied::Refused => None,
        Copied::Dropped => return,
    };
    let offered = blob.as_ref().is_some_and(|b| offer_zip(&name, b));
    archive.read.borrow_mut().zip = blob.map(|b| (name.clone(), b));
    archive.phase.set(Phase::Saved {
        name,
        bytes: size,
        incomplete,
        offered,
    });
}

/// Bytes of the ZIP copied into the browser per task: the browser took about 20 ms a
/// megabyte to make them `Blob`s (60 ms at once for a ZIP of 2.8 MB).
const COPIED_PER_TASK: usize = 256 * 1024;

/// How copying the ZIP into the browser ended.
enum Copied {
    /// The ZIP as one `Blob`.
    Whole(web_sys::Blob),
    /// The browser refused a part: nothing to offer.
    Refused,
    /// The archive was cleared meanwhile (the key was forgotten): the work is dropped.
    Dropped,
}

/// The ZIP as one `Blob`, [`COPIED_PER_TASK`] bytes copied into the browser per task: each
/// part copied, then dropped here (a part still shared with what was read stays with it).
async fn zip_blob(zip: Zip, archive: &Archive, generation: u64) -> Copied {
    let pieces = js_sys::Array::new();
    let mut copied = 0usize;
    for part in zip.into_parts() {
        if copied >= COPIED_PER_TASK {
            copied = 0;
            next_task().await;
            if !archive.still(generation) {
                return Copied::Dropped;
            }
        }
        let bytes = js_sys::Array::of1(&js_sys::Uint8Array::from(part.as_slice()));
        let Ok(piece) = web_sys::Blob::new_with_u8_array_sequence(&bytes) else {
            return Copied::Refused;
        };
        pieces.push(&piece);
        copied = copied.saturating_add(part.len());
    }
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/zip");
    match web_sys::Blob::new_with_blob_sequence_and_options(&pieces, &options) {
        Ok(blob) => Copied::Whole(blob),
        Err(_) => Copied::Refused,
    }
}

/// Offers the ZIP `blob` as the download `name`; `false` when the browser refused.
pub fn offer_zip(name: &str, blob: &web_sys::Blob) -> bool {
    offer_blob(name, blob).is_ok()
}
