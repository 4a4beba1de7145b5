//! What the browser benchmarks share: the sandbox binary serving `dist/`, headless Chromium
//! through chromedriver, and a few hand-written WebDriver calls (xtask stays std-only).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use crate::shell::{command, root};

/// A child process stopped when dropped.
pub struct Kill(Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free loopback port.
pub fn free_port() -> Result<u16, String> {
    let l = TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(l.local_addr().map_err(|e| e.to_string())?.port())
}

/// One HTTP/1.1 request on loopback; returns the body.
pub fn http(port: u16, method: &str, path: &str, body: &str) -> Result<String, String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(300)))
        .map_err(|e| e.to_string())?;
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        let n = s.read(&mut buf).map_err(|e| e.to_string())?;
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&raw);
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head.lines().find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.eq_ignore_ascii_case("content-length")
                    .then(|| v.trim().parse::<usize>().ok())
                    .flatten()
            });
            if length.is_some_and(|len| body.len() >= len) {
                return Ok(body.to_string());
            }
        }
    }
    let text = String::from_utf8_lossy(&raw).into_owned();
    Ok(text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or(text))
}

/// `text` as a JSON string literal.
pub fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The string value of `"key":"…"` in a JSON text (no escapes expected).
pub fn field(body: &str, key: &str) -> Option<String> {
    let start = body.find(&format!("\"{key}\":\""))? + key.len() + 4;
    let end = body[start..].find('"')?;
    Some(body[start..start + end].to_string())
}

/// The release build into `dist/` (after `setup`), unless `args` has `--no-build`.
pub fn build_unless_told_not(args: &[String]) -> Result<(), String> {
    if args.iter().any(|a| a == "--no-build") {
        return Ok(());
    }
    crate::setup::run()?;
    crate::shell::trunk_release_build()
}

/// The argument after `flag` in `args` (`--rounds 9` gives "9").
pub fn flag_value<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    let at = args.iter().position(|a| a == flag)?;
    args.get(at + 1).map(String::as_str)
}

/// Runs a long-history bench: builds unless `--no-build`, then `one_round` `--rounds R` times
/// (default 1) with 10,000 operations and, with `--operations N`, again with N (so growth per
/// operation shows), printing each round; answers each size with its rounds.
pub fn rounds_by_size<R: std::fmt::Debug>(
    args: &[String],
    one_round: impl Fn(u64) -> Result<R, String>,
) -> Result<Vec<(u64, Vec<R>)>, String> {
    build_unless_told_not(args)?;
    let count: u64 = flag_value(args, "--operations")
        .unwrap_or("10000")
        .parse()
        .map_err(|_| "--operations wants a number".to_string())?;
    let rounds: usize = flag_value(args, "--rounds")
        .unwrap_or("1")
        .parse()
        .map_err(|_| "--rounds wants a number".to_string())?;
    let mut sizes = vec![10_000];
    if count != 10_000 {
        sizes.push(count);
    }
    let mut results = Vec::new();
    for size in sizes {
        let mut all = Vec::new();
        for round in 1..=rounds.max(1) {
            let r = one_round(size)?;
            println!("  {size} operations, round {round}: {r:?}");
            all.push(r);
        }
        results.push((size, all));
    }
    Ok(results)
}

/// A script's answer: fields separated by spaces, each a whole number or a comma-separated
/// list of them (the long tasks).
pub struct Answer<'a>(Vec<&'a str>);

impl<'a> Answer<'a> {
    /// Splits `text` into its fields.
    pub fn of(text: &'a str) -> Answer<'a> {
        Answer(text.split(' ').collect())
    }

    /// Field `i` as a number (0 when absent or not a number).
    pub fn num(&self, i: usize) -> u64 {
        self.0.get(i).and_then(|v| v.parse().ok()).unwrap_or(0)
    }

    /// Field `i` as a comma-separated list of numbers (empty when absent).
    pub fn list(&self, i: usize) -> Vec<u64> {
        let field = self.0.get(i).copied().unwrap_or("");
        field.split(',').filter_map(|t| t.parse().ok()).collect()
    }
}

/// The longest of `tasks` and how many there are: (microseconds, count).
pub fn longest(tasks: &[u64]) -> (u64, u64) {
    (tasks.iter().copied().max().unwrap_or(0), tasks.len() as u64)
}

/// Formats whole microseconds as milliseconds.
pub fn ms(micros: u64) -> String {
    format!("{}.{:03} ms", micros / 1000, micros % 1000)
}

/// The median of `values` (sorted in place); 0 when empty.
pub fn median(values: &mut [u64]) -> u64 {
    values.sort_unstable();
    values.get(values.len() / 2).copied().unwrap_or(0)
}

/// The sandbox binary (release) serving `dist/` on a free port; stops when dropped.
pub struct Sandbox {
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    _process: Kill,
}

impl Sandbox {
    /// Builds the sandbox (release) and starts it with `args` serving `dist/`.
    pub fn start(args: &[&str]) -> Result<Sandbox, String> {
        Sandbox::serving(&root().join("dist"), args)
    }

