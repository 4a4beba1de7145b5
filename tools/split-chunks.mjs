// Post-build step `splitChunks` (second, after joinLocales; tools/post-build.mjs): finishes the
// build's identity and, in the split release build, puts the sections' wasm modules into it.
//
// Every build:
// - the build id is the hash Trunk gave the JS glue (`folio-<id>.js`);
// - `build.json` ({"build": "<id>"}) is written, and `<meta name="folio-build">` added to
//   index.html, so the app can tell "Folio was updated" from "the network failed" when a
//   section's module does not arrive (src/split/update_check.rs).
//
// Split build (FOLIO_SPLIT_DIR set by `cargo xtask`, see xtask/src/build/split.rs):
// - each section module (`split_<name>.wasm`, `chunk_<n>.wasm`) is optimised with wasm-opt -Oz
//   twice (the second pass folds what the merge of chunks and the first pass left: −0.45 KB
//   brotli on the operations pack) and copied as `<stem>-<hash>.wasm`, where the hash (16 hex) is one sha256 over every
//   module of the build, so each file is cached as immutable;
// - each section's pack, `split_<name>-pack-<hash>.wasm`, holds every module the section needs
//   one after the other, so a cold load of a page is one request compressed as a whole;
// - the loader (`split-<hash>.js`, imported by the glue) gets those names, the glue's hashed
//   name and the packs' tables (tools/split-loader.mjs), and is preloaded from index.html;
// - the sections' own stylesheets (tools/section-styles.mjs) are written, and the loader adds
//   one to the page with its section's first module;
// - `sections.json` names the files a cold load of each section fetches, its pack and its
//   stylesheet (read by `cargo xtask bench size`);
// - the build fails if the glue does not import this split's loader (a stale split dir).
import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { promisify } from "node:util";
import { join } from "node:path";
import { styleWord, writeSectionStyles } from "./section-styles.mjs";
import { withPacks } from "./split-loader.mjs";
import { failing, isGlue, LAYOUT, STRIP, WASM_OPT_FEATURES } from "./staged-files.mjs";

const fail = failing("split-chunks");
// Modules below this many bytes are optimised in this process (see below).
const SMALL_MODULE = 16 * 1024;

/** The module without its custom sections (names, producers): nothing here needs them, and
 *  binaryen's library would warn about a name subsection it does not know. */
function withoutCustomSections(bytes) {
  const kept = [bytes.subarray(0, 8)];
  let at = 8;
  while (at < bytes.length) {
    const start = at;
    const id = bytes[at++];
    let size = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++];
      size += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
    }
    at += size;
    if (id !== 0) kept.push(bytes.subarray(start, at));
  }
  return Buffer.concat(kept);
}

/** `wasm-opt -Oz -Oz` with WASM_OPT_FEATURES, LAYOUT and STRIP, through binaryen's library. */
function optimiseInProcess(binaryen, bytes) {
  const F = binaryen.Features;
  const module = binaryen.readBinary(withoutCustomSections(bytes));
  module.setFeatures(
    F.BulkMemory | F.BulkMemoryOpt | F.NontrappingFPToInt | F.SignExt | F.MutableGlobals |
      F.ReferenceTypes | F.Multivalue,
  );
  binaryen.setOptimizeLevel(2);
  binaryen.setShrinkLevel(2);
  binaryen.setDebugInfo(false);
  binaryen.setLowMemoryUnused(LAYOUT.includes("--low-memory-unused"));
  module.optimize();
  module.optimize();
  module.runPasses(["strip-target-features", "strip-producers"]);
  const out = module.emitBinary();
  module.dispose();
  return out;
}

/**
 * A pack: a 4-byte little-endian length, then that many bytes of UTF-8 index (one line per
 * module: its name without the hash, a space, its length), then the modules in that order.
 */
function pack(stems, bytes) {
  const index = Buffer.from(stems.map((stem, i) => `${stem} ${bytes[i].length}`).join("\n"));
  const size = Buffer.alloc(4);
  size.writeUInt32LE(index.length);
  return Buffer.concat([size, index, ...bytes]);
}

/**
 * Writes the build id; with `splitDir` (the split step's output, FOLIO_SPLIT_DIR), adds the
 * section modules, their packs and their loader to the build.
 */
