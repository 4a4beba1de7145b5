//! The History timeframe read from `?timeframe=` and its name in words.

use folio_client::current::Timeframe;

use crate::url::UrlState;

/// The timeframe shown when the URL names none (or an unknown one).
pub const DEFAULT_TIMEFRAME: Timeframe = Timeframe::Week;

/// The timeframe in `?timeframe=`, falling back to [`DEFAULT_TIMEFRAME`].
pub fn timeframe_from_query(value: Option<&str>) -> Timeframe {
    value
        .and_then(Timeframe::parse)
        .unwrap_or(DEFAULT_TIMEFRAME)
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

/// The timeframe is kept in the URL (`?timeframe=MONTH`).
impl UrlState for Timeframe {
    type Scope = ();

    fn from_query((): (), get: impl Fn(&str) -> Option<String>) -> Self {
        timeframe_from_query(get("timeframe").as_deref())
    }

    fn to_query(&self) -> Vec<(&'static str, Option<String>)> {
        vec![("timeframe", Some(self.as_str().to_string()))]
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
}
