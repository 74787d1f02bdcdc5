// The rider app's service worker (scope /rider/, docs/adr/0048): the app's shell and the rider's
// last route answer are kept, so the app opens and shows the route without a
// connection. Everything is asked of the network first; the cache answers only when it fails.
// Writes (POST) are never touched: the page queues them itself (outbox.js).
const SHELL_CACHE = "rider-shell-v1";
const DATA_CACHE = "rider-data-v1";
const SHELL = [
  "/rider/",
  "/rider/manifest.webmanifest",
  "/rider/assets/app.css",
  "/rider/assets/app.js",
  "/rider/assets/api.js",
  "/rider/assets/outbox.js",
  "/rider/assets/proof.js",
  "/rider/assets/screens.js",
  "/rider/assets/forms.js",
  "/rider/assets/icon.svg",
  "/rider/assets/icon-192.png",
];
/** The rider's route, which the app needs to open offline (who the rider is, the page keeps itself). */
const DATA = ["/api/v1/rider/route"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => ![SHELL_CACHE, DATA_CACHE].includes(n)).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (DATA.includes(url.pathname)) {
    event.respondWith(networkFirst(request, DATA_CACHE, url.pathname));
  } else if (url.pathname.startsWith("/rider/")) {
    const key = request.mode === "navigate" ? "/rider/" : url.pathname;
    event.respondWith(networkFirst(request, SHELL_CACHE, key));
  }
});

async function networkFirst(request, name, key) {
  const cache = await caches.open(name);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (offline) {
    const kept = await cache.match(key);
    if (!kept) throw offline;
    // said to the page, which shows how old what it sees is
    const headers = new Headers(kept.headers);
    headers.set("X-Rider-App-Cached", "true");
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
}
