//! Filling a template: every `${FOLIO_NAME}` is replaced by its value, and a line holding a
//! setting whose value is empty is left out (an empty `FOLIO_BIND` drops the `bind` line, so
//! the server listens everywhere). An unknown name is an error, never left in the output.

use std::collections::BTreeMap;

/// `template` with its placeholders filled from `values`.
pub fn fill(template: &str, values: &BTreeMap<String, String>) -> Result<String, String> {
    let mut out = String::with_capacity(template.len() + 1024);
    for line in template.lines() {
        let mut filled = String::with_capacity(line.len());
        let mut rest = line;
        let mut has_empty = false;
        while let Some(start) = rest.find("${FOLIO_") {
            filled.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            let end = after
                .find('}')
                .ok_or_else(|| format!("unclosed placeholder in the line {line:?}"))?;
            let name = &after[..end];
            let value = values
                .get(name)
                .ok_or_else(|| format!("unknown setting ${{{name}}} in the line {line:?}"))?;
            has_empty |= value.is_empty();
            filled.push_str(value);
            rest = &after[end + 1..];
        }
        filled.push_str(rest);
        if !has_empty {
            out.push_str(&filled);
            out.push('\n');
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn fills_placeholders_and_keeps_server_variables() {
        let v = values(&[("FOLIO_HOST", "folio.example.com"), ("FOLIO_PORT", "443")]);
        let out = fill("server_name ${FOLIO_HOST}; # ${host}:${FOLIO_PORT}\n", &v).unwrap();
        assert_eq!(out, "server_name folio.example.com; # ${host}:443\n");
    }

    #[test]
    fn a_line_with_an_empty_setting_is_left_out() {
        let v = values(&[("FOLIO_BIND", ""), ("FOLIO_HOST", "h")]);
        let out = fill("a ${FOLIO_HOST}\n  bind ${FOLIO_BIND}\nb\n", &v).unwrap();
        assert_eq!(out, "a h\nb\n");
    }

    #[test]
    fn unknown_or_unclosed_placeholders_are_errors() {
        let v = values(&[]);
        assert!(fill("x ${FOLIO_NOPE}", &v)
            .unwrap_err()
            .contains("FOLIO_NOPE"));
        assert!(fill("x ${FOLIO_OPEN", &v).unwrap_err().contains("unclosed"));
    }
}
