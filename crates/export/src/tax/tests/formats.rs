//! The rows the other operation types become (transfers, stakes, income, cash, unknown
//! types), cell by cell where it matters, and what every file is named.

use super::*;

const AT: &str = "2025-03-01T10:00:00.000Z";

fn crypto_withdrawal() -> Operation {
    op(
        "o-wd",
        "withdrawal",
        vec![
            leg("t-wd", BTC, "0.0995", "withdrawal", "OUTGOING", AT),
            leg("t-wd-fee", BTC, "0.0005", "fee", "OUTGOING", AT),
        ],
    )
}

fn stake(kind: &str) -> Operation {
    op(
        &format!("o-{kind}"),
        kind,
        vec![
            leg(&format!("t-{kind}-out"), ETH, "1.5", kind, "OUTGOING", AT),
            leg(&format!("t-{kind}-in"), ETH, "1.5", kind, "INCOMING", AT),
        ],
    )
}

fn single(id: &str, kind: &str, unit: &str, amount: &str, flow: &str) -> Operation {
    op(
        id,
        kind,
        vec![leg(&format!("t-{id}"), unit, amount, kind, flow, AT)],
    )
}

#[test]
fn a_fee_leg_goes_with_the_withdrawal_it_was_charged_on() {
    let ops = [crypto_withdrawal()];
    let bp = bitpanda_rows(&ops);
    assert_eq!(bp.len(), 1);
    assert_eq!(
        (bp[0]["Transaction Type"].as_str(), bp[0]["In/Out"].as_str()),
        ("withdrawal", "outgoing")
    );
    assert_eq!(
        (bp[0]["Amount Asset"].as_str(), bp[0]["Fee"].as_str()),
        ("0.0995", "0.0005")
    );
    assert_eq!(
        (bp[0]["Fee asset"].as_str(), bp[0]["Tax Fiat"].as_str()),
        ("BTC", "-")
    );

    let k = koinly_rows(&ops);
    assert_eq!(k.len(), 1);
    assert_eq!(
        (k[0]["Sent Amount"].as_str(), k[0]["Fee Amount"].as_str()),
        ("0.0995", "0.0005")
    );

    let g = activities(&ops);
    assert_eq!(g.len(), 1);
    // Everything that left the BTC wallet.
    assert_eq!(
        (g[0]["type"].as_str(), g[0]["quantity"].as_str()),
        ("SELL", "0.1000")
    );
}

#[test]
fn stakes_are_moves_between_own_wallets() {
    let ops = [stake("stake"), stake("unstake")];
    let bp = bitpanda_rows(&ops);
    let words: Vec<(&str, &str)> = bp
        .iter()
        .map(|r| (r["Transaction Type"].as_str(), r["In/Out"].as_str()))
        .collect();
    assert!(words.contains(&("transfer", "outgoing")), "{words:?}");
    assert!(
        words.contains(&("transfer(stake)", "incoming")),
        "{words:?}"
    );
    assert!(
        words.contains(&("transfer(unstake)", "outgoing")),
        "{words:?}"
    );
    assert!(words.contains(&("transfer", "incoming")), "{words:?}");
    assert_eq!(bp.len(), 4);

    let k = koinly_rows(&ops);
    assert_eq!(
        k.len(),
        2,
        "only the side that leaves or returns to the pool"
    );
    let stake_row = k
        .iter()
        .find(|r| r["Label"] == "Add to Pool")
        .expect("stake row");
    assert_eq!(
        (
            stake_row["Sent Amount"].as_str(),
            stake_row["Received Amount"].as_str()
        ),
        ("1.5", "")
    );
    let unstake_row = k
        .iter()
        .find(|r| r["Label"] == "Remove from Pool")
        .expect("unstake row");
    assert_eq!(unstake_row["Received Amount"], "1.5");

    let g = file(TaxFormat::GhostfolioJson, &ops);
    assert_eq!(g.summary.rows, 0);
    assert_eq!(g.summary.not_in_format.get("stake"), Some(&1));
    assert_eq!(g.summary.not_in_format.get("unstake"), Some(&1));
}

