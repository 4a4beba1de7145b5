//! Recognising the bundled sandbox: `GET /sandbox/info` on the app's own origin.

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
    /// Something answered, and it is not the sandbox.
    NotSandbox,
    /// Nothing answered (offline, or the server is unreachable): nothing is known.
    NoAnswer,
}

/// Asks `{origin}/sandbox/info` whether the page is served by the sandbox.
pub async fn sandbox_info(origin: &str) -> SandboxProbe {
    let request = HttpRequest {
        method: Method::Get,
        url: format!("{}/sandbox/info", origin.trim_end_matches('/')),
        headers: vec![("accept".into(), "application/json".into())],
        body: None,
        timeout: crate::client::READ_TIMEOUT,
    };
    let Ok(response) = DefaultTransport::default().send(request).await else {
        return SandboxProbe::NoAnswer;
    };
    if response.status != 200 {
        return SandboxProbe::NotSandbox;
    }
    decode::<SandboxInfo>(&response.body)
        .ok()
        .filter(|info| info.name == "folio-sandbox")
        .map_or(SandboxProbe::NotSandbox, SandboxProbe::Sandbox)
}