export async function splitChunks({ staging, splitDir }) {
  const glueName = readdirSync(staging).find(isGlue);
  if (!glueName) fail("no folio-<hash>.js in the staged build");
  const build = glueName.slice("folio-".length, -".js".length);
  writeFileSync(join(staging, "build.json"), JSON.stringify({ build }) + "\n");

  const indexPath = join(staging, "index.html");
  let html = readFileSync(indexPath, "utf8");
  const extraHead = [`<meta name="folio-build" content="${build}" />`];

  if (splitDir) {
    const glue = readFileSync(join(staging, glueName), "utf8");
    const imported = glue.match(/["']\.\/(split-[0-9a-f]{16}\.js)["']/);
    if (!imported) fail("the glue imports no split loader: was the wasm built with --cfg folio_split?");
    const loaderName = imported[1];
    const loaderPath = join(splitDir, loaderName);
    if (!existsSync(loaderPath)) fail(`${loaderPath} is missing: the split step did not run for this build`);
    let loader = readFileSync(loaderPath, "utf8");
    loader = loader.replaceAll('"./__FOLIO_MAIN__.js"', `"./${glueName}"`);

    const work = mkdtempSync(join(tmpdir(), "folio-split-"));
    const modules = readdirSync(splitDir).filter((n) => n.endsWith(".wasm") && n !== "main.wasm");
    // Most modules are small shared chunks, for which starting the wasm-opt program costs far
    // more than optimising: those go through binaryen's library in this process (the same
    // binaryen as the wasm-opt program, output within a few bytes). The big ones run through
    // wasm-opt, a few at a time; its warnings about name subsections it does not know are
    // noise, so its output is shown only when it fails.
    const isSmall = (name) => statSync(join(splitDir, name)).size < SMALL_MODULE;
    const { default: binaryen } = await import("binaryen");
    for (const name of modules.filter(isSmall)) {
      writeFileSync(join(work, name), optimiseInProcess(binaryen, readFileSync(join(splitDir, name))));
    }
    const run = promisify(execFile);
    const queue = modules.filter((name) => !isSmall(name));
    const optimiseNext = async () => {
      for (let name = queue.shift(); name; name = queue.shift()) {
        const args = ["-Oz", "-Oz", ...WASM_OPT_FEATURES, ...LAYOUT, ...STRIP, join(splitDir, name), "-o", join(work, name)];
        await run("wasm-opt", args).catch((e) => fail(`wasm-opt ${name}: ${e.stderr || e.message}`));
      }
    };
    await Promise.all(Array.from({ length: availableParallelism() }, optimiseNext));
    // Every module is named with one hash of all of them (`<stem>-<set hash>.wasm`): the loader
    // and the service worker list some 350 modules, and 350 different hashes cost about 5 KB
    // brotli in each first load, while one repeated hash costs almost nothing. Any change to
    // any module renames them all, so a browser never takes an old module for a new one (the
    // price: an update downloads every module again, in the background).
    const setHash = createHash("sha256");
    for (const name of [...modules].sort()) {
      setHash.update(name).update(readFileSync(join(work, name)));
    }
    const hash = setHash.digest("hex").slice(0, 16);
    const hashedNames = {};
    for (const name of modules) {
      const stem = name.slice(0, -".wasm".length);
      const optimised = join(work, name);
      const hashed = `${stem}-${hash}.wasm`;
      copyFileSync(optimised, join(staging, hashed));
      hashedNames[stem] = hashed;
      const reference = `"./${name}"`;
      if (!loader.includes(reference)) fail(`the loader does not name ${name}`);
      loader = loader.replaceAll(reference, `"./${hashed}"`);
    }
    // Packs: every module a page needs, in one file, so a cold load makes one request and
    // brotli compresses the page's code as a whole (10–25 % smaller than module by module).
    const manifest = JSON.parse(readFileSync(join(splitDir, "split-manifest.json"), "utf8"));
    // Parts of a page, modules of their own only ever shown inside that page (part → page):
    // written by the split step from the one table (crates/routes, `parts_at_start`).
    const partOf = JSON.parse(readFileSync(join(splitDir, "parts.json"), "utf8"));
    const packs = {};
    for (const [section, all] of Object.entries(manifest)) {
      if (all.some((stem) => !hashedNames[stem])) fail(`section ${section} names a module the split did not write`);
      // A part shown only inside its page has loaded that page's modules already: its pack
      // holds only what it adds.
      const page = partOf[section];
      if (page && !manifest[page]) fail(`part ${section} sits in ${page}, which the split did not write`);
      const stems = page ? all.filter((stem) => !manifest[page].includes(stem)) : all;
      const bytes = stems.map((stem) => readFileSync(join(work, `${stem}.wasm`)));
      packs[section] = pack(stems, bytes);
    }
    // Packs, too, share one hash, taken over all of them (a change to any pack renames them
    // all, as any module change renames every module): repeated in the loader's table of
    // packs, it compresses to almost nothing (−0.3 KB brotli on every route against one hash
    // per pack).
    const packsHash = createHash("sha256");
    for (const section of Object.keys(packs).sort()) packsHash.update(section).update(packs[section]);
    const packHash = packsHash.digest("hex").slice(0, 16);
    const packOf = {};
    for (const [section, whole] of Object.entries(packs)) {
      const name = `split_${section}-pack-${packHash}.wasm`;
      writeFileSync(join(staging, name), whole);
      packOf[section] = name;
    }
    rmSync(work, { recursive: true, force: true });
    const styleOf = writeSectionStyles(staging);
    const addresses = JSON.parse(readFileSync(join(splitDir, "addresses.json"), "utf8"));
    loader = withPacks(loader, packOf, styleOf, addresses);
    writeFileSync(join(staging, loaderName), loader);
    // sections.json: the files a cold load of each section fetches, its pack and its stylesheet
    // if it has one (for `cargo xtask bench size` and its first-load gate).
    const sections = Object.fromEntries(
      Object.entries(packOf).map(([section, pack]) => {
        // A part shown only inside its page finds the page's stylesheet there already.
        const page = partOf[section];
        const own = !page || styleWord(page) !== styleWord(section);
        const style = own && styleOf[styleWord(section)];
        return [section, style ? [pack, style[0]] : [pack]];
      }),
    );
    writeFileSync(join(staging, "sections.json"), JSON.stringify(sections, null, 1) + "\n");
    extraHead.push(`<link rel="modulepreload" href="/${loaderName}" crossorigin="anonymous" />`);
    console.log(`split-chunks: ${modules.length} section module(s) and ${loaderName} added`);
  }

  if (!html.includes("</head>")) fail("index.html has no </head>");
  html = html.replace("</head>", `${extraHead.join("")}</head>`);
  writeFileSync(indexPath, html);
  console.log(`split-chunks: build ${build}`);
}
