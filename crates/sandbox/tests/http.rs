//! The sandbox over real TCP: `serve` on port 0 and raw HTTP/1.1 requests.

use folio_sandbox::{serve, Config, Fault, RunningServer};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

struct Reply {
    status: u16,
    head: String,
    body: Vec<u8>,
}

async fn request(server: &RunningServer, method: &str, target: &str, extra: &[&str]) -> Reply {
    let mut stream = TcpStream::connect(server.addr()).await.unwrap();
    let mut req = format!(
        "{method} {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
        server.addr()
    );
    for h in extra {
        req.push_str(h);
        req.push_str("\r\n");
    }
    req.push_str("Content-Length: 0\r\n\r\n");
    stream.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).to_lowercase();
    let status = head[9..12].parse().unwrap();
    Reply {
        status,
        head,
        body: raw[split + 4..].to_vec(),
    }
}

async fn sandbox(config: Config) -> RunningServer {
    serve(Config {
        frozen_prices: true,
        ..config
    })
    .await
    .unwrap()
}

#[tokio::test]
async fn serves_the_api_over_tcp_and_records_requests() {
    let server = sandbox(Config::default()).await;
    assert!(server.url().starts_with("http://127.0.0.1:"));
    let r = request(
        &server,
        "GET",
        "/public/v1/portfolio",
        &["X-Api-Key: folio-demo-balance"],
    )
    .await;
    assert_eq!(r.status, 200);
    let body = String::from_utf8(r.body).unwrap();
    let want = server.ledger().portfolio("EUR");
    assert!(
        body.contains(&format!("\"asset_id\":\"{}\"", want[0].id)) || body.contains(&want[0].id)
    );
    let r = request(
        &server,
        "GET",
        "/public/v1/operations?page_size=2",
        &["x-api-key: folio-demo-balance"],
    )
    .await;
    assert_eq!(r.status, 401);
    let log = server.requests();
    assert_eq!(log.len(), 2);
    assert_eq!(log[1].query.as_deref(), Some("page_size=2"));
    assert_eq!(log[1].status, 401);
    server.clear_requests();
    assert!(server.requests().is_empty());
    assert_eq!(server.ledger().operations_count(), 301);
    assert_eq!(server.ledger().currencies()[0].1, "EUR");
    assert!(server.ledger().assets().len() >= 40);
    server.shutdown().await;
}

#[tokio::test]
async fn injected_faults_latency_and_compression() {
    let server = sandbox(Config {
        latency_ms: 150,
        ..Config::default()
    })
    .await;
    server.inject(Fault {
        retry_after_secs: Some(3),
        ..Fault::new("/currencies", 503)
    });
    let started = Instant::now();
    let r = request(&server, "GET", "/public/v1/currencies", &[]).await;
    assert_eq!(r.status, 503);
    assert!(r.head.contains("retry-after: 3"));
    let r = request(&server, "GET", "/public/v1/currencies", &[]).await;
    assert_eq!(r.status, 200);
    assert!(
        started.elapsed() >= Duration::from_millis(150),
        "latency applies to API answers"
    );
    let r = request(
        &server,
        "GET",
        "/public/v1/assets?page_size=100",
        &["Accept-Encoding: gzip"],
    )
    .await;
    assert_eq!(r.status, 200);
    assert!(r.head.contains("content-encoding: gzip"), "{}", r.head);
    let chunk = r.body.windows(2).position(|w| w == b"\r\n").unwrap() + 2;
    assert_eq!(
        &r.body[chunk..chunk + 2],
        &[0x1f, 0x8b],
        "gzip magic after the chunk size"
    );
    server.shutdown().await;
}

#[tokio::test]
async fn same_seed_same_ledger_different_seed_different_ledger() {
    let now = chrono::DateTime::parse_from_rfc3339("2026-05-04T09:15:27.412Z")
        .unwrap()
        .to_utc();
    let run = |seed| async move {
        let server = sandbox(Config {
            seed,
            now: Some(now),
            ..Config::default()
        })
        .await;
        let total = server.ledger().portfolio_total("EUR");
        server.shutdown().await;
        total
    };
    assert_eq!(run(42).await, run(42).await);
    assert_ne!(run(42).await, run(43).await);
}

#[tokio::test]
async fn the_app_is_served_from_its_precompressed_copies() {
    let dist = std::env::temp_dir().join(format!("folio-dist-{}", std::process::id()));
    std::fs::create_dir_all(&dist).unwrap();
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><title>Folio</title>",
    )
    .unwrap();
    std::fs::write(dist.join("app.js"), "console.log('plain');").unwrap();
    std::fs::write(dist.join("app.js.br"), b"brotli copy").unwrap();
    std::fs::write(dist.join("app.js.gz"), b"gzip copy").unwrap();
    let server = sandbox(Config {
        dist: Some(dist.clone()),
        ..Config::default()
    })
    .await;

    let br = request(&server, "GET", "/app.js", &["Accept-Encoding: gzip, br"]).await;
    assert_eq!(br.status, 200);
    assert!(br.head.contains("content-encoding: br"), "{}", br.head);
    assert!(
        br.head.contains("javascript"),
        "the type is the original's: {}",
        br.head
    );
    assert_eq!(
        br.body, b"brotli copy",
        "sent as built, not compressed again"
    );

    let gz = request(&server, "GET", "/app.js", &["Accept-Encoding: gzip"]).await;
    assert!(gz.head.contains("content-encoding: gzip"), "{}", gz.head);
    assert_eq!(gz.body, b"gzip copy");

    let plain = request(&server, "GET", "/app.js", &[]).await;
    assert!(!plain.head.contains("content-encoding"), "{}", plain.head);
    assert_eq!(plain.body, b"console.log('plain');");

    // A page address falls back to index.html (no precompressed copy here: sent as is).
    let page = request(&server, "GET", "/market/orders", &[]).await;
    assert_eq!(page.status, 200);
    assert!(String::from_utf8_lossy(&page.body).contains("Folio"));
    server.shutdown().await;
    let _ = std::fs::remove_dir_all(&dist);
}
