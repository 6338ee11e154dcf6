/* Service worker: keeps the app shell for offline starts. It never caches or replays a POST:
   entries made offline are queued by app.js with their idempotency keys. */
"use strict";

var CACHE = "companion-shell-__SHELL_VERSION__";
/* The shell under the very URLs the pages use (each with its ?v=digest, filled in by the server):
   what a first visit fetched is taken from the HTTP cache, not downloaded a second time. */
var SHELL = __SHELL_URLS__;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(SHELL); }));
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return name !== CACHE; }).map(function (name) {
        return caches.delete(name);
      }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== location.origin || url.pathname.endsWith("/stream")) return;
  if (url.pathname.indexOf("/static/") === 0 && url.searchParams.has("v")) {
    /* A fingerprinted file never changes under its URL: from the cache, else fetched once and kept. */
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (cached) {
        return cached || fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
      });
    }));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(function () { return caches.match("/offline"); }));
  }
});
