// The MDN HTTP Observatory's own tests and grader (npm @mdn/mdn-http-observatory, pinned in
// package-lock.json, installed by `cargo xtask setup`) against a server on this machine:
//
//   NODE_EXTRA_CA_CERTS=cert.pem node tools/observatory.mjs HOST HTTP_PORT HTTPS_PORT
//
// It does what the package's `scan()` does (retrieve, run every test, grade with the same
// extra-credit rule), but keeps the ports: `scan()` passes only the hostname to the retriever,
// so it can only scan ports 80 and 443. Prints each test's result, then the grade and score,
// then one line `observatory-json {...}` for a program to read. Exits 0 when the scan ran,
// whatever the grade (the caller decides what grade it requires), 1 when it could not run.
//
// Offline: the package's install script (skipped: `npm ci --ignore-scripts`) would download
// Chromium's HSTS preload list into conf/hsts-preload.json; setup writes `{}` there instead
// (nothing on this machine is preloaded, which is the truth for a test host).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const [host, httpPort, httpsPort] = process.argv.slice(2);
if (!host || !httpPort || !httpsPort) {
  console.error("usage: node tools/observatory.mjs HOST HTTP_PORT HTTPS_PORT");
  process.exit(2);
}

const require = createRequire(import.meta.url);
let root;
try {
  root = dirname(require.resolve("@mdn/mdn-http-observatory/package.json"));
} catch {
  console.error("observatory: @mdn/mdn-http-observatory is not installed (run `cargo xtask setup`)");
  process.exit(1);
}
if (!existsSync(join(root, "conf", "hsts-preload.json"))) {
  console.error("observatory: conf/hsts-preload.json is missing (run `cargo xtask setup`)");
  process.exit(1);
}
const load = (path) => import(join(root, "src", path));
const { retrieve } = await load("retriever/retriever.js");
const { ALL_TESTS, NUM_TESTS, ALGORITHM_VERSION } = await load("constants.js");
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await load("grader/charts.js");
const { getGradeForScore, getScoreDescription, getScoreModifier } = await load("grader/grader.js");

const requests = await retrieve(host, { httpPort, httpsPort });
const auto = requests.responses.auto;
if (!auto) {
  console.error(`observatory: ${host} (http ${httpPort}, https ${httpsPort}) cannot be reached`);
  process.exit(1);
}

// As scan() does: 2xx, 3xx, 401 and 403 are graded, any other status is an error.
if (auto.status < 200 || (auto.status >= 400 && ![401, 403].includes(auto.status))) {
  console.error(`observatory: ${host} answered ${auto.status}, which the Observatory does not grade`);
  process.exit(1);
}

// As scan() does: every test, the sum of their modifiers, extra credit only for an A or above.
let passed = 0;
let withExtraCredit = 100;
let uncurved = 100;
const tests = ALL_TESTS.map((test) => {
  const output = test(requests);
  const modifier = output.result ? getScoreModifier(output.result) : 0;
  passed += output.pass ? 1 : 0;
  withExtraCredit += modifier;
  if (modifier < 0) uncurved += modifier;
  const description = output.result
    ? getScoreDescription(output.result).replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim()
    : "";
  return {
    name: output.constructor.name,
    pass: Boolean(output.pass),
    result: output.result,
    modifier,
    description,
  };
});
const { grade, score } = getGradeForScore(
  uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved,
);

const where = `https://${host}:${httpsPort}/ (http on ${httpPort})`;
console.log(`MDN HTTP Observatory (algorithm ${ALGORITHM_VERSION}) on ${where}, status ${auto.status}:`);
for (const t of tests) {
  const sign = t.modifier > 0 ? "+" : "";
  console.log(
    `  ${t.pass ? "pass" : "FAIL"}  ${t.name.padEnd(30)} ${`${sign}${t.modifier}`.padStart(4)}  ${t.result}: ${t.description}`,
  );
}
console.log(`  grade ${grade}, score ${score} (${passed} of ${NUM_TESTS} tests passed)`);
console.log(`observatory-json ${JSON.stringify({ grade, score, passed, total: NUM_TESTS, tests })}`);
