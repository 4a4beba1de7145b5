//! The Content-Security-Policy of the built page, and the header CSP derived from it.

/// The `content` of the page's `<meta http-equiv="Content-Security-Policy">`, whitespace
/// collapsed; an error when the page has none or its script hashes were never filled in.
pub fn meta_csp(index_html: &str) -> Result<String, String> {
    let marker = "http-equiv=\"Content-Security-Policy\"";
    let at = index_html
        .find(marker)
        .ok_or("the built page has no Content-Security-Policy meta tag")?;
    let tag_start = index_html[..at].rfind('<').unwrap_or(0);
    let tag_end = at
        + index_html[at..]
            .find('>')
            .ok_or("the CSP meta tag is not closed")?;
    let tag = &index_html[tag_start..tag_end];
    let content = tag
        .split_once("content=\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(value, _)| value)
        .ok_or("the CSP meta tag has no content")?;
    let csp = content.split_whitespace().collect::<Vec<_>>().join(" ");
    if csp.contains("__CSP_") {
        return Err(
            "the page's CSP still has a placeholder: render from the release build (dist/)".into(),
        );
    }
    if csp.is_empty() {
        return Err("the page's CSP is empty".into());
    }
    Ok(csp)
}

/// The header CSP: the page's own policy plus what only a header can say — that no other
/// site may frame Folio (`frame-ancestors 'none'`).
pub fn header_csp(meta: &str) -> String {
    format!(
        "{}; frame-ancestors 'none'",
        meta.trim_end_matches([';', ' '])
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = r#"<head><meta charset="utf-8" />
    <meta
      http-equiv="Content-Security-Policy"
      content="default-src 'self'; script-src 'self' 'sha256-AB+/='; object-src 'none'"
    />
    <meta name="referrer" content="no-referrer" /></head>"#;

    #[test]
    fn reads_the_meta_policy_and_adds_frame_ancestors() {
        let meta = meta_csp(PAGE).unwrap();
        assert_eq!(
            meta,
            "default-src 'self'; script-src 'self' 'sha256-AB+/='; object-src 'none'"
        );
        assert_eq!(
            header_csp(&meta),
            "default-src 'self'; script-src 'self' 'sha256-AB+/='; object-src 'none'; frame-ancestors 'none'"
        );
    }

    #[test]
    fn an_unbuilt_page_or_a_page_without_policy_is_refused() {
        let unbuilt = PAGE.replace("'sha256-AB+/='", "__CSP_SCRIPT_HASHES__");
        assert!(meta_csp(&unbuilt).unwrap_err().contains("placeholder"));
        assert!(meta_csp("<head></head>").is_err());
    }
}
