//! The search box's index of the loaded operations, built as their pages arrive, so a
//! keystroke does not walk 100,000 texts one by one.
//!
//! An operation's searchable text has two halves (both lower case):
//! - its **words**: type, type label, and the symbol and name of each asset it moves. Few
//!   distinct texts among many operations (every "buy BTC for EUR" has the same), so each
//!   distinct one is kept once ([`SearchIndex::words`]) and an operation keeps its number: a
//!   search reads each distinct text once, then one lookup per operation.
//! - its **ids**: operation, transaction, unit and trade ids. All operations' ids are one
//!   text, each operation's ending with a line break: a search sweeps it once, skipping to
//!   the next operation after a hit; and not at all when every id is hexadecimal digits and
//!   dashes (UUIDs) and the needle holds another character (`buy`, `bitcoin`).
//!
//! The needle matches within one half (`btc bitcoin` matches, an id followed by a symbol
//! does not), which is what people type: a name, a symbol, a type, or a piece of an id.
//!
//! This code is the page's tools part (`operations_tools`, fetched as the page starts, beside
//! the first page of operations), not the page's own module, which only holds the index
//! ([`SearchIndex`] in `kept::KeptOperations`): the tools part hands the page
//! [`matches_from_loaded`] as it arrives (`kept::set_text_search`), which indexes what has
//! arrived so far and then each new page. Until then a search keeps nothing; it runs as soon
//! as the part is in.

use folio_client::current::Operation;
use folio_client::Money;

use super::kept::Loaded;
use super::rows::{Names, OperationSummary};

/// The index; operation `i` is the `i`-th pushed.
#[derive(Debug, Default, Clone)]
pub struct SearchIndex {
    /// Each distinct words text, in the order first seen (a few hundred at most: one per
    /// combination of type and assets, so looking one up is a short walk).
    words: Vec<String>,
    /// Per operation: its words text's number.
    op_words: Vec<u32>,
    /// Every operation's ids, each operation's followed by `\n`.
    ids: String,
    /// Per operation: where its ids end in `ids` (the `\n` after them).
    id_ends: Vec<u32>,
    /// Whether an id with other characters than hexadecimal digits and dashes (a UUID's)
    /// was seen; until then a needle with any other character cannot be in the ids.
    ids_not_hex: bool,
}

/// Whether `text` holds only what a UUID is written with (and the spaces between ids).
fn is_hex(text: &str) -> bool {
    text.bytes()
        .all(|b| b.is_ascii_hexdigit() || b == b'-' || b == b' ')
}

impl SearchIndex {
    /// How many operations are indexed.
    pub fn len(&self) -> usize {
        self.op_words.len()
    }

    /// Indexes the next operation: its words and its ids, each already lower case.
    pub fn push(&mut self, words: &str, ids: &str) {
        let number = match self.words.iter().rposition(|w| w == words) {
            Some(number) => number,
            None => {
                self.words.push(words.to_string());
                self.words.len() - 1
            }
        };
        self.op_words
            .push(u32::try_from(number).unwrap_or(u32::MAX));
        self.ids_not_hex = self.ids_not_hex || !is_hex(ids);
        // A line break inside an id (none is sent) would only let a search cross into the
        // next operation's ids.
        self.ids.push_str(ids);
        self.ids.push('\n');
        self.id_ends
            .push(u32::try_from(self.ids.len() - 1).unwrap_or(u32::MAX));
    }

    /// Starts a search for `needle` (lower case, not empty): reads each distinct words text
    /// once.
    pub fn search<'a>(&'a self, needle: &'a str) -> Search<'a> {
        let word_hits = self.words.iter().map(|w| w.contains(needle)).collect();
        let ids_may_match = !needle.contains('\n') && (self.ids_not_hex || is_hex(needle));
        Search {
            index: self,
            needle,
            word_hits,
            ids_may_match,
        }
    }
}

/// What the search box finds an operation by (`search::SearchIndex::push`), lower case: its
/// words (type, type label, each leg's asset symbol and name) and its ids (operation,
/// transactions, units, trades).
pub fn search_texts(op: &Operation, s: &OperationSummary, names: &Names) -> (String, String) {
    let (mut words, mut ids) = (String::new(), String::new());
    for text in [s.type_raw.as_str(), s.type_label.as_str()] {
        add_word(&mut words, text);
    }
    add_word(&mut ids, op.operation_id.as_str());
    for tx in &op.transactions {
        add_word(&mut ids, tx.transaction_id.as_str());
        if let Some(unit) = tx.asset_amount.as_ref().and_then(Money::unit_id) {
            add_word(&mut ids, unit);
            if let Some((symbol, name)) = names.0.get(unit) {
                add_word(&mut words, symbol);
                add_word(&mut words, name);
            }
        }
        if let Some(id) = tx.trade.as_ref().and_then(|t| t.trade_id.as_ref()) {
            add_word(&mut ids, id.as_str());
        }
    }
    let lower = crate::lower_case::lower_case;
    (lower(&words), lower(&ids))
}

/// Adds `word` to the space-separated `text`.
fn add_word(text: &mut String, word: &str) {
    if !text.is_empty() {
        text.push(' ');
    }
    text.push_str(word);
}

