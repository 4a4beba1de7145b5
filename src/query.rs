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
}
