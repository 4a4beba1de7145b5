//! `cargo xtask setup`: install what is missing, skip what is present.
//!
//! Versions follow docs/toolchain.md: trunk 0.21.14, wasm-bindgen-cli equal to the
//! wasm-bindgen crate in Cargo.lock, npm binaryen 132, terser, lightningcss, axe-core and the MDN HTTP
//! Observatory (package-lock.json), Debian chromium + chromium-driver, nginx (+ brotli_static),
//! caddy and openssl. Nothing downloads a binary outside these registries.

use crate::shell::{is_root, output, root, run as sh};

const TRUNK_VERSION: &str = "0.21.14";

/// Checks and installs every tool; a no-op (about a second) when all are present.
pub fn run() -> Result<(), String> {
    wasm_target()?;
    trunk()?;
    wasm_bindgen_cli()?;
    npm_tools()?;
    debian_packages()?;
    Ok(())
}

fn has_version(program: &str, expected: &str) -> bool {
    output(program, &["--version"]).is_some_and(|v| v.contains(expected))
}

fn wasm_target() -> Result<(), String> {
    let installed = output("rustup", &["target", "list", "--installed"]).unwrap_or_default();
    if installed
        .lines()
        .any(|l| l.trim() == "wasm32-unknown-unknown")
    {
        return Ok(());
    }
    sh("rustup", &["target", "add", "wasm32-unknown-unknown"])
}

fn trunk() -> Result<(), String> {
    if has_version("trunk", &format!("trunk {TRUNK_VERSION}")) {
        return Ok(());
    }
    sh(
        "cargo",
        &["install", "trunk", "--version", TRUNK_VERSION, "--locked"],
    )
}

/// The wasm-bindgen version pinned in Cargo.lock.
pub fn wasm_bindgen_version() -> Result<String, String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock"))
        .map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "name = \"wasm-bindgen\"" {
            if let Some(version) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = "))
            {
                return Ok(version.trim_matches('"').to_string());
            }
        }
    }
    Err("wasm-bindgen is not in Cargo.lock".into())
}

fn wasm_bindgen_cli() -> Result<(), String> {
    let version = wasm_bindgen_version()?;
    if has_version("wasm-bindgen", &format!("wasm-bindgen {version}")) {
        return Ok(());
    }
    // `--locked` can fail when the registry lacks a crate version its lockfile pins
    // (webpki-roots); the unlocked install works (docs/toolchain.md).
    let install = |how: &str| {
        sh(
            "cargo",
            &["install", "wasm-bindgen-cli", "--version", &version, how],
        )
    };
    install("--locked").or_else(|_| install("--force"))
}

/// The MDN HTTP Observatory's package, in node_modules (the deployment tests grade both
/// servers with it: `tools/observatory.mjs`).
const OBSERVATORY: &str = "node_modules/@mdn/mdn-http-observatory";

/// The npm tools of package-lock.json. `--ignore-scripts`: none of them needs its install
/// script, and the Observatory's would download Chromium's HSTS preload list and a CA bundle
/// (outside the registries). In its place the Observatory gets an empty preload list
/// (`conf/hsts-preload.json`, `{}`: no test host is preloaded), written when missing.
fn npm_tools() -> Result<(), String> {
    let root = root();
    let wasm_opt = root.join("node_modules/.bin/wasm-opt");
    let axe = root.join("node_modules/axe-core/axe.min.js");
    let terser = root.join("node_modules/terser/package.json");
    let lightningcss = root.join("node_modules/lightningcss/package.json");
    let observatory = root.join(OBSERVATORY).join("package.json");
    let installed = [&wasm_opt, &axe, &terser, &lightningcss, &observatory]
        .iter()
        .all(|path| path.exists());
    if !installed || !has_version("wasm-opt", "version 132") {
        sh(
            "npm",
            &["ci", "--ignore-scripts", "--no-audit", "--no-fund"],
        )?;
    }
    let preload = root.join(OBSERVATORY).join("conf/hsts-preload.json");
    if !preload.exists() {
        std::fs::write(&preload, "{}\n")
            .map_err(|e| format!("cannot write {}: {e}", preload.display()))?;
    }
    Ok(())
}

/// Debian packages the tests need, each with the shell test that says it is installed:
/// Chromium and its driver (e2e), nginx with the brotli_static module and Caddy (the
/// deployment e2e tests run the shipped configurations), openssl (their throwaway certificate).
const DEBIAN_PACKAGES: [(&str, &str); 6] = [
    ("chromium", "command -v chromium"),
    ("chromium-driver", "command -v chromedriver"),
    ("nginx", "test -x /usr/sbin/nginx"),
    (
        "libnginx-mod-http-brotli-static",
        "test -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so",
    ),
    ("caddy", "test -x /usr/bin/caddy"),
    ("openssl", "command -v openssl"),
];

/// Installs the missing [`DEBIAN_PACKAGES`] in one apt-get run. The services nginx and Caddy
/// would start on install (ports 80 and 443, and failing the install where a port is taken)
/// are held back for its duration by a `policy-rc.d` that denies starts, as container images
/// do; the tests start each server themselves on loopback ports.
fn debian_packages() -> Result<(), String> {
    let missing: Vec<&str> = DEBIAN_PACKAGES
        .iter()
        .filter(|(_, check)| output("sh", &["-c", check]).is_none())
        .map(|(package, _)| *package)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let sudo = if is_root() { "" } else { "sudo " };
    let policy = "/usr/sbin/policy-rc.d";
    let script = format!(
        "set -e; held=''; if [ ! -e {policy} ]; then printf '#!/bin/sh\\nexit 101\\n' | {sudo}tee {policy} >/dev/null; {sudo}chmod +x {policy}; held=1; fi; \
         status=0; {sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive {sudo}apt-get install -y -qq {} || status=$?; \
         if [ -n \"$held\" ]; then {sudo}rm -f {policy}; fi; exit $status",
        missing.join(" ")
    );
    sh("sh", &["-c", &script])
}
