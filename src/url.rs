//! View state read from the URL query (`?timeframe=MONTH`, `?currency=EUR`). Secrets never go
//! in the URL.

use folio_client::current::Timeframe;

/// The timeframe shown when the URL names none (or an unknown one).
pub const DEFAULT_TIMEFRAME: Timeframe = Timeframe::Week;

/// The timeframe in `?timeframe=`, falling back to [`DEFAULT_TIMEFRAME`].
pub fn timeframe_from_query(value: Option<&str>) -> Timeframe {
    value
        .and_then(Timeframe::parse)
        .unwrap_or(DEFAULT_TIMEFRAME)
}

/// A currency code from `?currency=`: 2–10 ASCII letters, upper-cased; anything else is
/// ignored.
pub fn currency_from_query(value: Option<&str>) -> Option<String> {
    let code = value?.trim();
    let valid = (2..=10).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphabetic());
    valid.then(|| code.to_ascii_uppercase())
}

/// A human name for a timeframe, for headings and screen readers.
pub fn timeframe_name(timeframe: Timeframe) -> &'static str {
    match timeframe {
        Timeframe::Day => "Last 24 hours",
        Timeframe::Week => "Last 7 days",
        Timeframe::Month => "Last month",
        Timeframe::SixMonth => "Last 6 months",
        Timeframe::Year => "Last year",
    }
}

/// The page to return to after connecting: a path on this site only. Anything else — an
/// absolute or scheme-relative URL (`//host`, `/\\host`), a control character or whitespace
/// anywhere (browsers strip tabs and newlines, so `/\t/evil.example` would become
/// `//evil.example`), a backslash, or the Connect page itself — gives `/`. The page also
/// resolves the result against its own origin before navigating (`pages::connect`).
pub fn safe_return_path(next: Option<&str>) -> String {
    let Some(path) = next else {
        return "/".to_string();
    };
    let plain = !path
        .chars()
        .any(|c| c.is_control() || c.is_whitespace() || c == '\\');
    let local = path.starts_with('/') && !path[1..].starts_with('/');
    if plain && local && !path.starts_with("/connect") {
        path.to_string()
    } else {
        "/".to_string()
    }
}

/// The Connect address for a visitor without a key, remembering the page they asked for
/// (path and query only; the key is never in a URL).
pub fn connect_redirect(requested: &str) -> String {
    let target = safe_return_path(Some(requested));
    if target == "/" {
        "/connect".to_string()
    } else {
        format!("/connect?next={}", folio_client::percent_encode(&target))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeframes() {
        assert_eq!(timeframe_from_query(Some("MONTH")), Timeframe::Month);
        assert_eq!(timeframe_from_query(Some("six_month")), Timeframe::SixMonth);
        assert_eq!(timeframe_from_query(Some("DECADE")), Timeframe::Week);
        assert_eq!(timeframe_from_query(None), Timeframe::Week);
        assert_eq!(timeframe_name(Timeframe::Day), "Last 24 hours");
    }

    #[test]
    fn currencies() {
        assert_eq!(currency_from_query(Some("eur")), Some("EUR".into()));
        assert_eq!(currency_from_query(Some("USD ")), Some("USD".into()));
        assert_eq!(currency_from_query(Some("E")), None);
        assert_eq!(currency_from_query(Some("<script>")), None);
        assert_eq!(currency_from_query(None), None);
    }

    #[test]
    fn return_path_stays_inside_the_app() {
        assert_eq!(
            safe_return_path(Some("/history?timeframe=YEAR")),
            "/history?timeframe=YEAR"
        );
        assert_eq!(safe_return_path(Some("//evil.example")), "/");
        assert_eq!(safe_return_path(Some("https://evil.example")), "/");
        assert_eq!(safe_return_path(Some("javascript:alert(1)")), "/");
        assert_eq!(safe_return_path(Some("/\\evil.example")), "/");
        assert_eq!(safe_return_path(Some("/connect")), "/");
        assert_eq!(safe_return_path(None), "/");
        // The browser strips tabs and newlines: these would leave the site.
        assert_eq!(safe_return_path(Some("/\t/evil.example")), "/");
        assert_eq!(safe_return_path(Some("/\n/evil.example")), "/");
        assert_eq!(safe_return_path(Some("/\r/evil.example")), "/");
        assert_eq!(safe_return_path(Some(" //evil.example")), "/");
        assert_eq!(safe_return_path(Some("/\u{0}/evil.example")), "/");
        assert_eq!(safe_return_path(Some("/ /evil.example")), "/");
        assert_eq!(
            safe_return_path(Some("/trade?asset=BTC")),
            "/trade?asset=BTC"
        );
        assert_eq!(connect_redirect("/"), "/connect");
        assert_eq!(
            connect_redirect("/history?timeframe=YEAR"),
            "/connect?next=%2Fhistory%3Ftimeframe%3DYEAR"
        );
    }
}