#[test]
fn rewards_and_cashback_are_income() {
    let ops = [
        single("rw", "staking_reward", ETH, "0.0012", "INCOMING"),
        single("pe", "passive_earn_reward", BTC, "0.00002", "INCOMING"),
        single("cb", "card_cashback", BTC, "0.00001", "INCOMING"),
    ];
    let bp = bitpanda_rows(&ops);
    let types: Vec<&str> = bp.iter().map(|r| r["Transaction Type"].as_str()).collect();
    // Same time: ordered by operation id (cb, pe, rw).
    assert_eq!(types, ["transfer", "reward", "reward"]);
    let k = koinly_rows(&ops);
    let labels: Vec<&str> = k.iter().map(|r| r["Label"].as_str()).collect();
    assert_eq!(labels, ["Cashback", "Reward", "Reward"]);
    let g = activities(&ops);
    assert!(g
        .iter()
        .all(|a| a["type"] == "BUY" && a["unitPrice"] == "0"));
    let summary = file(TaxFormat::BitpandaCsv, &ops).summary;
    assert!(
        summary.unknown_types.is_empty(),
        "card_cashback is known: {summary:?}"
    );
    assert_eq!(summary.without_price, 3);
}

#[test]
fn fiat_moves_are_cash_and_ghostfolio_has_no_row_for_them() {
    let ops = [single("dep", "deposit", EUR, "500.00", "INCOMING")];
    let bp = bitpanda_rows(&ops);
    assert_eq!(
        (bp[0]["Transaction Type"].as_str(), bp[0]["In/Out"].as_str()),
        ("deposit", "incoming")
    );
    assert_eq!(
        (bp[0]["Amount Fiat"].as_str(), bp[0]["Asset"].as_str()),
        ("500.00", "EUR")
    );
    assert_eq!(
        (
            bp[0]["Amount Asset"].as_str(),
            bp[0]["Asset class"].as_str()
        ),
        ("-", "Fiat")
    );
    let k = koinly_rows(&ops);
    assert_eq!(
        (
            k[0]["Received Amount"].as_str(),
            k[0]["Received Currency"].as_str()
        ),
        ("500.00", "EUR")
    );
    let g = file(TaxFormat::GhostfolioJson, &ops);
    assert_eq!(g.summary.not_in_format.get("deposit"), Some(&1));
    assert_eq!(g.summary.rows, 0);
}

#[test]
fn an_unknown_type_is_written_under_its_own_name_and_counted() {
    let ops = [single("ab", "airdrop_bonus", BTC, "0.5", "INCOMING")];
    let bp = bitpanda_rows(&ops);
    assert_eq!(
        (bp[0]["Transaction Type"].as_str(), bp[0]["In/Out"].as_str()),
        ("airdrop_bonus", "incoming")
    );
    let k = koinly_rows(&ops);
    assert_eq!(
        (
            k[0]["Received Amount"].as_str(),
            k[0]["Description"].as_str()
        ),
        ("0.5", "Bitpanda airdrop_bonus")
    );
    let g = activities(&ops);
    assert_eq!(g[0]["type"], "BUY");
    assert!(g[0]["comment"].contains("airdrop_bonus"));
    for format in TaxFormat::ALL {
        let summary = file(format, &ops).summary;
        assert_eq!(
            summary.unknown_types.get("airdrop_bonus"),
            Some(&1),
            "{format:?}"
        );
    }
}

#[test]
fn text_from_the_network_cannot_run_as_a_formula() {
    let mut units = units();
    units.insert(
        "ast-evil",
        UnitInfo::asset("=HYPERLINK(\"x\")", AssetType::Cryptocoin),
    );
    let ops = [single("ev", "deposit", "ast-evil", "1", "INCOMING")];
    let input = TaxInput::new(&ops, &units, y2025());
    for format in [TaxFormat::BitpandaCsv, TaxFormat::KoinlyCsv] {
        let text = write(format, &input).text;
        assert!(
            text.contains("\"'=HYPERLINK(\"\"x\"\")\""),
            "{format:?}: {text}"
        );
        assert!(!text.contains(",=HYPERLINK"), "{format:?}");
    }
    let json = write(TaxFormat::GhostfolioJson, &input).text;
    let g = ghostfolio_activities(&json);
    assert_eq!(g[0]["symbol"], "GF__HYPERLINK__X__");
}

#[test]
fn file_names_name_the_period_only() {
    let range = y2025();
    assert_eq!(
        crate::tax::file_name(TaxFormat::KoinlyCsv, &range),
        "folio-koinly-2025-01-01_2025-12-31.csv"
    );
    assert_eq!(
        file(TaxFormat::GhostfolioJson, &[]).file_name,
        "folio-ghostfolio-2025-01-01_2025-12-31.json"
    );
    assert_eq!(
        file(TaxFormat::BitpandaCsv, &[]).file_name,
        "folio-bitpanda-2025-01-01_2025-12-31.csv"
    );
}
