//! Entry point: report panics to the console, install the language and mount the app.

/// The browser build's allocator: talc instead of Rust's default dlmalloc. The page is one
/// thread (no wasm atomics), which talc's single-threaded cell requires; it is smaller in
/// the main module and faster for the many small allocations of the ledger and Insights
/// (ARCHITECTURE.md, "The allocator").
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    console_error_panic_hook::set_once();
    folio::start();
}
