//! The installed translations and the three ways to read it.

use std::cell::RefCell;
use std::cmp::Ordering;

use super::Language;

thread_local! {
    /// German entries as (English, German) pairs sorted by English; `None` while English.
    static ENTRIES: RefCell<Option<Vec<(&'static str, &'static str)>>> = const { RefCell::new(None) };
}

/// Separates an entry's English from its German in the joined translations (ASCII unit separator).
const BETWEEN: char = '\u{1f}';
/// Ends an entry in the joined translations (ASCII record separator).
const AFTER: char = '\u{1e}';

/// Reads the joined translations `tools/join-locales.mjs` writes (`/locales/de.txt`): entries
/// sorted by their English, each `English US German RS`. Plain text rather than JSON: the
/// reader is a few lines instead of a JSON map's code in every first load. A record without a
/// separator is skipped.
#[inline(never)]
pub fn read_entries(text: &str) -> Vec<(String, String)> {
    text.split(AFTER)
        .filter_map(|record| record.split_once(BETWEEN))
        .map(|(en, de)| (en.to_string(), de.to_string()))
        .collect()
}

/// Installs a language: German with its entries (sorted by their English, as the build writes
/// them), or English (`None`: the source's text).
///
/// The text is leaked once per installed set of translations so that [`t`] can hand out `&'static str`
/// (the same type a literal has in a view); a person switches language a handful of times.
/// Entries out of order are left out rather than sorted here (a sort is code in every first
/// load, and the build already sorts): their English shows instead.
pub fn install(entries: Option<Vec<(String, String)>>) {
    let entries = entries.map(|pairs| {
        let mut sorted: Vec<(&'static str, &'static str)> = Vec::with_capacity(pairs.len());
        for (en, de) in pairs {
            if sorted.last().is_none_or(|(last, _)| *last < en.as_str()) {
                sorted.push((leak(en), leak(de)));
            }
        }
        sorted
    });
    ENTRIES.with(|cell| *cell.borrow_mut() = entries);
}

/// Back to English (the source's text).
pub fn uninstall() {
    ENTRIES.with(|cell| *cell.borrow_mut() = None);
}

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

/// The language the text is shown in now (German only once its translations are installed).
#[inline(never)]
pub fn language() -> Language {
    ENTRIES.with(|cell| match cell.borrow().as_ref() {
        Some(_) => Language::German,
        None => Language::English,
    })
}

/// The text in the shown language; the English itself when there is no entry.
///
/// Never inlined: it is called at about a thousand places, and a copy at each would cost more
/// than all of German's text.
#[inline(never)]
pub fn t(english: &'static str) -> &'static str {
    german_or(english, &|key| key.cmp(english))
}

/// The text of `english` in a `context`, for an English word German says in two ways: the
/// side of a trade is "Kauf" where the button to make one says "Kaufen", both "Buy" in
/// English. The German entry's key is `context|english` (`"noun|Buy": "Kauf"`); English shows
/// `english`.
#[inline(never)]
pub fn tc(context: &'static str, english: &'static str) -> &'static str {
    german_or(english, &|key| {
        key.bytes()
            .cmp(context.bytes().chain(*b"|").chain(english.bytes()))
    })
}

