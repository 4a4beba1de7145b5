//! Property tests over generated histories (a small seeded generator: no extra crates)
//! spread over 2019–2026 — so Austria's Alt-/Neuvermögen line (1 March 2021), its new rules
//! (1 March 2022), cost carry-over and the one-year boundary are all crossed — with crypto and
//! a metal, buys, sales, swaps, rewards, withdrawals, and deposits with and without an
//! entered cost or day, several entries sharing a timestamp: the lots left always hold the
//! balance the entries imply, and page order and duplicates never change a figure.

use std::collections::HashMap;

use folio_client::checked::sum;
use folio_export::tax::entry::{Entry, Kind};
use rust_decimal::Decimal;

use super::support::*;
use crate::{report, Entered, InsightsInput, Report, RuleSet};

/// xorshift64*: deterministic, good enough to shuffle fixtures.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A quantity 0.001 … 10.000 with three decimals.
    fn qty(&mut self) -> Decimal {
        Decimal::new(i64::try_from(self.below(10_000)).unwrap() + 1, 3)
    }
}

const SYMBOLS: [&str; 4] = ["BTC", "ETH", "SOL", "XAU"];

/// The unit of a symbol: XAU is a metal, the rest crypto.
fn asset_of(sym: &str) -> folio_export::tax::entry::Unit {
    if sym == "XAU" {
        unit(sym, Some(folio_client::current::AssetType::Metal))
    } else {
        crypto(sym)
    }
}

/// A valid history of `n` entries: nothing leaves that was not there.
pub fn history(seed: u64, n: usize) -> Vec<Entry> {
    let mut rng = Rng(seed.max(1));
    let mut held: HashMap<&str, Decimal> = HashMap::new();
    let mut out = Vec::with_capacity(n);
    // 2019-01-01 to the end of 2026 in n steps; one entry in four shares the time before.
    let span_minutes = 8 * 365 * 24 * 60;
    let step = (span_minutes / n.max(1) as i64).max(1);
    let mut time = at(2019, 1, 1);
    for i in 0..n {
        if rng.below(4) != 0 {
            time += chrono::Duration::minutes(1 + rng.below(2 * step as u64) as i64);
        }
        let sym = SYMBOLS[rng.below(SYMBOLS.len() as u64) as usize];
        let asset = asset_of(sym);
        let have = held.get(sym).copied().unwrap_or_default();
        // Zero-padded: the ledger orders equal times by id.
        let id = format!("e{i:05}");
        let price = Decimal::from(rng.below(900) + 100);
        let e = match rng.below(7) {
            0 | 1 => {
                let q = rng.qty();
                *held.entry(sym).or_default() += q;
                buy(&id, time, &asset, &q.to_string(), &(q * price).to_string())
            }
            2 if have > Decimal::ZERO => {
                let q = (have * Decimal::new(i64::try_from(rng.below(100) + 1).unwrap(), 2))
                    .round_dp(3)
                    .min(have);
                *held.entry(sym).or_default() -= q;
                sell(&id, time, &asset, &q.to_string(), &(q * price).to_string())
            }
            3 if have > Decimal::ZERO && sym != "XAU" => {
                let other_sym = SYMBOLS[(SYMBOLS.iter().position(|s| *s == sym).unwrap() + 1) % 3];
                let q = (have / Decimal::TWO).round_dp(3).min(have);
                let got = rng.qty();
                *held.entry(sym).or_default() -= q;
                *held.entry(other_sym).or_default() += got;
                swap(
                    &id,
                    time,
                    (&asset, &q.to_string()),
                    (&crypto(other_sym), &got.to_string()),
                )
            }
            4 => {
                let q = rng.qty();
                *held.entry(sym).or_default() += q;
                reward(&id, time, &asset, &q.to_string())
            }
            5 if have > Decimal::ZERO => {
                let q = (have / Decimal::from(3)).round_dp(3).min(have);
                *held.entry(sym).or_default() -= q;
                let mut e = entry(
                    &id,
                    Kind::Withdrawal,
                    time,
                    vec![mv(&q.to_string(), asset.clone(), false)],
                );
                e.raw_type = "withdrawal".into();
                e
            }
            _ => {
                let q = rng.qty();
                *held.entry(sym).or_default() += q;
                deposit(&id, time, &asset, &q.to_string())
            }
        };
        out.push(e);
    }
    out
}

/// The balance the entries imply per symbol.
fn balances(entries: &[Entry]) -> HashMap<String, Decimal> {
    let mut b: HashMap<String, Decimal> = HashMap::new();
    for e in entries {
        for m in e.moves.iter().chain(&e.fees).chain(&e.taxes) {
            if m.unit.is_fiat() {
                continue;
            }
            let v = b.entry(m.unit.symbol().to_string()).or_default();
            if m.incoming {
                *v += m.amount;
            } else {
                *v -= m.amount;
            }
        }
    }
    b
}

fn full_report(entries: &[Entry], rules: RuleSet) -> Report {
    full_report_with(entries, rules, false)
}

/// [`full_report`], told whether each id is known to appear once.
fn full_report_with(entries: &[Entry], rules: RuleSet, one_per_id: bool) -> Report {
    let prices: HashMap<String, Decimal> = SYMBOLS
        .iter()
        .map(|s| (format!("id-{s}"), Decimal::from(500)))
        .collect();
    // A third of the deposits have nothing entered, a third a cost, a third a cost and a day.
    // (Chosen by the entry's number, so a shuffled list enters the same.)
    let entered: HashMap<String, Entered> = entries
        .iter()
        .filter(|e| e.kind == Kind::Deposit)
        .map(|e| (e.id.to_string()[1..].parse::<usize>().unwrap(), e))
        .filter(|(i, _)| i % 3 != 0)
        .map(|(i, e)| {
            let acquired = (i % 3 == 2).then(|| e.time.date_naive() - chrono::Days::new(400));
            (
                e.id.to_string(),
                Entered {
                    cost: Some(Decimal::from(100)),
                    acquired,
                },
            )
        })
        .collect();
    report(&InsightsInput {
        entries,
        one_per_id,
        rules,
        prices_eur: &prices,
        entered: &entered,
        today: day(2026, 11, 24),
        portfolio_value_eur: None,
    })
}

