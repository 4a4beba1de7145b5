//! Deployment: Folio behind nginx and behind Caddy with the shipped configurations
//! (`deploy/`), upstreams pointed at the sandbox, TLS with a throwaway certificate on
//! loopback (support/proxy.rs). Through each server a person connects, reads the portfolio,
//! accepts one quote and places and cancels one exchange order; the answers carry the
//! security headers (the header CSP equal to the page's meta CSP plus frame-ancestors), hashed
//! files are cached `immutable`, `index.html` and `sw.js` are revalidated, plain http redirects
//! to https, an unknown path is the app and a missing file is a 404.
//!
//! The CSP is the production one: no plain-http source (the sandbox's loopback entries are the
//! demo's own) and Trusted Types required, enforced in the browser with no violation on the
//! way (the shortcuts' list and the service worker included). The MDN HTTP Observatory's own
//! tests grade each server A+ (score ≥ 100), every test's result printed. nginx answers a
//! client flooding the APIs 429 (Debian's Caddy has no per-address limiter: README).

use folio_deploy::Server;
use folio_sandbox::Config;
use rust_decimal::Decimal;
use serde_json::Value;

use crate::exchange::{
    cancel_on_the_orders_page, order_form, resting_buy_price, review_and_place, ORDERS_PATH,
};
use crate::money_moves::{open_accept_dialog, order, quote};
use crate::portfolio::assert_figures_match;
use crate::support::{config, Proxy, World, DESKTOP, FULL_KEY};

/// The CSP violations this page load has reported (Chromium queues them as `csp-violation`
/// reports; a buffered observer sees those from before it was made): `directive: sample`.
const VIOLATIONS: &str = r#"
const done = arguments[arguments.length - 1];
const seen = [];
const keep = (reports) => reports.forEach((r) =>
  seen.push(`${r.body.effectiveDirective}: ${r.body.blockedURL || ''} ${r.body.sample || ''}`));
const observer = new ReportingObserver(keep, { types: ['csp-violation'], buffered: true });
observer.observe();
setTimeout(() => { keep(observer.takeRecords()); observer.disconnect(); done(seen); }, 200);
"#;

/// Fires `count` API reads at once from the page and counts the answers by status.
const FLOOD: &str = r#"
const [count, done] = [arguments[0], arguments[arguments.length - 1]];
const read = () => fetch('/public/v1/currencies', { cache: 'no-store' }).then((r) => r.status, () => 0);
Promise.all(Array.from({ length: count }, read)).then((statuses) => {
  const by = {};
  statuses.forEach((s) => { by[s] = (by[s] || 0) + 1; });
  done(by);
});
"#;

/// Fetches the paths a deployment must answer well, from the page (same origin), and
/// returns each answer's status, headers and whether it is Folio's page.
const ANSWERS: &str = r#"
const done = arguments[arguments.length - 1];
const answer = async (path) => {
  const r = await fetch(path, { cache: 'no-store' });
  const headers = {};
  r.headers.forEach((value, name) => { headers[name] = value; });
  const text = await r.text();
  return { status: r.status, headers, app: text.includes('name="folio-build"') };
};
(async () => {
  const wasm = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)
    .find((p) => p.endsWith('_bg.wasm'));
  const meta = document.querySelector('meta[http-equiv=Content-Security-Policy]').content;
  return {
    meta: meta.split(/\s+/).filter(Boolean).join(' '),
    wasm,
    index: await answer('/'),
    index_html: await answer('/index.html'),
    sw: await answer('/sw.js'),
    hashed: await answer(wasm),
    unknown: await answer('/no/such/page'),
    missing: await answer('/chunk_0-0000000000000000.wasm'),
  };
})().then(done, (e) => done({ error: String(e) }));
"#;

/// The header `name` of one answer in [`ANSWERS`]' result.
fn header<'a>(answers: &'a Value, which: &str, name: &str) -> &'a str {
    answers[which]["headers"][name].as_str().unwrap_or_default()
}

