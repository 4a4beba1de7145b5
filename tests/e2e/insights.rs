//! Insights on the sandbox: for the busiest year, the page shows the totals the engine
//! computes natively from the same operations (read through the same ledger reader), under
//! both rule sets, on a phone and on a desktop; the sandbox's tax cases (folio_sandbox's
//! `tax_cases`) show each rule on the day the law sets it; a cost and an acquisition day
//! entered for a deposit change the figures without asking the service again; tables
//! export as CSV.

use std::collections::HashMap;

use chrono::Utc;
use folio::for_tests::{read_ledger, report_of};
use folio_insights::{Report, RuleSet};
use rust_decimal::Decimal;

use crate::support::{config, Window, World, DESKTOP, FULL_KEY, PHONE};

/// The year with the most sales in `report`.
fn busiest_year(report: &Report) -> i32 {
    let mut best = (0usize, 0i32);
    for y in &report.years {
        if y.disposals > best.0 {
            best = (y.disposals, y.year);
        }
    }
    assert!(best.0 > 0, "the sandbox's history has sales");
    best.1
}

/// The exact figure `#id` shows (`None`: "not known", an empty `data-value`).
async fn shown(w: &World, id: &str) -> Option<Decimal> {
    let text = w
        .js(&format!(
            "return document.querySelector('#{id}').dataset.value"
        ))
        .await;
    let text = text.as_str().unwrap_or_else(|| panic!("#{id} has a value"));
    (!text.is_empty()).then(|| text.parse().unwrap_or_else(|_| panic!("#{id}: {text}")))
}

