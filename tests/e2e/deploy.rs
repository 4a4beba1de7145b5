//! Deployment: Folio behind nginx and behind Caddy with the shipped configurations
//! (`deploy/`), upstreams pointed at the sandbox, TLS with a throwaway certificate on
//! loopback (support/proxy.rs). Through each server a person connects, reads the portfolio,
//! accepts one quote and places and cancels one exchange order; the answers carry the
//! security headers (the header CSP equal to the page's meta CSP plus frame-ancestors), hashed
//! files are cached `immutable`, `index.html` and `sw.js` are revalidated, plain http redirects
//! to https, an unknown path is the app and a missing file is a 404.

use folio_deploy::Server;
use rust_decimal::Decimal;
use serde_json::Value;

use crate::exchange::{
    cancel_on_the_orders_page, order_form, resting_buy_price, review_and_place, ORDERS_PATH,
};
use crate::money::{open_accept_dialog, order, quote};
use crate::portfolio::assert_figures_match;
use crate::support::{Proxy, World, FULL_KEY};

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

/// The whole smoke test through one server.
async fn smoke(server: Server) {
    let name = server.name();
    let w = World::start().await;
    let proxy = Proxy::start(server, &w.server.url());
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
