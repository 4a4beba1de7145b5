//! `folio-fuzz`: feeds mutated inputs through every decoder of the three APIs' answers (via
//! `folio_client::Client` on a transport that answers with the mutation) and every parser of
//! typed input, natively, and counts panics. Seeds are real sandbox answers (and realistic
//! typed values); mutations are byte edits, JSON-aware edits (type swaps, `1e400`, unknown enum
//! values, casing, deletions, deep nesting, 10 MB strings) and typed-text edits.
//!
//! A panicking input is saved in `crates/fuzz/regressions/` and replayed before every run.
//! `cargo xtask fuzz` runs 1,000,000 inputs; `cargo xtask test` runs a smaller count.

pub mod answers;
pub mod mutate;
pub mod rng;
pub mod typed_input;

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use answers::{client, Answer};
use rng::Rng;

/// What a run found.
#[derive(Debug, Default)]
pub struct Report {
    /// Inputs run, per target.
    pub per_target: Vec<(&'static str, u64)>,
    /// Inputs that panicked: (target, input, panic message).
    pub crashes: Vec<(String, String, String)>,
}

impl Report {
    /// Inputs run in total.
    pub fn total(&self) -> u64 {
        self.per_target.iter().map(|(_, n)| n).sum()
    }
}

thread_local! {
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Keeps panic messages quiet (recorded, not printed) while fuzzing.
pub fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let location = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        LAST_PANIC.with(|p| *p.borrow_mut() = format!("{message}{location}"));
    }));
}

/// The fuzzer: targets, their seeds, and the answer slot the reads use.
pub struct Fuzzer {
    answer: Rc<RefCell<Answer>>,
    reads: Vec<(&'static str, answers::Read, String)>,
    parsers: Vec<(&'static str, typed_input::Parse)>,
}

impl Fuzzer {
    /// A fuzzer whose read targets start from `seeds` (in [`answers::reads`] order).
    pub fn new(seeds: Vec<String>) -> Self {
        let reads = answers::reads()
            .into_iter()
            .zip(seeds)
            .map(|((name, read), seed)| (name, read, seed))
            .collect();
        Self {
            answer: Rc::new(RefCell::new(Answer::Replay(200, Rc::new(String::new())))),
            reads,
            parsers: typed_input::parsers(),
        }
    }

    /// Runs one input on the target called `name`; `Err(message)` when it panicked.
    pub fn run_one(&self, name: &str, input: &str) -> Result<(), String> {
        if let Some((_, read, _)) = self.reads.iter().find(|(n, ..)| *n == name) {
            let status = if input.contains("\"error") { 422 } else { 200 };
            *self.answer.borrow_mut() = Answer::Replay(status, Rc::new(input.to_string()));
            let c = client(self.answer.clone());
            guard(|| futures::executor::block_on(read(&c)))
        } else if let Some((_, parse)) = self.parsers.iter().find(|(n, _)| *n == name) {
            guard(|| parse(input))
        } else {
            Ok(())
        }
    }

    /// Runs `count` mutated inputs from `seed`, spread evenly over the targets.
    pub fn run(&self, count: u64, seed: u64) -> Report {
        let mut rng = Rng::new(seed);
        let targets = self.reads.len() + self.parsers.len();
        let mut per_target = vec![0u64; targets];
        let mut crashes = Vec::new();
        for i in 0..count {
            let t = (i % targets as u64) as usize;
            let (name, input) = if t < self.reads.len() {
                let (name, _, seed) = &self.reads[t];
                (*name, mutate::mutate_body(&mut rng, seed))
            } else {
                let (name, _) = &self.parsers[t - self.reads.len()];
                let seed = rng.pick(typed_input::TYPED_SEEDS);
                (*name, mutate::typed_text(&mut rng, seed))
            };
            per_target[t] += 1;
            if let Err(message) = self.run_one(name, &input) {
                crashes.push((name.to_string(), input, message));
            }
        }
        let names = self
            .reads
            .iter()
            .map(|(n, ..)| *n)
            .chain(self.parsers.iter().map(|(n, _)| *n));
        Report {
            per_target: names.zip(per_target).collect(),
            crashes,
        }
    }
}

/// Runs `f`; `Err(message)` when it panicked (see [`quiet_panics`] for the message).
pub fn guard(f: impl FnOnce()) -> Result<(), String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|_| LAST_PANIC.with(|p| p.borrow().clone()))
}

/// Where crashing inputs are kept.
pub fn regressions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions")
}

/// The saved crashing inputs: (target, input), from files named `<target>--<hash>.txt`.
pub fn regressions() -> Vec<(String, String)> {
    let Ok(dir) = std::fs::read_dir(regressions_dir()) else {
        return Vec::new();
    };
    let mut found: Vec<(String, String)> = dir
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().to_string();
            let target = name.strip_suffix(".txt")?.split("--").next()?.to_string();
            let input = std::fs::read_to_string(entry.path()).ok()?;
            Some((target, input))
        })
        .collect();
    found.sort();
    found
}

/// Saves a crashing input as a regression fixture; returns its path.
pub fn save_regression(target: &str, input: &str) -> PathBuf {
    let hash = input.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let path = regressions_dir().join(format!("{target}--{hash:016x}.txt"));
    let _ = std::fs::create_dir_all(regressions_dir());
    let _ = std::fs::write(&path, input);
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_caught_and_reported_with_its_message() {
        quiet_panics();
        let caught = guard(|| panic!("boom {}", 7));
        let _ = std::panic::take_hook();
        let message = caught.expect_err("the panic is reported");
        assert!(message.starts_with("boom 7"), "{message}");
        assert_eq!(guard(|| ()), Ok(()));
    }
}
