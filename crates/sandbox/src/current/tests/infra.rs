//! Faults, failure rate, CORS, static files, unknown paths, `/sandbox/info`, request log.

use super::*;
use crate::faults::Fault;

#[tokio::test]
async fn injected_faults_answer_then_clear() {
    let s = sandbox();
    s.state.faults.push(Fault {
        times: 2,
        retry_after_secs: Some(7),
        ..Fault::new("/portfolio", 503)
    });
    s.state.faults.push(Fault {
        html_body: true,
        ..Fault::new("/assets", 502)
    });
    for _ in 0..2 {
        let a = s.get("/public/v1/portfolio", Some(FULL)).await;
        assert_eq!(
            (a.status.as_u16(), a.code()),
            (503, "internal_error".into())
        );
        assert_eq!(a.headers["retry-after"], "7");
    }
    assert_eq!(
        s.get("/public/v1/portfolio", Some(FULL)).await.status,
        StatusCode::OK
    );
    let html = s.get("/public/v1/assets", None).await;
    assert_eq!(html.status.as_u16(), 502);
    assert!(html.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    assert!(html.text.contains("<center>nginx</center>"));
    assert_eq!(
        s.get("/public/v1/assets", None).await.status,
        StatusCode::OK
    );
    s.state.faults.push(Fault::new("/operations", 429));
    let a = s.get("/public/v1/operations", Some(FULL)).await;
    assert_eq!((a.status.as_u16(), a.code()), (429, "rate_limited".into()));
}

#[tokio::test]
async fn fail_rate_is_deterministic_and_spares_non_api_paths() {
    let statuses = |percent| async move {
        let s = sandbox_with(Config {
            fail_rate_percent: percent,
            ..config()
        });
        let mut out = Vec::new();
        for _ in 0..40 {
            out.push(s.get("/public/v1/currencies", None).await.status.as_u16());
        }
        assert_eq!(s.get("/sandbox/info", None).await.status, StatusCode::OK);
        out
    };
    assert!(statuses(100).await.iter().all(|&c| c == 500));
    assert!(statuses(0).await.iter().all(|&c| c == 200));
    let half = statuses(50).await;
    assert!(half.contains(&500) && half.contains(&200));
    assert_eq!(half, statuses(50).await);
}

#[tokio::test]
async fn unknown_api_paths_are_json_404() {
    let s = sandbox();
    for path in [
        "/public/v1/nope",
        "/public",
        "/public/v2/portfolio",
        "/public/v1/time",
    ] {
        let a = s.get(path, Some(FULL)).await;
        assert_eq!(
            (a.status.as_u16(), a.code()),
            (404, "not_found".into()),
            "{path}"
        );
    }
    let a = s.post("/public/v1/portfolio", Some(FULL), "{}").await;
    assert_eq!(a.status.as_u16(), 405);
    assert_eq!(
        s.get("/", None).await.status.as_u16(),
        404,
        "no dist: 404 text"
    );
}

#[tokio::test]
async fn sandbox_info_lists_the_demo_keys() {
    let s = sandbox();
    let info = s.get("/sandbox/info", None).await.json();
    assert_eq!(info["name"], "folio-sandbox");
    let keys = info["demo_keys"].as_array().unwrap();
    assert_eq!(keys.len(), 5);
    assert_eq!(keys[0]["key"], FULL);
    assert_eq!(keys[0]["scopes"].as_array().unwrap().len(), 6);
    assert_eq!(keys[2]["scopes"], serde_json::json!(["Balance"]));
    // One key per API besides the keys every API accepts.
    assert_eq!(keys[3]["key"], "folio-demo-exchange");
    assert_eq!(keys[4]["key"], "folio-demo-legacy");
}

#[tokio::test]
async fn cors_only_when_configured() {
    let origin = "http://localhost:5173";
    let s = sandbox_with(Config {
        cors_origin: Some(origin.into()),
        ..config()
    });
    let req = Request::builder()
        .method("OPTIONS")
        .uri("/public/v1/portfolio")
        .header("origin", origin)
        .header("access-control-request-method", "GET")
        .header("access-control-request-headers", "x-api-key")
        .body(Body::empty())
        .unwrap();
    let res = s.router.clone().oneshot(req).await.unwrap();
    assert!(res.status().is_success());
    assert_eq!(res.headers()["access-control-allow-origin"], origin);
    let allowed = res.headers()["access-control-allow-headers"]
        .to_str()
        .unwrap();
    assert!(allowed.contains("x-api-key"));
    let req = Request::builder()
        .uri("/public/v1/portfolio")
        .header("origin", origin)
        .body(Body::empty())
        .unwrap();
    let res = s.router.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status().as_u16(), 401);
    assert_eq!(res.headers()["access-control-allow-origin"], origin);
    let plain = sandbox().get("/public/v1/assets", None).await;
    assert!(plain.headers.get("access-control-allow-origin").is_none());
}

