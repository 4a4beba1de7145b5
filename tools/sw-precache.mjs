// Trunk post_build hook (seventh, after csp-hashes.mjs: index.html must be final): writes this
// build's id and the list of its files into the staged sw.js, between the /*FOLIO_BUILD*/ and
// /*FOLIO_PRECACHE*/ markers. The worker caches exactly these files in a cache named after
// the build, so a new build is a new worker that never mixes old and new files.
// Listed: every staged file except the .br/.gz copies, sw.js itself, build.json (which must
// always come from the server), sections.json (for the benchmark) and the section packs;
// index.html is listed as /index.html.
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { files, stagingDir } from "./staged-files.mjs";

const staging = stagingDir("sw-precache");

const SKIP = new Set(["/sw.js", "/build.json", "/sections.json"]);
// The manifest's screenshots are for the browser's install dialog, never needed offline.
const ONLINE_ONLY = ["/screenshots/"];
const list = files(staging)
  .map((path) => "/" + relative(staging, path).split(sep).join("/"))
  .filter((path) => !path.endsWith(".br") && !path.endsWith(".gz") && !SKIP.has(path))
  .filter((path) => !ONLINE_ONLY.some((prefix) => path.startsWith(prefix)))
  // A pack repeats modules that are listed on their own (tools/split-chunks.mjs); offline,
  // the loader takes each module from this cache instead.
  .filter((path) => !/-pack-[0-9a-f]{16}\.wasm$/.test(path))
  .sort();
const { build } = JSON.parse(readFileSync(join(staging, "build.json"), "utf8"));

const swPath = join(staging, "sw.js");
const sw = readFileSync(swPath, "utf8");
const replaced = sw
  .replace(/\/\*FOLIO_BUILD\*\/[\s\S]*?\/\*END\*\//, `/*FOLIO_BUILD*/ ${JSON.stringify(build)} /*END*/`)
  .replace(/\/\*FOLIO_PRECACHE\*\/[\s\S]*?\/\*END\*\//, `/*FOLIO_PRECACHE*/ ${JSON.stringify(list)} /*END*/`);
if (!replaced.includes(JSON.stringify(list)) || !replaced.includes(JSON.stringify(build))) {
  console.error("sw-precache: the markers were not found in sw.js");
  process.exit(1);
}
writeFileSync(swPath, replaced);
console.log(`sw-precache: ${list.length} file(s) of build ${build} listed in sw.js`);
