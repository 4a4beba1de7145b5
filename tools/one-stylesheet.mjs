// Post-build step `oneStylesheet` (fourth; tools/post-build.mjs): joins the stylesheets Trunk
// staged (one per file under style/ and style/components/, in the order index.html lists
// them; Trunk stages each as `<file stem>-<hash>.css`, so no two may share a stem) into one
// `folio-<16 hex>.css`, and puts one <link> with its integrity hash where the first one was.
// One request instead of nineteen, and brotli sees the whole stylesheet at once (about 2 KB
// smaller). The sources stay small files with one purpose each (style/components/: one per
// component or component folder, cut from one file in cascade order). The joined file is
// minified (tools/minify-css.mjs). The stylesheets of sections (style/sections/, loaded with
// their section: tools/section-styles.mjs) are not in it, except in a build that is not split,
// where nothing would load them.
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { minifyCss } from "./minify-css.mjs";
import { sectionStyleSources } from "./section-styles.mjs";
import { failing, integrityOf } from "./staged-files.mjs";

const fail = failing("one-stylesheet");
// Trunk writes its hash without leading zeros: 15 hex digits (or fewer) happen.
const STYLESHEET_LINK = /<link rel="stylesheet" href="\/([a-z_-]+-[0-9a-f]{1,16}\.css)"[^>]*\/?>\n?/g;

/** Joins the staged stylesheets into one, linked once from index.html. */
export function oneStylesheet({ staging, splitDir }) {
  const indexPath = join(staging, "index.html");
  const html = readFileSync(indexPath, "utf8");
  const links = [...html.matchAll(STYLESHEET_LINK)];
  if (links.length === 0) fail("no stylesheet links in the staged index.html");
  const sources = links.map((m) => readFileSync(join(staging, m[1]), "utf8"));
  if (!splitDir) sources.push(...sectionStyleSources().map(([, css]) => css));
  const css = minifyCss("folio.css", sources.join("\n"));
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
