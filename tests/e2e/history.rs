//! History: the timeframe lives in the URL; switching updates chart, table and URL.

use crate::support::{config, Window, World, DESKTOP, FULL_KEY, PHONE};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timeframe_switch_updates_chart_table_and_url() {
    let w = World::signed_in(FULL_KEY, "/history?timeframe=WEEK").await;
    w.find("[data-testid=history-chart]").await;
    let week_rows = w
        .js("return document.querySelectorAll('[data-testid=history-table] tbody tr').length;")
        .await;
    let week_return = w.text("#history-return").await;
    assert!(
        week_rows.as_i64().unwrap_or(0) > 0,
        "table alternative has rows"
    );

    w.find("[data-timeframe='YEAR']")
        .await
        .click()
        .await
        .unwrap();
    for _ in 0..100 {
        if w.url().await.contains("timeframe=YEAR") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(w.url().await.contains("timeframe=YEAR"));
    let mut year_rows = week_rows.clone();
    for _ in 0..100 {
        year_rows = w
            .js("return document.querySelectorAll('[data-testid=history-table] tbody tr').length;")
            .await;
        if year_rows != week_rows {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_ne!(year_rows, week_rows, "the table follows the timeframe");
    let history_requests: Vec<_> = w
        .server
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/portfolio-history"))
        .filter_map(|r| r.query)
        .collect();
    assert!(
        history_requests
            .iter()
            .any(|q| q.contains("timeframe=YEAR")),
        "{history_requests:?}"
    );
    let year_return = w.text("#history-return").await;
    assert!(year_return.contains('%') && week_return.contains('%'));

    // A reload restores the timeframe from the URL.
    w.browser.refresh().await.unwrap();
    w.find("[data-testid=history-chart]").await;
    let pressed = w
        .find("[data-timeframe='YEAR']")
        .await
        .attr("aria-pressed")
        .await
        .unwrap();
    assert_eq!(pressed.as_deref(), Some("true"));
    w.screenshot("history-1280").await;
    w.assert_accessible("History").await;
    w.close().await;
}

/// The value axis's labels (bottom to top) and the time axis's visible labels, each with
/// whether it lies inside the chart's box, and the chart's Low/High line.
const AXES: &str = r#"
const plot = document.querySelector('.chart-plot').getBoundingClientRect();
const inside = (e) => { const r = e.getBoundingClientRect(); return r.left >= plot.left - 0.5 && r.right <= plot.right + 0.5; };
const shown = (sel) => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null);
const values = shown('[data-testid=chart-value-axis] span')
  .map(e => ({ text: e.textContent, top: e.getBoundingClientRect().top, inside: inside(e) }));
const times = shown('[data-testid=chart-time-axis] span')
  .map(e => ({ text: e.textContent, inside: inside(e) }));
return { values, times, range: document.querySelector('.chart-range').textContent };
"#;

fn number(text: &str) -> f64 {
    text.chars()
        .filter(|c| c.is_ascii_digit() || matches!(c, '.' | '-'))
        .collect::<String>()
        .parse()
        .unwrap_or_else(|_| panic!("a number: {text}"))
}

async fn check_axes(window: Window, times_shown: usize) {
    let w = World::signed_in_with(config(), window, FULL_KEY, "/history?timeframe=YEAR").await;
    w.find("[data-testid=history-chart]").await;
    let axes = w.js(AXES).await;
    let values = axes["values"].as_array().expect("value labels");
    let times = axes["times"].as_array().expect("time labels");
    assert!(values.len() >= 2, "a few round values: {axes}");
    assert_eq!(times.len(), times_shown, "{axes}");
    // "Low 1,234.56 EUR · High 2,345.67 EUR"
    let range = axes["range"].as_str().unwrap_or_default();
    let words: Vec<&str> = range.split_whitespace().collect();
    let after = |word: &str| {
        let at = words.iter().position(|w| *w == word).expect(word);
        number(words[at + 1])
    };
    let (low, high) = (after("Low"), after("High"));
    let ticks: Vec<f64> = values
        .iter()
        .map(|v| number(v["text"].as_str().unwrap()))
        .collect();
    assert!(
        ticks.windows(2).all(|p| p[0] < p[1]),
        "ascending: {ticks:?}"
    );
    assert!(
        ticks.iter().all(|t| (low..=high).contains(t)),
        "{ticks:?} within {range}"
    );
    let tops: Vec<f64> = values.iter().map(|v| v["top"].as_f64().unwrap()).collect();
    assert!(
        tops.windows(2).all(|p| p[0] > p[1]),
        "higher values higher up: {tops:?}"
    );
    for label in values.iter().chain(times) {
        assert_eq!(label["inside"], true, "inside the chart: {label}");
        assert!(!label["text"].as_str().unwrap().is_empty());
    }
    w.screenshot(&format!("history-axes-{}", window.width))
        .await;
    w.assert_accessible("History with axes").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chart_has_labelled_value_and_time_axes_on_a_desktop() {
    check_axes(DESKTOP, 5).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chart_has_labelled_value_and_time_axes_on_a_phone() {
    check_axes(PHONE, 3).await;
}