async fn check_window(window: Window) {
    let w = World::signed_in_with(config(), window, FULL_KEY, "/insights").await;
    w.watch_errors().await;
    w.find("#insights-report").await;
    let with_legacy = w
        .js("return document.querySelector('#insights-legacy').checked")
        .await
        .as_bool()
        .unwrap();
    let api = w.api();
    let sources = read_ledger(&api, &api, with_legacy, &|_| ()).await.unwrap();
    let (none, nothing) = (HashMap::new(), HashMap::new());
    for rules in [RuleSet::Austria, RuleSet::Germany] {
        let today = folio_insights::days::tax_day(rules, Utc::now());
        let native = report_of(&sources, &none, None, rules, &nothing, today);
        let year = busiest_year(&native);
        let totals = native.years.iter().find(|y| y.year == year).unwrap();
        w.goto(&format!("/insights?rules={}&year={year}", rules.slug()))
            .await;
        w.wait_js_true(&format!(
            "document.querySelector('#insights-report')?.dataset.rules === '{}'",
            rules.slug()
        ))
        .await;
        w.wait_text("#insights-summary h2", &year.to_string()).await;
        assert_eq!(shown(&w, "insights-tax-free").await, totals.tax_free_gains);
        assert_eq!(shown(&w, "insights-income-total").await, totals.income);
        assert_eq!(shown(&w, "insights-withheld").await, totals.withheld_tax);
        assert_eq!(shown(&w, "insights-fees").await, totals.fees);
        match rules {
            RuleSet::Austria => {
                let at = totals.austria.as_ref().unwrap();
                assert_eq!(shown(&w, "insights-at-estimate").await, at.estimate);
                assert_eq!(shown(&w, "insights-at-base").await, at.special_rate_base);
            }
            RuleSet::Germany => {
                let de = totals.germany.as_ref().unwrap();
                assert_eq!(
                    shown(&w, "insights-de-private").await,
                    de.private_sales_taxable
                );
                assert_eq!(
                    shown(&w, "insights-de-other").await,
                    de.other_income_taxable
                );
            }
        }
        // The gains table, per treatment, sums to the year's taxable gains of it.
        for (basis, want) in &totals.taxable {
            let rows = w
                .js(&format!("return [...document.querySelectorAll('#insights-gains tbody .taxable-line[data-basis=\"{basis:?}\"]')].map(s => s.dataset.value)"))
                .await;
            let sum = rows
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().parse::<Decimal>().unwrap())
                .fold(Decimal::ZERO, |a, b| a.checked_add(b).unwrap());
            // Summed in another order: equal up to the 28th significant digit.
            assert_eq!(
                Some(sum.round_dp(10)),
                want.map(|w| w.round_dp(10)),
                "{basis:?}"
            );
        }
        assert!(w
            .text("#insights-estimate")
            .await
            .contains("not tax advice"));
        w.assert_fits_width(&format!("Insights ({rules:?}) at {} px", window.width))
            .await;
        w.assert_accessible("Insights").await;
    }
    // Savings plans, read from their executions: no more executions than the ledger's
    // savings-plan operations (pending ones are not executions yet), each plan's next day
    // marked as an estimate or said to be missing.
    let executed = w.server.ledger().with(|l| {
        l.operations
            .iter()
            .filter(|o| o.op_type == "savings_plan" && !o.legacy_only)
            .count()
    });
    if executed > 0 {
        w.find("#savings-table tbody tr").await;
        let shown: usize = w
            .js("return document.querySelector('#savings-plans').dataset.executions")
            .await
            .as_str()
            .and_then(|n| n.parse().ok())
            .expect("a count of executions");
        assert!(shown > 0 && shown <= executed, "{shown} of {executed}");
    }
    w.screenshot(&format!("insights-{}", window.width)).await;
    w.assert_no_page_error().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn insights_show_the_engines_totals_for_the_busiest_year_on_a_phone() {
    check_window(PHONE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn insights_show_the_engines_totals_for_the_busiest_year_on_a_desktop() {
    check_window(DESKTOP).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cost_entered_for_a_deposit_counts_without_asking_again_and_tables_export() {
    let w = World::signed_in(FULL_KEY, "/insights?rules=de").await;
    w.find("#insights-report").await;
    let reads = w.sent("GET", "/v1/operations");
    crate::operations::capture_exports(&w).await;
    w.click("#insights-lots-export-csv").await;
    let file = crate::operations::first_export(&w, "the open lots").await;
    assert!(
        file.starts_with("Asset,Asset ID,Acquired,Quantity,Cost EUR"),
        "{file}"
    );
    let rows_before = w
        .js("return document.querySelectorAll('#insights-costs .cost-row').length")
        .await
        .as_u64()
        .unwrap();
    assert!(
        rows_before > 0,
        "the sandbox deposits crypto without a cost"
    );
    let id = w
        .js("return document.querySelector('#insights-costs .cost-row input').id")
        .await;
    let id = id.as_str().unwrap().to_string();
    // A wrong cost is refused next to the field.
    w.fill(&format!("#{id}"), "-5").await;
    w.click("#insights-costs .cost-row button").await;
    w.wait_text(&format!("#{id}-error"), "cannot be negative")
        .await;
    w.fill(&format!("#{id}"), "1250.50").await;
    // An acquisition day after the deposit is refused next to its field.
    let day_id = id.replace("insights-cost-", "insights-acquired-");
    w.fill(&format!("#{day_id}"), "2099-01-01").await;
    w.click("#insights-costs .cost-row button").await;
    w.wait_text(&format!("#{day_id}-error"), "cannot be later")
        .await;
    w.fill(&format!("#{day_id}"), "2020-05-01").await;
    w.click("#insights-costs .cost-row button").await;
    w.wait_text("#insights-costs-entered", "1 arrival(s)").await;
    let rows_after = w
        .js("return document.querySelectorAll('#insights-costs .cost-row').length")
        .await
        .as_u64()
        .unwrap();
    assert_eq!(
        rows_after + 1,
        rows_before,
        "the deposit now has a cost and a day"
    );
    assert_eq!(
        w.sent("GET", "/v1/operations"),
        reads,
        "no operation is read again"
    );
}

/// The text of every element `css` matches, joined.
async fn texts(w: &World, css: &str) -> String {
    w.js(&format!(
        "return [...document.querySelectorAll('{css}')].map(e => e.textContent).join('\\n')"
    ))
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Opens `/insights` for `rules` and `year` and waits for the year's summary.
async fn open_year(w: &World, rules: &str, year: i32) {
    w.goto(&format!("/insights?rules={rules}&year={year}"))
        .await;
    w.wait_js_true(&format!(
        "document.querySelector('#insights-report')?.dataset.rules === '{rules}'"
    ))
    .await;
    w.wait_text("#insights-summary h2", &year.to_string()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sandbox_tax_cases_show_each_rule_on_the_day_the_law_sets_it() {
    let w = World::signed_in(FULL_KEY, "/insights?rules=at").await;
    w.watch_errors().await;
    w.find("#insights-report").await;
    // Austria 2023: gold sold within a year for +400.00 — at most € 440: tax-free.
    open_year(&w, "at", 2023).await;
    assert!(w.text("#insights-days").await.contains("Europe/Vienna"));
    assert_eq!(
        shown(&w, "insights-at-speculation").await,
        Some(Decimal::ZERO)
    );
    assert!(w
        .text("#insights-at-speculation")
        .await
        .contains("at most €440"));
    // 2022: silver +500.00 — over it, all taxable.
    open_year(&w, "at", 2022).await;
    assert_eq!(
        shown(&w, "insights-at-speculation").await,
        Some(Decimal::new(50000, 2))
    );
    // 2021: Neuvermögen's sale and swap (+1,000.00 each) and the legacy BTC bought in 2020
    // and sold through the current API (+2,000.00) follow the old § 31; nothing at 27.5 %.
    open_year(&w, "at", 2021).await;
    assert_eq!(
        shown(&w, "insights-at-speculation").await,
        Some(Decimal::new(400000, 2))
    );
    assert_eq!(shown(&w, "insights-at-base").await, Some(Decimal::ZERO));
    let notes = w.text("#insights-notes").await;
    assert!(
        !notes.contains("beyond what the history acquired"),
        "the legacy buy is the sale's lot: {notes}"
    );
    assert!(!notes.contains("could not be matched"), "{notes}");
    assert!(!notes.contains("what EUR is"), "{notes}");
    // Germany 2024: the ADA bought at 00:30 Berlin time on 16 March 2023 (23:30 UTC on the
    // 15th) is taxable when sold on 16 March 2024 and tax-free on the 17th.
    open_year(&w, "de", 2024).await;
    assert!(w.text("#insights-days").await.contains("Europe/Berlin"));
    // The list of sales is drawn once opened.
    w.click("#insights-sales summary").await;
    w.find("#insights-sales tbody tr").await;
    let sales = texts(&w, "#insights-sales tbody tr").await;
    let ada: Vec<&str> = sales
        .lines()
        .filter(|l| l.contains("ADA") && l.contains("2023-03-16"))
        .collect();
    assert!(
        ada.iter().any(|l| l.contains("taxable private sale")),
        "{sales}"
    );
    assert!(ada.iter().any(|l| l.contains("tax-free")), "{sales}");
    assert!(!sales.contains("bought 2023-03-15"), "{sales}");
    w.assert_no_page_error().await;
}
