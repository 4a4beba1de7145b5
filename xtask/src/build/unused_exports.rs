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
/// section changes; every other section is copied byte for byte.
pub fn without_exports(
    wasm: &[u8],
    drop: impl Fn(&str) -> bool,
) -> Result<(Vec<u8>, usize), String> {
    let header = wasm.get(..8).ok_or("not a wasm module: too short")?;
    if header.get(..4) != Some(b"\0asm".as_slice()) {
        return Err("not a wasm module: no \\0asm header".into());
    }
    let mut out = header.to_vec();
    let mut dropped = 0;
    let mut at = 8;
    while at < wasm.len() {
        let start = at;
        let id = *wasm.get(at).ok_or("truncated section")?;
        at += 1;
        let size = usize::try_from(read_leb(wasm, &mut at)?).map_err(|_| "section too big")?;
        let body = wasm.get(at..at + size).ok_or("truncated section body")?;
        at += size;
        if id != EXPORT_SECTION {
            out.extend_from_slice(&wasm[start..at]);
            continue;
        }
        let (kept, count) = kept_exports(body, &drop)?;
        dropped = count;
        let mut section = Vec::new();
        write_leb(&mut section, kept.len() as u64);
        for entry in &kept {
            section.extend_from_slice(entry);
        }
        out.push(EXPORT_SECTION);
        write_leb(&mut out, section.len() as u64);
        out.extend_from_slice(&section);
    }
    Ok((out, dropped))
}

const EXPORT_SECTION: u8 = 7;

/// The export entries (each as its bytes) that `drop` keeps, and how many it dropped.
fn kept_exports<'a>(
    body: &'a [u8],
    drop: &impl Fn(&str) -> bool,
) -> Result<(Vec<&'a [u8]>, usize), String> {
    let mut at = 0;
    let count = read_leb(body, &mut at)?;
    let mut kept = Vec::new();
    let mut dropped = 0;
    for _ in 0..count {
        let start = at;
        let len = usize::try_from(read_leb(body, &mut at)?).map_err(|_| "name too long")?;
        let name = body.get(at..at + len).ok_or("truncated export name")?;
        let name = std::str::from_utf8(name).map_err(|_| "export name is not UTF-8")?;
        at += len;
        at += 1; // the kind of export
        read_leb(body, &mut at)?; // its index
        if drop(name) {
            dropped += 1;
        } else {
            kept.push(body.get(start..at).ok_or("truncated export")?);
        }
    }
    if at != body.len() {
        return Err("the export section holds more than its entries".into());
    }
    Ok((kept, dropped))
}

fn read_leb(bytes: &[u8], at: &mut usize) -> Result<u64, String> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *bytes.get(*at).ok_or("truncated number")?;
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Ok(value);
        }
    }
    Err("number too long".into())
}

fn write_leb(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module with one function exported under each of `names`, and a custom section after.
    fn module(names: &[&str]) -> Vec<u8> {
        let mut wasm = b"\0asm\x01\0\0\0".to_vec();
        wasm.extend_from_slice(&[1, 4, 1, 0x60, 0, 0]); // type: () -> ()
        wasm.extend_from_slice(&[3, 2, 1, 0]); // one function of type 0
        let mut exports = Vec::new();
        write_leb(&mut exports, names.len() as u64);
        for name in names {
            write_leb(&mut exports, name.len() as u64);
            exports.extend_from_slice(name.as_bytes());
            exports.extend_from_slice(&[0, 0]); // function 0
        }
        wasm.push(EXPORT_SECTION);
        write_leb(&mut wasm, exports.len() as u64);
        wasm.extend_from_slice(&exports);
        wasm.extend_from_slice(&[10, 4, 1, 2, 0, 0x0b]); // code: an empty body
        wasm.extend_from_slice(&[0, 4, 1, b'x', 1, 2]); // custom section "x"
        wasm
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

    #[test]
    fn refuses_what_is_not_a_module() {
        assert!(without_exports(b"\0asm", |_| true).is_err());
        assert!(without_exports(b"not wasm", |_| true).is_err());
        let mut cut = module(&["main"]);
        cut.truncate(cut.len() - 3);
        assert!(without_exports(&cut, |_| true).is_err());
    }
}
