//! The release build's own steps, run between cargo and wasm-bindgen (`cargo xtask split`, by
//! `tools/split-bin/wasm-bindgen`; the post-build steps that follow Trunk's are
//! `tools/post-build.mjs`):
//! - `split`: the split step itself (cargo's wasm → a main module, one module per section and
//!   the chunks they share, and their loader);
//! - `unused_exports`: exports nothing calls, dropped from cargo's wasm before the split;
//! - `chunk_groups`: the split's chunks merged into fewer, larger ones, with
//!   `merge_modules` (the merge, tests in `merge_modules_tests.rs`) and `module_shape` (what
//!   the merge reads of each module first);
//! - `low_memory`: the check that the memory layout allows wasm-opt's `--low-memory-unused`;
//! - `split_loader`: the split loader's text rewritten for the regrouped chunks.

pub mod chunk_groups;
pub mod low_memory;
pub mod merge_modules;
pub mod module_shape;
pub mod split;
pub mod split_loader;
pub mod unused_exports;
