//! `folio-sandbox`: runs the sandbox server until Ctrl-C. See `--help`.

use folio_sandbox::{demo_keys, serve, Config, Fault, FaultKind};
use std::path::PathBuf;
use std::process::ExitCode;

const HELP: &str =
    "folio-sandbox: a local simulation of Bitpanda's public API serving Folio's dist/

USAGE: folio-sandbox [OPTIONS]

OPTIONS:
  --port N              port to listen on (default 8080; 0 = any free port)
  --host ADDR           address to bind (default 127.0.0.1)
  --dist PATH           web app build folder to serve (default: ./dist if it exists)
  --seed N              seed of the generated ledger and prices (default 42)
  --operations N        number of generated operations (default 300)
  --no-tax-cases        leave the fixed tax cases out of the history (they are in any
                        history of 300 operations or more)
  --cors-origin ORIGIN  answer CORS for this origin (default: no CORS headers)
  --latency-ms N        delay every API response by N milliseconds
  --fail-rate PERCENT   answer this share of API requests with 500
  --freeze-prices       keep prices fixed at the start instant
  --now RFC3339         start the sandbox clock at this instant (default: now)
  --quote-ttl SECS      how long a quote can be accepted (default 30)
  --legacy-discrepancy  make the legacy API deliberately disagree with the ledger
  --exchange-bearer-only  the exchange API takes the key only as Authorization: Bearer
  --fault PATH=MODE     make requests whose path contains PATH fail (repeatable); MODE is
                        500, 503, 429, 429-date, 502-html, hang, reset, truncated,
                        wrong-types, empty, repeated-cursor or bad-record
  --help                print this help
";

/// A `--fault PATH=MODE` value as a fault for every matching request.
fn fault(spec: &str) -> Result<Fault, String> {
    let (path, mode) = spec
        .split_once('=')
        .ok_or_else(|| format!("--fault needs PATH=MODE, got {spec}"))?;
    let every = |kind| Fault::of_kind(path, kind, u32::MAX);
    let status = |code: u16, retry_after: Option<u32>| Fault {
        status: code,
        retry_after_secs: retry_after,
        ..every(FaultKind::Status)
    };
    Ok(match mode {
        "500" => status(500, None),
        "503" => status(503, Some(5)),
        "429" => status(429, Some(5)),
        "429-date" => Fault {
            retry_after_as_date: true,
            ..status(429, Some(5))
        },
        "502-html" => Fault {
            html_body: true,
            ..status(502, None)
        },
        "hang" => every(FaultKind::Hang),
        "reset" => every(FaultKind::Reset),
        "truncated" => every(FaultKind::Truncated),
        "wrong-types" => every(FaultKind::WrongTypes),
        "empty" => every(FaultKind::EmptyBody),
        "repeated-cursor" => every(FaultKind::RepeatedCursor),
        "bad-record" => every(FaultKind::BadRecord),
        other => return Err(format!("unknown fault mode {other} (try --help)")),
    })
}

fn value<T: std::str::FromStr>(
    args: &mut impl Iterator<Item = String>,
    flag: &str,
) -> Result<T, String> {
    let raw = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
    raw.parse()
        .map_err(|_| format!("invalid value for {flag}: {raw}"))
}

