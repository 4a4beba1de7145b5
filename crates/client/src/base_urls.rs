//! [`BaseUrls`]: where the three APIs live, and the check of custom base URLs a person types
//! ([`BaseUrlError`] says what is wrong; the app words it).

use std::net::Ipv6Addr;

/// Why a typed base URL cannot be used (the app turns it into a sentence in the language
/// shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BaseUrlError {
    /// Nothing was typed.
    Empty,
    /// Whitespace or a control character.
    SpaceOrControl,
    /// A backslash (`\`).
    Backslash,
    /// A `%` escape.
    PercentEscape,
    /// A query (`?`) or fragment (`#`).
    QueryOrFragment,
    /// A path starting with `//` (another host).
    DoubleSlash,
    /// Neither `https://`, `http://` nor a same-origin path.
    Scheme,
    /// A user name or password (`user@`).
    UserInfo,
    /// An empty or malformed host.
    Host,
    /// Plain `http://` to a host other than loopback.
    PlainHttp,
    /// A port that is not a number from 1 to 65535.
    Port,
}

/// The three base URLs (each without the `/v1` suffix).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseUrls {
    /// Current public API, e.g. `https://api.public.bitpanda.com` or `/public`.
    pub current: String,
    /// Legacy API, e.g. `https://api.bitpanda.com` or `/legacy`.
    pub legacy: String,
    /// Exchange API, e.g. `https://api.fusion.bitpanda.com` or `/exchange`.
    pub exchange: String,
}

impl BaseUrls {
    /// The live service's hosts.
    pub fn live() -> Self {
        Self {
            current: "https://api.public.bitpanda.com".into(),
            legacy: "https://api.bitpanda.com".into(),
            exchange: "https://api.fusion.bitpanda.com".into(),
        }
    }

    /// The sandbox / reverse-proxy layout: `/public`, `/legacy`, `/exchange` under `origin`
    /// (`""` for relative URLs on the page's own origin).
    pub fn same_origin(origin: &str) -> Self {
        let origin = origin.trim_end_matches('/');
        Self {
            current: format!("{origin}/public"),
            legacy: format!("{origin}/legacy"),
            exchange: format!("{origin}/exchange"),
        }
    }

    /// Checks a user-typed base URL by its origin. Accepted: `https://host[:port][/path]`,
    /// loopback `http://` (`127.0.0.1`, `localhost`, `[::1]`), or a same-origin path: a
    /// single `/` followed by anything but `/` or `\` (or `/` alone). Refused: backslashes,
    /// `%` escapes (`/%5Cevil`), whitespace and control characters, a query or fragment,
    /// userinfo (`user@`), an empty or malformed host, and ports outside 1–65535 — so the key
    /// can only ever go to the origin the person sees.
    pub fn validate_custom(url: &str) -> Result<(), BaseUrlError> {
        let url = url.trim();
        if url.is_empty() {
            return Err(BaseUrlError::Empty);
        }
        if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(BaseUrlError::SpaceOrControl);
        }
        if url.contains('\\') {
            return Err(BaseUrlError::Backslash);
        }
        if url.contains('%') {
            return Err(BaseUrlError::PercentEscape);
        }
        if url.contains(['?', '#']) {
            return Err(BaseUrlError::QueryOrFragment);
        }
        if let Some(rest) = url.strip_prefix('/') {
            return if rest.starts_with('/') {
                Err(BaseUrlError::DoubleSlash)
            } else {
                Ok(())
            };
        }
        parse_absolute(url).map(|_| ())
    }

    /// The distinct origins (`https://host[:port]`) the three base URLs send the key to;
    /// same-origin paths count as `page_origin`. Invalid URLs are left out.
    pub fn origins(&self, page_origin: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for url in [&self.current, &self.legacy, &self.exchange] {
            if let Some(origin) = origin_of(url, page_origin) {
                if !out.contains(&origin) {
                    out.push(origin);
                }
            }
        }
        out
    }
}

/// The origin (`scheme://host[:port]`, lower case, default port left out) that `url` sends
/// requests to: a same-origin path (as accepted by [`BaseUrls::validate_custom`]) gives
/// `page_origin` (trailing `/` removed); `None` when `url` is not a valid base URL.
pub fn origin_of(url: &str, page_origin: &str) -> Option<String> {
    BaseUrls::validate_custom(url).ok()?;
    let url = url.trim();
    if url.starts_with('/') {
        return Some(page_origin.trim_end_matches('/').to_string());
    }
    let (scheme, host, port) = parse_absolute(url).ok()?;
    Some(match port {
        Some(p) => format!("{scheme}://{host}:{p}"),
        None => format!("{scheme}://{host}"),
    })
}

/// Splits an absolute `http(s)://authority[/path]` URL (already free of whitespace,
/// backslashes, escapes, query and fragment) into scheme, lower-case host and a non-default
/// port; plain `http` only for loopback hosts.
fn parse_absolute(url: &str) -> Result<(&'static str, String, Option<u16>), BaseUrlError> {
    let (scheme, rest) = if let Some(rest) = url.strip_prefix("https://") {
        ("https", rest)
    } else if let Some(rest) = url.strip_prefix("http://") {
        ("http", rest)
    } else {
        return Err(BaseUrlError::Scheme);
    };
    let authority = rest.split('/').next().unwrap_or("");
    if authority.contains('@') {
        return Err(BaseUrlError::UserInfo);
    }
    let (host, port) = split_port(authority)?;
    let host = host.to_ascii_lowercase();
    if !valid_host(&host) {
        return Err(BaseUrlError::Host);
    }
    if scheme == "http" && !matches!(host.as_str(), "127.0.0.1" | "localhost" | "[::1]") {
        return Err(BaseUrlError::PlainHttp);
    }
    let default = if scheme == "https" { 443 } else { 80 };
    Ok((scheme, host, port.filter(|p| *p != default)))
}

/// `host[:port]` → host and port; the port must be 1–65535 when present.
fn split_port(authority: &str) -> Result<(&str, Option<u16>), BaseUrlError> {
    let colon = if authority.starts_with('[') {
        authority.find(']').and_then(|end| {
            let after = authority.get(end.saturating_add(1)..)?;
            after.starts_with(':').then_some(end.saturating_add(1))
        })
    } else {
        authority.rfind(':')
    };
    let Some(colon) = colon else {
        return Ok((authority, None));
    };
    let (host, port) = authority.split_at(colon);
    let port = port.get(1..).unwrap_or("");
    match port.parse::<u16>() {
        Ok(p) if p > 0 && port.chars().all(|c| c.is_ascii_digit()) => Ok((host, Some(p))),
        _ => Err(BaseUrlError::Port),
    }
}

/// A DNS name of letters, digits, `-` and `.` (labels not empty, not starting or ending with
/// `-`), or a bracketed IPv6 address.
fn valid_host(host: &str) -> bool {
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        return is_ipv6(inner);
    }
    !host.is_empty()
        && host.len() <= 253
        && host.trim_end_matches('.').split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
}

/// An IPv6 address as RFC 4291 writes it (`std::net`'s reader): eight groups of hex digits,
/// one run shortened to `::` at most, the last two possibly a dotted IPv4 address; no zone.
fn is_ipv6(text: &str) -> bool {
    text.parse::<Ipv6Addr>().is_ok()
}

#[cfg(test)]
#[path = "base_urls_tests.rs"]
mod tests;
