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
    println!("$ {program} {}", shown.join(" "));
    let status = command(program, args)
        .status()
        .map_err(|e| format!("cannot start {program}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{program} {}` failed ({status})", shown.join(" ")))
    }
}

/// Runs a command quietly and returns its stdout, or `None` if it cannot run or fails.
pub fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = command(program, args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `trunk build --release` into dist/ (wasm-release profile, wasm-opt from npm binaryen).
pub fn trunk_release_build() -> Result<(), String> {
    run("trunk", &["build", "--release"])
}
