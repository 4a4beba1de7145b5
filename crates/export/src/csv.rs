//! The CSV every Folio export writes (the one writer: the legacy lists and archive, the
//! exchange's lists, Operations, the tax tools' files, Insights' tables): comma-separated,
//! UTF-8, `\r\n` line ends, a header row. Numbers are written as given (decimal point, no
//! thousands separators) and never prefixed: a cell that is a plain number (`-0.5`, `+1`,
//! `1e-7`) is a number to a spreadsheet, never a formula. Any other text cell that a
//! spreadsheet could run as a formula — it starts, after any spaces, with `=`, `+`, `-`, `@`,
//! a TAB or a CR — is prefixed with `'`; a cell holding a comma, a quote or a line break is
//! quoted (`"` doubled).

/// Whether `text` is a plain number: an optional sign, digits with an optional decimal
/// point (digits on at least one side), an optional exponent — nothing else, not even spaces.
pub fn is_plain_number(text: &str) -> bool {
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e.strip_prefix(['-', '+']).unwrap_or(e))),
        None => (unsigned, None),
    };
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mantissa_ok =
        digits(whole) && digits(fraction) && !(whole.is_empty() && fraction.is_empty());
    mantissa_ok && exponent.is_none_or(|e| !e.is_empty() && digits(e))
}

/// Whether a spreadsheet could read `text` as a formula (see the module documentation): it
/// starts, after any spaces, with `=`, `+`, `-`, `@`, a TAB or a CR, and is not a plain number.
pub fn looks_like_formula(text: &str) -> bool {
    text.trim_start_matches(' ')
        .starts_with(['=', '+', '-', '@', '\t', '\r'])
        && !is_plain_number(text)
}

/// One cell: text is defused, a number is written as it is (a minus sign stays a sign).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell<'a> {
    /// Free text (names, ids, types, addresses): defused and quoted as needed.
    Text(&'a str),
    /// A number or a timestamp Folio wrote itself: quoted as needed, never defused.
    Number(&'a str),
}

/// The text of `cell` as it appears in the file.
pub fn cell(cell: Cell<'_>) -> String {
    let (text, defuse) = match cell {
        Cell::Text(t) => (t, looks_like_formula(t)),
        Cell::Number(t) => (t, false),
    };
    let mut out = String::with_capacity(text.len() + 2);
    if defuse {
        out.push('\'');
    }
    out.push_str(text);
    if out.contains([',', '"', '\n', '\r', '\t']) {
        format!("\"{}\"", out.replace('"', "\"\""))
    } else {
        out
    }
}

/// A CSV document being written, row by row.
#[derive(Debug, Clone, Default)]
pub struct Csv {
    text: String,
}

impl Csv {
    /// A document whose first row is `header` (written as text cells).
    pub fn with_header<S: AsRef<str>>(header: &[S]) -> Self {
        let mut csv = Csv::default();
        csv.row(header.iter().map(|h| Cell::Text(h.as_ref())));
        csv
    }

    /// Appends one row.
    pub fn row<'a>(&mut self, cells: impl IntoIterator<Item = Cell<'a>>) {
        for (i, c) in cells.into_iter().enumerate() {
            if i > 0 {
                self.text.push(',');
            }
            self.text.push_str(&cell(c));
        }
        self.text.push_str("\r\n");
    }

    /// The document's text so far.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The document's text.
    pub fn into_string(self) -> String {
        self.text
    }

    /// The text written since the last take (the document handed over in parts).
    pub fn take(&mut self) -> String {
        std::mem::take(&mut self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_never_prefixed() {
        for t in [
            "-0.5", "-2", "+1", "-1.50", "-.5", "-5.", "1e-7", "-1E+5", "0",
        ] {
            assert!(is_plain_number(t), "{t:?}");
            assert!(!looks_like_formula(t), "{t:?}");
            assert_eq!(cell(Cell::Text(t)), t, "{t:?}");
        }
        for t in [
            "-", "-.", "--1", "-1-1", "-1e", "-0.5 ", " -0.5", "-1+1", "-2,5", "-0x1", "+A1",
        ] {
            assert!(!is_plain_number(t), "{t:?}");
        }
        assert_eq!(cell(Cell::Text("-1+1")), "'-1+1");
        assert_eq!(
            cell(Cell::Text(" -0.5")),
            "' -0.5",
            "a space first: text, defused"
        );
    }

    #[test]
    fn formulas_are_defused_after_leading_spaces() {
        for t in [
            "=1+1", "+1+1", "-2-cmd", "@SUM(A1)", "\tx", "\rx", "  =cmd", " @x", "-A1",
        ] {
            assert!(looks_like_formula(t), "{t:?}");
            assert!(
                cell(Cell::Text(t))
                    .trim_start_matches('"')
                    .starts_with('\''),
                "{t:?}"
            );
        }
        for t in ["BTC", "1.5", "a=b", "", " x"] {
            assert!(!looks_like_formula(t), "{t:?}");
        }
        assert_eq!(cell(Cell::Number("-1.50")), "-1.50");
    }

    #[test]
    fn quotes_commas_and_line_breaks() {
        assert_eq!(cell(Cell::Text("a,b")), "\"a,b\"");
        assert_eq!(cell(Cell::Text("say \"hi\"")), "\"say \"\"hi\"\"\"");
        assert_eq!(cell(Cell::Text("=a,b")), "\"'=a,b\"");
        let mut csv = Csv::with_header(&["a", "b"]);
        csv.row([Cell::Text("x\ny"), Cell::Number("1")]);
        assert_eq!(csv.as_str(), "a,b\r\n\"x\ny\",1\r\n");
    }
}
