//! Folio as an installed app: Chrome's own installability check (`Page.getInstallabilityErrors`,
//! the check behind its install prompt) finds nothing missing, the manifest parses without
//! errors, its screenshots load at their stated sizes, and its shortcuts (Portfolio,
//! Operations, Trade) open those pages; Folio's install
//! button opens the browser's prompt; a new version waits until the person presses Reload.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use folio_sandbox::Config;
use serde_json::json;

use crate::support::{config, World, DESKTOP, FULL_KEY, PHONE};

/// A copy of the release build in a folder of the test's own (files hard-linked where the
/// system allows), so that a test can deploy a new version into it.
fn own_copy_of_the_build(name: &str) -> PathBuf {
    let from = config().dist.expect("the release build");
    let to = std::env::temp_dir().join(format!("folio-dist-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&to);
    copy_tree(&from, &to);
    to
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("a folder for the copy");
    for entry in fs::read_dir(from).expect("the build's files") {
        let entry = entry.expect("a file of the build");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else if fs::hard_link(entry.path(), &target).is_err() {
            fs::copy(entry.path(), &target).expect("a copied file");
        }
    }
}

/// Deploys a new version of the service worker into `dist` (a new build id: its own cache),
/// replacing the file rather than writing through a link to the original.
fn deploy_a_new_worker(dist: &Path) {
    let sw = fs::read_to_string(dist.join("sw.js")).expect("sw.js");
    let marker = "const BUILD = /*FOLIO_BUILD*/ \"";
    assert!(sw.contains(marker), "sw.js names its build");
    let next = sw.replacen(marker, &format!("{marker}next-"), 1);
    for stale in ["sw.js", "sw.js.br", "sw.js.gz"] {
        let _ = fs::remove_file(dist.join(stale));
    }
    fs::write(dist.join("sw.js"), next).expect("the new sw.js");
}

/// Whether the update banner is hidden.
const BANNER_HIDDEN: &str = "return document.querySelector('[data-testid=update-banner]').hidden;";

/// Whether the install offer is hidden.
const OFFER_HIDDEN: &str =
    "return document.querySelector('[data-testid=install]').closest('p').hidden;";

/// Runs `script` until it returns true, tolerating the moments a page is being replaced.
async fn until(w: &World, script: &str, what: &str) {
    for _ in 0..200 {
        if let Ok(value) = w.browser.execute(script, vec![]).await {
            if value.as_bool() == Some(true) {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{what} never happened");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_version_waits_until_the_person_presses_reload() {
    let dist = own_copy_of_the_build("update");
    let config = Config {
        dist: Some(dist.clone()),
        ..config()
    };
    let w = World::signed_in_with(config, PHONE, FULL_KEY, "/").await;
    w.find("#portfolio-total").await;
    until(
        &w,
        "return !!navigator.serviceWorker.controller;",
        "the worker taking over",
    )
    .await;
    assert_eq!(w.js(BANNER_HIDDEN).await, json!(true));

    deploy_a_new_worker(&dist);
    // What the app does every 30 minutes and when it comes back to the foreground.
    w.js("navigator.serviceWorker.getRegistration().then(r => r.update()); return true;")
        .await;
    until(
        &w,
        "return !document.querySelector('[data-testid=update-banner]').hidden;",
        "the banner showing",
    )
    .await;
    let text = w.text("[data-testid=update-banner]").await;
    assert!(text.contains("A new version of Folio is ready"), "{text}");
    // The new worker waits: this page keeps its build until the person chooses.
    until(
        &w,
        "return caches.keys().then(k => k.length === 2);",
        "the new build cached beside the old one",
    )
    .await;
    w.assert_fits_width("the update banner at 360 px").await;
    w.assert_accessible("the update banner").await;
    w.screenshot("update-ready-360").await;

    w.js("window.__sameDocument = true; return true;").await;
    w.click("[data-testid=update-banner] button").await;
    until(
        &w,
        "return window.__sameDocument === undefined && document.readyState === 'complete';",
        "the page reloading",
    )
    .await;
    w.find("#portfolio-total").await;
    until(
        &w,
        "return caches.keys().then(k => k.length === 1 && k[0].startsWith('folio-build-next-'));",
        "the new build alone in the cache",
    )
    .await;
    assert_eq!(w.js(BANNER_HIDDEN).await, json!(true));
    w.close().await;
    let _ = fs::remove_dir_all(dist);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_install_button_opens_the_browsers_own_prompt() {
    let w = World::signed_in_with(config(), DESKTOP, FULL_KEY, "/").await;
    w.find("#portfolio-total").await;
    // Chromium offers installation once its checks pass: headless, it may or may not do so
    // during the test, so the offer is also sent here as Chromium sends it.
    let offer = "const offer = new Event('beforeinstallprompt', { cancelable: true });\
                 offer.prompt = () => { window.__prompts = (window.__prompts || 0) + 1; };\
                 return !window.dispatchEvent(offer);";
    assert_eq!(
        w.js(offer).await,
        json!(true),
        "Folio keeps the offer for its own button"
    );
    until(
        &w,
        "return !document.querySelector('[data-testid=install]').closest('p').hidden;",
        "the offer showing",
    )
    .await;
    w.click("[data-testid=install]").await;
    assert_eq!(w.js("return window.__prompts;").await, json!(1));
    until(&w, OFFER_HIDDEN, "the button going once used").await;

    // Once installed, the offer goes away.
    w.js(offer).await;
    until(
        &w,
        "return !document.querySelector('[data-testid=install]').closest('p').hidden;",
        "the offer showing again",
    )
    .await;
    w.js("window.dispatchEvent(new Event('appinstalled')); return true;")
        .await;
    until(&w, OFFER_HIDDEN, "the offer going away").await;
    w.close().await;
}

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
    // Screenshots for the install dialog, a desktop one and a phone one, of the sizes stated.
    let screenshots = parsed["screenshots"].as_array().expect("screenshots");
    let factors: Vec<&str> = screenshots
        .iter()
        .map(|s| s["form_factor"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(factors, ["wide", "narrow"]);
    for shot in screenshots {
        let (src, sizes) = (
            shot["src"].as_str().unwrap(),
            shot["sizes"].as_str().unwrap(),
        );
        let script = format!(
            "return new Promise(done => {{ const i = new Image();\
               i.onload = () => done(i.naturalWidth + 'x' + i.naturalHeight);\
               i.onerror = () => done('not loaded'); i.src = {src:?}; }});"
        );
        assert_eq!(w.js(&script).await, json!(sizes), "{src}");
    }
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

/// Deploys a newer page into `dist` beside the build `build`: a new build id in index.html
/// (its meta and its keyed addresses) and a German catalogue that says "Transaktionen (neu)"
/// for "Operations". Files are replaced, never written through a link to the original.
fn deploy_a_newer_page(dist: &Path, build: &str) {
    let replace = |name: &str, edit: &dyn Fn(String) -> String| {
        let path = dist.join(name);
        let text = fs::read_to_string(&path).expect(name);
        for stale in ["", ".br", ".gz"] {
            let _ = fs::remove_file(dist.join(format!("{name}{stale}")));
        }
        let next = edit(text.clone());
        assert_ne!(next, text, "{name} changed");
        fs::write(&path, next).expect(name);
    };
    let next = format!("next-{build}");
    replace("index.html", &|text| {
        text.replace(&format!("build={build}"), &format!("build={next}"))
            .replace(
                &format!("content=\"{build}\""),
                &format!("content=\"{next}\""),
            )
            .replace(&format!("content={build}>"), &format!("content={next}>"))
    });
    replace("locales/de.txt", &|text| {
        text.replace(
            "\u{1e}Operations\u{1f}Transaktionen\u{1e}",
            "\u{1e}Operations\u{1f}Transaktionen (neu)\u{1e}",
        )
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_builds_worker_never_serves_its_unhashed_files_to_a_newer_page() {
    let dist = own_copy_of_the_build("keyed");
    let config = Config {
        dist: Some(dist.clone()),
        ..config()
    };
    let w = World::signed_in_with(config, DESKTOP, FULL_KEY, "/operations").await;
    w.wait_text("main h1", "Operations").await;
    until(
        &w,
        "return !!navigator.serviceWorker.controller;",
        "the worker taking over",
    )
    .await;
    let build = w
        .js("return document.querySelector('meta[name=folio-build]').content;")
        .await
        .as_str()
        .expect("the page names its build")
        .to_string();
    // This build's worker keeps the German catalogue (and the other unhashed files) under
    // addresses keyed by its build.
    until(
        &w,
        &format!(
            "return caches.open('folio-build-{build}').then(c => c.match('/locales/de.txt?build={build}')).then(r => !!r);"
        ),
        "the catalogue cached under its build",
    )
    .await;

    deploy_a_newer_page(&dist, &build);
    w.goto("/operations").await;
    w.wait_text("main h1", "Operations").await;
    assert_eq!(
        w.js("return !!navigator.serviceWorker.controller;").await,
        json!(true),
        "the older build's worker still controls the newer page"
    );
    w.click("[data-testid=language-switch]").await;
    w.wait_text("main h1", "Transaktionen (neu)").await;
    let asked = w
        .js("return performance.getEntriesByType('resource').map(e => e.name)\
             .filter(n => n.includes('/locales/') || n.includes('register-sw') || n.includes('webmanifest'));")
        .await;
    let asked: Vec<String> = serde_json::from_value(asked).unwrap();
    assert!(!asked.is_empty());
    for name in &asked {
        assert!(
            name.contains(&format!("build=next-{build}")),
            "{name} is asked for by the newer build's key"
        );
    }
    w.close().await;
    let _ = fs::remove_dir_all(dist);
}
