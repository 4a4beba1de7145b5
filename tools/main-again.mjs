// Post-build step `mainAgain` (fourth, after shortImports; tools/post-build.mjs): the main
// module through `wasm-opt -Oz` once more.
//
// Trunk optimises the main module once, as wasm-bindgen left it; a second -Oz finds more to
// fold (measured: −0.5 KB raw, −0.4 KB brotli on every first load, in 4 s), and this pass
// also knows the memory layout (`LAYOUT`: −0.4 KB brotli more). It is the same
// pass as Trunk's, so what the split modules rely on holds after it as after the first: the
// exports they import by name, the exported table and memory. The `integrity` attribute
// index.html holds for the module is recomputed.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { failing, isMainModule, LAYOUT, STRIP, WASM_OPT_FEATURES, withNewIntegrity } from "./staged-files.mjs";

const fail = failing("main-again");

/** Optimises the staged main module again (wasm-opt from PATH: npm binaryen, as Trunk's). */
export function mainAgain({ staging, splitDir }) {
  if (!splitDir) return; // `trunk serve` and plain builds: one pass is enough there.
  const wasmName = readdirSync(staging).find(isMainModule);
  if (!wasmName) fail("no folio-<hash>_bg.wasm in the staged build");
  const path = join(staging, wasmName);
  const before = readFileSync(path);
  try {
    execFileSync("wasm-opt", ["-Oz", ...WASM_OPT_FEATURES, ...LAYOUT, ...STRIP, path, "-o", path], { stdio: "pipe" });
  } catch (e) {
    fail(`wasm-opt: ${e.stderr?.toString() || e.message}`);
  }
  const after = readFileSync(path);
  const indexPath = join(staging, "index.html");
  writeFileSync(indexPath, withNewIntegrity(readFileSync(indexPath, "utf8"), before, after));
  console.log(`main-again: ${before.length} -> ${after.length} B`);
}
