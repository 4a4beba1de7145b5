//! Shared harness: start a sandbox + chromedriver + Chromium session, and small helpers.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use folio_sandbox::{Config, RunningServer};
use serde_json::{json, Value};

/// The full-scope demo key.
pub const FULL_KEY: &str = "folio-demo-full";
/// The read-only demo key.
pub const READ_KEY: &str = "folio-demo-read";

/// Browser sessions are heavy on a 2-core machine: one test at a time.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Kills chromedriver and the Chromium of this test's profile when the test ends, even when
/// it panics before closing the session (which would otherwise orphan Chromium).
struct Driver(Child, PathBuf);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        let _ = Command::new("pkill")
            .arg("-f")
            .arg(self.1.display().to_string())
            .status();
        let _ = std::fs::remove_dir_all(&self.1);
    }
}

/// One test's world: a sandbox and a browser pointed at it.
pub struct World {
    /// The WebDriver session.
    pub browser: Client,
    /// The in-process sandbox.
    pub server: RunningServer,
    _driver: Driver,
    _serial: tokio::sync::MutexGuard<'static, ()>,
}

fn dist() -> PathBuf {
    let dist = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("dist");
    assert!(
        dist.join("index.html").exists(),
        "dist/index.html is missing: run `trunk build --release` (cargo xtask test does)"
    );
    dist
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A sandbox config serving the release build, with frozen prices so figures are stable.
pub fn config() -> Config {
    Config {
        dist: Some(dist()),
        frozen_prices: true,
        ..Config::default()
    }
}

/// Starts the sandbox with `config`, chromedriver and a headless Chromium of `width`×`height`.
pub async fn start_with(config: Config, width: u32, height: u32) -> World {
    let serial = SERIAL.lock().await;
    let server = folio_sandbox::serve(config).await.expect("sandbox starts");
    let port = free_port();
    let driver_bin = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
    let child = Command::new(driver_bin)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts (apt-get install chromium-driver)");
    let profile = std::env::temp_dir().join(format!("folio-e2e-{port}"));
    let driver = Driver(child, profile.clone());
    let chrome = std::env::var("CHROME_PATH").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let caps = json!({
        "goog:chromeOptions": {
            "binary": chrome,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", format!("--window-size={width},{height}"),
                format!("--user-data-dir={}", profile.display()),
            ]
        }
    });
    // Desktop Chromium will not make a window narrower than 500 px; phones are emulated.
    let mut caps = caps;
    if width < 500 {
        caps["goog:chromeOptions"]["mobileEmulation"] =
            json!({"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1}});
    }
    let caps = match caps {
        Value::Object(map) => map,
        _ => unreachable!(),
    };
    let url = format!("http://127.0.0.1:{port}");
    let mut browser = None;
    for _ in 0..50 {
        let builder = ClientBuilder::rustls()
            .expect("rustls")
            .capabilities(caps.clone())
            .connect(&url)
            .await;
        match builder {
            Ok(c) => {
                browser = Some(c);
                break;
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    let browser = browser.expect("chromedriver accepts a session");
    World {
        browser,
        server,
        _driver: driver,
        _serial: serial,
    }
}

/// Starts with the default config at desktop size.
pub async fn start() -> World {
    start_with(config(), 1280, 800).await
}

impl World {
    /// Opens a path of the app.
    pub async fn goto(&self, path: &str) {
        let url = format!("{}{}", self.server.url(), path);
        self.browser.goto(&url).await.expect("navigates");
    }

    /// Waits (up to 15 s) for an element.
    pub async fn find(&self, css: &str) -> Element {
        self.browser
            .wait()
            .at_most(Duration::from_secs(15))
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("element `{css}` did not appear: {e}"))
    }

    /// Waits until the element's text contains `needle`, returning the text.
    pub async fn wait_text(&self, css: &str, needle: &str) -> String {
        let mut last = String::new();
        for _ in 0..150 {
            if let Ok(el) = self.browser.find(Locator::Css(css)).await {
                last = el.text().await.unwrap_or_default();
                if last.contains(needle) {
                    return last;
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("`{css}` never contained {needle:?}; last text: {last:?}");
    }

    /// Waits (up to 15 s) until a JavaScript expression is `true`.
    pub async fn wait_js_true(&self, expression: &str) {
        let script = format!("return Boolean({expression});");
        for _ in 0..150 {
            if self.js(&script).await == Value::Bool(true) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("never true: {expression}");
    }

    /// Text of an element (waiting for it).
    pub async fn text(&self, css: &str) -> String {
        self.find(css).await.text().await.unwrap_or_default()
    }

    /// Runs JavaScript and returns its value.
    pub async fn js(&self, script: &str) -> Value {
        self.browser
            .execute(script, vec![])
            .await
            .expect("script runs")
    }

    /// The app's sessionStorage and localStorage contents, as text.
    pub async fn storages(&self) -> (String, String) {
        let s = self
            .js("return JSON.stringify(Object.assign({}, sessionStorage));")
            .await;
        let l = self
            .js("return JSON.stringify(Object.assign({}, localStorage));")
            .await;
        (
            s.as_str().unwrap_or("").to_string(),
            l.as_str().unwrap_or("").to_string(),
        )
    }

    /// The current URL.
    pub async fn url(&self) -> String {
        self.browser.current_url().await.expect("url").to_string()
    }

    /// Saves a PNG screenshot under target/screenshots/.
    pub async fn screenshot(&self, name: &str) {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        let _ = std::fs::create_dir_all(&dir);
        if let Ok(png) = self.browser.screenshot().await {
            let _ = std::fs::write(dir.join(format!("{name}.png")), png);
        }
    }

    /// Runs axe-core on the page and returns the ids of the violated rules.
    pub async fn axe_violations(&self) -> Vec<String> {
        let axe =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("node_modules/axe-core/axe.min.js");
        let source = std::fs::read_to_string(&axe).expect("node_modules/axe-core (npm ci)");
        self.browser
            .execute(&source, vec![])
            .await
            .expect("axe loads");
        let result = self
            .browser
            .execute_async(
                "const done = arguments[arguments.length - 1];\
                 axe.run(document).then(r => done(r.violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))))\
                 .catch(e => done(['axe failed: ' + e]));",
                vec![],
            )
            .await
            .expect("axe runs");
        result
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Closes the browser session (always call at the end of a test).
    pub async fn close(self) {
        let World {
            browser, server, ..
        } = self;
        let _ = browser.close().await;
        server.shutdown().await;
    }
}

/// Keeps only the digits, sign and decimal point of a displayed figure and parses it.
pub fn figure(text: &str) -> rust_decimal::Decimal {
    let cleaned: String = text
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.' || *c == '-' || *c == '−')
        .map(|c| if c == '−' { '-' } else { c })
        .collect();
    cleaned
        .parse()
        .unwrap_or_else(|_| panic!("not a figure: {text:?}"))
}

impl World {
    /// Records every console message of the page into `window.__folioConsole`.
    pub async fn capture_console(&self) {
        self.js(
            "window.__folioConsole = window.__folioConsole || [];\
             for (const level of ['log','info','warn','error','debug']) {\
               const original = console[level].bind(console);\
               console[level] = (...args) => { window.__folioConsole.push(args.map(String).join(' ')); original(...args); };\
             }\
             return true;",
        )
        .await;
    }

    /// Everything the page logged since [`World::capture_console`].
    pub async fn console_text(&self) -> String {
        let v = self
            .js("return JSON.stringify(window.__folioConsole || []);")
            .await;
        v.as_str().unwrap_or("").to_string()
    }

    /// Connects with `key` through the Connect page and waits for the portfolio.
    pub async fn connect(&self, key: &str) {
        self.goto("/connect").await;
        let input = self.find("#api-key").await;
        input.send_keys(key).await.expect("types the key");
        self.find("#connect-button")
            .await
            .click()
            .await
            .expect("clicks connect");
        self.find("[data-testid=scopes-table]").await;
        self.find("#continue-to-portfolio")
            .await
            .click()
            .await
            .expect("continues");
        self.find("#portfolio-total").await;
    }
}
