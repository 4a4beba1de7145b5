// Post-build step `swPrecache` (seventh, after cspHashes: index.html must be final;
// tools/post-build.mjs): writes this build's id and the list of its files into the staged sw.js, between the /*FOLIO_BUILD*/ and
// /*FOLIO_PRECACHE*/ markers. The worker caches exactly these files in a cache named after
// the build, so a new build is a new worker that never mixes old and new files.
// Listed: every staged file except the .br/.gz copies, sw.js itself, build.json (which must
// always come from the server), sections.json (for the benchmark) and the section packs;
// index.html is listed as /index.html.
//
// Keyed by build: a file whose name carries no content hash (/locales/de.txt, /register-sw.js,
// the manifests, the icons, robots.txt) keeps its name from build to build, so a worker of an
// older build, still in control while a newer page loads, would answer the newer page with
// its own old copy. Such a file is listed as `<path>?build=<id>`, and the page asks for it
// by that address: index.html's references are rewritten here, the app adds the key to what
// it fetches itself (`sections::update_check::build_keyed`). A worker of another build does
// not know that address and lets the request go to the server. index.html itself stays
// /index.html: it is the offline page of this worker's own build.
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { failing, files } from "./staged-files.mjs";

const fail = failing("sw-precache");

const SKIP = new Set(["/sw.js", "/build.json", "/sections.json"]);
// The manifest's screenshots are for the browser's install dialog, never needed offline.
const ONLINE_ONLY = ["/screenshots/"];

/** Lists the build's files in sw.js and keys index.html's unhashed references by the build. */
export function swPrecache({ staging }) {
  const list = files(staging)
    .map((path) => "/" + relative(staging, path).split(sep).join("/"))
    .filter((path) => !path.endsWith(".br") && !path.endsWith(".gz") && !SKIP.has(path))
    .filter((path) => !ONLINE_ONLY.some((prefix) => path.startsWith(prefix)))
    // A pack repeats modules that are listed on their own (tools/split-chunks.mjs); offline,
    // the loader takes each module from this cache instead.
    .filter((path) => !/-pack-[0-9a-f]{16}\.wasm$/.test(path))
    .sort();
  const { build } = JSON.parse(readFileSync(join(staging, "build.json"), "utf8"));

  // Named by content (`<stem>-<hex hash>.<ext>`, `folio-<hash>_bg.wasm`): the same name is the
  // same bytes in every build.
  const HASHED = /-[0-9a-f]{12,}[._][^/]*$/;
  const keyed = (path) => (path === "/index.html" || HASHED.test(path) ? path : `${path}?build=${build}`);
  const unhashed = list.filter((path) => keyed(path) !== path);

  // The page asks for the unhashed files by their keyed address.
  const indexPath = join(staging, "index.html");
  let index = readFileSync(indexPath, "utf8");
  for (const path of unhashed) {
    const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // Quoted or not (minified); written quoted, as the key holds `?` and `=`.
    index = index.replace(new RegExp(`(href|src)=(["']?)${escaped}\\2(?=[\\s/>])`, "g"), `$1="${keyed(path)}"`);
  }
  writeFileSync(indexPath, index);
  const precached = list.map(keyed);

  const swPath = join(staging, "sw.js");
  const sw = readFileSync(swPath, "utf8");
  const replaced = sw
    .replace(/\/\*FOLIO_BUILD\*\/[\s\S]*?\/\*END\*\//, `/*FOLIO_BUILD*/ ${JSON.stringify(build)} /*END*/`)
    .replace(/\/\*FOLIO_PRECACHE\*\/[\s\S]*?\/\*END\*\//, `/*FOLIO_PRECACHE*/ ${JSON.stringify(precached)} /*END*/`);
  if (!replaced.includes(JSON.stringify(precached)) || !replaced.includes(JSON.stringify(build))) {
    fail("the markers were not found in sw.js");
  }
  writeFileSync(swPath, replaced);
  console.log(
    `sw-precache: ${list.length} file(s) of build ${build} listed in sw.js, ${unhashed.length} keyed by the build`,
  );
}