/// Whether each loaded operation from `first` on matches `needle` (lower case, not empty),
/// after indexing the operations `index` does not hold yet. The page's text search
/// (`kept::TextSearch`), given to it by the tools part.
pub fn matches_from_loaded(
    index: &mut SearchIndex,
    loaded: &Loaded<'_>,
    needle: &str,
    first: usize,
) -> Vec<bool> {
    let count = loaded.all.len().min(loaded.ops.len());
    for (op, summary) in loaded.ops[..count].iter().zip(loaded.all).skip(index.len()) {
        let (words, ids) = search_texts(op, summary, loaded.names);
        index.push(&words, &ids);
    }
    index.search(needle).matches_from(first)
}

/// One needle's search of a [`SearchIndex`].
pub struct Search<'a> {
    index: &'a SearchIndex,
    needle: &'a str,
    word_hits: Vec<bool>,
    ids_may_match: bool,
}

impl Search<'_> {
    /// Whether each operation from `first` on matches, with one sweep of the ids text.
    pub fn matches_from(&self, first: usize) -> Vec<bool> {
        let index = self.index;
        let mut hits: Vec<bool> = index.op_words[first.min(index.len())..]
            .iter()
            .map(|&w| self.word_hits[w as usize])
            .collect();
        if !self.ids_may_match || first >= index.len() {
            return hits;
        }
        let mut op = first;
        let mut at = match first.checked_sub(1) {
            Some(before) => index.id_ends[before] as usize + 1,
            None => 0,
        };
        while let Some(found) = index.ids.get(at..).and_then(|rest| rest.find(self.needle)) {
            let hit = at.saturating_add(found);
            // The operation whose ids hold the hit: the first whose ids end after it.
            while index
                .id_ends
                .get(op)
                .is_some_and(|&end| (end as usize) < hit)
            {
                op += 1;
            }
            let Some(&end) = index.id_ends.get(op) else {
                break;
            };
            if let Some(slot) = hits.get_mut(op - first) {
                *slot = true;
            }
            at = end as usize + 1;
        }
        hits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> SearchIndex {
        let mut index = SearchIndex::default();
        index.push("buy kauf btc bitcoin eur euro", "0a1b-c2 t-77 btc-id");
        index.push("deposit einzahlung eur euro", "ff00 t-78");
        index.push("buy kauf btc bitcoin eur euro", "0a1c-c3 t-79 btc-id");
        index.push("sell verkauf eth ethereum eur euro", "beef t-80");
        index
    }

    /// The operations a search finds, checked against looking at each operation's two
    /// texts one by one.
    fn found(index: &SearchIndex, needle: &str) -> Vec<usize> {
        let swept: Vec<usize> = index
            .search(needle)
            .matches_from(0)
            .iter()
            .enumerate()
            .filter(|(_, &hit)| hit)
            .map(|(i, _)| i)
            .collect();
        let ids: Vec<&str> = index.ids.split_terminator('\n').collect();
        let one_by_one: Vec<usize> = (0..index.len())
            .filter(|&i| {
                index.words[index.op_words[i] as usize].contains(needle) || ids[i].contains(needle)
            })
            .collect();
        assert_eq!(swept, one_by_one, "{needle}");
        swept
    }

    #[test]
    fn words_are_kept_once_and_found_by_any_part() {
        let index = index();
        assert_eq!(index.words.len(), 3);
        assert_eq!(found(&index, "bitcoin"), [0, 2]);
        assert_eq!(found(&index, "btc bit"), [0, 2]);
        assert_eq!(found(&index, "euro"), [0, 1, 2, 3]);
        assert_eq!(found(&index, "einzahlung"), [1]);
        assert_eq!(found(&index, "nothing"), Vec::<usize>::new());
    }

    #[test]
    fn ids_are_found_in_one_sweep_each_operation_once() {
        let index = index();
        assert_eq!(found(&index, "0a1"), [0, 2]);
        assert_eq!(found(&index, "t-7"), [0, 1, 2]);
        assert_eq!(found(&index, "beef"), [3]);
        assert_eq!(found(&index, "ff"), [1]);
        assert_eq!(found(&index, "c3"), [2]);
        // Not across two operations' ids, nor from ids into words.
        assert_eq!(found(&index, "t-77\nff"), Vec::<usize>::new());
        assert_eq!(found(&index, "btc-id buy"), Vec::<usize>::new());
    }

    #[test]
    fn a_sweep_from_a_later_operation_sees_only_those() {
        let index = index();
        let hits = index.search("t-7").matches_from(2);
        assert_eq!(hits, [true, false]);
        assert!(index.search("t-7").matches_from(4).is_empty());
    }

    #[test]
    fn needles_that_cannot_be_in_hexadecimal_ids_skip_them() {
        let mut uuids = SearchIndex::default();
        uuids.push("buy btc", "7f452d26-9a03 0b1e");
        assert!(!uuids.search("buy").ids_may_match);
        assert!(!uuids.search("é").ids_may_match);
        assert!(uuids.search("b").ids_may_match && uuids.search("9a03").ids_may_match);
        // Ids with other characters are always searched.
        assert!(index().search("buy").ids_may_match);
    }
}
