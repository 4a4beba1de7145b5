//! Whether the app's memory layout lets wasm-opt assume the lowest 1 KiB of memory is never
//! read or written (`--low-memory-unused`, used by the post-build steps that optimise the
//! main module and the section modules: `tools/staged-files.mjs` `LAYOUT`).
//!
//! With that assumption wasm-opt folds constant address arithmetic into load and store offsets
//! (measured: −0.4 KB brotli on the main module, −0.45 KB on the operations pack). It holds
//! for rustc's wasm32 layout, which puts the stack first: the stack pointer starts at 1 MiB
//! and grows down towards 0, and the static data and the heap lie above it. Addresses below
//! 1 KiB are then reached only by a stack more than 1,047,552 B deep, which Folio's code
//! never builds (serde_json stops at 128 levels of nesting). The split step refuses a module
//! whose layout differs (a linker or target change), so the assumption cannot hold by accident.

use wasmparser::{DataKind, Operator, Parser, Payload};

/// The memory wasm-opt is told is never used: addresses below this.
pub const UNUSED_BELOW: u64 = 1024;

/// `Ok` when `wasm` (cargo's linked module) keeps the stack first and every active data
/// segment at or above [`UNUSED_BELOW`]; else what differs.
pub fn check(wasm: &[u8]) -> Result<(), String> {
    let mut stack_start = None;
    let mut lowest_data = None::<u64>;
    for payload in Parser::new(0).parse_all(wasm) {
        match payload.map_err(|e| format!("cannot read the wasm: {e}"))? {
            Payload::GlobalSection(globals) => {
                // rustc's first global is the mutable `__stack_pointer`.
                if let Some(global) = globals.into_iter().next() {
                    let global = global.map_err(|e| format!("cannot read a global: {e}"))?;
                    if global.ty.mutable {
                        stack_start = constant(&global.init_expr);
                    }
                }
            }
            Payload::DataSection(data) => {
                for segment in data {
                    let segment =
                        segment.map_err(|e| format!("cannot read a data segment: {e}"))?;
                    if let DataKind::Active { offset_expr, .. } = segment.kind {
                        let at = constant(&offset_expr)
                            .ok_or("a data segment's address is not a constant")?;
                        lowest_data = Some(lowest_data.map_or(at, |low| low.min(at)));
                    }
                }
            }
            _ => {}
        }
    }
    let stack_start =
        stack_start.ok_or("the module's first global is not a mutable stack pointer")?;
    if stack_start < UNUSED_BELOW {
        return Err(format!(
            "the stack starts at {stack_start}, below {UNUSED_BELOW}"
        ));
    }
    match lowest_data {
        Some(at) if at < UNUSED_BELOW => Err(format!(
            "a data segment starts at {at}, below {UNUSED_BELOW}: wasm-opt's --low-memory-unused would be wrong"
        )),
        Some(at) if at < stack_start => Err(format!(
            "a data segment starts at {at}, below the stack's start {stack_start}: the stack is not first"
        )),
        _ => Ok(()),
    }
}

/// The value of a constant expression `i32.const N` / `i64.const N`, if it is one.
fn constant(expr: &wasmparser::ConstExpr) -> Option<u64> {
    let mut ops = expr.get_operators_reader();
    let value = match ops.read().ok()? {
        Operator::I32Const { value } => u64::from(value as u32),
        Operator::I64Const { value } => value as u64,
        _ => return None,
    };
    matches!(ops.read().ok()?, Operator::End).then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_encoder::{
        ConstExpr, DataSection, GlobalSection, GlobalType, MemorySection, MemoryType, Module,
        ValType,
    };

    /// A module with a mutable i32 stack pointer starting at `stack` and one data segment at
    /// `data`.
    fn module(stack: i32, data: i32) -> Vec<u8> {
        let mut module = Module::new();
        let mut memories = MemorySection::new();
        memories.memory(MemoryType {
            minimum: 17,
            maximum: None,
            memory64: false,
            shared: false,
            page_size_log2: None,
        });
        module.section(&memories);
        let mut globals = GlobalSection::new();
        globals.global(
            GlobalType {
                val_type: ValType::I32,
                mutable: true,
                shared: false,
            },
            &ConstExpr::i32_const(stack),
        );
        module.section(&globals);
        let mut data_section = DataSection::new();
        data_section.active(0, &ConstExpr::i32_const(data), b"folio".iter().copied());
        module.section(&data_section);
        module.finish()
    }

    #[test]
    fn the_stack_first_layout_passes() {
        assert_eq!(check(&module(1_048_576, 1_048_576)), Ok(()));
    }

    #[test]
    fn data_in_the_lowest_kibibyte_is_refused() {
        let err = check(&module(1_048_576, 16)).unwrap_err();
        assert!(err.contains("starts at 16"), "{err}");
    }

    #[test]
    fn data_below_the_stack_is_refused() {
        // The layout `--stack-first` off gives: data from 1024, the stack above it.
        let err = check(&module(1_114_112, 1024)).unwrap_err();
        assert!(err.contains("the stack is not first"), "{err}");
    }

    #[test]
    fn a_stack_starting_in_the_lowest_kibibyte_is_refused() {
        assert!(check(&module(512, 2048)).is_err());
    }
}
