//! The fault matrix: every route of the app under every way a read can fail — 500, 503 and
//! 429 with `Retry-After` (seconds and HTTP date), an HTML 502 page, truncated JSON, wrong
//! types, an empty body, a reset connection and a hang (the read timeout is shortened for the
//! tab) — must show plain words (never raw JSON or HTML), offer Retry where it failed, never
//! panic, send nothing that moves money, and work again once the service is back. Then the
//! list faults: a cursor repeated forever stops, and one malformed record is counted, not
//! fatal.

use std::time::Duration;

use folio_sandbox::{Fault, FaultKind};

use crate::support::{World, ACCOUNT_ROUTES, FULL_KEY};

/// The ways a read fails, by name. Retry-After is 20 s: more than the client waits by itself,
/// so the page must say it.
fn modes() -> Vec<(&'static str, Fault)> {
    let status = |code: u16| Fault {
        status: code,
        ..Fault::of_kind("/v1/", FaultKind::Status, 100_000)
    };
    vec![
        ("500", status(500)),
        (
            "503 + Retry-After",
            Fault {
                retry_after_secs: Some(20),
                ..status(503)
            },
        ),
        (
            "429 + Retry-After seconds",
            Fault {
                retry_after_secs: Some(20),
                ..status(429)
            },
        ),
        (
            "429 + Retry-After date",
            Fault {
                retry_after_secs: Some(20),
                retry_after_as_date: true,
                ..status(429)
            },
        ),
        (
            "502 HTML page",
            Fault {
                html_body: true,
                ..status(502)
            },
        ),
        (
            "truncated JSON",
            Fault::of_kind("/v1/", FaultKind::Truncated, 100_000),
        ),
        (
            "wrong types",
            Fault::of_kind("/v1/", FaultKind::WrongTypes, 100_000),
        ),
        (
            "empty body",
            Fault::of_kind("/v1/", FaultKind::EmptyBody, 100_000),
        ),
        (
            "reset connection",
            Fault::of_kind("/v1/", FaultKind::Reset, 100_000),
        ),
        // Longer than the tab's 1.5 s read timeout; short enough that hung requests of earlier
        // routes do not pile up in the browser's connection pool.
        (
            "hang",
            Fault {
                hang_secs: 5,
                ..Fault::of_kind("/v1/", FaultKind::Hang, 100_000)
            },
        ),
    ]
}

/// Opens `route` with `fault` as the only fault of the sandbox, watching the page for errors.
async fn open_under(w: &World, fault: Fault, route: &str) {
    w.server.clear_faults();
    w.server.inject(fault);
    w.goto(route).await;
    w.watch_errors().await;
}

