//! Exact reading of JSON numbers: candle OHLCV arrive as numbers, and going through `f64`
//! would alter them. [`quote_numbers`] turns every number literal of a JSON text into a string
//! literal (outside strings, nothing else changes), so they decode into `Decimal` exactly.

/// Rewrites every JSON number literal in `json` as a string literal (`1.5` → `"1.5"`).
pub fn quote_numbers(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 64);
    let mut chars = json.chars().peekable();
    let mut in_string = false;
    let mut escaped = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        if c == '"' {
            in_string = true;
            out.push(c);
        } else if c == '-' || c.is_ascii_digit() {
            out.push('"');
            out.push(c);
            while let Some(&n) = chars.peek() {
                if n.is_ascii_digit() || matches!(n, '.' | 'e' | 'E' | '+' | '-') {
                    out.push(n);
                    chars.next();
                } else {
                    break;
                }
            }
            out.push('"');
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_become_strings_and_strings_stay() {
        let text = r#"[{"timestamp":1714800000,"open":58123.45,"v":-1.5e-3,"s":"a\"1,2","t":true,"n":null}]"#;
        assert_eq!(
            quote_numbers(text),
            r#"[{"timestamp":"1714800000","open":"58123.45","v":"-1.5e-3","s":"a\"1,2","t":true,"n":null}]"#
        );
    }
}