fn realised_plus_unrealised(r: &Report) -> Decimal {
    let realised = sum(r.disposals.iter().filter_map(|d| d.gain)).unwrap();
    let unrealised = sum(r.open_lots.iter().filter_map(|l| l.unrealised)).unwrap();
    realised + unrealised
}

#[test]
fn the_lots_left_hold_the_balance_the_operations_imply() {
    for seed in 1..=200u64 {
        let entries = history(seed, 60);
        let want = balances(&entries);
        for rules in [RuleSet::Austria, RuleSet::Germany] {
            let r = full_report(&entries, rules);
            for sym in SYMBOLS {
                let lots = sum(r
                    .open_lots
                    .iter()
                    .filter(|l| &*l.asset.symbol == sym)
                    .map(|l| l.quantity))
                .unwrap();
                let implied = want.get(sym).copied().unwrap_or_default();
                assert_eq!(lots, implied, "seed {seed}, {sym}, {rules:?}");
            }
            assert!(
                !r.flags
                    .iter()
                    .any(|f| matches!(f, crate::Flag::Shortfall { .. })),
                "seed {seed}: a valid history has no shortfall"
            );
        }
    }
}

#[test]
fn page_order_and_duplicates_change_no_figure() {
    for seed in 1..=200u64 {
        let entries = history(seed, 40);
        let mut rng = Rng(seed.wrapping_mul(31).max(1));
        let mut shuffled = entries.clone();
        for i in (1..shuffled.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            shuffled.swap(i, j);
        }
        for _ in 0..5 {
            let k = rng.below(entries.len() as u64) as usize;
            shuffled.push(entries[k].clone());
        }
        for rules in [RuleSet::Austria, RuleSet::Germany] {
            let a = full_report(&entries, rules);
            let b = full_report(&shuffled, rules);
            assert_eq!(
                realised_plus_unrealised(&a),
                realised_plus_unrealised(&b),
                "seed {seed}"
            );
            assert_eq!(a, b, "seed {seed}, {rules:?}");
        }
    }
}

/// A ledger known to hold each id once (a `Selection` that says so) is not de-duplicated
/// again: the report is the same as when it is.
#[test]
fn a_ledger_known_to_hold_each_id_once_makes_the_same_report() {
    for seed in 1..=50u64 {
        let entries = history(seed, 40);
        for rules in [RuleSet::Austria, RuleSet::Germany] {
            assert_eq!(
                full_report_with(&entries, rules, true),
                full_report_with(&entries, rules, false),
                "seed {seed}, {rules:?}"
            );
        }
    }
}

#[test]
fn ten_thousand_entries_make_a_report() {
    let entries = history(42, 10_000);
    for rules in [RuleSet::Austria, RuleSet::Germany] {
        let started = std::time::Instant::now();
        let r = full_report(&entries, rules);
        println!(
            "10,000 entries, {rules:?}: {} µs natively ({} sales, {} open lots)",
            started.elapsed().as_micros(),
            r.disposals.len(),
            r.open_lots.len()
        );
        assert_eq!(r.entries, 10_000);
    }
}

/// The reference prices read as the walk goes are the ones a pass of their own before the
/// walk found: for every entry's day, whichever assets are asked about (some at every entry,
/// some now and then, one that never trades), in the walk's order, and now and then a day
/// up to a month before the one asked about last.
#[test]
fn reference_prices_read_as_the_walk_goes_are_those_read_at_once() {
    use crate::days::tax_day;
    use crate::prices::{at_once::AtOnce, ReferencePrices};
    use folio_export::tax::entry::sort_ledger;

    let (mut asked_before_a_trade, mut asked_back) = (0, 0);
    for seed in 1..=100u64 {
        let owned = history(seed, 60);
        let mut entries: Vec<&Entry> = owned.iter().collect();
        sort_ledger(&mut entries);
        let mut rng = Rng(seed.wrapping_mul(7).max(1));
        for rules in [RuleSet::Austria, RuleSet::Germany] {
            let oracle = AtOnce::new(&entries, rules);
            let mut prices = ReferencePrices::new(&entries, rules);
            for entry in &entries {
                let today = tax_day(rules, entry.time);
                for sym in SYMBOLS.iter().chain(&["NONE"]) {
                    if rng.below(3) == 0 {
                        continue;
                    }
                    let day = match rng.below(8) {
                        0 => today - chrono::Days::new(rng.below(31)),
                        _ => today,
                    };
                    if day < today {
                        asked_back += 1;
                    }
                    let id = format!("id-{sym}");
                    let expected = oracle.on(&id, day);
                    if expected.is_some_and(|(_, d)| d > day) {
                        asked_before_a_trade += 1;
                    }
                    assert_eq!(
                        prices.on(&id, day),
                        expected,
                        "seed {seed}, {rules:?}, {sym} on {day}"
                    );
                }
            }
        }
    }
    // The search ahead for an asset's first trade was exercised.
    assert!(asked_before_a_trade > 50, "{asked_before_a_trade}");
    assert!(asked_back > 500, "{asked_back}");
}
