// Trunk post_build hook (after one-stylesheet.mjs, before sw-precache.mjs): the scripts
// shipped as written (register-sw.js, in every first load, and sw.js, copied from public/;
// the split build's loader, `split-<hash>.js`, in every first load, written by
// tools/split-chunks.mjs) lose their whole-line `//` comments and blank lines. Their
// comments are for the people reading the sources; shipped, they were most of
// register-sw.js (about 0.4 KB brotli on every route) and 0.3 KB of the loader's brotli.
// Only lines that are a comment from their first non-blank character are dropped: code, and
// any `//` inside it (strings, URLs), stays as written.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stagingDir } from "./staged-files.mjs";

const staging = stagingDir("plain-scripts");
const loaders = readdirSync(staging).filter((name) => /^split-[0-9a-f]{16}\.js$/.test(name));
for (const name of ["register-sw.js", "sw.js", ...loaders]) {
  const path = join(staging, name);
  const source = readFileSync(path, "utf8");
  const kept = source.split("\n").filter((line) => {
    const text = line.trim();
    return text !== "" && !text.startsWith("//");
  });
  writeFileSync(path, kept.join("\n") + "\n");
  console.log(`plain-scripts: ${name} ${source.length} -> ${kept.join("\n").length + 1} bytes`);
}
