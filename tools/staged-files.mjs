// The staged build's files for Trunk's post_build hooks: the staging dir (fails when the hook
// is not run through Trunk) and every file below it.
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
 * `html` with every `integrity` attribute that named `before` (sha384, as Trunk writes them)
 * naming `after`, for a hook that changed a file Trunk had already hashed.
 */
export function withNewIntegrity(html, before, after) {
  const sha384 = (bytes) => `sha384-${createHash("sha384").update(bytes).digest("base64")}`;
  return html.replaceAll(`integrity="${sha384(before)}"`, `integrity="${sha384(after)}"`);
}
