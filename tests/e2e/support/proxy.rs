//! A production web server in front of the sandbox: nginx or Caddy started with the shipped
//! configuration (`deploy/nginx.conf`, `deploy/Caddyfile`, rendered by `folio-deploy` exactly
//! as `cargo xtask deploy` renders it), its upstreams pointed at the sandbox.
//!
//! TLS with a throwaway certificate for `localhost` (made by `openssl` for this server only;
//! the browser accepts it through WebDriver's `acceptInsecureCerts`), both ports on loopback:
//! the configuration under test is the production one, https and the http → https redirect
//! included. [`Proxy::observatory`] grades it with the MDN HTTP Observatory's own tests.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use folio_deploy::Server;
use serde_json::Value;

use super::browser::free_port;
use super::world::dist;

/// A running nginx or Caddy; stopped (and its directory removed) when dropped.
pub struct Proxy {
    child: Child,
    dir: PathBuf,
    http_port: u16,
    https_port: u16,
    certificate: String,
}

impl Proxy {
    /// Starts `server` with the shipped configuration, proxying to the sandbox at `upstream`.
    pub fn start(server: Server, upstream: &str) -> Proxy {
        let (http_port, https_port) = (free_port(), free_port());
        let dir = std::env::temp_dir().join(format!("folio-{}-{https_port}", server.name()));
        std::fs::create_dir_all(&dir).expect("a directory for the server");
        let (cert, key) = throwaway_certificate(&dir);
        let set = |name: &str, value: &str| (name.to_string(), value.to_string());
        let overrides = [
            set("FOLIO_HOST", "localhost"),
            set("FOLIO_BIND", "127.0.0.1"),
            set("FOLIO_HTTP_PORT", &http_port.to_string()),
            set("FOLIO_HTTPS_PORT", &https_port.to_string()),
            set("FOLIO_TLS_CERT", &cert),
            set("FOLIO_TLS_KEY", &key),
            // Plain http: allowed because the sandbox is on this machine (loopback only).
            set("FOLIO_PUBLIC_API", &format!("{upstream}/public")),
            set("FOLIO_LEGACY_API", &format!("{upstream}/legacy")),
            set("FOLIO_EXCHANGE_API", &format!("{upstream}/exchange")),
            set("FOLIO_CADDY_ADMIN", &format!("localhost:{}", free_port())),
        ];
        let deploy = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("deploy");
        let config = folio_deploy::render(server, &deploy, &dist(), &overrides)
            .expect("the shipped configuration renders");
        let config_path = dir.join(server.file_name());
        std::fs::write(&config_path, config).expect("writes the configuration");
        let child = match server {
            Server::Nginx => start_nginx(&dir, &config_path),
            Server::Caddy => start_caddy(&dir, &config_path),
        };
        let proxy = Proxy {
            child,
            dir,
            http_port,
            https_port,
            certificate: cert,
        };
        proxy.wait_until_listening(server);
        proxy
    }

    /// The https origin the browser opens.
    pub fn https_url(&self) -> String {
        format!("https://localhost:{}", self.https_port)
    }

