/* Service worker: keeps the app shell for offline starts. It never caches or replays a POST:
   entries made offline are queued by app.js with their idempotency keys. */
"use strict";

var CACHE = "companion-shell-__SHELL_VERSION__";
var SHELL = [
  "/offline",
  "/static/css/app.css",
  "/static/js/htmx.min.js",
  "/static/js/sse.min.js",
  "/static/js/idiomorph-ext.min.js",
  "/static/js/app.js",
  "/static/icons/icon.svg",
  "/static/icons/icon-192.png"
];

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
  if (url.pathname.indexOf("/static/") === 0) {
    /* Stale-while-revalidate: instant from the cache, refreshed in the background. */
    event.respondWith(caches.open(CACHE).then(function (cache) {
      /* Static URLs carry a version (?v=digest): the shell cached under its bare path still serves offline. */
      return cache.match(request, { ignoreSearch: true }).then(function (cached) {
        var network = fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
        return cached || network;
      });
    }));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(function () { return caches.match("/offline"); }));
  }
});
