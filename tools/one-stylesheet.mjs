// Post-build step `oneStylesheet` (fourth; tools/post-build.mjs): joins the stylesheets Trunk
// staged (one per file under style/ and style/components/, in the order index.html lists
// them; Trunk stages each as `<file stem>-<hash>.css`, so no two may share a stem) into one
// `folio-<16 hex>.css`, and puts one <link> with its integrity hash where the first one was.
// One request instead of nineteen, and brotli sees the whole stylesheet at once (about 2 KB
// smaller). The sources stay small files with one purpose each (style/components/: one per
// component or component folder, cut from one file in cascade order). The joined file is
// minified by lightningcss (the minifier Trunk itself uses; pinned in package.json) with no
// browser targets, so nothing is prefixed or lowered, only written shorter: 43.4 KB of sources
// become 30.8 KB (6.1 KB brotli). A warning or an error from it fails the build.
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { transform } from "lightningcss";
import { failing, integrityOf } from "./staged-files.mjs";

const fail = failing("one-stylesheet");
// Trunk writes its hash without leading zeros: 15 hex digits (or fewer) happen.
const STYLESHEET_LINK = /<link rel="stylesheet" href="\/([a-z_-]+-[0-9a-f]{1,16}\.css)"[^>]*\/?>\n?/g;

/** `css` minified by lightningcss; its warnings fail the step (none is expected). */
function minify(css) {
  let result;
  try {
    result = transform({ filename: "folio.css", code: Buffer.from(css), minify: true });
  } catch (error) {
    fail(`lightningcss cannot read the stylesheets: ${error.message}`);
  }
  if (result.warnings.length > 0) fail(`lightningcss: ${result.warnings.map((w) => w.message).join("; ")}`);
  return `${result.code.toString()}\n`;
}

/** Joins the staged stylesheets into one, linked once from index.html. */
export function oneStylesheet({ staging }) {
  const indexPath = join(staging, "index.html");
  const html = readFileSync(indexPath, "utf8");
  const links = [...html.matchAll(STYLESHEET_LINK)];
  if (links.length === 0) fail("no stylesheet links in the staged index.html");
  const css = minify(links.map((m) => readFileSync(join(staging, m[1]), "utf8")).join("\n"));
  const name = `folio-${createHash("sha256").update(css).digest("hex").slice(0, 16)}.css`;
  const integrity = integrityOf(css);
  writeFileSync(join(staging, name), css);
  for (const m of links) rmSync(join(staging, m[1]));
  let first = true;
  const joined = html.replace(STYLESHEET_LINK, () => {
    if (!first) return "";
    first = false;
    return `<link rel="stylesheet" href="/${name}" integrity="${integrity}"/>\n`;
  });
  const left = (joined.match(/rel="stylesheet"/g) || []).length;
  if (left !== 1) fail(`${left} stylesheet links after joining (one expected)`);
  writeFileSync(indexPath, joined);
}
