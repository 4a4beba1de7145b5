//! `GET /sandbox/info`: lets the web app recognise the sandbox and offer the demo keys.

use crate::keys::demo_keys;
use axum::Json;
use serde_json::{json, Value};

/// The sandbox's name and demo keys with their scopes (no key needed).
pub async fn info() -> Json<Value> {
    let keys: Vec<Value> = demo_keys()
        .iter()
        .map(|k| {
            json!({
                "key": k.key,
                "label": k.label,
                "scopes": k.scopes.iter().map(|s| s.name()).collect::<Vec<_>>(),
            })
        })
        .collect();
    Json(json!({ "name": "folio-sandbox", "demo_keys": keys }))
}
