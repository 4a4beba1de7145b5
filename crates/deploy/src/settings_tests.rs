use super::*;

const ENV: &str = "# comment\nFOLIO_HOST=folio.example.com\nFOLIO_ROOT=/srv/folio/dist\n\
    FOLIO_PUBLIC_API=https://api.public.bitpanda.com/\nFOLIO_LEGACY_API=https://api.bitpanda.com\n\
    FOLIO_EXCHANGE_API=https://api.fusion.bitpanda.com\nFOLIO_HTTP_PORT=80\nFOLIO_HTTPS_PORT=443\n\
    FOLIO_BIND=\nFOLIO_TLS_CERT=/etc/cert.pem\nFOLIO_TLS_KEY=/etc/key.pem\n\
    FOLIO_CADDY_ADMIN=localhost:2019\nFOLIO_API_RATE=20\nFOLIO_API_BURST=100\n\
    FOLIO_CADDY_RATE_LIMIT=\n";

/// A page CSP as the release build writes it.
const CSP: &str = "default-src 'self'; connect-src 'self' https://api.bitpanda.com; \
    require-trusted-types-for 'script'; trusted-types folio";

fn values_of(settings: &Settings) -> BTreeMap<String, String> {
    settings
        .values(Server::Nginx, Path::new("/x"), CSP)
        .unwrap()
}

#[test]
fn production_values_listen_everywhere_and_redirect_to_the_bare_host() {
    let v = values_of(&Settings::parse(ENV).unwrap());
    assert_eq!(v["FOLIO_HTTPS_LISTEN"], "443");
    assert_eq!(v["FOLIO_HTTPS_LISTEN_V6"], "[::]:443");
    assert_eq!(v["FOLIO_HTTPS_ORIGIN"], "https://folio.example.com");
    assert_eq!(v["FOLIO_PUBLIC_API"], "https://api.public.bitpanda.com");
    assert_eq!(
        v["FOLIO_PUBLIC_API_ORIGIN"],
        "https://api.public.bitpanda.com"
    );
    assert_eq!(v["FOLIO_PUBLIC_API_PATH"], "");
    assert_eq!(v["FOLIO_ROOT"], "/srv/folio/dist");
}

#[test]
fn a_loopback_test_binds_one_address_and_keeps_upstream_paths() {
    let mut s = Settings::parse(ENV).unwrap();
    s.set("FOLIO_BIND", "127.0.0.1").unwrap();
    s.set("FOLIO_HTTPS_PORT", "8443").unwrap();
    s.set("FOLIO_HOST", "localhost").unwrap();
    s.set("FOLIO_EXCHANGE_API", "http://127.0.0.1:9000/exchange")
        .unwrap();
    let v = values_of(&s);
    assert_eq!(v["FOLIO_HTTPS_LISTEN"], "127.0.0.1:8443");
    assert_eq!(v["FOLIO_HTTPS_LISTEN_V6"], "");
    assert_eq!(v["FOLIO_HTTPS_ORIGIN"], "https://localhost:8443");
    assert_eq!(v["FOLIO_EXCHANGE_API_ORIGIN"], "http://127.0.0.1:9000");
    assert_eq!(v["FOLIO_EXCHANGE_API_PATH"], "/exchange");
}

#[test]
fn values_that_could_break_out_of_a_config_are_refused() {
    let mut s = Settings::parse(ENV).unwrap();
    for (name, bad) in [
        ("FOLIO_HOST", "a.example.com; return 200"),
        ("FOLIO_ROOT", "relative/dist"),
        ("FOLIO_ROOT", "/srv/my dist"),
        ("FOLIO_PUBLIC_API", "ftp://x"),
        ("FOLIO_PUBLIC_API", "https://x\"}"),
        ("FOLIO_PUBLIC_API", "https://"),
        ("FOLIO_HTTPS_PORT", "0"),
        ("FOLIO_HTTPS_PORT", "70000"),
        ("FOLIO_BIND", "1.2.3.4 ssl"),
        ("FOLIO_NOT_A_SETTING", "x"),
    ] {
        assert!(s.set(name, bad).is_err(), "{name}={bad}");
    }
    assert!(Settings::parse("FOLIO_HOST=x\n")
        .unwrap_err()
        .contains("does not set"));
}