    /// Builds the sandbox (release) and starts it with `args` serving the build in `dist`.
    pub fn serving(dist: &std::path::Path, args: &[&str]) -> Result<Sandbox, String> {
        crate::shell::run("cargo", &["build", "--release", "-p", "folio-sandbox"])?;
        let target = std::env::var("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|_| root().join("target"));
        let port = free_port()?;
        let dist = dist.display().to_string();
        let port_text = port.to_string();
        let mut all = vec!["--port", &port_text, "--dist", &dist];
        all.extend_from_slice(args);
        let process = Kill(
            command(
                &target.join("release/folio-sandbox").display().to_string(),
                &all,
            )
            .stdout(Stdio::null())
            .spawn()
            .map_err(|e| e.to_string())?,
        );
        wait_for(port, "the sandbox")?;
        Ok(Sandbox {
            base: format!("http://127.0.0.1:{port}"),
            _process: process,
        })
    }
}

/// Waits up to a minute for something to listen on `port`.
fn wait_for(port: u16, what: &str) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs(60);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() > deadline {
            return Err(format!("{what} did not start"));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Ok(())
}

/// A sandbox serving `dist/` and a headless Chromium session driving it; both stop when
/// dropped.
pub struct Bench {
    /// `http://127.0.0.1:<port>` of the sandbox.
    pub base: String,
    driver_port: u16,
    session: String,
    profile: PathBuf,
    _driver: Kill,
    _sandbox: Sandbox,
}

impl Bench {
    /// Starts the sandbox with `sandbox_args`, then chromedriver and a Chromium session.
    pub fn start(sandbox_args: &[&str]) -> Result<Bench, String> {
        let sandbox = Sandbox::start(sandbox_args)?;
        let driver_port = free_port()?;
        let driver_bin = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
        let driver = Kill(
            command(&driver_bin, &[format!("--port={driver_port}")])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|e| format!("chromedriver: {e}"))?,
        );
        wait_for(driver_port, "chromedriver")?;
        let chrome = chrome_path();
        let profile = std::env::temp_dir().join(format!("folio-bench-{driver_port}"));
        let caps = format!(
            "{{\"capabilities\":{{\"alwaysMatch\":{{\"goog:chromeOptions\":{{\"binary\":{},\"args\":[\"--headless=new\",\"--no-sandbox\",\"--disable-gpu\",\"--disable-dev-shm-usage\",\"--enable-precise-memory-info\",\"--window-size=1280,800\",{}]}}}}}}}}",
            json_string(&chrome),
            json_string(&format!("--user-data-dir={}", profile.display()))
        );
        let created = http(driver_port, "POST", "/session", &caps)?;
        let session =
            field(&created, "sessionId").ok_or_else(|| format!("no session: {created}"))?;
        let bench = Bench {
            base: sandbox.base.clone(),
            driver_port,
            session,
            profile,
            _sandbox: sandbox,
            _driver: driver,
        };
        bench.call("POST", "/timeouts", "{\"script\":600000}")?;
        Ok(bench)
    }

    /// One WebDriver call on this session.
    pub fn call(&self, method: &str, path: &str, body: &str) -> Result<String, String> {
        http(
            self.driver_port,
            method,
            &format!("/session/{}{path}", self.session),
            body,
        )
    }

    /// One Chrome DevTools Protocol command (`params` is a JSON object).
    pub fn cdp(&self, cmd: &str, params: &str) -> Result<String, String> {
        self.call(
            "POST",
            "/goog/cdp/execute",
            &format!("{{\"cmd\":{},\"params\":{params}}}", json_string(cmd)),
        )
    }

    /// Runs `script` at the start of every document this session opens from now on.
    pub fn on_every_page(&self, script: &str) -> Result<(), String> {
        self.cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            &format!("{{\"source\":{}}}", json_string(script)),
        )
        .map(|_| ())
    }

    /// Puts the sandbox's full demo key into the tab, as Connect would.
    pub fn sign_in(&self) -> Result<(), String> {
        self.goto("/connect")?;
        // The key with the time of the last activity: a key without it is forgotten (a tab
        // restored with no record of when it was last used).
        self.run(
            "sessionStorage.setItem('folio.key', 'folio-demo-full'); \
             sessionStorage.setItem('folio.last_activity', String(Date.now())); done('ok');",
        )
        .map(|_| ())
    }

    /// Opens `path` on the sandbox's origin.
    pub fn goto(&self, path: &str) -> Result<(), String> {
        let url = format!("{}{path}", self.base);
        self.call(
            "POST",
            "/url",
            &format!("{{\"url\":{}}}", json_string(&url)),
        )
        .map(|_| ())
    }

    /// Runs an async script whose callback gets a string; returns that string.
    pub fn run(&self, script: &str) -> Result<String, String> {
        let body = format!(
            "{{\"script\":{},\"args\":[]}}",
            json_string(&format!(
                "const done = arguments[arguments.length - 1]; {script}"
            ))
        );
        let out = self.call("POST", "/execute/async", &body)?;
        field(&out, "value").ok_or_else(|| format!("script failed: {out}"))
    }
}

impl Drop for Bench {
    fn drop(&mut self) {
        let _ = self.call("DELETE", "", "");
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The Chromium binary (`CHROME_PATH`, else Debian's).
pub fn chrome_path() -> String {
    std::env::var("CHROME_PATH").unwrap_or_else(|_| "/usr/bin/chromium".into())
}
