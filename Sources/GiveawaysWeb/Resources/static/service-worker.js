// GameGiveaways service worker. The server fills in the {{…}} names once at start-up (ServiceWorker.swift):
// the shell's version and list, the offline page's path and the offline note's texts per language.
"use strict";
const SHELL = "shell-{{VERSION}}";
const PAGES = "pages-v1";
const OFFLINE = "{{OFFLINE}}";
const NEARBY = "{{NEARBY}}";
self.addEventListener("install", (event) => {
  if (event.addRoutes) {
    event.addRoutes([
      { condition: { urlPattern: "/static/*" }, source: { cacheName: SHELL } },
      { condition: { not: { requestMode: "navigate" } }, source: "network" },
    ]);
  }
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll([{{SHELL}}])).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(
    keys.filter((key) => key.startsWith("shell-") && key !== SHELL).map((key) => caches.delete(key))))
    .then(() => self.registration.navigationPreload?.enable())
    .then(() => self.clients.claim()));
  // The pages open while the worker installed (the very first one a visitor opened, usually) were
  // never fetched through it: keep them too, now (a page left a moment later would be missed), read
  // back from the HTTP cache — not inside waitUntil, which would hold navigations back until written.
  self.clients.matchAll({ type: "window", includeUncontrolled: true })
    .then((windows) => Promise.all(windows.map((client) => remember(client.url).catch(() => {}))))
    .catch(() => {});
});
// Another profile in this browser (a linked device) must not see the last one's pages offline.
self.addEventListener("message", (event) => {
  if (event.data === "forget-pages") event.waitUntil(caches.delete(PAGES));
  // A game just kept in Favorites (app.js): its page is kept for offline now, even if it was never opened. Only a
  // path of this site, and only a game's page.
  const keep = event.data?.keep;
  if (typeof keep === "string" && /^\/discover\/games\/[0-9]{1,10}$/.test(keep)) {
    event.waitUntil(remember(new URL(keep, self.location.origin).href).catch(() => {}));
  }
});
// The note is written in the page's own language (its <html lang>).
const NOTES = {{NOTES}};
const timeText = (iso, words, lang) => {
  const date = new Date(iso);
  return isNaN(date) ? words.earlier : date.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
};
const escapeText = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const withOfflineNote = async (response) => {
  const seen = response.headers.get("X-Seen-At") || "";
  const html = await response.text();
  const lang = (html.match(/<html lang="([a-z]+)"/) || [])[1];
  const words = NOTES[lang] || NOTES["{{LANG}}"];
  const note = '<p class="banner offline-note" role="status"><strong>' + escapeText(words.title) + '</strong> ' + escapeText(words.text.split("{time}").join(timeText(seen, words, NOTES[lang] ? lang : "{{LANG}}"))) + '</p>';
  return new Response(html.replace(/(<main[^>]*>)/, "$1" + note),
    { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
};
const isPage = (response) => response.ok && !response.redirected
  && (response.headers.get("Content-Type") || "").startsWith("text/html");
// A page's copy, marked with when it was seen, is read from the browser's HTTP cache. For a page this
// worker has just answered that is the same answer, joined as it arrives (no second request), so the
// page is kept whatever the visitor does next. The answer itself is handed over untouched: a clone
// would tee its body through this worker's JavaScript (the page's last byte arrived 6–8× later).
const remember = async (url) => {
  const response = await fetch(url, { cache: "force-cache", credentials: "same-origin" });
  if (!isPage(response)) return;
  const headers = new Headers(response.headers);
  headers.set("X-Seen-At", new Date().toISOString());
  const body = await response.blob();
  const cache = await caches.open(PAGES);
  await cache.put(url, new Response(body, { status: 200, headers }));
};
// Navigation preload: the browser asks the network while the worker starts.
const page = async (event) => {
  const request = event.request;
  try {
    const response = (await event.preloadResponse) || (await fetch(request));
    if (isPage(response)) {
      // Now, not a moment later: a page reloaded or left at once, or the app closed or offline
      // before then, was never kept.
      event.waitUntil(remember(request.url).catch(() => {}));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request.url, { cacheName: PAGES, ignoreVary: true })
      // Nearby opens offline with the last places seen anywhere, whatever the area or view asked for.
      || (new URL(request.url).pathname === NEARBY
        && await caches.match(request.url, { cacheName: PAGES, ignoreVary: true, ignoreSearch: true }));
    if (cached) return withOfflineNote(cached);
    return (await caches.match(OFFLINE, { cacheName: SHELL })) || Response.error();
  }
};
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") { event.respondWith(page(event)); return; }
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(request, { cacheName: SHELL }).then((hit) => hit || fetch(request)));
  }
});
// Web Push (PushNotification.swift writes the payload): every text is shown as text by the browser, never as
// markup; links are followed only within this site, and "Get it" only to an https claim page.
const ownURL = (path) => {
  const url = new URL(typeof path === "string" ? path : "/", self.location.origin);
  return url.origin === self.location.origin ? url.href : self.location.origin + "/";
};
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = {}; }
  const text = (value, fallback) => (typeof value === "string" ? value : fallback);
  const claim = /^https:\/\//i.test(text(data.claimURL, "")) ? data.claimURL : null;
  const actions = [];
  if (claim) actions.push({ action: "get", title: text(data.getIt, "Get it") });
  if (data.claimedURL) actions.push({ action: "claimed", title: text(data.claimed, "Claimed") });
  event.waitUntil(self.registration.showNotification(text(data.title, "GameGiveaways"), {
    body: text(data.body, ""), icon: data.icon ? ownURL(data.icon) : undefined,
    image: data.image ? ownURL(data.image) : undefined, tag: text(data.tag, undefined), actions,
    data: { details: ownURL(data.detailsURL), claim, claimed: data.claimedURL ? ownURL(data.claimedURL) : null },
  }));
});
self.addEventListener("notificationclick", (event) => {
  const data = event.notification.data || {};
  event.notification.close();
  if (event.action === "claimed") {
    // Marks it claimed for this browser's profile (its cookie goes with a same-origin request); no page opens.
    if (data.claimed) {
      event.waitUntil(fetch(data.claimed, {
        method: "POST", credentials: "same-origin", body: "kind=claimed&on=1",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      }).catch(() => {}));
    }
    return;
  }
  event.waitUntil(self.clients.openWindow(event.action === "get" && data.claim ? data.claim : data.details));
});
