//! Fewer, larger chunks: the split step's code shared between sections, regrouped.
//!
//! `wasm_split_cli_support` puts every function in a module of its own kind: one per set of
//! sections that need it. With thirty sections that is ~700 chunk modules, most of a few
//! hundred bytes, and a page instantiates every chunk it needs (the portfolio ~200). Each
//! module costs the browser a compile job and an instantiation on the page's thread, whatever
//! its size: `bench paint` measured 200 of them compiling over 30–40 ms warm, 100–200 ms with
//! a 4× slower CPU, before the page could start.
//!
//! Here chunks are merged (`merge_modules::merge`) into groups, and a group loads when any
//! section needs any of its chunks. So that no entry route's first load grows, two chunks only
//! share a group when exactly the same entry sections (`folio_routes::entry_routes`) need them; among
//! those, a merge is taken while the bytes it adds to the other sections' loads stay within
//! `BYTES_PER_MODULE` for each module load it saves (greedily, cheapest first).

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// The bytes of code and data another section may load in vain for each module load a merge
/// saves.
pub const BYTES_PER_MODULE: u64 = 3_000;

/// Names this way of grouping in the split loader's file name (hashed with the input,
/// `BYTES_PER_MODULE` and the entry sections), so a build that groups the same wasm differently gets another loader
/// name and build id: change it with any change to how chunks are grouped or merged.
pub const GROUPING: &str = "chunk groups v1";

/// A chunk as the grouping sees it: the sections that need it (one bit per section) and its
/// size in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// Bit `i` set: the `i`-th section (in name order) needs this chunk.
    pub users: u64,
    /// Bytes of function bodies and data.
    pub size: u64,
}

