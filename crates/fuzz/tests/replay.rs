//! The saved crashing inputs never panic again, and a short run from the sandbox's real
//! answers finds no panic (the long run is `cargo xtask fuzz`).

use folio_fuzz::{answers, quiet_panics, regressions, Fuzzer};

#[test]
fn regressions_and_a_short_run_do_not_panic() {
    let fuzzer = Fuzzer::new(answers::sandbox_seeds());
    quiet_panics();
    let failures: Vec<String> = regressions()
        .iter()
        .filter_map(|(target, input)| {
            fuzzer
                .run_one(target, input)
                .err()
                .map(|m| format!("{target}: {m}"))
        })
        .collect();
    let report = fuzzer.run(3_000, 7);
    let _ = std::panic::take_hook();
    assert!(failures.is_empty(), "regressions panic: {failures:#?}");
    assert_eq!(report.total(), 3_000);
    assert!(
        report.crashes.is_empty(),
        "{:#?}",
        report
            .crashes
            .iter()
            .map(|(t, i, m)| (t, i.chars().take(200).collect::<String>(), m))
            .collect::<Vec<_>>()
    );
}