#[tokio::test]
async fn serves_dist_with_spa_fallback_and_the_deployments_cache_control() {
    let dir = std::env::temp_dir().join(format!("folio-sandbox-dist-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><meta http-equiv=\"Content-Security-Policy\" \
         content=\"connect-src 'self'; object-src 'none'\"><title>Folio</title>",
    )
    .unwrap();
    std::fs::write(
        dir.join("sw.js"),
        "self.addEventListener('fetch', () => {});",
    )
    .unwrap();
    std::fs::write(dir.join("app.js"), "console.log('folio')").unwrap();
    std::fs::write(dir.join("app-0123456789abcdef.js"), "console.log('folio')").unwrap();
    let s = sandbox_with(Config {
        dist: Some(dir.clone()),
        ..config()
    });
    for path in ["/", "/index.html", "/portfolio", "/operations/x?y=1"] {
        let a = s.get(path, None).await;
        assert_eq!(a.status, StatusCode::OK, "{path}");
        assert!(a.text.contains("<title>Folio</title>"), "{path}");
        // The demo's page may call sandboxes on other loopback ports; the build's may not.
        assert!(
            a.text
                .contains("connect-src 'self' http://127.0.0.1:* http://localhost:*;"),
            "{path}: {}",
            a.text
        );
        assert_eq!(a.headers["cache-control"], "no-cache", "{path}");
    }
    let sw = s.get("/sw.js", None).await;
    assert_eq!(sw.headers["cache-control"], "no-cache");
    let js = s.get("/app.js", None).await;
    assert_eq!(js.text, "console.log('folio')");
    assert_eq!(js.headers["cache-control"], "no-cache");
    let hashed = s.get("/app-0123456789abcdef.js", None).await;
    assert_eq!(hashed.text, "console.log('folio')");
    assert_eq!(
        hashed.headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    // Revalidated (as the service worker's install does), it keeps the year.
    let again = Request::builder()
        .uri("/app-0123456789abcdef.js")
        .header("if-modified-since", hashed.headers["last-modified"].clone())
        .body(Body::empty())
        .unwrap();
    let again = s.router.clone().oneshot(again).await.unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(
        again.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(s.get("/public/v1/nope", None).await.code(), "not_found");
    let paths: Vec<(String, u16)> = s
        .state
        .log
        .all()
        .into_iter()
        .map(|r| (r.path, r.status))
        .collect();
    assert!(
        paths.contains(&("/app.js".into(), 200))
            && paths.contains(&("/public/v1/nope".into(), 404))
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn request_log_records_every_request() {
    let s = sandbox();
    s.get("/public/v1/assets?symbol=BTC", Some(READ)).await;
    s.get("/public/v1/portfolio", None).await;
    let log = s.state.log.all();
    assert_eq!(log.len(), 2);
    assert_eq!(log[0].method, "GET");
    assert_eq!(log[0].path, "/public/v1/assets");
    assert_eq!(log[0].query.as_deref(), Some("symbol=BTC"));
    assert_eq!(log[0].api_key.as_deref(), Some(READ));
    assert_eq!((log[1].status, log[1].api_key.clone()), (401, None));
    s.state.log.clear();
    assert!(s.state.log.all().is_empty());
}
