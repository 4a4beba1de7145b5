//! Tests of `base_urls.rs`: the check of custom base URLs, their origins, and the hand-written
//! IPv6 reader against `std`'s.

use super::*;

#[test]
fn ipv6_addresses_are_read_as_std_reads_them() {
    let samples = [
        "::",
        "::1",
        "1::",
        "1::2",
        "0:0:0:0:0:0:0:1",
        "1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:7::",
        "::2:3:4:5:6:7:8",
        "1:2:3:4:5:6:7:8:9",
        "1:2:3:4:5:6:7",
        "1::2::3",
        ":::",
        ":1::2",
        "1::2:",
        "12345::1",
        "abcd::ef01",
        "ABCD::EF01",
        "g::1",
        "::ffff:192.168.0.1",
        "::192.168.0.1",
        "1:2:3:4:5:6:1.2.3.4",
        "1:2:3:4:5:6:7:1.2.3.4",
        "::1.2.3",
        "::1.2.3.256",
        "::1.2.3.04",
        "::01.2.3.4",
        "1.2.3.4::",
        "::1.2.3.4:5",
        "fe80::1%1",
        "",
        ":",
        "1",
        "::0000:1",
        "::00000:1",
        "1:2:3:4:5::6:7",
        "1:2:3:4:5:6::7",
        "1:2:3:4:5:6:7::8",
        "::ffff:0.0.0.0",
        "::ffff:255.255.255.255",
        "1::2:3:4:5:6:7",
    ];
    for text in samples {
        assert_eq!(
            is_ipv6(text),
            text.parse::<std::net::Ipv6Addr>().is_ok(),
            "{text:?}"
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
fn random_ipv6_like_text_is_read_as_std_reads_it() {
    // A fixed linear congruential sequence over the characters an address is made of.
    let alphabet = b"0123456789abcdefF:::..";
    let mut state: u32 = 0x2545_f491;
    let mut next = || {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (state >> 16) as usize
    };
    for _ in 0..50_000 {
        let len = next() % 24;
        let text: String = (0..len)
            .map(|_| char::from(alphabet[next() % alphabet.len()]))
            .collect();
        assert_eq!(
            is_ipv6(&text),
            text.parse::<std::net::Ipv6Addr>().is_ok(),
            "{text:?}"
        );
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