    /// Requests `path` over plain http; returns the status line and the `Location` header.
    pub fn plain_http_get(&self, path: &str) -> (String, String) {
        let mut stream =
            TcpStream::connect(("127.0.0.1", self.http_port)).expect("the http port answers");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("a timeout");
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: localhost:{}\r\nConnection: close\r\n\r\n",
            self.http_port
        )
        .expect("sends the request");
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        let status = answer.lines().next().unwrap_or_default().to_string();
        let location = answer
            .lines()
            .find_map(|l| {
                let (name, value) = l.split_once(':')?;
                name.eq_ignore_ascii_case("location")
                    .then(|| value.trim().to_string())
            })
            .unwrap_or_default();
        (status, location)
    }

    /// The MDN HTTP Observatory's tests and grade for this server (`tools/observatory.mjs`
    /// with the package installed by `cargo xtask setup`; the throwaway certificate trusted
    /// through `NODE_EXTRA_CA_CERTS`), its report printed: `{grade, score, passed, total,
    /// tests: [{name, pass, result, modifier, description}]}`.
    pub fn observatory(&self, server: Server) -> Value {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let out = Command::new("node")
            .arg(root.join("tools/observatory.mjs"))
            .arg("localhost")
            .arg(self.http_port.to_string())
            .arg(self.https_port.to_string())
            .env("NODE_EXTRA_CA_CERTS", &self.certificate)
            .current_dir(&root)
            .output()
            .expect("node runs (cargo xtask setup installs the Observatory)");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let report: String = stdout
            .lines()
            .filter(|l| !l.starts_with("observatory-json "))
            .map(|l| format!("{l}\n"))
            .collect();
        println!("{}: {report}", server.name());
        assert!(
            out.status.success(),
            "the Observatory ran on {}:\n{report}{}",
            server.name(),
            String::from_utf8_lossy(&out.stderr)
        );
        let json = stdout
            .lines()
            .find_map(|l| l.strip_prefix("observatory-json "))
            .expect("the Observatory's result line");
        serde_json::from_str(json).expect("the Observatory's result is JSON")
    }

    fn wait_until_listening(&self, server: Server) {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(20) {
            if TcpStream::connect(("127.0.0.1", self.https_port)).is_ok()
                && TcpStream::connect(("127.0.0.1", self.http_port)).is_ok()
            {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let log = std::fs::read_to_string(self.dir.join("server.log")).unwrap_or_default();
        panic!("{} did not start listening:\n{log}", server.name());
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        // SIGTERM: nginx's master stops its workers (a SIGKILL would orphan them).
        let _ = Command::new("kill")
            .arg(self.child.id().to_string())
            .status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A self-signed certificate for `localhost` and 127.0.0.1, valid for two days.
fn throwaway_certificate(dir: &Path) -> (String, String) {
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    let status = Command::new("openssl")
        .args(["req", "-x509", "-newkey", "ec", "-pkeyopt"])
        .args(["ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"])
        .args(["-subj", "/CN=localhost", "-addext"])
        .arg("subjectAltName=DNS:localhost,IP:127.0.0.1")
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("openssl runs (cargo xtask setup installs it)");
    assert!(status.success(), "openssl made a certificate");
    (cert.display().to_string(), key.display().to_string())
}

/// The log file a server writes its output to, as (stdout, stderr).
fn log_file(dir: &Path) -> (Stdio, Stdio) {
    let file = std::fs::File::create(dir.join("server.log")).expect("a log file");
    let copy = file.try_clone().expect("a second handle on the log");
    (file.into(), copy.into())
}

/// nginx in the foreground, with the rendered site inside a minimal main configuration like
/// Debian's (`folio_deploy::nginx_main_config`), every path of its own.
fn start_nginx(dir: &Path, site: &Path) -> Child {
    let main = folio_deploy::nginx_main_config(dir, site, is_root());
    let main_path = dir.join("main.conf");
    std::fs::write(&main_path, main).expect("writes nginx's main configuration");
    let (out, err) = log_file(dir);
    Command::new(binary("nginx", "/usr/sbin/nginx"))
        .arg("-c")
        .arg(&main_path)
        .args(["-g", "daemon off;"])
        .stdout(out)
        .stderr(err)
        .spawn()
        .expect("nginx starts (cargo xtask setup installs it)")
}

/// Caddy in the foreground, its data (certificates, autosave) in the server's directory.
fn start_caddy(dir: &Path, caddyfile: &Path) -> Child {
    let (out, err) = log_file(dir);
    Command::new(binary("caddy", "/usr/bin/caddy"))
        .args(["run", "--adapter", "caddyfile", "--config"])
        .arg(caddyfile)
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .stdout(out)
        .stderr(err)
        .spawn()
        .expect("caddy starts (cargo xtask setup installs it)")
}

/// `name` where Debian installs it, else from PATH.
fn binary(name: &str, debian_path: &str) -> String {
    if Path::new(debian_path).exists() {
        debian_path.to_string()
    } else {
        name.to_string()
    }
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}
