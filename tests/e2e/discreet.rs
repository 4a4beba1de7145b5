//! Discreet mode, for sharing a screen: one switch in the top bar (or `d`) masks every
//! absolute amount — balances, values, gains, sizes, the charts' value labels — while the
//! percentages and the charts' shapes stay; it is kept for the tab.

use crate::support::{World, FULL_KEY, PHONE};

/// How many amounts `main` shows and how many of them are masked.
async fn amounts(w: &World) -> (i64, i64) {
    let counts = w
        .js(
            "const all = [...document.querySelectorAll('main .amount')];\
             const masked = all.filter(e => getComputedStyle(e).visibility === 'hidden');\
             return [all.length, masked.length];",
        )
        .await;
    (
        counts[0].as_i64().unwrap_or(0),
        counts[1].as_i64().unwrap_or(0),
    )
}

/// What a viewer of the screen can read in `main` (hidden text is not part of it).
async fn readable(w: &World) -> String {
    let text = w
        .js("return document.querySelector('main').innerText;")
        .await;
    text.as_str().unwrap_or_default().to_string()
}

async fn discreet_is(w: &World, on: bool) {
    w.eventually(
        &format!("return document.documentElement.hasAttribute('data-discreet') === {on};"),
        &format!("discreet mode {}", if on { "on" } else { "off" }),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discreet_mode_masks_amounts_keeps_percentages_and_lasts_for_the_tab() {
    let w = World::signed_in(FULL_KEY, "/").await;
    w.watch_errors().await;
    let total = w.text("#portfolio-total").await;
    let first_value = w.text("#positions-table td.value").await;
    assert!(readable(&w).await.contains(&total));
    assert_eq!(
        w.js(
            "return document.querySelector('[data-testid=discreet]').getAttribute('aria-pressed');"
        )
        .await,
        "false"
    );
    w.screenshot("discreet-off-1280").await;

    w.click("[data-testid=discreet]").await;
    discreet_is(&w, true).await;
    assert_eq!(
        w.js(
            "return document.querySelector('[data-testid=discreet]').getAttribute('aria-pressed');"
        )
        .await,
        "true"
    );
    let (all, masked) = amounts(&w).await;
    assert!(all > 2, "the portfolio shows amounts ({all})");
    assert_eq!(masked, all, "every amount is masked");
    let seen = readable(&w).await;
    assert!(
        !seen.contains(&total),
        "the total is still readable: {seen}"
    );
    assert!(!seen.contains(&first_value), "a value is still readable");
    assert!(seen.contains('%'), "the percentages stay: {seen}");
    w.find(".donut svg, svg").await;
    w.assert_accessible("the portfolio in discreet mode").await;
    w.screenshot("discreet-on-1280").await;

    // Kept for the tab: a full load of another page is still discreet.
    w.goto("/history").await;
    w.find("#history-latest").await;
    w.find("[data-testid=chart-value-axis]").await;
    discreet_is(&w, true).await;
    let (all, masked) = amounts(&w).await;
    assert!(
        all >= 2 && masked == all,
        "{masked} of {all} masked on History"
    );
    let axis = w
        .js("return getComputedStyle(document.querySelector('[data-testid=chart-value-axis]')).visibility;")
        .await;
    assert_eq!(axis, "hidden", "the value axis gives amounts away");
    assert!(readable(&w).await.contains('%'), "the return stays");

    // `d` switches it off again.
    w.js("document.activeElement.blur(); return true;").await;
    w.press_keys("d").await;
    discreet_is(&w, false).await;
    let (_, masked) = amounts(&w).await;
    assert_eq!(masked, 0);
    w.assert_no_page_error().await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_switch_fits_a_phone_and_masks_exchange_balances() {
    let w = World::signed_in_with(
        crate::support::config(),
        PHONE,
        FULL_KEY,
        "/market/balances",
    )
    .await;
    w.find("[data-testid=balance-row]").await;
    w.click("[data-testid=discreet]").await;
    discreet_is(&w, true).await;
    let (all, masked) = amounts(&w).await;
    assert!(all >= 3 && masked == all, "{masked} of {all} masked");
    w.assert_fits_width("the top bar with the switch at 360 px")
        .await;
    w.assert_top_bar_one_row("balances at 360 px, discreet")
        .await;
    w.screenshot("discreet-on-balances-360").await;
    w.close().await;
}
