// Folio service worker: caches the app shell only, so the installed app opens offline.
//
// - Navigations: network first; when offline, the cached index.html.
// - Same-origin GET of static files (.js .wasm .css .png .svg .webmanifest): cache first
//   when Trunk put a content hash in the name (folio-<hash>.js …), otherwise network first
//   with the cached copy as the offline fallback (register-sw.js, icons, manifest).
// - Never cached: API paths (/public/, /legacy/, /exchange/, /sandbox/), other origins, any
//   request carrying an x-api-key header, and anything that is not a plain GET.
const CACHE = "folio-shell-v1";
const SHELL = "/index.html";
const API_PREFIXES = ["/public/", "/legacy/", "/exchange/", "/sandbox/"];
const STATIC = /\.(?:js|wasm|css|png|svg|webmanifest)$/;
const HASHED = /-[0-9a-f]{16}(?:_bg)?\.(?:js|wasm|css)$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(SHELL, { cache: "reload" })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
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
  if (request.headers.has("x-api-key")) return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  if (API_PREFIXES.some((p) => url.pathname.startsWith(p))) return false;
  return true;
}

async function networkFirstShell(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const cache = await caches.open(CACHE);
      await cache.put(SHELL, response.clone());
    }
    return response;
  } catch (err) {
    const cached = await caches.match(SHELL);
    if (cached) return cached;
    throw err;
  }
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const cache = await caches.open(CACHE);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (err) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!cacheable(request)) return; // the browser handles it; nothing is stored
  if (request.mode === "navigate") {
    event.respondWith(networkFirstShell(request));
    return;
  }
  const path = new URL(request.url).pathname;
  if (HASHED.test(path)) {
    event.respondWith(cacheFirst(request));
  } else if (STATIC.test(path)) {
    event.respondWith(networkFirst(request));
  }
});
