// Trunk's post_build hook (Trunk.toml: `node tools/post-build.mjs`): every step that turns the
// build Trunk staged into the one that ships, in one process and in one order. Each step is a
// function in a file of its own (tools/<step>.mjs) taking the same context:
// - `staging`: the staging dir Trunk hands its hooks (TRUNK_STAGING_DIR; the script refuses
//   to run without it);
// - `splitDir`: the split step's output (FOLIO_SPLIT_DIR, set by `cargo xtask`'s release build:
//   xtask/src/shell.rs `trunk_release_build`); unset (`trunk serve`, a plain `trunk build`),
//   the build is not split and `splitChunks` only writes the build id.
// A step fails the build by throwing `StepFailed` (tools/staged-files.mjs): its message is
// printed and the script exits with 1, so Trunk stops and nothing half-done is served.
//
// The order, and why (each step reads what the ones before it wrote):
// 1. joinLocales: German's catalogue (locales/de/*.json) joined into locales/de.txt. It needs
//    nothing else; first, so the file exists when the steps that list and compress files run.
// 2. splitChunks: the build id (build.json and <meta name="folio-build">, the id being the
//    hash Trunk gave the JS glue) and, in the split build, the sections' modules, their packs,
//    sections.json and their loader (`split-<hash>.js`, named in the glue as written). Before
//    smallScripts, which minifies that loader, and before every step that reads build.json.
// 3. shortImports: the main wasm's imports from its JS glue get short names in both files. It
//    finds the glue's keys by wasm-bindgen's layout (one key per line), so before smallScripts
//    minifies the glue; it recomputes the two files' `integrity` attributes.
// 4. mainAgain: the main module through wasm-opt -Oz a second time (split builds); after
//    shortImports, which rewrites its import section, and before precompress.
// 5. oneStylesheet: the stylesheets joined into one minified file and one <link>; before the
//    steps that list (swPrecache) and compress (precompress) the build's files.
// 6. smallScripts: the JS glue (through the Trusted Types policy, tools/trusted-html.mjs), the
//    split loader and register-sw.js minified with terser, their `integrity` recomputed;
//    sw.js only loses its comment lines, because swPrecache fills its markers after this.
// 7. cspHashes: the sha256 of every inline <script> into the Content-Security-Policy, once no
//    step changes an inline script any more (swPrecache after it only rewrites href/src).
// 8. swPrecache: the build id and the list of the build's files into sw.js, unhashed names
//    keyed by the build in index.html; after every step that adds, renames or removes a file.
// 9. precompress: the .br and .gz copies of every file; last, as every file is final by then.
import { cspHashes } from "./csp-hashes.mjs";
import { joinLocales } from "./join-locales.mjs";
import { mainAgain } from "./main-again.mjs";
import { oneStylesheet } from "./one-stylesheet.mjs";
import { precompress } from "./precompress.mjs";
import { shortImports } from "./short-imports.mjs";
import { smallScripts } from "./small-scripts.mjs";
import { splitChunks } from "./split-chunks.mjs";
import { StepFailed, stagingDir } from "./staged-files.mjs";
import { swPrecache } from "./sw-precache.mjs";

const STEPS = [joinLocales, splitChunks, shortImports, mainAgain, oneStylesheet, smallScripts, cspHashes, swPrecache, precompress];

const context = {
  staging: stagingDir("post-build"),
  splitDir: process.env.FOLIO_SPLIT_DIR || undefined,
};
try {
  for (const step of STEPS) await step(context);
} catch (error) {
  if (!(error instanceof StepFailed)) throw error;
  console.error(error.message);
  process.exit(1);
}
