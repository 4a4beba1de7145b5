// Post-build step `shortImports` (third, after splitChunks; tools/post-build.mjs): gives the
// main module's imports from its JS glue short names, in both files.
//
// wasm-bindgen names each function the glue hands the wasm `__wbg_<name>_<16 hex>` (about 250
// of them in Folio), and the names are written twice: as the glue's import object's keys and
// in the wasm's import section. The hex is incompressible, so the names cost about 5 KB brotli
// on every first load. Here each becomes a one- or two-letter name, the same in both files.
//
// The glue's keys are found as `<name>: function(` or `<name>: ` at the start of a line of the
// import object; the build fails when a name is not found exactly once, or when the wasm's
// import section holds something this reader does not know, so a new wasm-bindgen that writes
// its glue differently stops the build instead of shipping a mismatch. The `integrity`
// attributes Trunk wrote for the two files in index.html are recomputed.
//
// The imports' module names get one letter too: the glue's (`./folio_bg.js`) becomes `g` and
// the split loader's (`./split-<hash>.js`, once per section loader, 30 times) becomes `s`.
// The loader's name holds the build's content hash; written 30 times in the main module, its
// sixteen hex digits made the module's brotli size move by up to 0.3 KB from one build to the
// next with the same code (a changed comment moved every first load by +164 B). The glue
// keeps one `import * as` of the loader and one key for it (wasm-bindgen wrote one per import,
// all the same module).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { failing, isGlue, isMainModule, withNewIntegrity } from "./staged-files.mjs";

const fail = failing("short-imports");

/** Reads an unsigned LEB128 at `at`: [value, next offset]. */
function leb(bytes, at) {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, at];
    if (shift > 28) fail("a number in the wasm is too long");
  }
}

/** An unsigned LEB128. */
function lebBytes(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return Buffer.from(out);
}

function nameBytes(text) {
  const bytes = Buffer.from(text, "utf8");
  return Buffer.concat([lebBytes(bytes.length), bytes]);
}

/** The offset after a `limits` (table and memory imports). */
function skipLimits(bytes, at) {
  const flags = bytes[at++];
  if (flags > 7) fail(`limits flags ${flags} are not known`);
  [, at] = leb(bytes, at);
  if (flags & 1) [, at] = leb(bytes, at);
  return at;
}

/** The short names: a–z, A–Z, then two of those letters (2,756 in all). */
function shortName(n) {
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  if (n < letters.length) return letters[n];
  n -= letters.length;
  if (n >= letters.length ** 2) fail("more imports than short names");
  return letters[Math.floor(n / letters.length)] + letters[n % letters.length];
}

/** The one-letter module names of the main module's imports: the glue's and the loader's. */
const GLUE_MODULE = "g";
const LOADER_MODULE = "s";

/**
 * The glue with its import object keyed by the short module names: `"./folio_bg.js": import0`
 * becomes `g: import0`; of the loader's `import * as importN` lines and keys, the first is kept
 * as `s: importN` and the others go (the build fails if the layout is not the one known).
 */
function withShortModules(glue, importModule, loaderMatch) {
  const glueKey = `"${importModule}": import0,`;
  if (glue.split(glueKey).length !== 2) fail(`the glue names ${importModule} as a key ${glue.split(glueKey).length - 1} times, not once`);
  glue = glue.replace(glueKey, `${GLUE_MODULE}: import0,`);
  if (!loaderMatch) return glue;
  const [, kept, loader] = loaderMatch;
  const escaped = loader.replace(/[.]/g, "\\.");
  const imports = new RegExp(`^import \\* as (import\\d+) from "${escaped}";?\\n`, "gm");
  const keys = new RegExp(`^(\\s+)"${escaped}": (import\\d+),?\\n`, "gm");
  const importCount = (glue.match(imports) || []).length;
  const keyCount = (glue.match(keys) || []).length;
  if (importCount !== keyCount) fail(`the glue imports the loader ${importCount} times but keys it ${keyCount} times`);
  glue = glue.replace(imports, (line, name) => (name === kept ? line : ""));
  glue = glue.replace(keys, (line, indent, name) => (name === kept ? `${indent}${LOADER_MODULE}: ${name},\n` : ""));
  if (glue.split(loader).length !== 2) fail("the glue still names the loader more than once");
  return glue;
}

