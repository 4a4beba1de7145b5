// Post-build step `smallScripts` (fifth, after oneStylesheet, before cspHashes;
// tools/post-build.mjs): the scripts shipped as written get smaller. Their names and comments are for the people reading
// the sources; shipped, they are bytes in every first load.
//
// Minified with terser (pinned in package-lock.json), brotli saved on every route:
// - the JS glue, `folio-<hash>.js` (wasm-bindgen's, an ES module: its exports keep their
//   names), −1.9 KB; Trunk's `integrity` attribute for it is recomputed. First its markup
//   assignments are put through the `folio` Trusted Types policy (tools/trusted-html.mjs);
// - the split build's loader, `split-<hash>.js` (tools/split-chunks.mjs, an ES module),
//   −0.35 KB;
// - register-sw.js (a classic script: its top-level names stay, as other scripts may use
//   them), −0.13 KB.
// sw.js is not minified (tools/sw-precache.mjs fills its /*FOLIO_…*/ markers later); it only
// loses its whole-line `//` comments and blank lines.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { minify } from "terser";
import { failing, isGlue, withNewIntegrity } from "./staged-files.mjs";
import { trustedHtml } from "./trusted-html.mjs";

const fail = failing("small-scripts");

/** Minifies the glue, the split loader and register-sw.js; drops sw.js's comment lines. */
export async function smallScripts({ staging }) {
  const names = readdirSync(staging);
  const glue = names.filter(isGlue);
  const loaders = names.filter((name) => /^split-[0-9a-f]{16}\.js$/.test(name));

  const indexPath = join(staging, "index.html");
  let html = readFileSync(indexPath, "utf8");
  for (const [name, module] of [...glue.map((n) => [n, true]), ...loaders.map((n) => [n, true]), ["register-sw.js", false]]) {
    const path = join(staging, name);
    const source = readFileSync(path);
    let text = source.toString("utf8");
    if (isGlue(name)) {
      try {
        text = trustedHtml(text);
      } catch (e) {
        fail(`${name}: ${e.message}`);
      }
    }
    const out = await minify(text, {
      module,
      compress: { passes: 2 },
      mangle: { toplevel: module },
      format: { comments: false },
    });
    const small = Buffer.from(out.code + "\n", "utf8");
    html = withNewIntegrity(html, source, small);
    writeFileSync(path, small);
    console.log(`small-scripts: ${name} ${source.length} -> ${small.length} bytes (minified)`);
  }
  writeFileSync(indexPath, html);

  const sw = join(staging, "sw.js");
  const source = readFileSync(sw, "utf8");
  const kept = source.split("\n").filter((line) => {
    const text = line.trim();
    return text !== "" && !text.startsWith("//");
  });
  writeFileSync(sw, kept.join("\n") + "\n");
  console.log(`small-scripts: sw.js ${source.length} -> ${kept.join("\n").length + 1} bytes (comment lines dropped)`);
}
