// Trunk post_build hook: computes the sha256 of every inline <script> in the staged
// index.html and writes them into the Content-Security-Policy in place of
// __CSP_SCRIPT_HASHES__. Fails the build if the placeholder is missing, so a CSP without
// the hashes (and therefore a blank page) never ships.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const PLACEHOLDER = "__CSP_SCRIPT_HASHES__";
const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error("csp-hashes: TRUNK_STAGING_DIR is not set (run through trunk)");
  process.exit(1);
}
const file = join(staging, "index.html");
const html = readFileSync(file, "utf8");
if (!html.includes(PLACEHOLDER)) {
  console.error(`csp-hashes: ${PLACEHOLDER} not found in ${file}`);
  process.exit(1);
}

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
