// Post-build step `joinLocales` (first; tools/post-build.mjs): joins German's catalogue, kept
// as one JSON file per part of the app under locales/de/, into the one file the app fetches
// when German is chosen (/locales/de.txt): every entry as `English \x1f German \x1e`, sorted
// by the English's code points (Rust's order for &str, so the app searches it without
// sorting). Plain text, so the app reads it without a JSON map's code. An English text given
// two different German translations, or a text holding a separator, fails the build.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { failing } from "./staged-files.mjs";

const fail = failing("join-locales");
const codePoints = (text) => [...text].map((c) => c.codePointAt(0));
function byCodePoints(a, b) {
  const [x, y] = [codePoints(a), codePoints(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/** Writes `locales/de.txt` into `staging` from the sources under `locales/de/`. */
export function joinLocales({ staging }) {
  const sources = "locales/de";
  const joined = {};
  for (const name of readdirSync(sources).filter((n) => n.endsWith(".json")).sort()) {
    const entries = JSON.parse(readFileSync(join(sources, name), "utf8"));
    for (const [english, german] of Object.entries(entries)) {
      if (english in joined && joined[english] !== german) fail(`"${english}" has two translations (${name})`);
      joined[english] = german;
    }
  }
  const records = Object.keys(joined)
    .sort(byCodePoints)
    .map((english) => {
      if (/[\x1e\x1f]/.test(english + joined[english])) fail(`"${english}" holds a separator character`);
      return `${english}\x1f${joined[english]}\x1e`;
    });
  mkdirSync(join(staging, "locales"), { recursive: true });
  writeFileSync(join(staging, "locales", "de.txt"), records.join(""));
  console.log(`join-locales: ${Object.keys(joined).length} German entries`);
}
