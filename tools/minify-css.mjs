// What the stylesheet steps share: CSS minified by lightningcss (the minifier Trunk itself
// uses; pinned in package.json) with no browser targets, so nothing is prefixed or lowered,
// only written shorter. A warning or an error from it fails the build.
import { transform } from "lightningcss";
import { failing } from "./staged-files.mjs";

const fail = failing("minify-css");

/** `css` minified (`filename` names it in messages); its warnings fail the build. */
export function minifyCss(filename, css) {
  let result;
  try {
    result = transform({ filename, code: Buffer.from(css), minify: true });
  } catch (error) {
    fail(`lightningcss cannot read ${filename}: ${error.message}`);
  }
  if (result.warnings.length > 0) fail(`lightningcss, ${filename}: ${result.warnings.map((w) => w.message).join("; ")}`);
  return `${result.code.toString()}\n`;
}