/// Asserts the security and caching headers, the SPA fallback and the 404 for a missing file.
fn assert_answers(server: &str, answers: &Value) {
    assert!(answers["error"].is_null(), "{server}: {answers}");
    let csp = format!(
        "{}; frame-ancestors 'none'",
        answers["meta"].as_str().unwrap()
    );
    // The production policy: no plain-http source (loopback is the demo's, added by the
    // sandbox), Trusted Types required with Folio's one policy.
    assert!(
        !csp.contains("http:") && !csp.contains("127.0.0.1") && !csp.contains("localhost"),
        "{server}: {csp}"
    );
    assert!(
        csp.contains("require-trusted-types-for 'script'; trusted-types folio folio-sw"),
        "{server}: {csp}"
    );
    for which in ["index", "hashed", "unknown", "missing"] {
        let what = format!("{server} {which}");
        assert_eq!(
            header(answers, which, "content-security-policy"),
            csp,
            "{what}"
        );
        assert!(
            header(answers, which, "strict-transport-security").starts_with("max-age=63072000"),
            "{what}"
        );
        assert_eq!(
            header(answers, which, "x-content-type-options"),
            "nosniff",
            "{what}"
        );
        assert_eq!(
            header(answers, which, "referrer-policy"),
            "no-referrer",
            "{what}"
        );
        assert!(
            header(answers, which, "permissions-policy").contains("camera=()"),
            "{what}"
        );
        assert_eq!(header(answers, which, "x-frame-options"), "DENY", "{what}");
    }
    for which in ["index", "index_html", "sw", "unknown"] {
        assert_eq!(answers[which]["status"], 200, "{server} {which}");
        assert_eq!(
            header(answers, which, "cache-control"),
            "no-cache",
            "{server} {which}"
        );
    }
    assert_eq!(
        answers["hashed"]["status"], 200,
        "{server} {}",
        answers["wasm"]
    );
    assert_eq!(
        header(answers, "hashed", "cache-control"),
        "public, max-age=31536000, immutable",
        "{server}"
    );
    // The build's .br copy is sent as it is.
    assert_eq!(
        header(answers, "hashed", "content-encoding"),
        "br",
        "{server}"
    );
    assert_eq!(answers["index"]["app"], true, "{server}");
    assert_eq!(
        answers["unknown"]["app"], true,
        "{server}: an unknown path is the app"
    );
    assert_eq!(
        answers["missing"]["status"], 404,
        "{server}: a missing file"
    );
    assert_eq!(answers["missing"]["app"], false, "{server}: a missing file");
    assert!(
        !header(answers, "missing", "cache-control").contains("immutable"),
        "{server}: a 404 is never cached as a build file"
    );
}

/// The CSP violations of the page shown (none expected).
async fn assert_no_violations(w: &World, server: &str, what: &str) {
    let violations = w
        .browser
        .execute_async(VIOLATIONS, vec![])
        .await
        .expect("the violations script runs");
    assert_eq!(
        violations,
        Value::Array(vec![]),
        "{server}: CSP violations {what}"
    );
}

/// The MDN HTTP Observatory's grade: A+ (a score of at least 100), each test passing.
fn assert_observatory_a_plus(proxy: &Proxy, server: Server) {
    let report = proxy.observatory(server);
    let name = server.name();
    let failed: Vec<&Value> = report["tests"]
        .as_array()
        .expect("the tests")
        .iter()
        .filter(|t| t["pass"] != true)
        .collect();
    assert!(
        failed.is_empty(),
        "{name}: Observatory tests failed: {failed:?}"
    );
    assert_eq!(report["grade"], "A+", "{name}: {report}");
    assert!(
        report["score"].as_i64().is_some_and(|s| s >= 100),
        "{name}: {report}"
    );
}

