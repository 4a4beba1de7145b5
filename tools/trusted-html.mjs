// Trusted Types for the JS glue (called by small-scripts.mjs on `folio-<hash>.js` before it
// is minified). The page's CSP requires Trusted Types for scripts (`require-trusted-types-for
// 'script'`), so the browser refuses a plain string assigned to a markup sink.
//
// The app itself assigns no markup (the shortcuts' list is built element by element), but
// Leptos does: a `view!` element without a dynamic part becomes static markup, parsed once
// through a <template> (tachys `Dom::create_element_from_html`, `innerHTML`). wasm-bindgen
// writes that assignment in the glue as `<element>.innerHTML = <string>;`. Here each such
// assignment gets its string through the `folio` policy (the CSP's `trusted-types folio
// folio-sw`), which lets markup through only when nothing in it can run script:
// no element that runs or loads script or another document (script, iframe, object, embed,
// base, meta, link, style, SVG's foreignObject, animate, set, use…), no event-handler
// attribute (`on…=`), no `srcdoc`, and no URL attribute with a scheme other than https, http,
// mailto or tel (nor a character reference where the scheme would be). Anything else throws
// where it is assigned, naming the markup. (A check, not a sanitizer: Leptos's static markup
// passes it unchanged; markup that fails it was never meant to reach a sink.)
//
// The build fails when the glue writes markup some other way (outerHTML, insertAdjacentHTML,
// document.write, …) or builds script (eval, new Function): those sinks would otherwise be
// refused by the browser only when reached, in front of a person.

/** Sinks the glue must not use: each would need its own policy. */
const OTHER_SINKS = [
  /\.outerHTML\s*=/,
  /\binsertAdjacentHTML\b/,
  /\bsetHTMLUnsafe\b/,
  /\bcreateContextualFragment\b/,
  /\bparseFromString\b/,
  /\bdocument\.write(ln)?\s*\(/,
  /\.srcdoc\s*=/,
  /\bnew Function\s*\(/,
  /(^|[^\w$.])eval\s*\(/,
  /\bimportScripts\s*\(/,
  /\bnew (Shared)?Worker\s*\(/,
];

/** An `innerHTML` assignment as wasm-bindgen writes it: `target.innerHTML = value;`. */
const ASSIGNMENT = /([\w$]+)\.innerHTML\s*=\s*([^;\n]+);/g;

/** The policy and its check, put at the top of the glue (an ES module). */
const POLICY = String.raw`// Trusted Types: the markup Leptos assigns (its static templates) passes the 'folio' policy,
// which refuses markup that could run script (tools/trusted-html.mjs).
const __folioHtml = (() => {
  const banned = /<\s*(script|i?frame|frameset|object|embed|applet|base|meta|link|style|portal|noscript|foreignobject|animate\w*|set|use|handler)\b/i;
  const handler = /(^|[\s"'/])on[a-z-]*\s*=/i;
  const url = /(^|[\s"'/])(href|xlink:href|src|action|formaction|poster|background|ping|srcdoc)\s*=\s*["']?([^"'>]*)/gi;
  // The whole markup is searched (not tag by tag): a ">" inside a quoted value cannot hide
  // what follows it. A URL's scheme, if any, comes before its first / ? or #: a character
  // reference or any other oddity there (which a browser may decode or drop) is refused.
  const refused = (html) => {
    if (banned.test(html) || handler.test(html)) return true;
    for (const [, , attribute, value] of html.matchAll(url)) {
      const head = value.split(/[/?#]/)[0];
      const colon = head.indexOf(":");
      if (/srcdoc/i.test(attribute) || head.includes("&")) return true;
      if (colon >= 0 && !/^(https?|mailto|tel)$/i.test(head.slice(0, colon).trim())) return true;
    }
    return false;
  };
  const check = (html) => {
    if (refused(html)) throw new TypeError("folio: markup refused: " + html.slice(0, 80));
    return html;
  };
  const policy = globalThis.trustedTypes ? globalThis.trustedTypes.createPolicy("folio", { createHTML: check }) : null;
  return (html) => (policy ? policy.createHTML(html) : check(html));
})();
`;

/**
 * `glue` with every `innerHTML` assignment passed through the `folio` policy (and the policy
 * defined at its top when there is one); throws when the glue uses another sink or an
 * `innerHTML` this reader does not recognise.
 */
export function trustedHtml(glue) {
  for (const sink of OTHER_SINKS) {
    if (sink.test(glue)) {
      throw new Error(`the JS glue uses a Trusted Types sink without a policy: ${sink}`);
    }
  }
  let count = 0;
  const out = glue.replace(ASSIGNMENT, (_, target, value) => {
    count += 1;
    return `${target}.innerHTML = __folioHtml(${value});`;
  });
  const assigned = (out.match(/\binnerHTML\b/g) || []).length;
  if (assigned !== count) {
    throw new Error(`the JS glue names innerHTML ${assigned} times, ${count} of them assignments this reader knows`);
  }
  return count === 0 ? out : POLICY + out;
}
