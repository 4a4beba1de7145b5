//! `cargo xtask deploy <nginx | caddy> [--no-build] [--no-check] [--set NAME=value]…`: the release build,
//! then the server's configuration rendered from `deploy/` (template + `folio.env`, the header
//! CSP taken from the built `dist/index.html`) into `target/deploy/`, checked by the server
//! itself when it is installed here (`nginx -t`, `caddy validate`), and what to run next.

use std::path::Path;
use std::process::Command;

use folio_deploy::Server;

use crate::shell::{self, root};

/// Builds (unless `--no-build`), renders and writes the named server's configuration.
pub fn run(args: &[String]) -> Result<(), String> {
    let usage =
        "usage: cargo xtask deploy <nginx | caddy> [--no-build] [--no-check] [--set NAME=value]…";
    let server = args
        .first()
        .and_then(|name| Server::from_name(name))
        .ok_or(usage)?;
    let mut build = true;
    let mut checked = true;
    let mut overrides = Vec::new();
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--no-build" => build = false,
            "--no-check" => checked = false,
            "--set" => {
                let (name, value) = rest
                    .next()
                    .and_then(|pair| pair.split_once('='))
                    .ok_or(usage)?;
                overrides.push((name.to_string(), value.to_string()));
            }
            _ => return Err(usage.into()),
        }
    }
    if build {
        crate::setup::run()?;
        shell::trunk_release_build()?;
    }
    let config = folio_deploy::render(
        server,
        &root().join("deploy"),
        &root().join("dist"),
        &overrides,
    )?;
    let out_dir = root().join("target/deploy");
    std::fs::create_dir_all(&out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let out = out_dir.join(server.file_name());
    std::fs::write(&out, &config).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!("wrote {}", out.display());
    if server == Server::Caddy && !config.contains("import api_rate_limit") {
        println!(
            "note: this Caddyfile does not limit requests per client address: Debian's Caddy has \
             no rate limiter (nginx's configuration does). With a Caddy built with {}, \
             set FOLIO_CADDY_RATE_LIMIT={0} in deploy/folio.env (README, \"Rate limits\").",
            folio_deploy::CADDY_RATE_LIMIT_MODULE
        );
    }
    if checked {
        check(server, &out)?;
    }
    match server {
        Server::Nginx => println!(
            "next: ln -sf {} /etc/nginx/conf.d/folio.conf && nginx -t && systemctl reload nginx",
            out.display()
        ),
        Server::Caddy => println!("next: caddy run --config {}", out.display()),
    }
    Ok(())
}

/// Has the installed server check the rendered file (its upstreams must resolve, its
/// certificate files exist); says so and goes on when the server is not installed on this
/// machine. `--no-check` skips it, for a file rendered here and served elsewhere.
fn check(server: Server, config: &Path) -> Result<(), String> {
    let dir = root().join("target/deploy/check");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut command = match server {
        Server::Nginx => {
            let main = dir.join("main.conf");
            std::fs::write(
                &main,
                folio_deploy::nginx_main_config(&dir, config, shell::is_root()),
            )
            .map_err(|e| format!("cannot write {}: {e}", main.display()))?;
            let mut c = Command::new("nginx");
            c.arg("-t").arg("-e").arg("stderr").arg("-c").arg(&main);
            c
        }
        Server::Caddy => {
            let mut c = Command::new("caddy");
            c.args(["validate", "--adapter", "caddyfile", "--config"])
                .arg(config)
                .env("HOME", &dir)
                .env("XDG_DATA_HOME", dir.join("data"))
                .env("XDG_CONFIG_HOME", dir.join("config"));
            c
        }
    };
    match command.output() {
        Err(_) => {
            println!(
                "{} is not installed here: the file was not checked",
                server.name()
            );
            Ok(())
        }
        Ok(out) if out.status.success() => {
            println!("{} accepts it", server.name());
            Ok(())
        }
        Ok(out) => Err(format!(
            "{} refuses {}:\n{}{}",
            server.name(),
            config.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )),
    }
}
