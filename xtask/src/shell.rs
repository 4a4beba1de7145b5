//! Running commands with the project's tool paths first on PATH.

use std::path::PathBuf;
use std::process::Command;

/// The workspace root (xtask lives one level below it).
pub fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

/// PATH with `node_modules/.bin` (wasm-opt from npm binaryen) and `~/.cargo/bin` first.
pub fn path_env() -> String {
    let mut parts = vec![root().join("node_modules/.bin").display().to_string()];
    if let Some(home) = std::env::var_os("HOME") {
        parts.push(PathBuf::from(home).join(".cargo/bin").display().to_string());
    }
    if let Some(path) = std::env::var_os("PATH") {
        parts.push(path.to_string_lossy().into_owned());
    }
    parts.join(":")
}

/// A command prepared with the project's PATH, run from the workspace root.
pub fn command(program: &str, args: &[impl AsRef<str>]) -> Command {
    let mut cmd = Command::new(program);
    cmd.args(args.iter().map(AsRef::as_ref))
        .current_dir(root())
        .env("PATH", path_env());
    cmd
}

/// Runs a command, echoing it; fails on a non-zero exit.
pub fn run(program: &str, args: &[impl AsRef<str>]) -> Result<(), String> {
    let shown: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    run_shown(
        command(program, args),
        &format!("{program} {}", shown.join(" ")),
    )
}

/// Runs a prepared command, echoing it as `shown`; fails on a non-zero exit.
fn run_shown(mut cmd: Command, shown: &str) -> Result<(), String> {
    println!("$ {shown}");
    let status = cmd
        .status()
        .map_err(|e| format!("cannot start `{shown}`: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{shown}` failed ({status})"))
    }
}

/// Runs a command quietly and returns its stdout, or `None` if it cannot run or fails.
pub fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = command(program, args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `trunk build --release` into dist/ (wasm-release profile, wasm-opt from npm binaryen),
/// with the sections split into their own wasm modules:
/// - cargo links with `--emit-relocs` and `--cfg folio_split` turns the sections' split
///   points on (`src/split/mod.rs`'s macros, used where the pages are declared);
/// - `tools/split-bin` comes first on PATH, so Trunk's wasm-bindgen step splits the wasm
///   (`xtask split`, this binary) before the real wasm-bindgen runs;
/// - the post_build hook `tools/post-build.mjs` runs every post-build step in order; its
///   `splitChunks` step (`tools/split-chunks.mjs`, given FOLIO_SPLIT_DIR) puts the section
///   modules into the build.
pub fn trunk_release_build() -> Result<(), String> {
    let real_bindgen = find_on_path("wasm-bindgen", &path_env())
        .ok_or("wasm-bindgen is not installed (run `cargo xtask setup`)")?;
    let xtask = std::env::current_exe().map_err(|e| format!("cannot find xtask itself: {e}"))?;
    let split_bin = root().join("tools/split-bin");
    let mut trunk = command("trunk", &["build", "--release"]);
    trunk
        .env("PATH", format!("{}:{}", split_bin.display(), path_env()))
        .env("FOLIO_REAL_WASM_BINDGEN", real_bindgen)
        .env("FOLIO_XTASK", xtask)
        .env("FOLIO_SPLIT_DIR", root().join("target/folio-split"))
        .env(
            "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS",
            release_rustflags(),
        );
    run_shown(trunk, "trunk build --release (split)")
}

/// The wasm release build's rustc flags: relocations for the split step, the split cfg,
/// Leptos's `erase_components` (since leptos_macro 0.8.20 every `{move || …}` in a view
/// shares one render path per output type instead of one per closure: measured −7 KB brotli
/// on `/connect`, −22 to −57 KB on the other entry routes), `FOLIO_EXTRA_WASM_RUSTFLAGS`
/// (for size experiments; empty normally), and source paths remapped (`~/.cargo/registry/src/…` → `/crates/…`, the checkout → `/folio`) so
/// panic locations carry no path of the build machine and every machine builds the same
/// bytes (the first-load gate compares sizes across machines).
fn release_rustflags() -> String {
    let cargo_home = std::env::var("CARGO_HOME").unwrap_or_else(|_| {
        let home = std::env::var("HOME").unwrap_or_default();
        format!("{home}/.cargo")
    });
    let extra = std::env::var("FOLIO_EXTRA_WASM_RUSTFLAGS").unwrap_or_default();
    format!(
        "-Clink-args=--emit-relocs --cfg folio_split --cfg erase_components {extra} \
         --remap-path-prefix={cargo_home}/registry/src=/crates \
         --remap-path-prefix={}=/folio",
        root().display()
    )
}

/// The first executable called `name` in the `:`-separated `path`.
fn find_on_path(name: &str, path: &str) -> Option<PathBuf> {
    path.split(':')
        .map(|dir| PathBuf::from(dir).join(name))
        .find(|candidate| candidate.is_file())
}

/// Whether this process runs as root (`id -u` is 0).
pub fn is_root() -> bool {
    output("id", &["-u"]).is_some_and(|u| u.trim() == "0")
}
