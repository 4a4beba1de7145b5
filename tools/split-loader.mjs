// The split build's loader (`split-<hash>.js`), rewritten by the post-build step
// `splitChunks` (tools/split-chunks.mjs): modules are taken from section packs, the pack of
// the page the address shows is opened as the loader starts, and the loader's tables are
// written short (every first load reads it).
import { styleLoader } from "./section-styles.mjs";
import { failing } from "./staged-files.mjs";

const fail = failing("split-chunks");

/** PACK_OF's source: the sections' names and the packs' one hash when their names follow
 * from them (−0.1 KB brotli on every route against the names in full), else the names. */
function packTable(packOf) {
  const hashes = new Set(Object.entries(packOf).map(([s, p]) => p.match(`^split_${s}-pack-([0-9a-f]+)\\.wasm$`)?.[1]));
  const [hash] = hashes;
  if (hashes.size !== 1 || !hash) return JSON.stringify(packOf);
  return `Object.fromEntries("${Object.keys(packOf).join(" ")}".split(" ").map((s) => [s, \`split_\${s}-pack-${hash}.wasm\`]))`;
}

/**
 * The loader, changed so that loading a page's module opens its pack first, and every module
 * is taken from an open pack when one holds it, else fetched on its own: a module another
 * page already loaded is not loaded again, and when the pack cannot be fetched (offline: the
 * service worker keeps the modules, not the packs) each module is fetched as before. The pack
 * of the page the address shows (`addresses`: addresses.json) is opened as the loader starts.
 */
