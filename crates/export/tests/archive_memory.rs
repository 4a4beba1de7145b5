//! What the legacy archive holds in memory at 50,000 records and more, measured natively:
//! every legacy list of a sandbox with more than 50,000 legacy records is read page by page
//! (500 a request, through the client, as the app reads them) into its [`ListDump`], then
//! packed in slices of 1,000, as the app does. An allocator counting the bytes live on this
//! thread gives the peak; the figures are written in `docs/legacy-archive.md`.
//!
//! The browser's share is not counted here: the app hands the ZIP's parts to one `Blob`, a
//! copy of the ZIP's size outside wasm memory. The goal is that the peak here plus that copy
//! stays within twice the ZIP's size (plus a fixed 2 MB for the page being read and the
//! buffers of the reads).
//!
//! `cargo test -p folio-export --release --test archive_memory -- --nocapture` prints the
//! figures (a debug build takes minutes: the compression is not optimised there).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicIsize, Ordering};

use chrono::Utc;
use folio_client::legacy::{LegacyList, MAX_PAGE_SIZE};
use folio_client::{ApiKey, BaseUrls, Client};
use folio_export::archive::{ArchiveInfo, ArchiveJob, ListDump, ListOutcome, Next, Step};

struct Counting;

thread_local! {
    static MEASURED: Cell<bool> = const { Cell::new(false) };
}
static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

fn measured() -> bool {
    MEASURED.try_with(Cell::get).unwrap_or(false)
}

fn count(delta: isize) {
    let live = LIVE.fetch_add(delta, Ordering::Relaxed) + delta;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if measured() {
            count(layout.size() as isize);
        }
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if measured() {
            count(-(layout.size() as isize));
        }
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if measured() {
            // A move keeps both blocks for a moment.
            count(new_size as isize);
            count(-(layout.size() as isize));
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const MB: f64 = 1024.0 * 1024.0;

#[test]
fn fifty_thousand_records_take_at_most_twice_the_zip() {
    // The sandbox runs on threads of its own: its memory is not counted.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let server = folio_sandbox::serve(folio_sandbox::Config {
                port: 0,
                operations: 24_000,
                ..folio_sandbox::Config::default()
            })
            .await
            .unwrap();
            tx.send(server.url()).unwrap();
            std::future::pending::<()>().await;
        });
    });
    let url = rx.recv().unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let started = Utc::now();

    MEASURED.with(|m| m.set(true));
    let (zip, records, json_bytes) = runtime.block_on(async {
        let client = Client::new(BaseUrls::same_origin(&url), ApiKey::new("folio-demo-full"));
        let mut lists = Vec::new();
        let (mut records, mut json_bytes) = (0usize, 0usize);
        for list in LegacyList::ALL {
            let mut dump = ListDump::new(list);
            loop {
                let page = client
                    .legacy()
                    .raw_page(list, dump.cursor(), MAX_PAGE_SIZE)
                    .await
                    .expect("a page");
                json_bytes += page.records.iter().fold(0, |n, r| n + r.json.len());
                if dump.add_page(page).unwrap().next != Next::More {
                    break;
                }
            }
            dump.outcome = ListOutcome::Complete;
            records += dump.len();
            lists.push(dump);
        }
        let info = ArchiveInfo {
            source: url.clone(),
            started,
            packed: Utc::now(),
        };
        let mut job = ArchiveJob::new(lists, info);
        let zip = loop {
            if let Step::Done(zip) = job.step(1_000).unwrap() {
                break zip;
            }
        };
        // A whole archive: what was read is dropped.
        drop(job);
        (zip, records, json_bytes)
    });
    let wasm_peak = PEAK.load(Ordering::Relaxed);
    // The hand-over, as the app does it: each part copied into the browser's Blob (counted
    // here as "outside"), then dropped from wasm memory.
    let size = zip.len();
    let mut outside = 0isize;
    let mut together = wasm_peak;
    for part in zip.into_parts() {
        outside += part.len() as isize;
        together = together.max(LIVE.load(Ordering::Relaxed) + outside);
        drop(part);
    }
    let after = LIVE.load(Ordering::Relaxed);
    MEASURED.with(|m| m.set(false));
    let (size, mb) = (size as f64, |n: isize| n as f64 / MB);
    println!(
        "{records} records ({:.1} MB of JSON as sent): ZIP {:.2} MB. Peak in wasm memory {:.2} MB \
         ({:.2}x the ZIP); wasm and the Blob at once at most {:.2} MB ({:.2}x); left in wasm \
         once the Blob holds the ZIP {:.2} MB",
        json_bytes as f64 / MB,
        size / MB,
        mb(wasm_peak),
        wasm_peak as f64 / size,
        mb(together),
        together as f64 / size,
        mb(after),
    );
    assert!(records >= 50_000, "{records} records");
    assert!(
        together as f64 <= 2.0 * size,
        "wasm and the Blob hold {:.2} MB at once, more than twice the ZIP ({:.2} MB)",
        mb(together),
        size / MB
    );
}
