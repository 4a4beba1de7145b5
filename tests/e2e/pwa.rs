//! Folio as an installed app: Chrome's own installability check (`Page.getInstallabilityErrors`,
//! the check behind its install prompt) finds nothing missing, the manifest parses without
//! errors, and its shortcuts (Portfolio, Operations, Trade) open those pages.

use serde_json::json;

use crate::support::{config, World, DESKTOP, FULL_KEY};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chrome_finds_folio_installable_with_its_shortcuts() {
    let w = World::signed_in_with(config(), DESKTOP, FULL_KEY, "/").await;
    w.find("main h1").await;
    // Installable needs the service worker active for this page.
    w.wait_js_true(
        "window.__swReady || (navigator.serviceWorker.ready.then(() => window.__swReady = true), false)",
    )
    .await;
    let errors = w.cdp("Page.getInstallabilityErrors", json!({})).await;
    let errors = errors["installabilityErrors"]
        .as_array()
        .expect("Chrome answers a list");
    assert!(errors.is_empty(), "installability errors: {errors:#?}");

    let manifest = w.cdp("Page.getAppManifest", json!({})).await;
    let problems = manifest["errors"].as_array().cloned().unwrap_or_default();
    assert!(problems.is_empty(), "manifest errors: {problems:#?}");
    let text = manifest["data"].as_str().expect("the manifest's text");
    let parsed: serde_json::Value = serde_json::from_str(text).expect("JSON");
    let shortcuts: Vec<(String, String)> = parsed["shortcuts"]
        .as_array()
        .expect("shortcuts")
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap_or_default().to_string(),
                s["url"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    assert_eq!(
        shortcuts,
        [
            ("Portfolio".to_string(), "/".to_string()),
            ("Operations".to_string(), "/operations".to_string()),
            ("Trade".to_string(), "/trade".to_string()),
        ]
    );
    for (name, url) in &shortcuts {
        w.goto(url).await;
        let heading = w.text("main h1").await;
        assert!(
            heading.contains(name.as_str()) || name == "Portfolio",
            "the {name} shortcut opens {heading:?}"
        );
    }
    w.close().await;
}
