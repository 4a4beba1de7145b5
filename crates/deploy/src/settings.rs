//! `deploy/folio.env`: the deployment's settings, checked, and the values the templates use
//! (the settings plus what is derived from them: listen addresses, the https origin that
//! http redirects to, each upstream split into origin and path, the header CSP, the rate
//! limit's figures).

use std::collections::BTreeMap;
use std::path::Path;

use crate::Server;

/// What a setting may hold; every value lands in a server configuration, so each kind
/// admits only the characters it needs (no quotes, braces, `$`, `;` or spaces).
#[derive(Clone, Copy)]
enum Kind {
    Host,
    Path,
    Url,
    Port,
    Address,
    /// A whole number from 1 to 100,000 (a rate or a burst of requests).
    Count,
    /// Empty, or the name of a Caddy module the server was built with.
    CaddyModule,
}

/// Every setting `folio.env` may hold, with its kind.
const SETTINGS: [(&str, Kind); 14] = [
    ("FOLIO_HOST", Kind::Host),
    ("FOLIO_ROOT", Kind::Path),
    ("FOLIO_PUBLIC_API", Kind::Url),
    ("FOLIO_LEGACY_API", Kind::Url),
    ("FOLIO_EXCHANGE_API", Kind::Url),
    ("FOLIO_HTTP_PORT", Kind::Port),
    ("FOLIO_HTTPS_PORT", Kind::Port),
    ("FOLIO_BIND", Kind::Address),
    ("FOLIO_TLS_CERT", Kind::Path),
    ("FOLIO_TLS_KEY", Kind::Path),
    ("FOLIO_CADDY_ADMIN", Kind::Address),
    ("FOLIO_API_RATE", Kind::Count),
    ("FOLIO_API_BURST", Kind::Count),
    ("FOLIO_CADDY_RATE_LIMIT", Kind::CaddyModule),
];

/// The Caddy module that limits requests per client address (not in Debian's `caddy`: a
/// Caddy built with it, e.g. `xcaddy build --with github.com/mholt/caddy-ratelimit`).
pub const CADDY_RATE_LIMIT_MODULE: &str = "github.com/mholt/caddy-ratelimit";

/// The three upstreams, by the setting that names each.
const UPSTREAMS: [&str; 3] = ["FOLIO_PUBLIC_API", "FOLIO_LEGACY_API", "FOLIO_EXCHANGE_API"];

/// The deployment's settings, as read from `folio.env` and overridden.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    values: BTreeMap<String, String>,
}

impl Settings {
    /// Reads `NAME=value` lines (`#` comments and blank lines skipped); every setting must be
    /// known and valid, and every known setting present.
    pub fn parse(text: &str) -> Result<Settings, String> {
        let mut settings = Settings::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (name, value) = line
                .split_once('=')
                .ok_or_else(|| format!("folio.env line {}: expected NAME=value", n + 1))?;
            settings.set(name.trim(), value.trim())?;
        }
        if let Some((missing, _)) = SETTINGS
            .iter()
            .find(|(name, _)| !settings.values.contains_key(*name))
        {
            return Err(format!("folio.env does not set {missing}"));
        }
        Ok(settings)
    }

    /// Sets `name` to `value` after checking both.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let (_, kind) = SETTINGS
            .iter()
            .find(|(known, _)| *known == name)
            .ok_or_else(|| format!("{name} is not a setting of folio.env"))?;
        check(*kind, value).map_err(|why| format!("{name}={value:?}: {why}"))?;
        let value = match kind {
            Kind::Url => value.trim_end_matches('/'),
            _ => value,
        };
        self.values.insert(name.to_string(), value.to_string());
        Ok(())
    }

    /// The setting `name` ("" when unset).
    pub fn get(&self, name: &str) -> &str {
        self.values.get(name).map(String::as_str).unwrap_or("")
    }

    /// Every value `server`'s template may use: the settings (an empty `FOLIO_ROOT` becomes
    /// `dist`'s absolute path) and the derived `FOLIO_CSP`, `FOLIO_HTTP(S)_LISTEN(_V6)`,
    /// `FOLIO_HTTPS_ORIGIN` and `FOLIO_*_API_ORIGIN` / `FOLIO_*_API_PATH`.
    pub fn values(
        &self,
        server: Server,
        dist: &Path,
        csp: &str,
    ) -> Result<BTreeMap<String, String>, String> {
        if server == Server::Nginx
            && (self.get("FOLIO_TLS_CERT").is_empty() || self.get("FOLIO_TLS_KEY").is_empty())
        {
            return Err(
                "nginx needs FOLIO_TLS_CERT and FOLIO_TLS_KEY in folio.env (for example \
                 certbot's /etc/letsencrypt/live/<host>/fullchain.pem and privkey.pem); Caddy \
                 obtains its own certificate when they are empty"
                    .into(),
            );
        }
        if csp.contains(['"', '$', '\\', '{', '}', '\n']) {
            return Err(format!(
                "the page's CSP holds a character no config may carry: {csp}"
            ));
        }
        crate::csp::check_production(csp)?;
        let mut values = self.values.clone();
        if self.get("FOLIO_ROOT").is_empty() {
            let root = std::path::absolute(dist)
                .map_err(|e| format!("cannot resolve {}: {e}", dist.display()))?;
            let root = root.display().to_string();
            check(Kind::Path, &root).map_err(|why| format!("the dist path {root:?}: {why}"))?;
            values.insert("FOLIO_ROOT".into(), root);
        }
        values.insert("FOLIO_CSP".into(), csp.to_string());
        let bind = self.get("FOLIO_BIND");
        for (scheme, port_setting) in [("HTTP", "FOLIO_HTTP_PORT"), ("HTTPS", "FOLIO_HTTPS_PORT")] {
            let port = self.get(port_setting);
            let (v4, v6) = if bind.is_empty() {
                (port.to_string(), format!("[::]:{port}"))
            } else if bind.contains(':') {
                (format!("[{bind}]:{port}"), String::new())
            } else {
                (format!("{bind}:{port}"), String::new())
            };
            values.insert(format!("FOLIO_{scheme}_LISTEN"), v4);
            values.insert(format!("FOLIO_{scheme}_LISTEN_V6"), v6);
        }
        let https_port = self.get("FOLIO_HTTPS_PORT");
        let port_suffix = if https_port == "443" {
            String::new()
        } else {
            format!(":{https_port}")
        };
        values.insert(
            "FOLIO_HTTPS_ORIGIN".into(),
            format!("https://{}{port_suffix}", self.get("FOLIO_HOST")),
        );
        // The rate limit per client address on the API paths: nginx lets RATE requests a
        // second through, serves up to half the burst above it at once and delays the rest
        // of the burst to the rate; Caddy's module (when named) allows BURST requests in any
        // window of BURST / RATE seconds.
        let rate: u32 = self.get("FOLIO_API_RATE").parse().unwrap_or(1);
        let burst: u32 = self.get("FOLIO_API_BURST").parse().unwrap_or(1);
        values.insert("FOLIO_API_BURST_AT_ONCE".into(), (burst / 2).to_string());
        values.insert(
            "FOLIO_API_WINDOW".into(),
            format!("{}ms", (u64::from(burst) * 1000).div_ceil(u64::from(rate))),
        );
        let module = !self.get("FOLIO_CADDY_RATE_LIMIT").is_empty();
        let (order, snippet) = if module {
            ("order rate_limit before basicauth", "api_rate_limit")
        } else {
            ("", "")
        };
        values.insert("FOLIO_CADDY_RATE_LIMIT_ORDER".into(), order.into());
        values.insert("FOLIO_CADDY_RATE_LIMIT_SNIPPET".into(), snippet.into());
        for name in UPSTREAMS {
            let (origin, path) = split_url(self.get(name));
            values.insert(format!("{name}_ORIGIN"), origin.to_string());
            // Empty for a bare origin: the line that adds a path prefix is then left out.
            values.insert(format!("{name}_PATH"), path.to_string());
        }
        Ok(values)
    }
}

