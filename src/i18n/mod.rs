//! Folio's two languages, English and German, gettext-style.
//!
//! The English text written in the source is the key: `t("Portfolio")` is "Portfolio" in
//! English and what `locales/de/*.json` says in German. German is data, fetched only when
//! chosen ([`load`]); English needs no translations at all. The build joins the per-area files
//! into one `locales/de.txt` (tools/join-locales.mjs); a unit test checks that every key the
//! source uses has a German entry with the same `{placeholders}`, and that no entry is unused.
//!
//! - [`t`]: fixed text (labels, headings, sentences);
//! - [`tf`]: text with named `{placeholders}` (German often orders them differently);
//! - [`tn`]: a count with its singular and plural (`{n}` is the count in the locale's digits);
//! - [`tc`]: fixed text in a context, where German has two words for one English word
//!   (`tc("noun", "Buy")` is "Kauf", `t("Buy")` on a button "Kaufen").
//!
//! The translations are installed before the app mounts and again when the language is
//! switched; switching re-mounts the views below the contexts that own state (app.rs), so no
//! text needs to be reactive on its own.

mod choose;
#[cfg(test)]
mod coverage;
mod deferred_words;
mod switch;
mod translations;

pub use choose::{apply_to_document, load, remember, start_language, Language};
pub use deferred_words::Words;
pub use switch::{switch_language, Redraw};
pub use translations::{install, language, t, tc, tf, tn};
