// The service worker: keeps the app shell (index.html and the hashed assets of this build) so the console
// opens without a network. API calls (/v2/...) are never touched: they go to the network or fail, and the
// crew view queues clock actions itself. The build replaces SHELL and VERSION (scripts/build-console.mjs).
// Pushes from the server are shown as notifications (even with the app closed); a tap opens the job.
import { notificationFor } from './crew/push-message.js';

declare const SHELL: string[];
declare const VERSION: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  skipWaiting(): Promise<void>;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
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

worker.addEventListener('push', (event) => {
  const { title, options } = notificationFor(event.data?.text());
  event.waitUntil(worker.registration.showNotification(title, options));
});

// A tap opens its page: in the console's window when one is open (focused and moved there), else a new one.
worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/app/crew';
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith('/app'));
      if (!open) return void (await worker.clients.openWindow(url));
      await open.focus();
      await open.navigate(url).catch(() => worker.clients.openWindow(url));
    }),
  );
});