/// The groups of `chunks` (indices into it, each group in ascending order, groups ordered by
/// their first chunk): chunks share a group only if the same sections of `entry` need them.
pub fn plan(chunks: &[Chunk], entry: u64, bytes_per_module: u64) -> Vec<Vec<usize>> {
    let mut classes: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
    for (i, c) in chunks.iter().enumerate() {
        classes.entry(c.users & entry).or_default().push(i);
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for members in classes.into_values() {
        let mut class: Vec<(Chunk, Vec<usize>)> =
            members.into_iter().map(|i| (chunks[i], vec![i])).collect();
        while let Some((a, b)) = cheapest_merge(&class, bytes_per_module) {
            let (chunk, mut taken) = class.remove(b);
            let kept = &mut class[a];
            kept.0 = Chunk {
                users: kept.0.users | chunk.users,
                size: kept.0.size + chunk.size,
            };
            kept.1.append(&mut taken);
        }
        groups.extend(class.into_iter().map(|(_, mut members)| {
            members.sort_unstable();
            members
        }));
    }
    groups.sort_unstable();
    groups
}

/// The pair of groups (a < b) whose merge adds the fewest bytes per module load saved, if
/// that is at most `bytes_per_module`.
fn cheapest_merge(class: &[(Chunk, Vec<usize>)], bytes_per_module: u64) -> Option<(usize, usize)> {
    let mut best: Option<(u128, u128, usize, usize)> = None;
    for (a, (x, _)) in class.iter().enumerate() {
        for (b, (y, _)) in class.iter().enumerate().skip(a + 1) {
            let saved = u128::from((x.users & y.users).count_ones());
            if saved == 0 {
                continue;
            }
            let added = u128::from((y.users & !x.users).count_ones()) * u128::from(x.size)
                + u128::from((x.users & !y.users).count_ones()) * u128::from(y.size);
            if added > saved * u128::from(bytes_per_module) {
                continue;
            }
            let cheaper = best.is_none_or(|(bc, bs, _, _)| added * bs < bc * saved);
            if cheaper {
                best = Some((added, saved, a, b));
            }
        }
    }
    best.map(|(_, _, a, b)| (a, b))
}

/// What regrouping did, for the build's log.
pub struct Regrouped {
    /// Chunks the split step wrote.
    pub before: usize,
    /// Chunks after merging.
    pub after: usize,
}

/// Regroups the chunks the split step wrote into `dir`: merges each group's modules into
/// one file, renumbers the chunks from the lowest number, and rewrites `loader` (the split
/// loader's text) and `map` (each section's files) to match.
pub fn regroup(
    dir: &Path,
    map: &mut HashMap<String, Vec<String>>,
    loader: &str,
    entry_sections: &[&str],
) -> Result<(String, Regrouped), String> {
    let mut sections: Vec<&String> = map.keys().collect();
    sections.sort();
    if sections.len() > 64 {
        return Err("more than 64 sections: chunk_groups.rs counts them in a u64".into());
    }
    let mut numbers: Vec<u32> = map
        .values()
        .flatten()
        .filter_map(|f| chunk_number(f))
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    let mut chunks = Vec::with_capacity(numbers.len());
    for &n in &numbers {
        let name = format!("chunk_{n}");
        let users = sections
            .iter()
            .enumerate()
            .filter(|(_, s)| map[**s].contains(&name))
            .fold(0u64, |bits, (i, _)| bits | 1 << i);
        let bytes = std::fs::read(dir.join(format!("{name}.wasm")))
            .map_err(|e| format!("cannot read {name}.wasm: {e}"))?;
        let size = code_and_data(&bytes).map_err(|e| format!("cannot read {name}.wasm: {e}"))?;
        chunks.push(Chunk { users, size });
    }
    let entry = sections
        .iter()
        .enumerate()
        .filter(|(_, s)| entry_sections.contains(&s.as_str()))
        .fold(0u64, |bits, (i, _)| bits | 1 << i);
    let groups = plan(&chunks, entry, BYTES_PER_MODULE);

    let first = numbers.first().copied().unwrap_or(0);
    let mut renamed: HashMap<u32, u32> = HashMap::new();
    let mut files = Vec::with_capacity(groups.len());
    for (k, group) in groups.iter().enumerate() {
        let new = first + k as u32;
        let mut modules = Vec::with_capacity(group.len());
        for &i in group {
            renamed.insert(numbers[i], new);
            let path = dir.join(format!("chunk_{}.wasm", numbers[i]));
            modules.push(
                std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?,
            );
        }
        let bytes = match modules.as_slice() {
            [one] => one.clone(),
            many => {
                let slices: Vec<&[u8]> = many.iter().map(Vec::as_slice).collect();
                crate::build::merge_modules::merge(&slices)
                    .map_err(|e| format!("cannot merge chunk group {new}: {e}"))?
            }
        };
        files.push((new, bytes));
    }
    for &n in &numbers {
        let path = dir.join(format!("chunk_{n}.wasm"));
        std::fs::remove_file(&path)
            .map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
    }
    for (n, bytes) in &files {
        let path = dir.join(format!("chunk_{n}.wasm"));
        std::fs::write(&path, bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    for files in map.values_mut() {
        let mut chunk_numbers: Vec<u32> = files
            .iter()
            .filter_map(|f| chunk_number(f))
            .map(|n| renamed[&n])
            .collect();
        chunk_numbers.sort_unstable();
        chunk_numbers.dedup();
        let others: Vec<String> = files
            .iter()
            .filter(|f| chunk_number(f).is_none())
            .cloned()
            .collect();
        *files = chunk_numbers
            .into_iter()
            .map(|n| format!("chunk_{n}"))
            .chain(others)
            .collect();
    }
    let loader = crate::build::split_loader::regrouped(loader, &renamed, files.len())?;
    Ok((
        loader,
        Regrouped {
            before: numbers.len(),
            after: files.len(),
        },
    ))
}

/// The bytes of a module's function bodies and data: what stays of it once optimised (the
/// split step gives every module the input's whole type section, which optimising drops).
fn code_and_data(module: &[u8]) -> Result<u64, String> {
    let mut size = 0;
    for payload in wasmparser::Parser::new(0).parse_all(module) {
        match payload.map_err(|e| e.to_string())? {
            wasmparser::Payload::CodeSectionEntry(body) => size += span(body.range()),
            wasmparser::Payload::DataSection(data) => size += span(data.range()),
            _ => {}
        }
    }
    Ok(size)
}

fn span(range: std::ops::Range<u64>) -> u64 {
    range.end - range.start
}

/// `n` for a file stem `chunk_<n>`.
fn chunk_number(stem: &str) -> Option<u32> {
    stem.strip_prefix("chunk_")?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PORTFOLIO: u64 = 1;
    const TRADE: u64 = 2;
    const HISTORY: u64 = 4;
    const EARN: u64 = 8;
    const ENTRY: u64 = PORTFOLIO | TRADE;

    fn chunk(users: u64, size: u64) -> Chunk {
        Chunk { users, size }
    }

    #[test]
    fn chunks_merge_only_when_the_same_entry_sections_need_them() {
        let chunks = [
            chunk(PORTFOLIO | HISTORY, 10),
            chunk(PORTFOLIO | TRADE | HISTORY, 10),
            chunk(PORTFOLIO | HISTORY | EARN, 10),
        ];
        // The second is also needed by Trade, the others are not: Trade must not load them.
        assert_eq!(plan(&chunks, ENTRY, 1_000_000), [vec![0, 2], vec![1]]);
    }

    #[test]
    fn a_merge_is_taken_while_the_bytes_it_adds_elsewhere_are_small() {
        let chunks = [
            chunk(PORTFOLIO | HISTORY, 100),
            chunk(PORTFOLIO | EARN, 5_000),
            chunk(PORTFOLIO | HISTORY | EARN, 200),
        ];
        // 0 with 2 saves Portfolio and History a module each and makes Earn load 100 bytes
        // in vain: 50 per module saved. Adding 1 then saves Portfolio and Earn a module and
        // makes History load 5,000 bytes: 2,500 per module, over the 1,000 allowed.
        assert_eq!(plan(&chunks, ENTRY, 1_000), [vec![0, 2], vec![1]]);
        assert_eq!(plan(&chunks, ENTRY, 3_000), [vec![0, 1, 2]]);
    }

    #[test]
    fn chunks_no_section_shares_stay_apart() {
        let chunks = [chunk(HISTORY, 1), chunk(EARN, 1)];
        assert_eq!(plan(&chunks, ENTRY, 1_000_000), [vec![0], vec![1]]);
    }
}