/// Parses the command line; `Ok(None)` means `--help` was asked for.
fn parse(args: impl IntoIterator<Item = String>) -> Result<Option<Config>, String> {
    let mut config = Config {
        port: 8080,
        ..Config::default()
    };
    let mut dist = None;
    let mut args = args.into_iter();
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--port" => config.port = value(&mut args, &flag)?,
            "--host" => config.host = value(&mut args, &flag)?,
            "--dist" => dist = Some(value::<PathBuf>(&mut args, &flag)?),
            "--seed" => config.seed = value(&mut args, &flag)?,
            "--operations" => config.operations = value(&mut args, &flag)?,
            "--cors-origin" => config.cors_origin = Some(value(&mut args, &flag)?),
            "--latency-ms" => config.latency_ms = value(&mut args, &flag)?,
            "--fail-rate" => {
                config.fail_rate_percent = value(&mut args, &flag)?;
                if config.fail_rate_percent > 100 {
                    return Err("--fail-rate must be 0..=100".into());
                }
            }
            "--freeze-prices" => config.frozen_prices = true,
            "--legacy-discrepancy" => config.legacy_discrepancy = true,
            "--no-tax-cases" => config.tax_cases = false,
            "--exchange-bearer-only" => config.exchange_bearer_only = true,
            "--quote-ttl" => config.quote_ttl_secs = value(&mut args, &flag)?,
            "--now" => {
                let raw: String = value(&mut args, &flag)?;
                let t = chrono::DateTime::parse_from_rfc3339(&raw)
                    .map_err(|e| format!("invalid --now {raw}: {e}"))?;
                config.now = Some(t.with_timezone(&chrono::Utc));
            }
            "--fault" => {
                let spec: String = value(&mut args, &flag)?;
                config.faults.push(fault(&spec)?);
            }
            "--help" | "-h" => return Ok(None),
            other => return Err(format!("unknown option {other} (try --help)")),
        }
    }
    config.dist = dist.or_else(|| Some(PathBuf::from("dist")).filter(|d| d.is_dir()));
    Ok(Some(config))
}

#[tokio::main]
async fn main() -> ExitCode {
    let config = match parse(std::env::args().skip(1)) {
        Ok(Some(c)) => c,
        Ok(None) => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("folio-sandbox: {e}");
            return ExitCode::from(2);
        }
    };
    let dist = config.dist.clone();
    let server = match serve(config).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("folio-sandbox: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("folio-sandbox listening on {}", server.url());
    match dist {
        Some(d) => println!("serving {}", d.display()),
        None => println!("no dist/ folder: only the API is served"),
    }
    println!("demo keys (one shared account):");
    for k in demo_keys() {
        let scopes: Vec<&str> = k.scopes.iter().map(|s| s.name()).collect();
        println!("  {:<20} {:<13} {}", k.key, k.label, scopes.join(", "));
    }
    let _ = tokio::signal::ctrl_c().await;
    println!("shutting down");
    server.shutdown().await;
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_flags() {
        let c = parse(args("--port 0 --seed 7 --operations 50 --fail-rate 10 --freeze-prices --now 2026-05-04T09:15:27.412Z --cors-origin http://localhost:1 --quote-ttl 2 --exchange-bearer-only"))
            .unwrap()
            .unwrap();
        assert_eq!(
            (c.port, c.seed, c.operations, c.fail_rate_percent),
            (0, 7, 50, 10)
        );
        assert!(c.frozen_prices && c.exchange_bearer_only && c.tax_cases);
        assert!(!parse(args("--no-tax-cases")).unwrap().unwrap().tax_cases);
        assert_eq!(c.quote_ttl_secs, 2);
        assert_eq!(c.cors_origin.as_deref(), Some("http://localhost:1"));
        assert_eq!(c.now.unwrap().timestamp_subsec_millis(), 412);
        assert_eq!(parse(args("")).unwrap().unwrap().port, 8080);
        assert!(parse(args("--help")).unwrap().is_none());
        assert!(parse(args("--port")).is_err());
        assert!(parse(args("--bogus")).is_err());
        assert!(parse(args("--fail-rate 101")).is_err());
        let c = parse(args(
            "--fault /v1/portfolio=hang --fault /account/orders=bad-record",
        ))
        .unwrap()
        .unwrap();
        assert_eq!(c.faults.len(), 2);
        assert_eq!(c.faults[0].kind, folio_sandbox::FaultKind::Hang);
        assert!(parse(args("--fault /v1/portfolio=boom")).is_err());
        assert!(parse(args("--fault nonsense")).is_err());
    }
}
