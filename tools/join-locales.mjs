// Trunk post_build hook (first): joins German's catalogue, kept as one file per part of the
// app under locales/de/, into the one file the app fetches when German is chosen
// (/locales/de.json). An English text given two different German translations fails the build
// (the unit test in src/i18n/coverage.rs says which).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stagingDir } from "./staged-files.mjs";

const staging = stagingDir("join-locales");
const sources = "locales/de";
const joined = {};
for (const name of readdirSync(sources).filter((n) => n.endsWith(".json")).sort()) {
  const entries = JSON.parse(readFileSync(join(sources, name), "utf8"));
  for (const [english, german] of Object.entries(entries)) {
    if (english in joined && joined[english] !== german) {
      console.error(`join-locales: "${english}" has two translations (${name})`);
      process.exit(1);
    }
    joined[english] = german;
  }
}
mkdirSync(join(staging, "locales"), { recursive: true });
writeFileSync(join(staging, "locales", "de.json"), JSON.stringify(joined));
console.log(`join-locales: ${Object.keys(joined).length} German entries`);
