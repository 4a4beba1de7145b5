//! Query-string parsing that keeps repeated parameters (`asset_id=a&asset_id=b`); [`Params`]
//! is also the handlers' extractor of the query (it never refuses a request).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use std::convert::Infallible;

/// Decoded query parameters in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params(Vec<(String, String)>);

impl Params {
    /// Parses a raw query string (`+` and `%XX` decoded; invalid escapes kept literally).
    pub fn parse(raw: Option<&str>) -> Self {
        let pairs = raw
            .unwrap_or("")
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                (decode(k), decode(v))
            })
            .collect();
        Self(pairs)
    }

    /// The first value of `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The first value of any of `names` (e.g. both casings of one field).
    pub fn get_any(&self, names: &[&str]) -> Option<&str> {
        names.iter().find_map(|n| self.get(n))
    }

    /// All values of `name`; comma-separated values are split as well.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.0
            .iter()
            .filter(|(k, _)| k == name || k.strip_suffix("[]") == Some(name))
            .flat_map(|(_, v)| v.split(','))
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .collect()
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(Self::parse(parts.uri.query()))
    }
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push(h * 16 + l);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_repeated_and_encoded() {
        let p = Params::parse(Some("a=1&b=x%2By+z&a=2,3&c&d=%zz&e=%4"));
        assert_eq!(p.get("a"), Some("1"));
        assert_eq!(p.all("a"), vec!["1", "2", "3"]);
        assert_eq!(p.get("b"), Some("x+y z"));
        assert_eq!(p.get("c"), Some(""));
        assert_eq!(p.get("d"), Some("%zz"));
        assert_eq!(p.get("e"), Some("%4"));
        assert_eq!(p.get("f"), None);
    }
}