/// Waits until the page settled: an error view appeared (true), or nothing is loading any
/// more (false), or `ms` passed (false).
async fn settle(w: &World, ms: u64) -> bool {
    let script = "if (document.querySelector('[data-testid=error-view]')) return 'error';\
                  const loading = document.querySelector('.state-loading, [aria-busy=true]')\
                    || /Loading/.test(document.querySelector('main') ? document.querySelector('main').innerText : '');\
                  return loading ? 'loading' : 'idle';";
    let mut idle_checks = 0;
    for _ in 0..(ms / 100) {
        match w.js(script).await.as_str() {
            Some("error") => return true,
            Some("idle") => {
                idle_checks += 1;
                if idle_checks >= 6 {
                    return false;
                }
            }
            _ => idle_checks = 0,
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

/// Presses every Retry on the page (there may be one per failed part).
async fn retry_all(w: &World) {
    w.js("document.querySelectorAll('[data-testid=error-view] button').forEach(b => b.click()); return true;")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_survives_every_read_fault() {
    let w = World::start().await;
    w.connect(FULL_KEY).await;
    w.set_session_item("folio.read_timeout_ms", "1500").await;
    // Connecting probes the write scopes with bodies the service refuses; from here on
    // nothing may write.
    w.server.clear_requests();
    let mut failures = Vec::new();
    // FOLIO_FAULT_MODE=<name part> runs only the matching modes (to look at one closely).
    let only = std::env::var("FOLIO_FAULT_MODE").unwrap_or_default();
    for (name, fault) in modes()
        .into_iter()
        .filter(|(n, _)| n.contains(only.as_str()))
    {
        let started = std::time::Instant::now();
        for route in ACCOUNT_ROUTES {
            open_under(&w, fault.clone(), route).await;
            let wait = if fault.kind == FaultKind::Hang {
                8000
            } else {
                4000
            };
            let failed = settle(&w, wait).await;
            if let Some(p) = w.page_problem().await {
                failures.push(format!("{route} under {name}: {p}"));
                continue;
            }
            if failed {
                let retry = w
                    .js("const b = document.querySelector('[data-testid=error-view] button'); return b ? b.innerText : '';")
                    .await;
                if retry.as_str() != Some("Retry") {
                    failures.push(format!("{route} under {name}: no Retry ({retry})"));
                }
            }
            // The service is back: Retry (or the page as it is) shows the data.
            w.server.clear_faults();
            retry_all(&w).await;
            // A part still waiting when Retry was pressed may fail afterwards: it gets Retry
            // too, as a person would press it (every 4 s, for 12 s; pressing sooner would
            // cancel a reload still on its way).
            let mut recovered = false;
            for tick in 1..=120 {
                tokio::time::sleep(Duration::from_millis(100)).await;
                let still = w
                    .js("return !!document.querySelector('[data-testid=error-view]');")
                    .await;
                if still.as_bool() == Some(false) {
                    recovered = true;
                    break;
                }
                if tick % 40 == 0 {
                    retry_all(&w).await;
                }
            }
            if !recovered {
                let text = w
                    .js("return [...document.querySelectorAll('[data-testid=error-view]')].map(e => e.innerText).join(' | ');")
                    .await;
                failures.push(format!(
                    "{route} under {name}: no recovery after Retry: {text}"
                ));
            }
            if let Some(p) = w.page_problem().await {
                failures.push(format!("{route} under {name}, after Retry: {p}"));
            }
        }
        eprintln!(
            "fault matrix: {name} on {} routes in {:.1?}",
            ACCOUNT_ROUTES.len(),
            started.elapsed()
        );
    }
    let writes = w.writes();
    assert!(
        writes.is_empty(),
        "nothing that moves money is sent: {writes:?}"
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeated_cursor_stops_and_a_bad_record_is_counted() {
    let w = World::start().await;
    w.connect(FULL_KEY).await;

    // Operations: "Load all" on a service that repeats its cursor forever stops.
    let repeated = |path| Fault::of_kind(path, FaultKind::RepeatedCursor, 100_000);
    open_under(&w, repeated("/v1/operations"), "/operations").await;
    w.click("#ops-load-all").await;
    w.wait_text("#ops-status", "loading stopped").await;
    w.assert_no_page_problem("/operations").await;
    let pages = w
        .server
        .requests()
        .iter()
        .filter(|r| r.path.ends_with("/v1/operations"))
        .count();
    assert!(pages < 10, "{pages} pages were read");

    // Exchange orders: the same on "Load more".
    open_under(&w, repeated("/account/orders"), "/market/orders").await;
    w.find("[data-testid=order-row]").await;
    for _ in 0..5 {
        let more = w
            .js("const b = document.querySelector('#orders-load-more'); if (b) { b.click(); return true; } return false;")
            .await;
        if more.as_bool() != Some(true) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(400)).await;
    }
    w.wait_text("#orders-stopped", "stops here").await;

    // One malformed record: the rest is shown and the record is counted.
    for (path, route, css) in [
        ("/v1/operations", "/operations", "#ops-status"),
        // An asset's page counts its operations from the same pages: it says it is short.
        ("/v1/operations", "/assets/BTC", "#asset-ops-short"),
        ("/account/orders", "/market/orders", "#orders-skipped"),
        ("/v1/portfolio", "/", "#portfolio-skipped"),
        ("/v1/trades", "/legacy-api/trades", "#legacy-skipped"),
    ] {
        let bad_record = Fault::of_kind(path, FaultKind::BadRecord, 100_000);
        open_under(&w, bad_record, route).await;
        w.wait_text(css, "1 record could not be read").await;
        w.assert_no_page_problem(route).await;
    }
    w.server.clear_faults();
    w.close().await;
}
