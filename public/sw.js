// Folio service worker: keeps one build of the app (shell and every section module) on the
// device, so the installed app opens offline and never mixes files of two builds.
//
// - Install: caches every file of this build (the list below, written by
//   tools/sw-precache.mjs) in a cache named after the build; if one file fails, the install
//   fails and the previous worker stays (never half a build).
// - A newer build's worker installs in the background and waits: the page offers "Reload"
//   and posts "take-over" when the person chooses it (public/register-sw.js).
// - Activate: deletes the caches of other builds (old files are pruned).
// - Navigations: network first; offline, this build's index.html. The network answer is not
//   stored: the cached page always belongs to the cached files.
// - This build's files: from the cache. A file named by content hash is the same in every
//   build; any other (/locales/de.txt, /register-sw.js, the manifests, the icons) is listed
//   and asked for as `<path>?build=<id>` (tools/sw-precache.mjs), so a worker of an older
//   build never answers a newer page with its own copy: it does not know that address.
// - Anything else (another build's files, build.json, the section packs, unknown paths):
//   network only.
// - Never cached: API paths (/public/, /legacy/, /exchange/, /sandbox/), other origins, any
//   request carrying an x-api-key or Authorization header, and anything that is not a plain
//   GET.
const BUILD = /*FOLIO_BUILD*/ "dev" /*END*/;
const PRECACHE = /*FOLIO_PRECACHE*/ [] /*END*/;
const CACHE = `folio-build-${BUILD}`;
const SHELL = "/index.html";
const API_PREFIXES = ["/public/", "/legacy/", "/exchange/", "/sandbox/"];
const OWN = new Set(PRECACHE);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // "no-cache": a file the page has just loaded is confirmed with the server (a 304, no
      // body) rather than downloaded again; anything changed comes whole.
      .then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" }))))
      // The first worker takes over at once; a newer one waits until the person chooses
      // "Reload" in the page (register-sw.js), so open pages keep their build.
      .then(() => (self.registration.active ? undefined : self.skipWaiting())),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

function cacheable(request) {
  if (request.method !== "GET") return false;
  if (request.headers.has("x-api-key") || request.headers.has("authorization")) return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  if (API_PREFIXES.some((p) => url.pathname.startsWith(p))) return false;
  return true;
}

async function networkFirstShell(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(SHELL);
    if (cached) return cached;
    throw err;
  }
}

async function fromThisBuild(request, path) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(path);
  return cached || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!cacheable(request)) return; // the browser handles it; nothing is stored
  if (request.mode === "navigate") {
    event.respondWith(networkFirstShell(request));
    return;
  }
  const url = new URL(request.url);
  const path = url.pathname + url.search;
  if (OWN.has(path)) event.respondWith(fromThisBuild(request, path));
});
