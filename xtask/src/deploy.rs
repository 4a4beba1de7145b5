//! `cargo xtask deploy <nginx | caddy> [--no-build] [--set NAME=value]…`: the release build,
//! then the server's configuration rendered from `deploy/` (template + `folio.env`, the header
//! CSP taken from the built `dist/index.html`) into `target/deploy/`, and what to run next.

use folio_deploy::Server;

use crate::shell::{self, root};

/// Builds (unless `--no-build`), renders and writes the named server's configuration.
pub fn run(args: &[String]) -> Result<(), String> {
    let usage = "usage: cargo xtask deploy <nginx | caddy> [--no-build] [--set NAME=value]…";
    let server = args
        .first()
        .and_then(|name| Server::from_name(name))
        .ok_or(usage)?;
    let mut build = true;
    let mut overrides = Vec::new();
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--no-build" => build = false,
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
    std::fs::write(&out, config).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!("wrote {}", out.display());
    match server {
        Server::Nginx => println!(
            "next: ln -sf {} /etc/nginx/conf.d/folio.conf && nginx -t && systemctl reload nginx",
            out.display()
        ),
        Server::Caddy => println!("next: caddy run --config {}", out.display()),
    }
    Ok(())
}
