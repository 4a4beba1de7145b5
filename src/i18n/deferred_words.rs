//! [`Words`]: a sentence kept in state, worded each time it is shown.

use std::sync::Arc;

/// Words worded when they are read, in the language shown then: a function of data rather
/// than text, for a sentence kept above the shell that outlives the view that worded it (a
/// write's description and outcome in the banner, why the key was forgotten): switching
/// language draws the shell again, and the sentence is worded again with it.
#[derive(Clone)]
pub struct Words(Arc<dyn Fn() -> String + Send + Sync>);

impl Words {
    /// Words produced by `word` each time they are read.
    pub fn new(word: impl Fn() -> String + Send + Sync + 'static) -> Self {
        Self(Arc::new(word))
    }

    /// The words, in the language shown now.
    pub fn text(&self) -> String {
        (self.0)()
    }
}

impl std::fmt::Debug for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

/// The same words: the same function (words are compared only to tell entries apart).
impl PartialEq for Words {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}