/** Renames the imports in the staged glue and main module (and their `integrity`). */
export function shortImports({ staging }) {
  const names = readdirSync(staging);
  const glueName = names.find(isGlue);
  const wasmName = names.find(isMainModule);
  if (!glueName || !wasmName) fail("no folio-<hash>.js and folio-<hash>_bg.wasm in the staged build");

  let glue = readFileSync(join(staging, glueName), "utf8");
  const wasm = readFileSync(join(staging, wasmName));

  // The glue's import object for the wasm: `"./folio_bg.js": import0` in __wbg_get_imports.
  const moduleMatch = glue.match(/"(\.\/[\w.-]+_bg\.js)": import0\b/);
  if (!moduleMatch) fail("the glue's import object is not the one short-imports knows");
  const importModule = moduleMatch[1];
  const loaderMatch = glue.match(/^import \* as (import\d+) from "(\.\/split-[0-9a-f]{16}\.js)";?$/m);
  const loaderModule = loaderMatch?.[2];

  // Rebuild the import section with the new names; every other section is copied as it is.
  const parts = [wasm.subarray(0, 8)];
  const renamed = new Map();
  let at = 8;
  let sawImports = false;
  while (at < wasm.length) {
    const start = at;
    const id = wasm[at++];
    let size;
    [size, at] = leb(wasm, at);
    const end = at + size;
    if (id !== 2) {
      parts.push(wasm.subarray(start, end));
      at = end;
      continue;
    }
    sawImports = true;
    let count;
    [count, at] = leb(wasm, at);
    const entries = [lebBytes(count)];
    for (let i = 0; i < count; i++) {
      let length;
      [length, at] = leb(wasm, at);
      const module = wasm.subarray(at, at + length).toString("utf8");
      at += length;
      [length, at] = leb(wasm, at);
      const field = wasm.subarray(at, at + length).toString("utf8");
      at += length;
      const descStart = at;
      const kind = wasm[at++];
      if (kind === 0) [, at] = leb(wasm, at);
      else if (kind === 1) at = skipLimits(wasm, at + 1);
      else if (kind === 2) at = skipLimits(wasm, at);
      else if (kind === 3) at += 2;
      else if (kind === 4) [, at] = leb(wasm, at + 1);
      else fail(`import kind ${kind} is not known`);
      let name = field;
      if (module === importModule) {
        name = renamed.get(field) ?? shortName(renamed.size);
        renamed.set(field, name);
      }
      const shortModule = module === importModule ? GLUE_MODULE : module === loaderModule ? LOADER_MODULE : module;
      entries.push(nameBytes(shortModule), nameBytes(name), wasm.subarray(descStart, at));
    }
    if (at !== end) fail("the import section does not end where its size says");
    const body = Buffer.concat(entries);
    parts.push(Buffer.from([2]), lebBytes(body.length), body);
  }
  if (!sawImports) fail("the wasm has no import section");

  for (const [long, short] of renamed) {
    const key = new RegExp(`^(\\s+)${long.replace(/[$]/g, "\\$")}:`, "gm");
    const found = glue.match(key) || [];
    if (found.length !== 1) fail(`the glue names ${long} ${found.length} times as a key, not once`);
    glue = glue.replace(key, `$1${short}:`);
  }

  glue = withShortModules(glue, importModule, loaderMatch);
  const newWasm = Buffer.concat(parts);
  const newGlue = Buffer.from(glue, "utf8");

  // Trunk's integrity attributes for the two files, recomputed.
  const indexPath = join(staging, "index.html");
  let html = readFileSync(indexPath, "utf8");
  html = withNewIntegrity(html, readFileSync(join(staging, glueName)), newGlue);
  html = withNewIntegrity(html, wasm, newWasm);
  writeFileSync(join(staging, wasmName), newWasm);
  writeFileSync(join(staging, glueName), newGlue);
  writeFileSync(indexPath, html);
  console.log(`short-imports: ${renamed.size} imports renamed; wasm ${wasm.length} -> ${newWasm.length} B, glue -> ${newGlue.length} B`);
}
