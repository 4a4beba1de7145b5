//! Insights on the sandbox: for the busiest year, the page shows the totals the engine
//! computes natively from the same operations (read through the same ledger reader), under
//! both rule sets, on a phone and on a desktop; a cost entered for a deposit changes the
//! figures without asking the service again; tables export as CSV.

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

async fn shown(w: &World, id: &str) -> Decimal {
    let text = w
        .js(&format!(
            "return document.querySelector('#{id}').dataset.value"
        ))
        .await;
    text.as_str()
        .unwrap_or_else(|| panic!("#{id} has a value"))
        .parse()
        .unwrap_or_else(|_| panic!("#{id}: {text}"))
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
    let today = Utc::now().date_naive();
    let none = HashMap::new();
    for rules in [RuleSet::Austria, RuleSet::Germany] {
        let native = report_of(&sources, &none, None, rules, &none, today);
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
        assert_eq!(
            shown(&w, "insights-taxable").await,
            totals.taxable_gains,
            "{rules:?} {year}"
        );
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
        // The gains table sums to the year's taxable gains.
        let rows = w
            .js("return [...document.querySelectorAll('#insights-gains tbody tr td:nth-of-type(1)')].map(td => td.dataset.value)")
            .await;
        let sum = rows
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().parse::<Decimal>().unwrap())
            .sum::<Decimal>();
        // Summed in another order: equal up to the 28th significant digit.
        assert_eq!(sum.round_dp(10), totals.taxable_gains.round_dp(10));
        assert!(w
            .text("#insights-estimate")
            .await
            .contains("not tax advice"));
        w.assert_fits_width(&format!("Insights ({rules:?}) at {} px", window.width))
            .await;
        w.assert_accessible("Insights").await;
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
    w.click("#insights-costs .cost-row button").await;
    w.wait_text("#insights-costs-entered", "1 cost(s) entered")
        .await;
    let rows_after = w
        .js("return document.querySelectorAll('#insights-costs .cost-row').length")
        .await
        .as_u64()
        .unwrap();
    assert_eq!(rows_after + 1, rows_before, "the deposit now has a cost");
    assert_eq!(
        w.sent("GET", "/v1/operations"),
        reads,
        "no operation is read again"
    );
}
