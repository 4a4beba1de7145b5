//! [`BaseUrls`]: where the three APIs live, and the check of custom base URLs a person types.

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

    /// Checks a user-typed base URL: `https://…`, loopback `http://127.0.0.1…` /
    /// `http://localhost…`, or a same-origin path starting with `/`.
    pub fn validate_custom(url: &str) -> Result<(), String> {
        let url = url.trim();
        if url.is_empty() {
            return Err("Enter a base URL.".into());
        }
        if url.contains(char::is_whitespace) {
            return Err("A URL cannot contain spaces.".into());
        }
        if url.starts_with('/') && !url.starts_with("//") {
            return Ok(());
        }
        if let Some(rest) = url.strip_prefix("https://") {
            return if host_of(rest).is_empty() {
                Err("The URL has no host.".into())
            } else {
                Ok(())
            };
        }
        if let Some(rest) = url.strip_prefix("http://") {
            let host = host_of(rest);
            let host = host.split(':').next().unwrap_or("");
            return if matches!(host, "127.0.0.1" | "localhost" | "[::1]") {
                Ok(())
            } else {
                Err("Only https:// addresses are allowed (plain http:// only for 127.0.0.1 or localhost).".into())
            };
        }
        Err("The URL must start with https:// (or http://127.0.0.1 / http://localhost).".into())
    }
}

fn host_of(rest: &str) -> &str {
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..end];
    if authority.contains('@') {
        return "";
    }
    authority
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_base_urls() {
        assert!(BaseUrls::validate_custom("https://proxy.example.com/bp").is_ok());
        assert!(BaseUrls::validate_custom("http://127.0.0.1:8080/public").is_ok());
        assert!(BaseUrls::validate_custom("http://localhost:3000").is_ok());
        assert!(BaseUrls::validate_custom("/public").is_ok());
        assert!(BaseUrls::validate_custom("http://example.com").is_err());
        assert!(BaseUrls::validate_custom("http://127.0.0.1.evil.com").is_err());
        assert!(BaseUrls::validate_custom("https://user@host").is_err());
        assert!(BaseUrls::validate_custom("ftp://x").is_err());
        assert!(BaseUrls::validate_custom("//evil.com").is_err());
        assert!(BaseUrls::validate_custom("").is_err());
    }

    #[test]
    fn same_origin_layout() {
        let b = BaseUrls::same_origin("");
        assert_eq!(b.current, "/public");
        let b = BaseUrls::same_origin("http://127.0.0.1:8080/");
        assert_eq!(b.exchange, "http://127.0.0.1:8080/exchange");
    }
}
