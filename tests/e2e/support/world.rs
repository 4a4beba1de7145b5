//! One test's world: the in-process sandbox serving the release build and a browser session
//! pointed at it, started (and signed in) in one call, and what a person does across pages:
//! open a path, connect with a key, confirm a dialog.

use std::path::PathBuf;

use fantoccini::Client;
use folio_sandbox::{Config, RunningServer};

use super::browser::{self, Driver};

/// The full-scope demo key.
pub const FULL_KEY: &str = "folio-demo-full";
/// The read-only demo key.
pub const READ_KEY: &str = "folio-demo-read";

/// Browser sessions are heavy on a 2-core machine: one test at a time.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Every page a connected person can open.
pub const ACCOUNT_ROUTES: [&str; 17] = [
    "/",
    "/history",
    "/operations",
    "/trade",
    "/earn",
    "/limits",
    "/settings",
    "/market",
    "/market/orders",
    "/market/trades",
    "/market/balances",
    "/legacy-api",
    "/legacy-api/trades",
    "/legacy-api/fiat-transactions",
    "/legacy-api/crypto-transactions",
    "/legacy-api/commodity-transactions",
    "/legacy-api/migrate",
];

/// A screenshot's file name for `route` (`/market/orders` → `market-orders`, `/` →
/// `portfolio`).
pub fn shot_name(route: &str) -> String {
    match route.trim_matches('/') {
        "" => "portfolio".to_string(),
        path => path.replace('/', "-"),
    }
}

/// The size of the browser window, in CSS pixels.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

/// A desktop window (the default).
pub const DESKTOP: Window = Window {
    width: 1280,
    height: 800,
};

/// A 360 px phone (emulated: desktop Chromium will not make a window that narrow).
pub const PHONE: Window = Window {
    width: 360,
    height: 740,
};

/// One test's world: a sandbox and a browser pointed at it.
pub struct World {
    /// The WebDriver session.
    pub browser: Client,
    /// The in-process sandbox.
    pub server: RunningServer,
    /// The origin the browser opens, when not the sandbox's own (a web server in front).
    front: Option<String>,
    _driver: Driver,
    _serial: tokio::sync::MutexGuard<'static, ()>,
}

/// The release build the sandbox serves.
pub(super) fn dist() -> PathBuf {
    let dist = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("dist");
    assert!(
        dist.join("index.html").exists(),
        "dist/index.html is missing: run `trunk build --release` (cargo xtask test does)"
    );
    dist
}

/// A sandbox config serving the release build, with frozen prices so figures are stable.
pub fn config() -> Config {
    Config {
        dist: Some(dist()),
        frozen_prices: true,
        ..Config::default()
    }
}

/// The default config on a slow network: every answer comes `latency_ms` late.
pub fn slow_network(latency_ms: u64) -> Config {
    Config {
        latency_ms,
        ..config()
    }
}

impl World {
    /// Starts the default sandbox and a desktop browser, not connected.
    pub async fn start() -> World {
        World::start_with(config(), DESKTOP).await
    }

    /// Starts the sandbox with `config` and a headless Chromium of the `window`'s size (waiting
    /// first for the tests before it to end).
    pub async fn start_with(config: Config, window: Window) -> World {
        let serial = SERIAL.lock().await;
        let server = folio_sandbox::serve(config).await.expect("sandbox starts");
        let (browser, driver) = browser::launch(window.width, window.height).await;
        World {
            browser,
            server,
            front: None,
            _driver: driver,
            _serial: serial,
        }
    }

    /// Starts the default world, connects with `key` and opens `path`. The sandbox's request
    /// log starts empty on arrival (connecting probes the write scopes; tests count their own
    /// writes).
    pub async fn signed_in(key: &str, path: &str) -> World {
        World::signed_in_with(config(), DESKTOP, key, path).await
    }

    /// [`World::signed_in`] with a sandbox `config` and a `window` size of its own.
    pub async fn signed_in_with(config: Config, window: Window, key: &str, path: &str) -> World {
        let w = World::start_with(config, window).await;
        w.connect(key).await;
        w.server.clear_requests();
        // Connecting lands on the portfolio: "/" is not opened a second time.
        if path != "/" {
            w.goto(path).await;
        }
        w
    }

    /// The same world with the browser opening `origin` (a web server in front of the
    /// sandbox) instead of the sandbox itself.
    pub fn behind(self, origin: String) -> World {
        World {
            front: Some(origin),
            ..self
        }
    }

    /// The origin the browser opens: the sandbox's, or the web server's in front of it.
    pub fn origin(&self) -> String {
        self.front.clone().unwrap_or_else(|| self.server.url())
    }

    /// Opens a path of the app (a full page load).
    pub async fn goto(&self, path: &str) {
        let url = format!("{}{}", self.origin(), path);
        self.browser.goto(&url).await.expect("navigates");
    }

    /// On the Connect page: types `key` and presses Connect (the scopes are checked next).
    pub async fn submit_key(&self, key: &str) {
        self.find("#api-key")
            .await
            .send_keys(key)
            .await
            .expect("types the key");
        self.click("#connect-button").await;
    }

    /// Connects with `key` through the Connect page and waits for the portfolio.
    pub async fn connect(&self, key: &str) {
        self.goto("/connect").await;
        self.submit_key(key).await;
        self.find("[data-testid=scopes-table]").await;
        self.click("#continue-to-portfolio").await;
        self.find("#portfolio-total").await;
    }

    /// Waits for the confirmation dialog `#id` and presses its confirm button (`#id-confirm`).
    pub async fn confirm_dialog(&self, id: &str) {
        self.find(&format!("#{id}[role=dialog]")).await;
        self.click(&format!("#{id}-confirm")).await;
    }

    /// Closes the browser session and stops the sandbox (always call at the end of a test).
    pub async fn close(self) {
        let World {
            browser, server, ..
        } = self;
        let _ = browser.close().await;
        server.shutdown().await;
    }
}
