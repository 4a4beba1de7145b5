//! `cargo xtask bench operations [--no-build]`: the Operations page on a long history.
//!
//! Starts the sandbox binary with 10,000 operations (frozen prices) serving `dist/`, and
//! headless Chromium through chromedriver (spoken to with a few hand-written WebDriver
//! calls: xtask stays std-only). Prints:
//! - time for "Load all" in the app versus a bare `fetch` loop over the same pages in the
//!   same browser (both start after the first page and wait out 429s alike), and the ratio;
//! - time from a keystroke in the search box to the next paint (several keystrokes), and
//!   the part of it that is the app's own work (until the event loop is free, before the
//!   frame; the rest is waiting for the display's next frame, up to 16.7 ms at 60 Hz);
//! - row nodes in the DOM with everything loaded;
//! - JS heap (`performance.memory`) + wasm linear memory.
//!
//! Targets: ratio ≤ 1.2, keystroke ≤ 16 ms, ≤ 200 row nodes, ≤ 64 MB heap. Timings are in
//! whole microseconds (no floats).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use crate::shell::{command, root};

struct Kill(Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> Result<u16, String> {
    let l = TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(l.local_addr().map_err(|e| e.to_string())?.port())
}

fn http(port: u16, method: &str, path: &str, body: &str) -> Result<String, String> {
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

fn json_string(text: &str) -> String {
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
fn field(body: &str, key: &str) -> Option<String> {
    let start = body.find(&format!("\"{key}\":\""))? + key.len() + 4;
    let end = body[start..].find('"')?;
    Some(body[start..start + end].to_string())
}

struct Browser {
    port: u16,
    session: String,
}

impl Browser {
    fn call(&self, method: &str, path: &str, body: &str) -> Result<String, String> {
        http(
            self.port,
            method,
            &format!("/session/{}{path}", self.session),
            body,
        )
    }

    fn goto(&self, url: &str) -> Result<(), String> {
        self.call("POST", "/url", &format!("{{\"url\":{}}}", json_string(url)))
            .map(|_| ())
    }

    /// Runs an async script whose callback gets a string; returns that string.
    fn run(&self, script: &str) -> Result<String, String> {
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

const BARE_LOOP: &str = r#"
const key = sessionStorage.getItem('folio.key');
const get = async (cursor) => {
  for (;;) {
    const r = await fetch('/public/v1/operations?page_size=100' + (cursor ? '&cursor=' + cursor : ''),
      { headers: { 'x-api-key': key }, credentials: 'omit', redirect: 'error' });
    if (r.status === 429) { await new Promise(ok => setTimeout(ok, 1000 * (+r.headers.get('retry-after') || 1))); continue; }
    return r.json();
  }
};
(async () => {
  let page = await get(null);
  await new Promise(ok => setTimeout(ok, 1100));
  const t0 = performance.now(); let pages = 0, items = 0;
  while (page.has_next_page) { page = await get(page.next_cursor); pages++; items += page.data.length; }
  done(Math.round((performance.now() - t0) * 1000) + ' ' + pages + ' ' + items);
})();
"#;

const APP_LOAD_ALL: &str = r#"
const status = () => document.querySelector('#ops-status')?.textContent || '';
const wait = (pred) => new Promise(ok => { const t = setInterval(() => { if (pred()) { clearInterval(t); ok(); } }, 5); });
(async () => {
  await wait(() => status().includes('pages') && !status().includes('(0 pages'));
  await new Promise(ok => setTimeout(ok, 1100));
  const t0 = performance.now();
  document.querySelector('#ops-load-all').click();
  await wait(() => status().includes('all loaded'));
  done(Math.round((performance.now() - t0) * 1000) + ' ' + status());
})();
"#;

const KEYSTROKES: &str = r#"
const input = document.querySelector('#ops-search');
const times = [], work = [];
(async () => {
  for (const v of ['b', 'bt', 'btc', 'bt', 'b', '', 'e', 'et', 'eth', '']) {
    await new Promise(ok => setTimeout(ok, 50));
    const t0 = performance.now();
    input.value = v; input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise(ok => setTimeout(ok, 0));
    work.push(Math.round((performance.now() - t0) * 1000));
    await new Promise(ok => requestAnimationFrame(() => setTimeout(ok, 0)));
    times.push(Math.round((performance.now() - t0) * 1000));
  }
  const rows = document.querySelectorAll('.op-row').length;
  const js = performance.memory ? performance.memory.usedJSHeapSize : 0;
  const wasm = window.__folioWasmMemory ? window.__folioWasmMemory.buffer.byteLength : 0;
  done(times.join(',') + ' ' + rows + ' ' + js + ' ' + wasm + ' ' + work.join(','));
})();
"#;

fn ms(micros: u64) -> String {
    format!("{}.{:03} ms", micros / 1000, micros % 1000)
}

/// Runs the benchmark and prints its figures.
pub fn run(args: &[String]) -> Result<(), String> {
    if !args.iter().any(|a| a == "--no-build") {
        crate::setup::run()?;
        crate::shell::trunk_release_build()?;
    }
    crate::shell::run("cargo", &["build", "--release", "-p", "folio-sandbox"])?;
    let target = std::env::var("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| root().join("target"));
    let sandbox_port = free_port()?;
    let dist = root().join("dist").display().to_string();
    let port_text = sandbox_port.to_string();
    let sandbox_bin = target.join("release/folio-sandbox").display().to_string();
    let args = [
        "--port",
        &port_text,
        "--operations",
        "10000",
        "--freeze-prices",
        "--dist",
        &dist,
    ];
    let _sandbox = Kill(
        command(&sandbox_bin, &args)
            .stdout(Stdio::null())
            .spawn()
            .map_err(|e| e.to_string())?,
    );
    let driver_port = free_port()?;
    let driver_bin = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
    let _driver = Kill(
        command(&driver_bin, &[format!("--port={driver_port}")])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("chromedriver: {e}"))?,
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    while TcpStream::connect(("127.0.0.1", sandbox_port)).is_err()
        || TcpStream::connect(("127.0.0.1", driver_port)).is_err()
    {
        if Instant::now() > deadline {
            return Err("sandbox or chromedriver did not start".into());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let chrome = std::env::var("CHROME_PATH").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let profile = std::env::temp_dir().join(format!("folio-bench-{driver_port}"));
    let caps = format!(
        "{{\"capabilities\":{{\"alwaysMatch\":{{\"goog:chromeOptions\":{{\"binary\":{},\"args\":[\"--headless=new\",\"--no-sandbox\",\"--disable-gpu\",\"--disable-dev-shm-usage\",\"--enable-precise-memory-info\",\"--window-size=1280,800\",{}]}}}}}}}}",
        json_string(&chrome),
        json_string(&format!("--user-data-dir={}", profile.display()))
    );
    let created = http(driver_port, "POST", "/session", &caps)?;
    let session = field(&created, "sessionId").ok_or_else(|| format!("no session: {created}"))?;
    let b = Browser {
        port: driver_port,
        session,
    };
    b.call("POST", "/timeouts", "{\"script\":600000}")?;
    let hook = "addEventListener('TrunkApplicationStarted', e => { window.__folioWasmMemory = e.detail.wasm.memory; });";
    b.call(
        "POST",
        "/goog/cdp/execute",
        &format!(
            "{{\"cmd\":\"Page.addScriptToEvaluateOnNewDocument\",\"params\":{{\"source\":{}}}}}",
            json_string(hook)
        ),
    )?;
    let base = format!("http://127.0.0.1:{sandbox_port}");
    b.goto(&format!("{base}/connect"))?;
    b.run("sessionStorage.setItem('folio.key', 'folio-demo-full'); done('ok');")?;
    let bare = b.run(BARE_LOOP)?;
    b.goto(&format!("{base}/operations"))?;
    let app = b.run(APP_LOAD_ALL)?;
    let keys = b.run(KEYSTROKES)?;
    let _ = b.call("DELETE", "", "");
    let _ = std::fs::remove_dir_all(&profile);

    let num = |s: Option<&str>| s.and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    let bare_us = num(bare.split(' ').next());
    let app_us = num(app.split(' ').next());
    let mut k = keys.split(' ');
    let mut strokes: Vec<u64> = k
        .next()
        .unwrap_or("")
        .split(',')
        .filter_map(|t| t.parse().ok())
        .collect();
    let (rows, js, wasm) = (num(k.next()), num(k.next()), num(k.next()));
    let mut handled: Vec<u64> = k
        .next()
        .unwrap_or("")
        .split(',')
        .filter_map(|t| t.parse().ok())
        .collect();
    handled.sort_unstable();
    strokes.sort_unstable();
    let median = strokes.get(strokes.len() / 2).copied().unwrap_or(0);
    let max = strokes.last().copied().unwrap_or(0);
    let ratio_permille = (app_us * 1000).checked_div(bare_us).unwrap_or(0);
    println!("operations bench (10,000 operations, page_size 100)");
    println!("  bare fetch loop (pages, items): {} [{bare}]", ms(bare_us));
    println!(
        "  app Load all:                   {} [{}]",
        ms(app_us),
        app.split_once(' ').map(|x| x.1).unwrap_or("")
    );
    println!(
        "  ratio app / bare:               {}.{:03} (target ≤ 1.2)",
        ratio_permille / 1000,
        ratio_permille % 1000
    );
    println!(
        "  keystroke → paint: median {}, max {} (target ≤ 16 ms)",
        ms(median),
        ms(max)
    );
    println!(
        "  of which the app's own work:    median {}, max {} (input event → filtered DOM, before the frame)",
        ms(handled.get(handled.len() / 2).copied().unwrap_or(0)),
        ms(handled.last().copied().unwrap_or(0))
    );
    println!("  row nodes in the DOM:           {rows} (target ≤ 200)");
    let mb = |b: u64| format!("{}.{} MB", b / 1_048_576, (b % 1_048_576) * 10 / 1_048_576);
    println!(
        "  heap: JS {} + wasm {} = {} (target ≤ 64 MB)",
        mb(js),
        mb(wasm),
        mb(js + wasm)
    );
    Ok(())
}
