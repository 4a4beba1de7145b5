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

/// Refuses a page CSP a deployment must not serve: one allowing plain http (the sandbox's
/// loopback entries belong to the demo, which adds them itself) or one not requiring Trusted
/// Types.
pub fn check_production(csp: &str) -> Result<(), String> {
    if let Some(source) = csp
        .split([' ', ';'])
        .find(|source| source.starts_with("http:") || source.starts_with("ws:"))
    {
        return Err(format!(
            "the page's CSP allows plain http ({source}): a deployment's never does (the \
             sandbox adds its loopback entries itself); build again from this checkout"
        ));
    }
    if !csp.contains("require-trusted-types-for 'script'") {
        return Err(
            "the page's CSP does not require Trusted Types (require-trusted-types-for 'script'): \
             build again from this checkout"
                .into(),
        );
    }
    Ok(())
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

    /// The page as the release build writes it: this repository's `index.html` with its
    /// script hashes filled in.
    fn built_page() -> String {
        let source = include_str!("../../../index.html");
        source.replace("__CSP_SCRIPT_HASHES__", "'sha256-AB+/='")
    }

    #[test]
    fn the_pages_own_policy_is_a_production_one() {
        let meta = meta_csp(&built_page()).unwrap();
        check_production(&meta).unwrap();
        // Loopback belongs to the demo (the sandbox adds it); Folio's Trusted Types policies
        // are the glue's markup (`folio`, tools/trusted-html.mjs) and the service worker's
        // address (`folio-sw`, public/register-sw.js).
        assert!(
            !meta.contains("127.0.0.1") && !meta.contains("localhost"),
            "{meta}"
        );
        assert!(meta.ends_with("require-trusted-types-for 'script'; trusted-types folio folio-sw"));
        let connect = meta
            .split("; ")
            .find(|d| d.starts_with("connect-src "))
            .unwrap();
        assert_eq!(
            connect,
            "connect-src 'self' https://api.public.bitpanda.com https://api.bitpanda.com \
             https://api.fusion.bitpanda.com"
        );
    }

    #[test]
    fn plain_http_or_no_trusted_types_is_not_a_production_policy() {
        let tt = "; require-trusted-types-for 'script'; trusted-types folio";
        assert!(check_production(&format!("connect-src 'self'{tt}")).is_ok());
        assert!(
            check_production(&format!("connect-src 'self' http://127.0.0.1:*{tt}"))
                .unwrap_err()
                .contains("plain http (http://127.0.0.1:*)")
        );
        assert!(check_production(&format!("connect-src ws://x{tt}")).is_err());
        assert!(check_production("connect-src 'self'")
            .unwrap_err()
            .contains("Trusted Types"));
    }

    #[test]
    fn an_unbuilt_page_or_a_page_without_policy_is_refused() {
        let unbuilt = PAGE.replace("'sha256-AB+/='", "__CSP_SCRIPT_HASHES__");
        assert!(meta_csp(&unbuilt).unwrap_err().contains("placeholder"));
        assert!(meta_csp("<head></head>").is_err());
    }
}
