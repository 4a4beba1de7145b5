// Trunk post_build hook (first of four): finishes the build's identity and, in the split
// release build, puts the sections' wasm modules into it.
//
// Every build:
// - the build id is the hash Trunk gave the JS glue (`folio-<id>.js`);
// - `build.json` ({"build": "<id>"}) is written, and `<meta name="folio-build">` added to
//   index.html, so the app can tell "Folio was updated" from "the network failed" when a
//   section's module does not arrive (src/sections/update_check.rs).
//
// Split build (FOLIO_SPLIT_DIR set by `cargo xtask`, see xtask/src/split.rs):
// - each section module (`split_<name>.wasm`, `chunk_<n>.wasm`) is optimised with wasm-opt -Oz
//   and copied as `<stem>-<16 hex of its sha256>.wasm`, so it is cached as immutable;
// - the loader (`split-<hash>.js`, imported by the glue) gets those names and the glue's
//   hashed name, and is preloaded from index.html;
// - `sections.json` lists the files each section needs (read by `cargo xtask bench size`);
// - the build fails if the glue does not import this split's loader (a stale split dir).
import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { promisify } from "node:util";
import { join } from "node:path";

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error("split-chunks: TRUNK_STAGING_DIR is not set (run through trunk)");
  process.exit(1);
}
// The features rustc's wasm32 target enables (the section modules carry no features section).
const WASM_OPT_FEATURES = [
  "--enable-bulk-memory",
  "--enable-nontrapping-float-to-int",
  "--enable-sign-ext",
  "--enable-mutable-globals",
  "--enable-reference-types",
  "--enable-multivalue",
];

function fail(message) {
  console.error(`split-chunks: ${message}`);
  process.exit(1);
}

const glueName = readdirSync(staging).find((name) => /^folio-[0-9a-f]+\.js$/.test(name));
if (!glueName) fail("no folio-<hash>.js in the staged build");
const build = glueName.slice("folio-".length, -".js".length);
writeFileSync(join(staging, "build.json"), JSON.stringify({ build }) + "\n");

const indexPath = join(staging, "index.html");
let html = readFileSync(indexPath, "utf8");
const extraHead = [`<meta name="folio-build" content="${build}" />`];

const splitDir = process.env.FOLIO_SPLIT_DIR;
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
  // wasm-opt runs on every module, a few at a time; its warnings about name subsections it
  // does not know are noise, so its output is shown only when it fails.
  const run = promisify(execFile);
  const queue = [...modules];
  const optimiseNext = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const args = ["-Oz", ...WASM_OPT_FEATURES, join(splitDir, name), "-o", join(work, name)];
      await run("wasm-opt", args).catch((e) => fail(`wasm-opt ${name}: ${e.stderr || e.message}`));
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, optimiseNext));
  const hashedNames = {};
  for (const name of modules) {
    const stem = name.slice(0, -".wasm".length);
    const optimised = join(work, name);
    const hash = createHash("sha256").update(readFileSync(optimised)).digest("hex").slice(0, 16);
    const hashed = `${stem}-${hash}.wasm`;
    copyFileSync(optimised, join(staging, hashed));
    hashedNames[stem] = hashed;
    const reference = `"./${name}"`;
    if (!loader.includes(reference)) fail(`the loader does not name ${name}`);
    loader = loader.replaceAll(reference, `"./${hashed}"`);
  }
  rmSync(work, { recursive: true, force: true });
  writeFileSync(join(staging, loaderName), loader);
  // sections.json: the files each section needs, by their final names (for `cargo xtask
  // bench size` and its first-load gate).
  const manifest = JSON.parse(readFileSync(join(splitDir, "split-manifest.json"), "utf8"));
  const sections = Object.fromEntries(
    Object.entries(manifest).map(([section, stems]) => [
      section,
      stems.map((stem) => hashedNames[stem]).filter(Boolean),
    ]),
  );
  writeFileSync(join(staging, "sections.json"), JSON.stringify(sections, null, 1) + "\n");
  extraHead.push(`<link rel="modulepreload" href="/${loaderName}" crossorigin="anonymous" />`);
  console.log(`split-chunks: ${modules.length} section module(s) and ${loaderName} added`);
}

if (!html.includes("</head>")) fail("index.html has no </head>");
html = html.replace("</head>", `${extraHead.join("")}</head>`);
writeFileSync(indexPath, html);
console.log(`split-chunks: build ${build}`);
