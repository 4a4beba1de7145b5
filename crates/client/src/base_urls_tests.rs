//! Tests of `base_urls.rs`: the check of custom base URLs and their origins.

use super::*;

#[test]
fn bracketed_hosts_are_ipv6_addresses() {
    for good in [
        "https://[::1]",
        "https://[2001:db8::1]:8443/bp",
        "https://[::ffff:192.168.0.1]",
        "https://[1:2:3:4:5:6:7:8]",
        "http://[::1]:8080",
    ] {
        assert!(BaseUrls::validate_custom(good).is_ok(), "{good}");
    }
    for bad in [
        "https://[1::2::3]",
        "https://[12345::1]",
        "https://[1:2:3:4:5:6:7:8:9]",
        "https://[::1.2.3.256]",
        "https://[::01.2.3.4]",
        "https://[g::1]",
        "https://[]",
        "https://[127.0.0.1]",
    ] {
        assert_eq!(
            BaseUrls::validate_custom(bad),
            Err(BaseUrlError::Host),
            "{bad}"
        );
    }
}

#[test]
fn custom_base_urls() {
    assert!(BaseUrls::validate_custom("https://proxy.example.com/bp").is_ok());
    assert!(BaseUrls::validate_custom("http://127.0.0.1:8080/public").is_ok());
    assert!(BaseUrls::validate_custom("http://localhost:3000").is_ok());
    assert!(BaseUrls::validate_custom("/public").is_ok());
    assert!(BaseUrls::validate_custom("http://example.com").is_err());
    assert!(BaseUrls::validate_custom("http://127.0.0.1.evil.com").is_err());
    assert!(BaseUrls::validate_custom("https://user@host").is_err());
    assert!(BaseUrls::validate_custom("ftp://x").is_err());
    assert!(BaseUrls::validate_custom("//evil.com").is_err());
    assert!(BaseUrls::validate_custom("").is_err());
}

#[test]
fn each_refusal_says_what_is_wrong() {
    use BaseUrlError as E;
    for (url, expected) in [
        ("  ", E::Empty),
        ("/a b", E::SpaceOrControl),
        ("/\\evil", E::Backslash),
        ("/%5Cevil", E::PercentEscape),
        ("https://host?x=1", E::QueryOrFragment),
        ("//evil.example", E::DoubleSlash),
        ("ftp://x", E::Scheme),
        ("https://user@host", E::UserInfo),
        ("https://exa_mple.com", E::Host),
        ("http://example.com", E::PlainHttp),
        ("https://host:65536", E::Port),
    ] {
        assert_eq!(BaseUrls::validate_custom(url), Err(expected), "{url:?}");
    }
}

#[test]
fn custom_urls_are_checked_by_origin() {
    for good in [
        "https://proxy.example.com",
        "https://proxy.example.com:8443/bp/",
        "https://API.Example.com",
        "http://[::1]:8080",
        "/",
        "/public",
        "/a/b",
    ] {
        assert!(BaseUrls::validate_custom(good).is_ok(), "{good}");
    }
    for bad in [
        "/\\host",
        "/\\evil.example",
        "/%5Cevil",
        "/%5cevil",
        "/%2F/evil.example",
        "\\\\evil",
        "\\evil",
        "/\t/evil.example",
        "/\n/evil",
        "/\u{0}x",
        "https://evil.example\\@good.example",
        "https://good.example@evil.example",
        "https://user:pw@host",
        "https://",
        "https:///path",
        "https://:443",
        "https://host:0",
        "https://host:65536",
        "https://host:99999",
        "https://host:",
        "https://host:8a",
        "https://host:+80",
        "https://ho st",
        "https://exa_mple.com",
        "https://-bad.example",
        "https://host?x=1",
        "https://host#frag",
        "http://localhost.evil.com",
        "http://[::2]",
        "https://[nonsense]",
        "javascript:alert(1)",
        "//evil.example",
    ] {
        assert!(BaseUrls::validate_custom(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn origins_of_base_urls() {
    let page = "http://127.0.0.1:8080/";
    assert_eq!(
        origin_of("/public", page).as_deref(),
        Some("http://127.0.0.1:8080")
    );
    assert_eq!(
        origin_of("https://API.example.com:443/bp", page).as_deref(),
        Some("https://api.example.com")
    );
    assert_eq!(
        origin_of("https://api.example.com:8443", page).as_deref(),
        Some("https://api.example.com:8443")
    );
    assert_eq!(origin_of("/\\evil", page), None);
    assert_eq!(origin_of("http://example.com", page), None);
    assert_eq!(
        BaseUrls::live().origins(page),
        [
            "https://api.public.bitpanda.com",
            "https://api.bitpanda.com",
            "https://api.fusion.bitpanda.com"
        ]
    );
    assert_eq!(
        BaseUrls::same_origin("").origins(page),
        ["http://127.0.0.1:8080"]
    );
}

#[test]
fn same_origin_layout() {
    let b = BaseUrls::same_origin("");
    assert_eq!(b.current, "/public");
    let b = BaseUrls::same_origin("http://127.0.0.1:8080/");
    assert_eq!(b.exchange, "http://127.0.0.1:8080/exchange");
}
