//! Making the ZIP from what was read ([`folio_export::archive`]) in slices of
//! [`SLICE`] units, handing the page back between slices so its progress stays live, then
//! offering it as a download.

use std::rc::Rc;

use folio_export::archive::{zip_name, ArchiveInfo, ArchiveJob, ListOutcome, Step};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::state::{Archive, Phase};
use crate::data::download::offer_bytes;

/// Records' work per slice (a few milliseconds each).
const SLICE: usize = 1_000;

/// Waits for the browser's next task, so it can paint and handle input in between.
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(resolve.unchecked_ref(), 0);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Makes the ZIP and offers it. With `keep`, what was read stays for Resume (a partial
/// archive); otherwise it is dropped once the ZIP is made.
pub async fn pack(archive: Archive, keep: bool) {
    let dumps = archive.dumps_for_packing(keep);
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
    let bytes = loop {
        match job.step(SLICE) {
            Ok(Step::Working { done, total }) => {
                archive.phase.set(Phase::Packing { done, total });
                next_task().await;
            }
            Ok(Step::Done(bytes)) => break bytes,
            Err(e) => {
                archive.phase.set(Phase::PackFailed(e.0));
                return;
            }
        }
    };
    let size = bytes.len();
    let bytes = Rc::new(bytes);
    archive.read.borrow_mut().zip = Some((name.clone(), bytes.clone()));
    if !keep {
        let mut read = archive.read.borrow_mut();
        read.seen.iter_mut().for_each(|s| *s = Default::default());
    }
    let offered = offer_zip(&name, &bytes);
    archive.phase.set(Phase::Saved {
        name,
        bytes: size,
        incomplete,
        offered,
    });
}

/// Offers the ZIP `bytes` as the download `name`; `false` when the browser refused.
pub fn offer_zip(name: &str, bytes: &[u8]) -> bool {
    offer_bytes(name, "application/zip", bytes).is_ok()
}
