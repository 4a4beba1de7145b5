// Post-build step `precompress` (last; tools/post-build.mjs): writes `<file>.br` (brotli,
// quality 11) and `<file>.gz` (gzip -9) beside every text or wasm file of the staged build, so
// a static host (and the sandbox) can send the smallest encoding the browser accepts without
// compressing on each request. Node's own zlib does the work: nothing is downloaded.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { readFileSync, writeFileSync } from "node:fs";
import { files } from "./staged-files.mjs";

const EXTENSIONS = [".wasm", ".js", ".css", ".html", ".json", ".webmanifest", ".svg", ".txt"];

/** Writes the .br and .gz copies of every compressible staged file. */
export function precompress({ staging }) {
  let count = 0;
  for (const path of files(staging)) {
    if (!EXTENSIONS.some((ext) => path.endsWith(ext))) continue;
    const data = readFileSync(path);
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    count += 1;
  }
  console.log(`precompress: ${count} file(s) written as .br and .gz`);
}
