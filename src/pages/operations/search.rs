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

/// The index; operation `i` is the `i`-th pushed.
#[derive(Debug, Clone)]
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
    /// Whether every id so far is hexadecimal digits and dashes (a UUID's characters), so
    /// a needle with any other character cannot be in them.
    ids_are_hex: bool,
}

impl Default for SearchIndex {
    fn default() -> Self {
        SearchIndex {
            words: Vec::new(),
            op_words: Vec::new(),
            ids: String::new(),
            id_ends: Vec::new(),
            ids_are_hex: true,
        }
    }
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
        self.ids_are_hex = self.ids_are_hex && is_hex(ids);
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
        let ids_may_match = !needle.contains('\n') && (!self.ids_are_hex || is_hex(needle));
        Search {
            index: self,
            needle,
            word_hits,
            ids_may_match,
        }
    }
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
