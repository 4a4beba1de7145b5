//! What the operations a long history loads keep in memory, measured natively: every page of
//! a sandbox history is read through the client's paginator, as the Operations page reads
//! it, into one list; an allocator counting the bytes live on this thread gives what the
//! list holds per operation. Native sizes are larger than wasm32's (pointers of 8 bytes, not
//! 4), so the figure is an upper bound of the browser's; `cargo xtask bench operations`
//! measures the browser itself.
//!
//! Measured on the sandbox's mix (1.7 legs per operation): 1,673 bytes per operation with
//! every id its own `String` and the trade details inline in each leg; 1,095 with the ids
//! that repeat (asset, currency, wallet) shared and the trade details boxed (issue 44). The
//! bound below keeps that from growing back unnoticed.
//!
//! `cargo test -p folio-client --release --test operations_memory -- --nocapture` prints it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicIsize, Ordering};

use folio_client::current::{Operation, OperationsQuery};
use folio_client::{ApiKey, BaseUrls, Client};

struct Counting;

thread_local! {
    static MEASURED: Cell<bool> = const { Cell::new(false) };
}
static LIVE: AtomicIsize = AtomicIsize::new(0);

fn measured() -> bool {
    MEASURED.try_with(Cell::get).unwrap_or(false)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if measured() {
            LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        }
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if measured() {
            LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        }
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if measured() {
            LIVE.fetch_add(
                new_size as isize - layout.size() as isize,
                Ordering::Relaxed,
            );
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn a_loaded_operation_keeps_few_bytes() {
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
                operations: 20_000,
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
    let client = Client::new(BaseUrls::same_origin(&url), ApiKey::new("folio-demo-full"));
    let mut kept: Vec<Operation> = Vec::new();
    let before = LIVE.load(Ordering::Relaxed);
    MEASURED.with(|m| m.set(true));
    let mut paginator = client.current().operations_paginator(OperationsQuery {
        page_size: Some(100),
        ..OperationsQuery::default()
    });
    runtime
        .block_on(paginator.run(None, |page, _| kept.extend(page)))
        .expect("every page");
    drop(paginator);
    kept.shrink_to_fit();
    let live = LIVE.load(Ordering::Relaxed) - before;
    MEASURED.with(|m| m.set(false));
    let legs = kept
        .iter()
        .fold(0usize, |n, o| n.saturating_add(o.transactions.len()));
    let per_op = live as usize / kept.len();
    println!(
        "{} operations, {legs} legs: {live} bytes live, {per_op} per operation, {} per leg; \
         size_of Operation {} OperationTransaction {}",
        kept.len(),
        live as usize / legs,
        std::mem::size_of::<Operation>(),
        std::mem::size_of::<folio_client::current::OperationTransaction>(),
    );
    assert!(kept.len() >= 20_000, "{} operations read", kept.len());
    assert!(
        per_op <= 1_250,
        "{per_op} bytes per loaded operation (natively): the ids that repeat are no longer \
         shared, or a leg grew"
    );
}
