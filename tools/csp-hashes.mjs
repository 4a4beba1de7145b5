// Post-build step `cspHashes` (sixth, after smallScripts: every inline script is final;
// tools/post-build.mjs): computes the sha256 of every inline <script> in the staged
// index.html and writes them into the Content-Security-Policy in place of
// __CSP_SCRIPT_HASHES__. Fails the build if the placeholder is missing, so a CSP without
// the hashes (and therefore a blank page) never ships.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { failing } from "./staged-files.mjs";

const PLACEHOLDER = "__CSP_SCRIPT_HASHES__";
const fail = failing("csp-hashes");

/** Writes the hashes of index.html's inline scripts into its Content-Security-Policy. */
export function cspHashes({ staging }) {
  const file = join(staging, "index.html");
  const html = readFileSync(file, "utf8");
  if (!html.includes(PLACEHOLDER)) fail(`${PLACEHOLDER} not found in ${file}`);

  // Inline scripts: <script ...> without a src attribute. The hash covers the exact text
  // between the tags, as the browser sees it.
  const hashes = [];
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(re)) {
    const attrs = match[1];
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const digest = createHash("sha256").update(match[2], "utf8").digest("base64");
    hashes.push(`'sha256-${digest}'`);
  }
  const unique = [...new Set(hashes)];
  writeFileSync(file, html.replace(PLACEHOLDER, unique.join(" ")));
  console.log(`csp-hashes: ${unique.length} inline script hash(es) added to the CSP`);
}