export function withPacks(loader, packOf, styleOf, addresses) {
  const helpers = `
// Folio: section packs (tools/split-chunks.mjs). PACK_OF: section -> its pack.
const PACK_OF = ${packTable(packOf)};
${styleLoader(styleOf)}const openPacks = new Map();
function openPack(pack) {
  if (openPacks.has(pack)) return;
  const read = fetch(new URL("./" + pack, import.meta.url))
    .then((r) => {
      if (!r.ok) throw new Error(pack + ": " + r.status);
      return r.arrayBuffer();
    })
    .then((buffer) => {
      const size = new DataView(buffer).getUint32(0, true);
      const lines = new TextDecoder().decode(new Uint8Array(buffer, 4, size)).split("\\n");
      const table = new Map();
      let at = 4 + size;
      for (const line of lines) {
        const [stem, length] = line.split(" ");
        table.set(stem, [at, Number(length)]);
        at += Number(length);
      }
      return { buffer, table };
    });
  read.catch(() => {});
  openPacks.set(pack, read);
}
// The pack of the page the address shows (Connect's when it needs a key and the tab holds
// none, as \`sections::start_page_of_address\` decides), opened while the main module downloads.
{
  const at = ${JSON.stringify(addresses.at)};
  // A listed \`*\` segment stands for any one (\`/assets/*\`: folio_routes::wildcard_of).
  const [section, needsKey] = at[location.pathname] ?? at[location.pathname.replace(/\\/[^/]+$/, "/*")] ?? [];
  const keyed = (() => { try { return !!sessionStorage.getItem(${JSON.stringify(addresses.key)}); } catch { return false; } })();
  const pack = section && PACK_OF[needsKey && !keyed ? "connect" : section];
  if (pack) openPack(pack);
}
async function moduleBytes(name) {
  const stem = name.replace(/-[0-9a-f]{16}\\.wasm$/, "");
  for (const read of [...openPacks.values()]) {
    try {
      const { buffer, table } = await read;
      const at = table.get(stem);
      if (at) return new Uint8Array(buffer, at[0], at[1]);
    } catch {
      // this pack did not arrive: the module is fetched on its own below
    }
  }
  return fetch(new URL("./" + name, import.meta.url));
}
// A module is compiled as soon as its bytes are in, by the browser's background compiler,
// off the page's thread: a page's own module compiles while its chunks do, and is only
// instantiated once they are (bench paint, from the portfolio's pack arriving to its next
// request, median 42 -> 38 ms warm and 234 -> 218 ms with a 4x slower CPU). On a slow CPU the
// page's thread stays free to build the page meanwhile (the portfolio painted in 464 ms
// instead of 512-559 ms when the small modules were compiled at once on the page's thread).
function fetchModule(name) {
  return moduleBytes(name).then((got) =>
    got instanceof Uint8Array ? WebAssembly.compile(got) : WebAssembly.compileStreaming(got),
  );
}
async function instantiateModule(compiled, imports) {
  return WebAssembly.instantiate(await compiled, imports);
}
const C = [];
function numbers(spec) {
  const out = [];
  for (const run of spec.split(",")) {
    const [first, last] = run.split("-").map(Number);
    for (let n = first; n <= (last ?? first); n++) out.push(n);
  }
  return out;
}
function chunks(spec) {
  return numbers(spec).map((n) => C[n]);
}
function chunk(name) {
  return makeLoad(() => {
    const src = fetchModule(name);
    src.catch(() => {});
    return async (imports) => instantiateModule(src, imports);
  }, []);
}
globalThis.__folioPrefetchSection = (section) => {
  const pack = PACK_OF[section];
  if (!pack) return false;
  fetch(new URL("./" + pack, import.meta.url), { priority: "low" })
    .then((r) => r.arrayBuffer())
    .catch(() => {});
  return true;
};
`;
  const header = loader.indexOf("\n") + 1;
  let out = loader.slice(0, header) + helpers + loader.slice(header);
  const before = out;
  out = out.replace(
    "function makeLoad(fetcher, deps) {\n    const loader = async () => {\n",
    "function makeLoad(fetcher, deps, pack) {\n    const loader = async () => {\n        if (pack) openPack(pack);\n        const styled = pack && styleOf(pack);\n",
  );
  if (out === before) fail("the loader's makeLoad is not the one split-chunks knows");
  // A pack is read once: dropped when its page's load ends, whatever the outcome.
  out = out.replace(
    "        const imports = getSharedImports();\n        return instantiate(imports);\n",
    "        const imports = getSharedImports();\n        await styled;\n        try {\n            return await instantiate(imports);\n        } finally {\n            if (pack) openPacks.delete(pack);\n        }\n",
  );
  if (!out.includes("openPacks.delete(pack)")) fail("the loader's instantiate step is not the one split-chunks knows");
  const fetches = out.match(/fetch\(new URL\("\.\/([^"]+\.wasm)", import\.meta\.url\)\)/g) || [];
  out = out.replace(/fetch\(new URL\("\.\/([^"]+\.wasm)", import\.meta\.url\)\)/g, 'fetchModule("$1")');
  if (fetches.length === 0) fail("the loader fetches no module");
  const streaming = "return async (imports) => (WebAssembly.instantiateStreaming(src, imports));";
  if (out.split(streaming).length - 1 !== fetches.length) fail("the loader instantiates modules in a way split-chunks does not know");
  out = out.replaceAll(streaming, "return async (imports) => instantiateModule(src, imports);");
  // A smaller loader (every first load reads it): the lists of sections over each chunk are
  // comments, a chunk's load function is one call of `chunk(name)` kept in `C[number]`, and a
  // section names its chunks as runs of numbers (together −2.7 KB brotli on every route).
  out = out.replace(/^\/\* [^\n]*\*\/\n/gm, "");
  const chunkLoad = /const (__chunk_(\d+)) = makeLoad\(\(\) => \{\n    const src = fetchModule\("([^"]+)"\);\n    src\.catch\(\(\) => \{\}\);\n    return async \(imports\) => instantiateModule\(src, imports\);\n\}\n, \[\]\);/g;
  out = out.replace(chunkLoad, 'C[$2] = chunk("$3");');
  for (const [section, pack] of Object.entries(packOf)) {
    const re = new RegExp(`(export const __wasm_split_load_${section} = wrapAsyncCb\\(makeLoad\\([\\s\\S]*?\\])\\)\\);`);
    if (!re.test(out)) fail(`the loader has no load function for section ${section}`);
    out = out.replace(re, `$1, ${JSON.stringify(pack)}));`);
  }
  // A section's chunks as runs of numbers (`chunks("23-39,41")`) instead of a list of names.
  out = out.replace(/\[(__chunk_\d+(?:, __chunk_\d+)*)\]/g, (_, list) =>
    `chunks("${runsOf(list.split(", ").map((name) => Number(name.slice("__chunk_".length))))}")`,
  );
  // Every chunk's `C[n] = chunk("chunk_n-<hash>.wasm");` as one loop over runs of numbers
  // (the chunks of one build share its hash): about 1.5 KB brotli off every first load.
  const chunkLine = /^C\[(\d+)\] = chunk\("chunk_(\d+)-([0-9a-f]+)\.wasm"\);\n/gm;
  const lines = [...out.matchAll(chunkLine)];
  const hashes = new Set(lines.map((m) => m[3]));
  if (lines.length > 0 && hashes.size === 1 && lines.every((m) => m[1] === m[2])) {
    const [hash] = hashes;
    const at = out.indexOf(lines[0][0]);
    out = out.replace(chunkLine, "");
    const loop = `for (const n of numbers("${runsOf(lines.map((m) => Number(m[1])).sort((a, b) => a - b))}")) C[n] = chunk(\`chunk_\${n}-${hash}.wasm\`);\n`;
    out = out.slice(0, at) + loop + out.slice(at);
  }
  // Every section's load function as one call of `section(name, chunks, pack)` (the module's
  // name follows from the section's, with the build's hash): about 0.5 KB brotli off every
  // first load.
  const sectionLoad = /^export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(\(\) => \{\n    const src = fetchModule\("split_(\w+)-([0-9a-f]+)\.wasm"\);\n    src\.catch\(\(\) => \{\}\);\n    return async \(imports\) => instantiateModule\(src, imports\);\n\}\n, chunks\("([0-9,-]*)"\)(?:, ("[^"]+"))?\)\);$/gm;
  const sections = [...out.matchAll(sectionLoad)];
  const sectionHashes = new Set(sections.map((m) => m[3]));
  if (sections.length > 0 && sectionHashes.size === 1 && sections.every((m) => m[1] === m[2])) {
    const [hash] = sectionHashes;
    // Each section's pack is PACK_OF's (every section has one): not named again here.
    out = out.replace(sectionLoad, (_, name, _same, _hash, spec, pack) => {
      if (pack !== JSON.stringify(packOf[name])) fail(`section ${name}'s pack is not PACK_OF's`);
      return `export const __wasm_split_load_${name} = section("${name}", "${spec}");`;
    });
    out = out.replace(
      "const C = [];",
      `const C = [];\nfunction section(name, spec) {\n  return wrapAsyncCb(makeLoad(() => {\n    const src = fetchModule(\`split_\${name}-${hash}.wasm\`);\n    src.catch(() => {});\n    return async (imports) => instantiateModule(src, imports);\n  }, chunks(spec), PACK_OF[name]));\n}`,
    );
  }
  if (out.includes("__chunk_")) fail("the loader names chunks in a way split-chunks does not know");
  return out;
}

/** `[1,2,3,5]` as runs: `"1-3,5"`. */
function runsOf(sorted) {
  const runs = [];
  let first = sorted[0];
  let last = first;
  for (const n of sorted.slice(1)) {
    if (n === last + 1) {
      last = n;
      continue;
    }
    runs.push(first === last ? `${first}` : `${first}-${last}`);
    first = last = n;
  }
  runs.push(first === last ? `${first}` : `${first}-${last}`);
  return runs.join(",");
}
