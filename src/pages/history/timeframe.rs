//! The History timeframe read from `?timeframe=` and its name in words.

use folio_client::current::Timeframe;

use crate::i18n::t;
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
        Timeframe::Day => t("Last 24 hours"),
        Timeframe::Week => t("Last 7 days"),
        Timeframe::Month => t("Last month"),
        Timeframe::SixMonth => t("Last 6 months"),
        Timeframe::Year => t("Last year"),
    }
}

/// The timeframe's name inside a sentence ("Return, last 7 days"): its own text, as German
/// does not simply lower-case its nouns.
pub fn timeframe_in_sentence(timeframe: Timeframe) -> &'static str {
    match timeframe {
        Timeframe::Day => t("last 24 hours"),
        Timeframe::Week => t("last 7 days"),
        Timeframe::Month => t("last month"),
        Timeframe::SixMonth => t("last 6 months"),
        Timeframe::Year => t("last year"),
    }
}

/// The timeframe's short button label (`1D`, `1W`, … as `Timeframe::label`, in the language
/// shown).
pub fn timeframe_short(timeframe: Timeframe) -> &'static str {
    match timeframe {
        Timeframe::Day => t("1D"),
        Timeframe::Week => t("1W"),
        Timeframe::Month => t("1M"),
        Timeframe::SixMonth => t("6M"),
        Timeframe::Year => t("1Y"),
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
        for tf in Timeframe::ALL {
            assert_eq!(timeframe_short(tf), tf.label());
            assert_eq!(timeframe_in_sentence(tf), timeframe_name(tf).to_lowercase());
        }
    }
}
