//! `folio-sandbox`: a local simulation of Bitpanda's three APIs (the current public API, the
//! legacy API and the exchange API), answered from one seeded, deterministic in-memory ledger,
//! serving Folio's `dist/` on the same origin.
//!
//! The tree mirrors the client's: `current/`, `legacy/` and `exchange/` each hold one API's
//! router, handlers, error shape and scope markers. Beside them, neutral pieces that none of
//! the APIs owns: `auth` (the `RequireScope` extractor), `simulation` (latency, random
//! failures, rate-limit hook, queued faults), `query`, `keys`, `clock`, `ledger`, `faults`.
//! `state` assembles the sub-states and hands each API only its own through axum's `FromRef`;
//! `app` mounts everything.
//!
//! # Tax cases in the history
//! Besides two years of random activity, a history of at least 300 operations (the default)
//! holds a fixed set of operations from 2020 to 2025 that tax estimates must get right, the
//! same for every seed and start time (`Config::tax_cases`, on by default; `--no-tax-cases`):
//! a 2021 ETH buy, sale and swap (Austrian Neuvermögen); metal gains of €500 (2022) and
//! €400 (2023) around Austria's €440 Freigrenze; buys just after local midnight in Berlin
//! and Vienna (one on the night summer time ends) sold on the local anniversary and the day
//! after; a 2020 BTC buy that only the legacy API lists, sold through the current API; a sale
//! with an incoming `tax` leg; a sale from the main and the staking wallet; a staking reward
//! with a fee leg in the asset; a stock sold at a loss, an ETF at a gain and a `dividend`;
//! a deposit of an asset without cost, partly sold. Their ids are [`tax_cases`]
//! (`7a5ca5e0-…`); `ledger/generate/tax_cases/cases.rs` lists each case with its hand-computed
//! figures, and `docs/sandbox-faults.md` ("Tax cases in the history") sums them up.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! let server = folio_sandbox::serve(folio_sandbox::Config::default()).await?;
//! println!("{}", server.url());
//! server.shutdown().await;
//! # Ok(()) }
//! ```

#![warn(missing_docs)]

mod app;
mod auth;
mod clock;
mod current;
mod exchange;
mod fault_answers;
mod faults;
mod fixed_catalogue;
mod ids;
mod info;
mod keys;
mod ledger;
mod legacy;
mod price_walk;
mod query;
mod rate_limit;
mod request_log;
mod rng;
mod server_timing;
mod simulation;
mod state;
mod static_files;
#[cfg(test)]
mod test_support;

pub use faults::{Fault, FaultKind};
pub use keys::{demo_keys, DemoKey, Scope};
pub use ledger::{LedgerView, PositionFigures};
pub use request_log::RecordedRequest;

pub use current::operations::operation_json;

/// The `operation_id`s of the history's tax cases (see the crate docs).
pub use ledger::generate::tax_cases::ids as tax_cases;