/// Trusted Types are enforced on the page: markup assigned to `innerHTML` is refused.
async fn assert_trusted_types_enforced(w: &World, server: &str) {
    let refused = w
        .js(
            "try { document.createElement('div').innerHTML = '<b>x</b>'; return false; } \
             catch (e) { return e instanceof TypeError; }",
        )
        .await;
    assert_eq!(
        refused, true,
        "{server}: innerHTML with a string must throw"
    );
}

/// The whole smoke test through one server.
async fn smoke(server: Server) {
    let name = server.name();
    // The sandbox's own per-key limit out of the way: the proxy's limit is under test.
    let sandbox = Config {
        read_rate_limit: 100_000,
        ..config()
    };
    let w = World::start_with(sandbox, DESKTOP).await;
    let proxy = Proxy::start(server, &w.server.url());
    assert_observatory_a_plus(&proxy, server);
    let w = w.behind(proxy.https_url());

    let (status, location) = proxy.plain_http_get("/operations?type=buy");
    assert!(status.contains(" 301 "), "{name}: {status}");
    assert_eq!(
        location,
        format!("{}/operations?type=buy", proxy.https_url())
    );

    w.connect(FULL_KEY).await;
    assert_figures_match(&w).await;
    w.screenshot(&format!("deploy-{name}-portfolio")).await;
    // The shortcuts' list (built element by element, no markup parsed) and the service
    // worker (its address through the `folio` policy) work under Trusted Types.
    w.press_keys("?").await;
    w.eventually(
        "return document.querySelector('[data-testid=shortcuts]')?.open === true;",
        "the shortcuts' list opening",
    )
    .await;
    w.eventually(
        "return !!navigator.serviceWorker.controller;",
        "the service worker taking control",
    )
    .await;
    assert_no_violations(&w, name, "on the portfolio").await;
    // Last on this page: the probe's refusal is itself reported as a violation.
    assert_trusted_types_enforced(&w, name).await;

    let answers = w
        .browser
        .execute_async(ANSWERS, vec![])
        .await
        .expect("the answers script runs");
    assert_answers(name, &answers);
    w.goto("/no/such/page").await;
    w.wait_text("h1", "Page not found").await;

    w.server.clear_requests();
    w.goto("/trade").await;
    order(&w, "BTC", "buy", "notional", "25.00").await;
    quote(&w).await;
    open_accept_dialog(&w).await;
    w.click("#confirm-accept-confirm").await;
    w.find("[data-testid=receipt]").await;
    assert_eq!(w.sent("POST", "/accept"), 1, "{name}: exactly one accept");

    w.goto("/market?pair=BTC-EUR").await;
    let price = resting_buy_price(&w).await;
    order_form(&w, "buy", "Limit", "0.01", Some(&price.to_string())).await;
    let id = review_and_place(&w).await;
    assert_eq!(w.sent("POST", ORDERS_PATH), 1, "{name}: exactly one order");
    assert!(price > Decimal::ZERO);
    cancel_on_the_orders_page(&w, &id).await;
    assert_no_violations(&w, name, "on the orders page").await;

    // One address flooding the APIs: nginx lets the burst through (half at once, half
    // delayed to the rate) and answers the rest 429 at once.
    let answers = w
        .browser
        .execute_async(FLOOD, vec![Value::from(250)])
        .await
        .expect("the flood script runs");
    println!("{name}: 250 API reads at once from one address: {answers}");
    let count = |status: &str| answers[status].as_u64().unwrap_or(0);
    assert_eq!(count("0"), 0, "{name}: every read is answered: {answers}");
    if server == Server::Nginx {
        let limited = count("429");
        assert!(250 - limited >= 100, "{name}: the burst passes: {answers}");
        assert!(limited >= 50, "{name}: past the burst, 429: {answers}");
    }
    w.close().await;
    drop(proxy);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn folio_behind_nginx() {
    smoke(Server::Nginx).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn folio_behind_caddy() {
    smoke(Server::Caddy).await;
}
