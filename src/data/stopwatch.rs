//! Wasm work timed with `performance.now()` (microsecond resolution where the browser gives
//! it): the figures Insights writes on its page for `cargo xtask bench insights`. Timing
//! only, not money.

/// Milliseconds since the page started (`None` outside a browser).
pub fn now_ms() -> Option<f64> {
    web_sys::window()?.performance().map(|p| p.now())
}

/// Whole microseconds since `started` (a [`now_ms`] reading); 0 outside a browser.
pub fn micros_since(started: Option<f64>) -> u64 {
    match (started, now_ms()) {
        (Some(a), Some(b)) if b >= a => ((b - a) * 1000.0).round() as u64,
        _ => 0,
    }
}
