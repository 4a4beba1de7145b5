// The stylesheets of sections: `style/sections/<word>.css` styles the split modules whose
// name's first word (up to `_`) is `<word>` — `market.css` the Market's pages and parts
// (market, market_orders, market_candles, …), `legacy.css` the Legacy API's (legacy_*).
// Everything else (tokens, layout, components, the entry pages shared by several sections)
// is the one stylesheet every load fetches (tools/one-stylesheet.mjs).
//
// In the split release build, `splitChunks` writes each as `<word>-<16 hex>.css` (minified)
// and the loader adds it to the page, with its `integrity`, when a module of its word is
// loaded, and waits for it before that module starts: a page is never shown unstyled, and a
// page of another section never fetches it (about 1 KB brotli off every other first load).
// `sections.json` lists it beside the pack, so the first-load gate counts it where it is
// fetched. In a build that is not split (`trunk serve`), `oneStylesheet` joins them into the
// one stylesheet instead.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { integrityOf } from "./staged-files.mjs";
import { minifyCss } from "./minify-css.mjs";

const SOURCES = "style/sections";

/** Every section stylesheet's source as `[word, css]`, sorted by word. */
export function sectionStyleSources() {
  if (!existsSync(SOURCES)) return [];
  return readdirSync(SOURCES)
    .filter((name) => /^[a-z]+\.css$/.test(name))
    .sort()
    .map((name) => [name.slice(0, -".css".length), readFileSync(join(SOURCES, name), "utf8")]);
}

/** The word a split module's stylesheet is found by: its name up to the first `_`. */
export const styleWord = (module) => module.split("_")[0];

/**
 * Writes each section stylesheet, minified, into `staging` as `<word>-<16 hex>.css`; returns
 * `{ word: [file name, integrity] }`.
 */
export function writeSectionStyles(staging) {
  const written = {};
  for (const [word, source] of sectionStyleSources()) {
    const css = minifyCss(`style/sections/${word}.css`, source);
    const name = `${word}-${createHash("sha256").update(css).digest("hex").slice(0, 16)}.css`;
    writeFileSync(join(staging, name), css);
    written[word] = [name, integrityOf(css)];
  }
  return written;
}

/**
 * The loader's part (tools/split-chunks.mjs adds it): `styleOf(pack)` adds the stylesheet of
 * the section whose pack that is, once, and answers a promise its module waits for.
 * `styleOf` is what `writeSectionStyles` answered.
 */
export const styleLoader = (styleOf) => `
// STYLE_OF: a section stylesheet's word -> [file, integrity] (tools/section-styles.mjs).
const STYLE_OF = ${JSON.stringify(styleOf)};
const styles = new Map();
// The stylesheet of the section whose pack is \`pack\` (none for most), added to the page once;
// its module waits for it, so the page never shows unstyled. One that fails to load is taken
// out again, and the next load of the section tries once more.
function styleOf(pack) {
  const style = STYLE_OF[pack.slice(6).split(/[_-]/)[0]];
  if (!style) return;
  if (!styles.has(style[0])) {
    const link = document.createElement("link");
    styles.set(style[0], new Promise((done) => {
      link.onload = done;
      link.onerror = () => { link.remove(); styles.delete(style[0]); done(); };
    }));
    link.rel = "stylesheet";
    link.integrity = style[1];
    link.href = new URL("./" + style[0], import.meta.url);
    document.head.append(link);
  }
  return styles.get(style[0]);
}
`;
