//! The browser: chromedriver and a headless Chromium as processes of one test, and the
//! low-level WebDriver steps every test uses (find, wait for text or a condition, run
//! JavaScript, click, type, choose, follow a link, screenshots, console capture).

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};

use super::World;

/// Kills chromedriver and the Chromium of this test's profile when the test ends, even when
/// it panics before closing the session (which would otherwise orphan Chromium).
pub(super) struct Driver(Child, PathBuf);

/// chromedriver's `POST /session/{id}/goog/cdp/execute` with a JSON body.
#[derive(Debug)]
struct Cdp {
    body: String,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.clone()))
    }
}

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

/// A port nobody listens on now.
pub(super) fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Starts chromedriver and a headless Chromium of `width`×`height` with a profile of its own.
pub(super) async fn launch(width: u32, height: u32) -> (Client, Driver) {
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
    let mut caps = json!({
        // The deployment tests serve https with a throwaway certificate (support/proxy.rs).
        "acceptInsecureCerts": true,
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
    if width < 500 {
        caps["goog:chromeOptions"]["mobileEmulation"] =
            json!({"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1}});
    }
    let caps = match caps {
        Value::Object(map) => map,
        _ => unreachable!(),
    };
    let url = format!("http://127.0.0.1:{port}");
    for _ in 0..50 {
        let session = ClientBuilder::new(HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&url)
            .await;
        match session {
            Ok(client) => return (client, driver),
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    panic!("chromedriver accepts a session");
}

impl World {
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

    /// Runs `script` every 100 ms (for up to 20 s) until it returns `true` or a positive
    /// number, and returns that value; `what` names the awaited event when it never comes.
    pub async fn eventually(&self, script: &str, what: &str) -> Value {
        let mut last = Value::Null;
        for _ in 0..200 {
            last = self.js(script).await;
            if last.as_bool() == Some(true) || last.as_i64().is_some_and(|n| n > 0) {
                return last;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("{what} never happened; last {last:?}");
    }

    /// Text of an element (waiting for it).
    pub async fn text(&self, css: &str) -> String {
        self.find(css).await.text().await.unwrap_or_default()
    }

    /// One Chrome DevTools Protocol command through chromedriver (`goog/cdp/execute`);
    /// answers its result.
    pub async fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.browser
            .issue_cmd(Cdp {
                body: json!({ "cmd": cmd, "params": params }).to_string(),
            })
            .await
            .unwrap_or_else(|e| panic!("CDP {cmd}: {e}"))
    }

    /// Runs JavaScript and returns its value.
    pub async fn js(&self, script: &str) -> Value {
        self.browser
            .execute(script, vec![])
            .await
            .expect("script runs")
    }

    /// Clicks an element (found again if the page re-rendered it meanwhile).
    pub async fn click(&self, css: &str) {
        let mut last = String::new();
        for _ in 0..5 {
            match self.find(css).await.click().await {
                Ok(()) => return,
                Err(e) => last = e.to_string(),
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        panic!("click {css}: {last}");
    }

    /// Replaces the text of an input.
    pub async fn fill(&self, css: &str, text: &str) {
        let input = self.find(css).await;
        input.clear().await.expect("clears");
        input.send_keys(text).await.expect("types");
    }

    /// Presses and releases each key in turn on whatever has focus, as a keyboard does
    /// (WebDriver key actions; special keys as `fantoccini::key::Key` chars).
    pub async fn press_keys(&self, keys: &str) {
        let mut actions = KeyActions::new("keyboard".into());
        for key in keys.chars() {
            actions = actions
                .then(KeyAction::Down { value: key })
                .then(KeyAction::Up { value: key });
        }
        self.browser
            .perform_actions(actions)
            .await
            .unwrap_or_else(|e| panic!("press {keys:?}: {e}"));
    }

    /// Chooses an option of a select by its value.
    pub async fn choose(&self, css: &str, value: &str) {
        self.find(css)
            .await
            .select_by_value(value)
            .await
            .unwrap_or_else(|e| panic!("select {value} in {css}: {e}"));
    }

    /// Clicks the first link to `href` (an in-app navigation, no reload).
    pub async fn follow(&self, href: &str) {
        let script = format!(
            "const a = document.querySelector({}); if (a) {{ a.click(); return true; }} return false;",
            Value::String(format!("a[href='{href}']"))
        );
        assert_eq!(
            self.js(&script).await,
            Value::Bool(true),
            "no link to {href}"
        );
    }

    /// Sets an item of the tab's sessionStorage (where the app reads the tab's own settings,
    /// such as shortened read and write timeouts).
    pub async fn set_session_item(&self, key: &str, value: &str) {
        let script = format!(
            "sessionStorage.setItem({}, {}); return true;",
            Value::String(key.into()),
            Value::String(value.into())
        );
        self.js(&script).await;
    }

    /// Saves a PNG screenshot under target/screenshots/.
    pub async fn screenshot(&self, name: &str) {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        let _ = std::fs::create_dir_all(&dir);
        if let Ok(png) = self.browser.screenshot().await {
            let _ = std::fs::write(dir.join(format!("{name}.png")), png);
        }
    }

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
}
