/// <reference lib="webworker" />
// Offline reading (issue 33 point 5; docs/decisions/025-offline-reading.md): the pages, feeds and contents a reader has
// visited and their images, kept within a bound, answered from the cache only when the network
// fails. Built by vite.config.ts (`h5:service-worker`) into build/client/sw.js with the build's
// id and the API reads it may keep; registered by app/platform/offline/offline.ts.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  cacheNames,
  isOurCache,
  OFFLINE_LIMITS,
  OFFLINE_OFF,
  SAVED_AT_HEADER,
} from '../app/platform/offline/offline-caches';

declare const self: ServiceWorkerGlobalScope;
/** The client build's id: a new deploy is a new worker, whose activation drops the old caches. */
declare const __H5_BUILD_ID__: string;
/** API paths whose GET answers are kept (feeds, a content, its comments, a user's home). */
declare const __H5_OFFLINE_API_PATHS__: string[];
/** The lazy chunks a kept page needs offline (the comment box, the placeholder): kept at install. */
declare const __H5_SHELL_ASSETS__: string[];

const names = cacheNames(__H5_BUILD_ID__);
/**
 * A page in downgrade mode turned offline reading off (OFFLINE_OFF): this worker, unregistered but
 * still controlling its pages until they close, keeps nothing more and answers from the network.
 */
let off = false;

/** Deletes every cache of ours but `keep`. */
const dropCaches = (keep: string[] = []) =>
  caches
    .keys()
    .then((keys) =>
      Promise.all(
        keys.filter((key) => isOurCache(key) && !keep.includes(key)).map((key) => caches.delete(key)),
      ),
    );

// Off, then the caches go, then the page is told (its port), so nothing is kept after its answer.
self.addEventListener('message', (event) => {
  if (event.data !== OFFLINE_OFF) return;
  off = true;
  event.waitUntil(dropCaches().then(() => event.ports[0]?.postMessage('off')));
});
const apiPaths = new Set(__H5_OFFLINE_API_PATHS__);

/**
 * Keeps only whole 200 answers of at most `maxBytes`, stamped with when they were saved (the
 * page's 离线内容 mark shows it). The count bound is each cache's ExpirationPlugin (least recently
 * used out), so a cache holds at most maxEntries × maxBytes.
 */
function stamped(maxBytes: number) {
  return {
    cacheWillUpdate: async ({ response }: { response: Response }) => {
      if (off || response.status !== 200 || response.type === 'opaque') return null;
      const body = await response.clone().blob();
      if (body.size > maxBytes) return null;
      const headers = new Headers(response.headers);
      headers.set(SAVED_AT_HEADER, String(Date.now()));
      return new Response(body, { status: 200, statusText: response.statusText, headers });
    },
  };
}

const bound = (limits: { maxEntries: number; maxBytes: number }) => [
  stamped(limits.maxBytes),
  new ExpirationPlugin({ maxEntries: limits.maxEntries, purgeOnQuotaError: true }),
];

/** Pages no reader reads offline: the backstage, the internal consoles, logins. */
const UNKEPT_PAGES = /^\/(backstage|internal|login)(\/|$)/;

// Pages (documents) and their route data (React Router's `.data`): the network first, the kept
// copy when it fails. No time-out: a slow network still answers fresh.
registerRoute(
  ({ request, url }) =>
    !off &&
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    !UNKEPT_PAGES.test(url.pathname),
  new NetworkFirst({ cacheName: names.pages, plugins: bound(OFFLINE_LIMITS.pages) }),
);
registerRoute(
  ({ request, url }) =>
    !off && request.method === 'GET' && url.origin === self.location.origin && url.pathname.endsWith('.data'),
  new NetworkFirst({ cacheName: names.data, plugins: bound(OFFLINE_LIMITS.data) }),
);
// React Router's route manifest (lazy route discovery): a navigation asks for the routes of the
// links on screen, a different `paths` each time. Every answer is merged into one copy per build,
// which answers any of them offline, so a visited page's route is always known.
registerRoute(
  ({ url }) => !off && url.origin === self.location.origin && url.pathname === '/__manifest',
  async ({ request, url }) => {
    const key = `/__manifest?version=${encodeURIComponent(url.searchParams.get('version') ?? '')}`;
    const cache = await caches.open(names.data);
    try {
      const response = await fetch(request);
      if (response.status === 200) {
        const kept = await cache.match(key);
        const union = { ...(kept ? await kept.json() : {}), ...(await response.clone().json()) };
        const headers = { 'content-type': 'application/json', [SAVED_AT_HEADER]: String(Date.now()) };
        await cache.put(key, new Response(JSON.stringify(union), { headers }));
      }
      return response;
    } catch (error) {
      const kept = await cache.match(key);
      if (kept) return kept;
      throw error;
    }
  },
);
// The API reads of feeds and contents (any API origin: the path says what it is).
registerRoute(
  ({ request, url }) => !off && request.method === 'GET' && apiPaths.has(url.pathname),
  new NetworkFirst({ cacheName: names.data, plugins: bound(OFFLINE_LIMITS.data) }),
);
// The build's hashed scripts and styles never change: the cache first.
registerRoute(
  ({ url }) => !off && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: names.assets, plugins: bound(OFFLINE_LIMITS.assets) }),
);
// Images (covers, pictures, avatars): the cache first, kept across deploys.
registerRoute(
  ({ request }) => !off && request.destination === 'image',
  new CacheFirst({
    cacheName: names.images,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), ...bound(OFFLINE_LIMITS.images)],
  }),
);

self.addEventListener('install', (event) => {
  void self.skipWaiting();
  event.waitUntil(caches.open(names.assets).then((cache) => cache.addAll(__H5_SHELL_ASSETS__)));
});
// A new build's worker drops every cache of ours but its own and the images: an old build's pages
// name scripts this deploy no longer has, and its scripts must never run again.
self.addEventListener('activate', (event) => event.waitUntil(dropCaches(Object.values(names))));
clientsClaim();