#[test]
fn nginx_needs_a_certificate_and_caddy_does_not() {
    let mut s = Settings::parse(ENV).unwrap();
    s.set("FOLIO_TLS_CERT", "").unwrap();
    assert!(s
        .values(Server::Nginx, Path::new("/x"), CSP)
        .unwrap_err()
        .contains("FOLIO_TLS_CERT"));
    assert!(s.values(Server::Caddy, Path::new("/x"), CSP).is_ok());
}

#[test]
fn plain_http_upstreams_are_refused_unless_they_are_this_machine() {
    let mut s = Settings::parse(ENV).unwrap();
    for loopback in [
        "http://127.0.0.1:9000/public",
        "http://127.8.0.1",
        "http://localhost:8080",
        "http://LOCALHOST",
        "http://[::1]:8080/x",
        "https://api.public.bitpanda.com",
        "https://10.0.0.5:8443",
    ] {
        assert!(s.set("FOLIO_PUBLIC_API", loopback).is_ok(), "{loopback}");
    }
    for remote in [
        "http://api.public.bitpanda.com",
        "http://10.0.0.5:8080",
        "http://128.0.0.1",
        "http://localhost.example.com",
        "http://127.0.0.1.nip.io",
        "http://[::2]:80",
        "http://user@127.0.0.1",
    ] {
        let err = s.set("FOLIO_LEGACY_API", remote).unwrap_err();
        assert!(err.contains("FOLIO_LEGACY_API"), "{remote}: {err}");
    }
    assert!(s
        .set("FOLIO_EXCHANGE_API", "http://api.fusion.bitpanda.com")
        .unwrap_err()
        .contains("in clear"));
}

#[test]
fn a_page_csp_with_plain_http_or_without_trusted_types_is_refused() {
    let s = Settings::parse(ENV).unwrap();
    let values = |csp: &str| s.values(Server::Caddy, Path::new("/x"), csp);
    assert!(values(CSP).is_ok());
    let loopback = CSP.replace(
        "https://api.bitpanda.com;",
        "https://api.bitpanda.com http://127.0.0.1:* http://localhost:*;",
    );
    assert!(values(&loopback)
        .unwrap_err()
        .contains("plain http (http://127.0.0.1:*)"));
    let no_tt = CSP.replace("require-trusted-types-for 'script'; ", "");
    assert!(values(&no_tt).unwrap_err().contains("Trusted Types"));
}

#[test]
fn the_rate_limit_figures_and_caddys_module() {
    let mut s = Settings::parse(ENV).unwrap();
    let v = values_of(&s);
    assert_eq!(v["FOLIO_API_RATE"], "20");
    assert_eq!(v["FOLIO_API_BURST_AT_ONCE"], "50");
    assert_eq!(v["FOLIO_API_WINDOW"], "5000ms");
    assert_eq!(v["FOLIO_CADDY_RATE_LIMIT_SNIPPET"], "");
    s.set("FOLIO_API_RATE", "3").unwrap();
    s.set("FOLIO_API_BURST", "10").unwrap();
    s.set("FOLIO_CADDY_RATE_LIMIT", CADDY_RATE_LIMIT_MODULE)
        .unwrap();
    let v = values_of(&s);
    assert_eq!(v["FOLIO_API_WINDOW"], "3334ms");
    assert_eq!(v["FOLIO_CADDY_RATE_LIMIT_SNIPPET"], "api_rate_limit");
    for (name, bad) in [
        ("FOLIO_API_RATE", "0"),
        ("FOLIO_API_RATE", "1.5"),
        ("FOLIO_API_BURST", "100001"),
        ("FOLIO_CADDY_RATE_LIMIT", "on"),
    ] {
        assert!(s.set(name, bad).is_err(), "{name}={bad}");
    }
}
