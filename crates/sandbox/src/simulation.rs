//! The one simulation layer of the three APIs: configured latency, configured random failures
//! (`--fail-rate`, deterministic from the seed) and the rate limits, in that order. Each API
//! supplies only what differs through [`SimulatedApi`]: its answer to a simulated failure and
//! its rate-limit rule (classes, identity, the 429 answer).
//!
//! Queued faults ([`crate::faults`]) are applied by [`inject_faults`] in front of every route
//! (API, `/sandbox/info` and static files alike), before an API's key check and before this
//! layer, so a fault hits exactly the requests whose path it names.

use crate::faults::FaultQueue;
use crate::rng::Rng;
use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The settings and generator shared by every API's simulation.
#[derive(Debug)]
pub(crate) struct Simulation {
    /// Delay before every API response, in ms.
    latency_ms: u64,
    /// Share of API requests answered with 500, in percent.
    fail_rate_percent: u8,
    /// Generator deciding which requests fail (one for all three APIs).
    fail_rng: Mutex<Rng>,
}

impl Simulation {
    /// `latency_ms` before every answer, `fail_rate_percent` of requests failing as `fail_rng`
    /// decides.
    pub(crate) fn new(latency_ms: u64, fail_rate_percent: u8, fail_rng: Rng) -> Self {
        Self {
            latency_ms,
            fail_rate_percent,
            fail_rng: Mutex::new(fail_rng),
        }
    }

    /// Whether this request is one of the randomly failing ones.
    fn fails(&self) -> bool {
        self.fail_rate_percent > 0
            && self
                .fail_rng
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .chance(u64::from(self.fail_rate_percent))
    }
}

/// What one API adds to the simulation.
pub(crate) trait SimulatedApi: Clone + Send + Sync + 'static {
    /// The 500 answer of a simulated failure, in the API's error shape.
    fn simulated_failure(&self) -> Response;

    /// Counts `req` against the API's rate limits; the 429 answer when one is exceeded.
    fn rate_limit(&self, req: &Request) -> Option<Response>;
}

/// The client's address as a rate-limit identity (`ip:…`), for requests without a key.
pub(crate) fn address(req: &Request) -> String {
    req.extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or_else(|| "anonymous".to_string(), |c| format!("ip:{}", c.0.ip()))
}

async fn simulate<A: SimulatedApi>(
    State((simulation, api)): State<(Arc<Simulation>, A)>,
    req: Request,
    next: Next,
) -> Response {
    if simulation.latency_ms > 0 {
        tokio::time::sleep(Duration::from_millis(simulation.latency_ms)).await;
    }
    if simulation.fails() {
        return api.simulated_failure();
    }
    if let Some(refused) = api.rate_limit(&req) {
        return refused;
    }
    next.run(req).await
}

/// `router` with `api`'s simulation around every route (its fallbacks included).
pub(crate) fn simulated<S, A>(router: Router<S>, simulation: Arc<Simulation>, api: A) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    A: SimulatedApi,
{
    router.layer(middleware::from_fn_with_state(
        (simulation, api),
        simulate::<A>,
    ))
}

/// Answers a request the way the first queued fault matching its path says, if any.
pub(crate) async fn inject_faults(
    State(faults): State<Arc<FaultQueue>>,
    req: Request,
    next: Next,
) -> Response {
    match faults.take(req.uri().path()) {
        Some(fault) => crate::fault_answers::faulted(fault, req, next).await,
        None => next.run(req).await,
    }
}
