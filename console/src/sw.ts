// The service worker: keeps the app shell (index.html and the hashed assets of this build) so the console
// opens without a network. API calls (/v2/...) are never touched: they go to the network or fail, and the
// crew view queues clock actions itself. The build replaces SHELL and VERSION (scripts/build-console.mjs).
declare const SHELL: string[];
declare const VERSION: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
}

const worker = self as unknown as WorkerScope;
const CACHE = `crewbase-console-${VERSION}`;
const INDEX = '/app/';

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([INDEX, ...SHELL]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== location.origin || !url.pathname.startsWith('/app')) return;
  if (event.request.mode === 'navigate') {
    // A page of the console: the network's (current) index.html, the kept one offline.
    event.respondWith(fetch(event.request).catch(async () => (await caches.match(INDEX)) ?? Response.error()));
    return;
  }
  event.respondWith(caches.match(event.request).then((kept) => kept ?? fetch(event.request)));
});
