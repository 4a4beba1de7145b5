//! How a [`FaultKind`] other than an error status breaks an answer (see [`crate::faults`]).

use axum::body::{to_bytes, Body};
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use crate::faults::{Fault, FaultKind};

/// The largest answer a rewriting fault reads (the sandbox's pages are far smaller).
const MAX_BODY: usize = 64 * 1024 * 1024;

/// Answers `req` as `fault` says: runs the real handler for the kinds that rewrite its answer.
pub async fn faulted(fault: Fault, req: Request, next: Next) -> Response {
    match fault.kind {
        FaultKind::Status => fault.response(),
        FaultKind::Hang => {
            tokio::time::sleep(std::time::Duration::from_secs(fault.hang_secs)).await;
            StatusCode::GATEWAY_TIMEOUT.into_response()
        }
        FaultKind::Late => {
            tokio::time::sleep(std::time::Duration::from_secs(fault.hang_secs)).await;
            next.run(req).await
        }
        // A body that fails makes the server abort the connection mid-answer.
        FaultKind::Reset => {
            let broken = futures::stream::once(async {
                Err::<axum::body::Bytes, std::io::Error>(std::io::Error::other("connection reset"))
            });
            Response::new(Body::from_stream(broken))
        }
        FaultKind::EmptyBody => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "application/json")],
            "",
        )
            .into_response(),
        kind => {
            let cursor = cursor_of(req.uri().query());
            let answer = next.run(req).await;
            let (mut parts, body) = answer.into_parts();
            let bytes = to_bytes(body, MAX_BODY).await.unwrap_or_default();
            let rewritten = match (kind, cursor) {
                // The first page is the real one; every later page points back at the cursor
                // that asked for it, so a client that does not notice loops forever.
                (FaultKind::RepeatedCursor, None) => bytes.to_vec(),
                (FaultKind::RepeatedCursor, Some(cursor)) => repeat_cursor_body(&bytes, &cursor),
                (kind, _) => rewrite(kind, &bytes),
            };
            parts.headers.remove(header::CONTENT_LENGTH);
            parts.headers.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            Response::from_parts(parts, Body::from(rewritten))
        }
    }
}

/// The `cursor` query parameter, if any.
fn cursor_of(query: Option<&str>) -> Option<String> {
    query?
        .split('&')
        .find_map(|pair| pair.strip_prefix("cursor="))
        .map(|c| {
            c.replace("%3D", "=")
                .replace("%2F", "/")
                .replace("%2B", "+")
        })
}

/// `body` with every "next page" mark pointing at `cursor`.
fn repeat_cursor_body(body: &[u8], cursor: &str) -> Vec<u8> {
    let Ok(mut value) = serde_json::from_slice::<Value>(body) else {
        return body.to_vec();
    };
    repeat_cursor(&mut value, cursor);
    serde_json::to_vec(&value).unwrap_or_default()
}

/// The broken body for `kind` from the real `body`.
pub fn rewrite(kind: FaultKind, body: &[u8]) -> Vec<u8> {
    if kind == FaultKind::Truncated {
        return body[..body.len() / 2].to_vec();
    }
    let Ok(mut value) = serde_json::from_slice::<Value>(body) else {
        return body.to_vec();
    };
    match kind {
        FaultKind::WrongTypes => swap_types(&mut value),
        FaultKind::RepeatedCursor => repeat_cursor(&mut value, "sandbox-repeated-cursor"),
        FaultKind::BadRecord => {
            if let Some(first) = value
                .get_mut("data")
                .and_then(Value::as_array_mut)
                .and_then(|items| items.first_mut())
            {
                swap_types(first);
            }
        }
        _ => {}
    }
    serde_json::to_vec(&value).unwrap_or_default()
}

/// Strings become objects and numbers strings, at every depth; keys stay.
fn swap_types(value: &mut Value) {
    match value {
        Value::String(_) => *value = json!({"unexpected": true}),
        Value::Number(n) => *value = Value::String(format!("not a number {n}")),
        Value::Array(items) => items.iter_mut().for_each(swap_types),
        Value::Object(map) => map.values_mut().for_each(swap_types),
        Value::Bool(_) | Value::Null => {}
    }
}

/// Every API's "there is a next page" marks, pointing at one cursor forever.
fn repeat_cursor(value: &mut Value, cursor: &str) {
    let Some(map) = value.as_object_mut() else {
        return;
    };
    if map.contains_key("next_cursor") || map.contains_key("has_next_page") {
        map.insert("next_cursor".into(), json!(cursor));
        map.insert("has_next_page".into(), json!(true));
    }
    if let Some(meta) = map.get_mut("meta").and_then(Value::as_object_mut) {
        if meta.contains_key("next_cursor") || meta.contains_key("has_next_page") {
            meta.insert("next_cursor".into(), json!(cursor));
            meta.insert("has_next_page".into(), json!(true));
        } else if meta.contains_key("nextCursor") || meta.contains_key("hasNextPage") {
            meta.insert("nextCursor".into(), json!(cursor));
            meta.insert("hasNextPage".into(), json!(true));
        }
    }
    if let Some(links) = map.get_mut("links").and_then(Value::as_object_mut) {
        links.insert("next".into(), json!(format!("?cursor={cursor}")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(kind: FaultKind, body: &str) -> Value {
        serde_json::from_slice(&rewrite(kind, body.as_bytes())).unwrap()
    }

    #[test]
    fn answers_are_broken_as_asked() {
        assert_eq!(
            rewrite(FaultKind::Truncated, b"{\"a\":1}"),
            b"{\"a".to_vec()
        );
        let swapped = rewritten(FaultKind::WrongTypes, r#"{"data":[{"id":"x","n":2}]}"#);
        assert_eq!(swapped["data"][0]["id"], json!({"unexpected": true}));
        assert_eq!(swapped["data"][0]["n"], json!("not a number 2"));
        let bad = rewritten(FaultKind::BadRecord, r#"{"data":[{"id":"x"},{"id":"y"}]}"#);
        assert_eq!(bad["data"][0]["id"], json!({"unexpected": true}));
        assert_eq!(bad["data"][1]["id"], json!("y"));
    }

    #[test]
    fn every_api_repeats_its_cursor() {
        let cases = [
            // current: top-level marks
            (
                r#"{"data":[],"has_next_page":false,"next_cursor":null}"#,
                "/has_next_page",
                json!(true),
            ),
            // exchange: camelCase marks under meta
            (
                r#"{"data":[],"meta":{"hasNextPage":false}}"#,
                "/meta/nextCursor",
                json!("sandbox-repeated-cursor"),
            ),
            // legacy: a next link
            (
                r#"{"data":[],"links":{},"meta":{}}"#,
                "/links/next",
                json!("?cursor=sandbox-repeated-cursor"),
            ),
        ];
        for (body, pointer, want) in cases {
            let got = rewritten(FaultKind::RepeatedCursor, body);
            assert_eq!(got.pointer(pointer), Some(&want), "{body}");
        }
    }
}