/// The German text of the entry whose key `order` finds (it compares an entry's key with the
/// one sought), or `english` while English is shown or when there is no such entry. One
/// lookup for [`t`] and [`tc`].
fn german_or(english: &'static str, order: &dyn Fn(&str) -> Ordering) -> &'static str {
    ENTRIES.with(|cell| {
        let entries = cell.borrow();
        let Some(entries) = entries.as_ref() else {
            return english;
        };
        match entries.binary_search_by(|(key, _)| order(key)) {
            Ok(found) => entries.get(found).map_or(english, |(_, german)| german),
            Err(_) => english,
        }
    })
}

/// The text with each `{name}` replaced by its value (`tf("Sell {asset}", &[("asset", "BTC")])`).
#[inline(never)]
pub fn tf(english: &'static str, values: &[(&str, &str)]) -> String {
    fill(t(english), values)
}

/// A count's sentence: `one` when `n` is 1, `other` otherwise, with `{n}` as the count
/// written with the locale's thousands separator.
#[inline(never)]
pub fn tn(n: usize, one: &'static str, other: &'static str) -> String {
    let template = if n == 1 { one } else { other };
    fill(t(template), &[("n", &crate::format::format_count(n))])
}

/// Replaces `{name}` placeholders; a name without a value stays as written.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let (before, from_brace) = rest.split_at(open);
        out.push_str(before);
        let Some(close) = from_brace.find('}') else {
            rest = from_brace;
            break;
        };
        let (name_braced, after) = from_brace.split_at(close.saturating_add(1));
        let name = name_braced.trim_start_matches('{').trim_end_matches('}');
        match values.iter().find(|(key, _)| *key == name) {
            Some((_, value)) => out.push_str(value),
            None => out.push_str(name_braced),
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn german(pairs: &[(&str, &str)]) {
        let mut pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(en, de)| ((*en).to_string(), (*de).to_string()))
            .collect();
        pairs.sort();
        install(Some(pairs));
    }

    #[test]
    fn the_joined_translations_read_back_and_entries_out_of_order_are_left_out() {
        let text = "A\u{1f}Ä\u{1e}B\u{1f}Bé\u{1e}no separator\u{1e}";
        assert_eq!(
            read_entries(text),
            vec![("A".into(), "Ä".into()), ("B".into(), "Bé".into())]
        );
        install(Some(vec![
            ("B".into(), "2".into()),
            ("A".into(), "1".into()),
        ]));
        assert_eq!((t("B"), t("A")), ("2", "A"));
        install(None);
    }

    #[test]
    fn english_is_the_source_text() {
        install(None);
        assert_eq!(language(), Language::English);
        assert_eq!(t("Portfolio"), "Portfolio");
        assert_eq!(tf("Sell {asset}", &[("asset", "BTC")]), "Sell BTC");
        assert_eq!(tn(1, "{n} operation", "{n} operations"), "1 operation");
        assert_eq!(
            tn(1200, "{n} operation", "{n} operations"),
            "1,200 operations"
        );
    }

    #[test]
    fn a_context_tells_one_english_word_apart_in_german() {
        install(None);
        assert_eq!(tc("noun", "Buy"), "Buy");
        german(&[
            ("Buy", "Kaufen"),
            ("Market", "Market"),
            ("noun|Buy", "Kauf"),
            ("page|Market", "Markt"),
        ]);
        assert_eq!((t("Buy"), tc("noun", "Buy")), ("Kaufen", "Kauf"));
        assert_eq!((t("Market"), tc("page", "Market")), ("Market", "Markt"));
        assert_eq!(tc("noun", "Sell"), "Sell");
        install(None);
    }

    #[test]
    fn german_comes_from_the_translations_and_falls_back_to_english() {
        german(&[
            ("History", "Verlauf"),
            ("{amount} of {budget}", "{amount} von {budget}"),
            ("{n} operation", "{n} Transaktion"),
            ("{n} operations", "{n} Transaktionen"),
        ]);
        assert_eq!(language(), Language::German);
        assert_eq!(t("History"), "Verlauf");
        assert_eq!(t("Not translated"), "Not translated");
        assert_eq!(
            tf(
                "{amount} of {budget}",
                &[("budget", "100"), ("amount", "5")]
            ),
            "5 von 100"
        );
        assert_eq!(tn(3, "{n} operation", "{n} operations"), "3 Transaktionen");
        install(None);
    }

    #[test]
    fn placeholders_without_a_value_or_closing_brace_stay() {
        assert_eq!(fill("{a} and {b}", &[("a", "1")]), "1 and {b}");
        assert_eq!(fill("open { brace", &[]), "open { brace");
        assert_eq!(fill("", &[]), "");
    }
}
