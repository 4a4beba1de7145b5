//! Recognising what serves the page: the bundled sandbox (`GET /sandbox/info` on the app's
//! own origin answers), a web server that proxies the APIs on the same origin (the shipped
//! nginx and Caddy configurations: `GET /public/v1/currencies` answers JSON), or neither.

use serde::Deserialize;

use crate::decode::decode;
use crate::transport::{DefaultTransport, HttpRequest, Method, Transport};

/// One demo key the sandbox offers.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct DemoKey {
    /// The key.
    pub key: String,
    /// What it is for.
    #[serde(default)]
    pub label: Option<String>,
    /// Its scopes by name.
    #[serde(default)]
    pub scopes: Vec<String>,
}

/// What the sandbox says about itself.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct SandboxInfo {
    /// `folio-sandbox`.
    pub name: String,
    /// The demo keys.
    #[serde(default)]
    pub demo_keys: Vec<DemoKey>,
}

/// What asking `{origin}/sandbox/info` found.
#[derive(Debug, Clone, PartialEq)]
pub enum SandboxProbe {
    /// The page is served by the sandbox.
    Sandbox(SandboxInfo),
    /// Not the sandbox, but the page's origin proxies the APIs (`/public/`, `/legacy/`,
    /// `/exchange/`), as Folio's shipped web server configurations do.
    Proxy,
    /// Something answered, and it is neither the sandbox nor a proxy of the APIs.
    NotSandbox,
    /// Nothing answered (offline, or the server is unreachable): nothing is known.
    NoAnswer,
}

/// Asks `{origin}/sandbox/info` whether the page is served by the sandbox, and if not,
/// whether `{origin}/public/v1/currencies` (public, no key) answers JSON: the origin proxies
/// the current API (a static host's page-not-found or app fallback is HTML, never JSON).
pub async fn sandbox_info(origin: &str) -> SandboxProbe {
    let Some((status, body)) = get(origin, "/sandbox/info").await else {
        return SandboxProbe::NoAnswer;
    };
    let sandbox = (status == 200)
        .then(|| decode::<SandboxInfo>(&body).ok())
        .flatten()
        .filter(|info| info.name == "folio-sandbox");
    if let Some(info) = sandbox {
        return SandboxProbe::Sandbox(info);
    }
    match get(origin, "/public/v1/currencies").await {
        Some((200, body)) if looks_like_json(&body) => SandboxProbe::Proxy,
        _ => SandboxProbe::NotSandbox,
    }
}

/// `GET {origin}{path}` asking for JSON: the status and body, or `None` without an answer.
async fn get(origin: &str, path: &str) -> Option<(u16, String)> {
    let request = HttpRequest {
        method: Method::Get,
        url: format!("{}{path}", origin.trim_end_matches('/')),
        headers: vec![("accept".into(), "application/json".into())],
        body: None,
        timeout: crate::client::READ_TIMEOUT,
    };
    let response = DefaultTransport::default().send(request).await.ok()?;
    Some((response.status, response.body))
}

/// Whether `body` starts (after white space) like a JSON object or array.
fn looks_like_json(body: &str) -> bool {
    body.trim_start().starts_with(['{', '['])
}

#[cfg(test)]
mod tests {
    use super::looks_like_json;

    #[test]
    fn json_answers_are_told_from_html_fallbacks() {
        assert!(looks_like_json(" {\"data\": []}"));
        assert!(looks_like_json("[]"));
        assert!(!looks_like_json("<!doctype html><html>"));
        assert!(!looks_like_json(""));
    }
}
