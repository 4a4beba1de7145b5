// What the post-build steps (tools/post-build.mjs) share: the staging dir Trunk hands its
// hook (fails when not run through Trunk), how a step fails the build, and the staged files.
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The staging dir Trunk hands its hooks; exits with a message naming `hook` otherwise. */
export function stagingDir(hook) {
  const staging = process.env.TRUNK_STAGING_DIR;
  if (!staging) {
    console.error(`${hook}: TRUNK_STAGING_DIR is not set (run through trunk)`);
    process.exit(1);
  }
  return staging;
}

/** A step's reason to stop the build: post-build.mjs prints the message and exits with 1. */
export class StepFailed extends Error {}

/** A function that fails the build with `<step>: <message>`. */
export const failing = (step) => (message) => {
  throw new StepFailed(`${step}: ${message}`);
};

/** Whether `name` is the app's JS glue, `folio-<hash>.js` (wasm-bindgen's, named by Trunk). */
export const isGlue = (name) => /^folio-[0-9a-f]+\.js$/.test(name);

/** Whether `name` is the app's main module, `folio-<hash>_bg.wasm`. */
export const isMainModule = (name) => /^folio-[0-9a-f]+_bg\.wasm$/.test(name);

/** Every file below `dir`, as paths. */
export function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/**
 * The digest of the build's `integrity` attributes: index.html asks Trunk for it
 * (`data-integrity="sha256"` on the rust link), the hooks write it. SHA-256 rather than
 * Trunk's default SHA-384: its text is 20 characters shorter, and base64 digests do not
 * compress, so −16 B brotli per attribute on every first load.
 */
export const INTEGRITY = "sha256";

/** The `integrity` value of `bytes`. */
export const integrityOf = (bytes) =>
  `${INTEGRITY}-${createHash(INTEGRITY).update(bytes).digest("base64")}`;

/**
 * `html` with every `integrity` attribute that named `before` naming `after`, for a hook
 * that changed a file Trunk had already hashed.
 */
export function withNewIntegrity(html, before, after) {
  return html.replaceAll(`integrity="${integrityOf(before)}"`, `integrity="${integrityOf(after)}"`);
}

/** The features rustc's wasm32 target enables, for wasm-opt (split modules carry no
 *  features section, and the main module's is stripped). */
export const WASM_OPT_FEATURES = [
  "--enable-bulk-memory",
  "--enable-nontrapping-float-to-int",
  "--enable-sign-ext",
  "--enable-mutable-globals",
  "--enable-reference-types",
  "--enable-multivalue",
];

/** What wasm-opt may assume of the app's memory: nothing reads or writes its lowest 1 KiB
 *  (rustc puts the stack first, from 1 MiB down; the split step checks that layout,
 *  `xtask/src/build/low_memory.rs`). Lets it fold constant addresses into load and store
 *  offsets: −0.4 KB brotli on the main module, −0.45 KB on the operations pack. */
export const LAYOUT = ["--low-memory-unused"];

/** Custom sections no browser reads (about 150 B brotli per module, over 10 KB per route). */
export const STRIP = ["--strip-target-features", "--strip-producers"];
