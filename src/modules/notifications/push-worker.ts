// Delivers queued pushes (RFC 8030) with the payload encrypted for the subscription (RFC 8291,
// aes128gcm) and signed by the server's VAPID key (RFC 8292), through the `web-push` package. Due
// pushes are claimed with FOR UPDATE SKIP LOCKED and a lease; 2xx deletes the push, 404/410 the
// subscription, 429/5xx/timeouts are retried on the schedule, any other answer drops the push.
import type { Agent, request as undiciRequest } from 'undici';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { inTenant, inWorker } from '../../platform/db/tenant.js';
import { vetTarget, type Resolver, type TargetPolicy } from '../webhooks/index.js';
import { loadTimeAndPaySettings } from '../pay/index.js';
import { languageOfUser } from '../users/index.js';
import { pushMessage, type Reader } from './push-text.js';
import { type ClaimedPush, claimPushes, type PushResult, recordPush, sweepNotifications } from './push-store.js';
import { warmAfterStart } from '../../platform/warm-up.js';

export interface PushWorkerDeps {
  database: Database;
  config: Config;
  policy: TargetPolicy;
  resolve: Resolver;
}

/** How long a push service may keep an undelivered message (seconds): a day, then it is stale. */
const TTL_SECONDS = 86_400;

// Loaded after the start rather than at a first push in the middle of requests (warm-up.ts).
warmAfterStart('push sender (web-push)', () => import('web-push'));

export function pushWorker(deps: PushWorkerDeps) {
  const { config, policy, resolve } = deps;
  const timeoutMs = config.webhookTimeoutMs;
  const leaseSeconds = Math.ceil((3 * timeoutMs) / 1000) + 30;
  // web-push and undici are loaded at the first push, unless the warm-up after a start loaded them (above);
  // the agent is made then. Connections go to the address vetted at connect time, so DNS cannot rebind
  // between the check and the connection.
  let loaded: Promise<{ agent: Agent; request: typeof undiciRequest; webPush: typeof import('web-push') }> | undefined;
  const load = () =>
    (loaded ??= Promise.all([import('undici'), import('web-push')]).then(([{ Agent, request }, webPush]) => ({
      request,
      webPush: (webPush as { default?: typeof import('web-push') }).default ?? webPush,
      agent: new Agent({
        connectTimeout: timeoutMs,
        connect: {
          lookup: (hostname, options, callback) => {
            const host = hostname.includes(':') ? `[${hostname}]` : hostname;
            vetTarget(`https://${host}/`, { ...policy, allowHttp: true }, resolve).then(
              ({ addresses }) => {
                const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
                if (options?.all) callback(null, entries);
                else callback(null, entries[0]!.address, entries[0]!.family);
              },
              (error: NodeJS.ErrnoException) => callback(error, []),
            );
          },
        },
      }),
    })));

  function retryOrFail(item: ClaimedPush, error: string, statusCode?: number): PushResult {
    const schedule = config.pushRetrySchedule;
    if (item.attempts > schedule.length) return { outcome: 'failed', statusCode, error };
    return {
      outcome: 'retry',
      statusCode,
      error,
      delaySeconds: schedule[item.attempts - 1]! * (0.8 + 0.4 * Math.random()),
    };
  }

  // The recipient's language and their company's time zone, read in that company's tenant (the worker role
  // reads neither users nor settings).
  const readerOf = (item: ClaimedPush): Promise<Reader> =>
    inTenant(deps.database, item.company_id, async (tx) => ({
      language: await languageOfUser(tx, item.user_id!),
      timeZone: (await loadTimeAndPaySettings(tx)).timeZone,
    }));

  async function send(item: ClaimedPush): Promise<PushResult> {
    if (!item.endpoint || !item.p256dh || !item.auth) return { outcome: 'gone', statusCode: 0 };
    try {
      const { url } = await vetTarget(item.endpoint, policy, resolve);
      const { agent, request, webPush } = await load();
      const payload = JSON.stringify(pushMessage(item.payload, await readerOf(item)));
      const details = webPush.generateRequestDetails(
        { endpoint: url.href, keys: { p256dh: item.p256dh, auth: item.auth } },
        payload,
        {
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          vapidDetails: config.vapid,
        },
      );
      const response = await request(url, {
        method: 'POST',
        body: details.body as Buffer,
        headers: details.headers as Record<string, string>,
        dispatcher: agent,
        maxRedirections: 0,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      } as Parameters<typeof undiciRequest>[1]);
      await response.body.dump({ limit: 4096 }).catch(() => undefined);
      const status = response.statusCode;
      if (status >= 200 && status < 300) return { outcome: 'delivered' };
      if (status === 404 || status === 410) return { outcome: 'gone', statusCode: status };
      if (status === 429 || status >= 500) return retryOrFail(item, `answered ${status}`, status);
      return { outcome: 'failed', statusCode: status, error: `answered ${status}` };
    } catch (error) {
      // A refused endpoint (its address is no longer public), a timeout or a broken connection.
      return retryOrFail(item, (error as Error).message.slice(0, 500));
    }
  }

  /** Claims and sends one batch; returns how many pushes it worked on. */
  async function runOnce(limit = 20): Promise<number> {
    const batch = await inWorker(deps.database, (db) => claimPushes(db, limit, leaseSeconds));
    await Promise.all(
      batch.map(async (item) => {
        const result = await send(item);
        await inWorker(deps.database, (db) => recordPush(db, item, result));
      }),
    );
    return batch.length;
  }

  /** Sends until nothing is due, at most 50 batches (the background task's run; the next one goes on). */
  async function deliverDue(): Promise<void> {
    for (let batch = 0; batch < 50 && (await runOnce()) > 0; batch++) {
      /* keep going while there is work */
    }
  }

  function sweep(): Promise<number> {
    return inWorker(deps.database, (db) =>
      sweepNotifications(db, config.notificationRetentionDays, config.notificationsPerUser),
    );
  }

  async function close(): Promise<void> {
    await loaded?.then(
      ({ agent }) => agent.close(),
      () => {}, // a package failed to load: nothing to close
    );
  }

  return { runOnce, deliverDue, sweep, close };
}

export type PushWorker = ReturnType<typeof pushWorker>;