use chrono::{DateTime, Utc};
use state::AppState;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// How to run the sandbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Port to bind; 0 picks any free port (the default, for tests; the CLI uses 8080).
    pub port: u16,
    /// Address to bind (default 127.0.0.1).
    pub host: IpAddr,
    /// The web app's build folder to serve; None answers 404 for non-API paths.
    pub dist: Option<PathBuf>,
    /// Seed of the ledger and prices (default 42).
    pub seed: u64,
    /// Number of generated operations the current API lists (default 300; from 10 on, the
    /// refund compensating a withdrawal comes on top). With at least 300 and `tax_cases`, the
    /// fixed tax cases count within it, and their two legacy-only operations come on top.
    pub operations: usize,
    /// Whether a history of at least 300 operations holds the fixed tax cases (default true;
    /// see the crate docs).
    pub tax_cases: bool,
    /// Allowed CORS origin; None (default) sends no CORS headers.
    pub cors_origin: Option<String>,
    /// Delay added to every API response, in milliseconds.
    pub latency_ms: u64,
    /// Share of API requests answered with 500, in percent (deterministic).
    pub fail_rate_percent: u8,
    /// Pin prices at the start instant, so figures do not move during a test.
    pub frozen_prices: bool,
    /// The sandbox clock's start (end of the generated history); default: real now.
    pub now: Option<DateTime<Utc>>,
    /// Reads allowed per key and second (default 20).
    pub read_rate_limit: u32,
    /// Writes allowed per key and second (default 5).
    pub write_rate_limit: u32,
    /// How long a quote can be accepted, in seconds (default 30).
    pub quote_ttl_secs: u64,
    /// Deliberately make the legacy API disagree with the ledger (one crypto wallet shows
    /// 0.01 more, the newest buy trade is missing), for testing reconciliation.
    pub legacy_discrepancy: bool,
    /// The exchange API takes the key only as `Authorization: Bearer <key>` (and refuses
    /// `x-api-key`), for testing the client's fallback.
    pub exchange_bearer_only: bool,
    /// Faults queued at start (the CLI's `--fault PATH=MODE`).
    pub faults: Vec<Fault>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            port: 0,
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            dist: None,
            seed: 42,
            operations: 300,
            tax_cases: true,
            cors_origin: None,
            latency_ms: 0,
            fail_rate_percent: 0,
            frozen_prices: false,
            now: None,
            read_rate_limit: 20,
            write_rate_limit: 5,
            quote_ttl_secs: 30,
            legacy_discrepancy: false,
            exchange_bearer_only: false,
            faults: Vec::new(),
        }
    }
}

/// A sandbox serving in the background.
#[derive(Debug)]
pub struct RunningServer {
    addr: SocketAddr,
    state: AppState,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<std::io::Result<()>>,
}

/// Generates the ledger, binds and starts serving in a spawned task; returns at once.
pub async fn serve(config: Config) -> std::io::Result<RunningServer> {
    let listener = tokio::net::TcpListener::bind((config.host, config.port)).await?;
    let addr = listener.local_addr()?;
    let state = AppState::new(&config);
    for fault in &config.faults {
        state.faults.push(fault.clone());
    }
    let router = app::app(state.clone(), &config);
    let (stop, stopped) = oneshot::channel::<()>();
    let service = router.into_make_service_with_connect_info::<SocketAddr>();
    let task = tokio::spawn(async move {
        axum::serve(listener, service)
            .with_graceful_shutdown(async {
                let _ = stopped.await;
            })
            .await
    });
    Ok(RunningServer {
        addr,
        state,
        stop: Some(stop),
        task,
    })
}

impl RunningServer {
    /// The bound address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The base URL, e.g. `http://127.0.0.1:8080` (loopback when bound to all interfaces).
    pub fn url(&self) -> String {
        let mut addr = self.addr;
        if addr.ip().is_unspecified() {
            addr.set_ip(IpAddr::V4(Ipv4Addr::LOCALHOST));
        }
        format!("http://{addr}")
    }

    /// Every request answered so far (API, info and static files), oldest first.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.state.log.all()
    }

    /// Forgets the recorded requests.
    pub fn clear_requests(&self) {
        self.state.log.clear();
    }

    /// Queues a fault for the next `fault.times` requests whose path matches.
    pub fn inject(&self, fault: Fault) {
        self.state.faults.push(fault);
    }

    /// Drops every pending fault.
    pub fn clear_faults(&self) {
        self.state.faults.clear();
    }

    /// Read access to the ledger, for expected figures in tests.
    pub fn ledger(&self) -> LedgerView {
        LedgerView::new(self.state.ledger.clone(), self.state.clock.clone())
    }

    /// Moves the sandbox clock forward (quote expiry, the daily budget reset at 00:00 UTC).
    /// Prices follow the clock unless they are frozen.
    pub fn advance_clock(&self, by: Duration) {
        self.state.clock.advance(by);
    }

    /// Stops answering: new connections are refused, as when the device goes offline (the
    /// browser's service worker must then serve the app from its cache).
    pub fn go_offline(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }

    /// Stops accepting connections and waits (at most 5 s) for open ones to finish.
    pub async fn shutdown(mut self) {
        self.go_offline();
        let mut task = self.task;
        if tokio::time::timeout(Duration::from_secs(5), &mut task)
            .await
            .is_err()
        {
            task.abort();
        }
    }
}
