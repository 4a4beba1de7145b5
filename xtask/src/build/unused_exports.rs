//! Drops exports of cargo's wasm that no part of Folio calls, before the split step reads it.
//!
//! Leptos depends on `server_fn` with its `browser` feature, which brings `wasm-streams`; that
//! crate exports three classes to JavaScript (`IntoUnderlyingSource`, `IntoUnderlyingSink`,
//! `IntoUnderlyingByteSource`) for streaming server functions. Folio calls no server function,
//! yet an export is a root: the methods, the futures they drive and their JS glue sat in every
//! first load (about 4 KB brotli). Without the method exports (and the descriptions
//! wasm-bindgen reads them by), wasm-bindgen writes each class with its `free()` only. Done
//! before the split, the split's reachability analysis leaves out everything only the methods
//! used, the data included, which no optimiser after the linker could remove. The classes'
//! `free` exports stay, so the glue never names an export that is gone.

use wasm_encoder::reencode::{Reencode, RoundtripReencoder};
use wasm_encoder::{ExportSection, Section};
use wasmparser::{Parser, Payload};

/// Whether `name` is a method of one of wasm-streams' classes, or its description.
pub fn is_unused_stream_method(name: &str) -> bool {
    let name = name.strip_prefix("__wbindgen_describe_").unwrap_or(name);
    [
        "intounderlyingsource_",
        "intounderlyingsink_",
        "intounderlyingbytesource_",
    ]
    .iter()
    .any(|class| name.starts_with(class))
}

/// `wasm` without the exports `drop` picks, and how many were dropped. Only the export
/// section changes (read with `wasmparser`, written with `wasm-encoder`); every other section
/// is copied byte for byte, its header included.
pub fn without_exports(
    wasm: &[u8],
    drop: impl Fn(&str) -> bool,
) -> Result<(Vec<u8>, usize), String> {
    let mut out = Vec::with_capacity(wasm.len());
    let mut dropped = 0;
    let mut copied = 0; // the bytes before this are in `out`
    let mut section_end = 0; // where the section just read ends (the next one's header starts)
    for payload in Parser::new(0).parse_all(wasm) {
        let payload = payload.map_err(|e| format!("not a wasm module: {e}"))?;
        let section_ends = payload.as_section().map(|(_, range)| range.end);
        match payload {
            Payload::Version { range, .. } => section_end = offset(range.end)?,
            Payload::ExportSection(reader) => {
                let mut kept = ExportSection::new();
                for export in reader {
                    let export = export.map_err(|e| format!("bad export: {e}"))?;
                    if drop(export.name) {
                        dropped += 1;
                    } else {
                        RoundtripReencoder
                            .parse_export(&mut kept, export)
                            .map_err(|e| format!("cannot write export: {e}"))?;
                    }
                }
                out.extend_from_slice(&wasm[copied..section_end]);
                kept.append_to(&mut out);
                copied = offset(section_ends.unwrap_or(0))?;
            }
            Payload::End(end) => out.extend_from_slice(&wasm[copied..offset(end)?]),
            _ => {}
        }
        if let Some(end) = section_ends {
            section_end = offset(end)?;
        }
    }
    Ok((out, dropped))
}

/// A byte offset the parser gives as `u64`, as an index into the module.
fn offset(at: u64) -> Result<usize, String> {
    usize::try_from(at).map_err(|_| "module too big".to_string())
}
#[cfg(test)]
mod tests {
    use super::*;
    use wasm_encoder::{
        CodeSection, CustomSection, ExportKind, Function, FunctionSection, Module, TypeSection,
    };

    /// A module with one function exported under each of `names`, and a custom section after.
    fn module(names: &[&str]) -> Vec<u8> {
        let mut module = Module::new();
        let mut types = TypeSection::new();
        types.ty().function([], []);
        module.section(&types);
        let mut functions = FunctionSection::new();
        functions.function(0);
        module.section(&functions);
        let mut exports = ExportSection::new();
        for name in names {
            exports.export(name, ExportKind::Func, 0);
        }
        module.section(&exports);
        let mut code = CodeSection::new();
        let mut body = Function::new([]);
        body.instructions().end();
        code.function(&body);
        module.section(&code);
        module.section(&CustomSection {
            name: "x".into(),
            data: [1, 2].as_slice().into(),
        });
        module.finish()
    }

    #[test]
    fn drops_the_stream_methods_and_keeps_the_rest_byte_for_byte() {
        let before = module(&[
            "intounderlyingsource_pull_58a9338f50bce61c",
            "__wbindgen_describe_intounderlyingsink_write_58a9338f50bce61c",
            "__wbg_intounderlyingsource_free_58a9338f50bce61c",
            "main",
        ]);
        let (after, dropped) = without_exports(&before, is_unused_stream_method).unwrap();
        assert_eq!(dropped, 2);
        assert_eq!(
            after,
            module(&["__wbg_intounderlyingsource_free_58a9338f50bce61c", "main"])
        );
        let (same, none) = without_exports(&after, is_unused_stream_method).unwrap();
        assert_eq!((same, none), (after, 0));
    }

    /// A section whose size is written in more bytes than it needs (as some linkers pad it)
    /// is copied as it is, not rewritten.
    #[test]
    fn copies_a_padded_section_header_as_it_is() {
        let plain = module(&["main"]);
        // The type section (id 1) first, with its size 4 written as 0x84 0x80 0x80 0x80 0x00.
        assert_eq!(&plain[8..10], &[1, 4]);
        let mut padded = plain[..9].to_vec();
        padded.extend_from_slice(&[0x84, 0x80, 0x80, 0x80, 0x00]);
        padded.extend_from_slice(&plain[10..]);
        let (after, dropped) = without_exports(&padded, |_| false).unwrap();
        assert_eq!((after, dropped), (padded, 0));
    }

    #[test]
    fn refuses_what_is_not_a_module() {
        assert!(without_exports(b"\0asm", |_| true).is_err());
        assert!(without_exports(b"not wasm", |_| true).is_err());
        let mut cut = module(&["main"]);
        cut.truncate(cut.len() - 3);
        assert!(without_exports(&cut, |_| true).is_err());
    }
}
