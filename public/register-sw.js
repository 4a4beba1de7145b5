// Says so when the app could not start (see notStarted). Registers the service worker (it
// keeps the app's own files, never API answers) and tells the app, through events on
// `window` and the flags of `window.__folio`, when:
// - a new version of Folio is installed and waiting: `folio-update-ready` (`updateReady`);
//   `__folio.update()` lets it take over, then reloads the page once;
// - the browser offers to install Folio: `folio-install-ready` (`installReady`);
//   `__folio.install()` shows the browser's own prompt; `folio-installed` once it is.
// The page never switches builds under the person's feet: a newer worker waits for them.
(() => {
  const folio = (window.__folio = { updateReady: false, installReady: false });
  const tell = (name) => window.dispatchEvent(new Event(name));

  let offer = null;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // shown from Folio's own button instead
    offer = event;
    folio.installReady = true;
    tell("folio-install-ready");
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    folio.installReady = false;
    tell("folio-installed");
  });
  folio.install = () => {
    if (!offer) return;
    const shown = offer;
    offer = null;
    folio.installReady = false;
    shown.prompt();
  };

  // Before the app mounts, an uncaught error means it did not start: show index.html's
  // message (ARCHITECTURE.md, "What the first seconds look like"). This script is deferred,
  // so the app's module may fail before it runs (its wasm answered 503 sooner than this file
  // arrived): index.html's first script notes any error until then in `__folioFailed`.
  const notStarted = () => {
    const failed = document.querySelector(".start-screen .start-failed");
    if (!failed || !failed.hidden) return;
    failed.parentElement.removeAttribute("aria-hidden");
    failed.hidden = false;
    failed.querySelector("button").onclick = () => location.reload();
  };
  window.onerror = window.onunhandledrejection = notStarted;
  if (window.__folioFailed) notStarted();

  if (!("serviceWorker" in navigator)) return;
  let waiting = null;
  const ready = (worker) => {
    waiting = worker;
    folio.updateReady = true;
    tell("folio-update-ready");
  };
  folio.update = () => {
    if (!waiting) return;
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    waiting.postMessage("take-over");
  };
  const watch = (registration) => {
    // Only a worker replacing one that controls this page is an update (not the first one).
    if (registration.waiting && navigator.serviceWorker.controller) ready(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const next = registration.installing;
      if (!next) return;
      next.addEventListener("statechange", () => {
        if (next.state === "installed" && navigator.serviceWorker.controller) ready(next);
      });
    });
    // An app left open looks for a new version when it comes back and every 30 minutes.
    const check = () => registration.update().catch(() => {});
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") check();
    });
    setInterval(check, 30 * 60 * 1000);
  };
  // The page requires Trusted Types (`require-trusted-types-for 'script'` in its CSP): a
  // worker's address is a script URL, so it passes through a policy the CSP names
  // (`trusted-types folio folio-sw`; `folio` is the app's markup, tools/trusted-html.mjs),
  // which vouches for this one address and nothing else.
  const workerUrl = () => {
    if (!window.trustedTypes) return "/sw.js";
    const policy = trustedTypes.createPolicy("folio-sw", {
      createScriptURL: (url) => {
        if (url !== "/sw.js") throw new TypeError(`folio: not a script of Folio: ${url}`);
        return url;
      },
    });
    return policy.createScriptURL("/sw.js");
  };
  // The worker's install downloads the whole build (every section's modules, about 1.1 MB
  // brotli). Registered at `load`, that download shared the network with the first page's
  // own pack and reads: on a link held to 1.6 Mbit/s, the portfolio painted in 2.3-3.3 s
  // (4 cold loads) against 2.1-2.3 s registered later. So it waits as the sections'
  // prefetch does (`SETTLE_MS` in src/sections/ahead.rs): 3 s after `load`, then an idle moment.
  const register = () =>
    Promise.resolve()
      .then(workerUrl)
      .then((url) => navigator.serviceWorker.register(url))
      .then(watch)
      .catch(() => {
        // Offline support is a bonus; the app works without it.
      });
  const whenIdle = (run) =>
    "requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 5000 }) : run();
  window.addEventListener("load", () => setTimeout(() => whenIdle(register), 3000));
})();
