//! Folio's production configurations for nginx and Caddy, rendered from the files in
//! `deploy/`: the server's template (`deploy/nginx.conf`, `deploy/Caddyfile`), the settings
//! (`deploy/folio.env`, the one place for the hostname, ports, certificate and upstreams) and
//! the built page (`dist/index.html`), whose meta Content-Security-Policy becomes the header
//! CSP — generated from the build, never copied by hand.
//!
//! The render refuses what a deployment must not ship: a page CSP allowing plain http or not
//! requiring Trusted Types ([`check_production`]), a plain-`http://` upstream that is not this
//! machine (the key would travel in clear), a value that could break out of a configuration.
//!
//! `cargo xtask deploy` and the deployment e2e tests render through [`render`], so what is
//! tested is what ships.

mod csp;
mod nginx_main;
mod settings;
mod template;

use std::path::Path;

pub use csp::{check_production, header_csp, meta_csp};
pub use nginx_main::nginx_main_config;
pub use settings::{Settings, CADDY_RATE_LIMIT_MODULE};
pub use template::fill;

/// A web server Folio ships a configuration for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Server {
    /// nginx (Debian's `nginx` with `libnginx-mod-http-brotli-static`).
    Nginx,
    /// Caddy 2.6 or later (Debian's `caddy`).
    Caddy,
}

impl Server {
    /// Both servers, in the order the README lists them.
    pub const ALL: [Server; 2] = [Server::Nginx, Server::Caddy];

    /// The server's name as typed on the command line (`nginx`, `caddy`).
    pub fn name(self) -> &'static str {
        match self {
            Server::Nginx => "nginx",
            Server::Caddy => "caddy",
        }
    }

    /// The template's (and the rendered file's) name in `deploy/`.
    pub fn file_name(self) -> &'static str {
        match self {
            Server::Nginx => "nginx.conf",
            Server::Caddy => "Caddyfile",
        }
    }

    /// The server named `name`, if Folio ships a configuration for it.
    pub fn from_name(name: &str) -> Option<Server> {
        Server::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// Renders `server`'s configuration from `deploy_dir` (template and `folio.env`) and `dist`
/// (the built page), with `overrides` (`NAME=value`) applied over `folio.env`.
pub fn render(
    server: Server,
    deploy_dir: &Path,
    dist: &Path,
    overrides: &[(String, String)],
) -> Result<String, String> {
    let read = |path: &Path| {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    let mut settings = Settings::parse(&read(&deploy_dir.join("folio.env"))?)?;
    for (name, value) in overrides {
        settings.set(name, value)?;
    }
    let csp = meta_csp(&read(&dist.join("index.html"))?)?;
    let values = settings.values(server, dist, &header_csp(&csp))?;
    fill(&read(&deploy_dir.join(server.file_name()))?, &values)
}