/// Whether `host` (as written in a URL, port removed) is this machine: `localhost`, an
/// address in 127.0.0.0/8 or `[::1]`.
fn is_loopback(host: &str) -> bool {
    if host.eq_ignore_ascii_case("localhost") || host == "[::1]" {
        return true;
    }
    host.parse::<std::net::Ipv4Addr>()
        .is_ok_and(|ip| ip.is_loopback())
}

/// The host of an `http(s)://host[:port][/path]` URL, without its port (`[::1]` kept in
/// brackets).
fn url_host(url: &str) -> &str {
    let (origin, _) = split_url(url);
    let authority = origin.split_once("://").map_or(origin, |(_, rest)| rest);
    if authority.starts_with('[') {
        return authority
            .find(']')
            .map_or(authority, |end| &authority[..=end]);
    }
    authority.split(':').next().unwrap_or(authority)
}

/// `https://host:port/base` → (`https://host:port`, `/base`).
fn split_url(url: &str) -> (&str, &str) {
    let after_scheme = url.find("://").map(|i| i + 3).unwrap_or(0);
    match url[after_scheme..].find('/') {
        Some(i) => url.split_at(after_scheme + i),
        None => (url, ""),
    }
}

/// Why `value` is not a valid `kind`, if it is not.
fn check(kind: Kind, value: &str) -> Result<(), &'static str> {
    let only = |extra: &str| {
        value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || extra.contains(c))
    };
    match kind {
        Kind::Host if value.is_empty() || !only("-.") => {
            Err("a hostname (letters, digits, - and .)")
        }
        Kind::Path if !value.is_empty() && (!value.starts_with('/') || !only("-._/+@~")) => {
            Err("an absolute path without spaces or quotes")
        }
        Kind::Url
            if !(value.starts_with("https://") || value.starts_with("http://"))
                || !only("-._~:/%[]")
                || split_url(value).0.ends_with("://") =>
        {
            Err("an http(s) URL such as https://api.public.bitpanda.com")
        }
        // The proxy sends the person's key upstream: in clear only to this machine.
        Kind::Url if value.starts_with("http://") && !is_loopback(url_host(value)) => Err(
            "https, or plain http only to this machine (localhost, 127.0.0.1, [::1]): the key \
             would travel in clear between the proxy and the service",
        ),
        Kind::Port if value.parse::<u16>().map_or(true, |p| p == 0) => Err("a port, 1 to 65535"),
        Kind::Address if !only("-.:[]") => Err("an address such as 127.0.0.1 or localhost:2019"),
        Kind::Count if value.parse::<u32>().map_or(true, |n| n == 0 || n > 100_000) => {
            Err("a whole number, 1 to 100000")
        }
        Kind::CaddyModule if !value.is_empty() && value != CADDY_RATE_LIMIT_MODULE => Err(
            "empty (Debian's Caddy, which has no rate limiter) or github.com/mholt/caddy-ratelimit \
             (a Caddy built with that module)",
        ),
        _ => Ok(()),
    }
}

#[cfg(test)]
#[path = "settings_tests.rs"]
mod tests;
