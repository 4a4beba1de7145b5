//! Query strings: percent-encoding and a small builder.

/// Builds `?a=1&b=2` from pairs, encoding every value. Empty when there are no pairs.
#[derive(Debug, Default, Clone)]
pub(crate) struct Query(Vec<(String, String)>);

impl Query {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Adds a pair.
    pub(crate) fn push(&mut self, key: &str, value: impl ToString) -> &mut Self {
        self.0.push((key.to_string(), value.to_string()));
        self
    }

    /// Adds a pair when the value is present.
    pub(crate) fn push_opt(&mut self, key: &str, value: Option<impl ToString>) -> &mut Self {
        if let Some(v) = value {
            self.push(key, v);
        }
        self
    }

    /// `?k=v&…`, or "" when empty.
    pub(crate) fn render(&self) -> String {
        if self.0.is_empty() {
            return String::new();
        }
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
            .collect();
        format!("?{}", parts.join("&"))
    }
}

/// Percent-encodes everything except RFC 3986 unreserved characters (for query values
/// and path segments).
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_reserved_characters() {
        let mut q = Query::new();
        q.push("from", "2026-01-01T00:00:00+01:00")
            .push("id", "a b&c");
        assert_eq!(
            q.render(),
            "?from=2026-01-01T00%3A00%3A00%2B01%3A00&id=a%20b%26c"
        );
        assert_eq!(Query::new().render(), "");
    }
}
