//! The distinct search texts of the loaded operations. An operation's words (type, type
//! label, each leg's symbol and name) repeat from operation to operation — a savings plan's
//! thousand buys share one text — so each distinct text is kept once, an operation holds its
//! number ([`OperationSummary::words`](super::rows::OperationSummary::words)), and a keystroke
//! looks in each distinct text once instead of in every operation's copy (issue 44: at
//! 100,000 operations the scan of every copy was most of a keystroke's work).

use super::rows::OperationSummary;

/// The loaded operations' summaries and the search words they are numbered in, kept together
/// (one signal: the words change only with the list).
#[derive(Debug, Clone, Default)]
pub struct Summaries {
    /// One summary per loaded operation (same index).
    pub list: Vec<OperationSummary>,
    /// Their distinct search words.
    pub words: SearchWords,
}

/// The distinct texts, numbered in the order they were first seen.
#[derive(Debug, Clone, Default)]
pub struct SearchWords {
    /// The texts, by number.
    texts: Vec<String>,
    /// The numbers, in the order of their texts (for the look-up of a text).
    sorted: Vec<u32>,
}

impl SearchWords {
    /// The number of `text`, given a new one if it was not seen before.
    pub fn number(&mut self, text: String) -> u32 {
        let texts = &self.texts;
        let found = self
            .sorted
            .binary_search_by(|&n| texts.get(n as usize).map_or("", String::as_str).cmp(&text));
        match found {
            Ok(at) => self.sorted[at],
            Err(at) => {
                let n = u32::try_from(self.texts.len()).unwrap_or(u32::MAX);
                self.texts.push(text);
                self.sorted.insert(at, n);
                n
            }
        }
    }

    /// The text of number `n` ("" for a number never given).
    pub fn text(&self, n: u32) -> &str {
        self.texts.get(n as usize).map_or("", String::as_str)
    }

    /// Whether each text, by number, holds `needle`.
    pub fn holding(&self, needle: &str) -> Vec<bool> {
        self.texts.iter().map(|t| t.contains(needle)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_seen_again_keeps_its_number() {
        let mut words = SearchWords::default();
        let buy = words.number("buy btc bitcoin".into());
        let deposit = words.number("deposit eur euro".into());
        let another = words.number("ada cardano".into());
        assert_eq!((buy, deposit, another), (0, 1, 2));
        assert_eq!(words.number("deposit eur euro".into()), 1);
        assert_eq!(words.number("buy btc bitcoin".into()), 0);
        assert_eq!(words.number("ada cardano".into()), 2);
        assert_eq!(words.text(1), "deposit eur euro");
        assert_eq!(words.text(7), "");
        assert_eq!(words.holding("bit"), [true, false, false]);
        assert_eq!(words.holding("eur"), [false, true, false]);
        assert_eq!(words.holding(""), [true, true, true]);
    }
}
