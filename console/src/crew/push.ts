// Web Push for the crew's phone: the browser's subscription (with the server's VAPID key) registered through
// the API (POST /v2/pushSubscriptions); the service worker (sw.ts) shows what the server pushes. The offer is
// made once per user on this device: answered (on, blocked, not now) it is not shown again.
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';

const ANSWERED = 'crewbase.pushOffer.';
/** How long to wait for the service worker, and for the browser's push service, before giving up. */
const WORKER_WAIT_MS = 10_000;
const SUBSCRIBE_WAIT_MS = 15_000;

export const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Whether to show the offer: push possible here, not blocked, and the user has not answered it on this device. */
export function shouldOffer(userId: string): boolean {
  if (!pushSupported() || Notification.permission === 'denied') return false;
  try {
    return !localStorage.getItem(ANSWERED + userId);
  } catch {
    return false; // nowhere to remember the answer: do not ask at every start
  }
}

export function rememberAnswer(userId: string, answer: 'on' | 'blocked' | 'later') {
  try {
    localStorage.setItem(ANSWERED + userId, answer);
  } catch {
    // not kept: the offer may come again
  }
}

/** The VAPID key (base64url) as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** `promise`, or a failure saying `what` after `ms` (a push service out of reach may never answer). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(what)), ms))]);
}

/**
 * Asks for the permission (this must run in the tap's handler), subscribes with the server's key and registers the
 * subscription. 'blocked' when the user refuses; throws when the browser or its push service cannot subscribe.
 */
export async function enablePush(client: CrewbaseClient): Promise<'on' | 'blocked'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'blocked';
  const registration = await within(navigator.serviceWorker.ready, WORKER_WAIT_MS, 'no service worker');
  const { publicKey } = await client.call('pushSubscriptions.getVapidPublicKey');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await within(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
      SUBSCRIBE_WAIT_MS,
      'the push service did not answer',
    ));
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('incomplete subscription');
  await client.call('pushSubscriptions.create', { body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } });
  return 'on';
}
