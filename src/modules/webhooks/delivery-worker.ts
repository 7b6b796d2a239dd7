// Delivers webhook events at least once. Due deliveries are claimed with FOR UPDATE SKIP LOCKED and
// a lease, so several workers never send the same delivery at once and a crashed worker's claims
// come back when the lease ends. Each attempt is signed (Standard Webhooks), kept, and retried on
// the configured schedule with jitter; a webhook whose deliveries keep failing is disabled.
import { Webhook } from 'standardwebhooks';
import type { Agent, request as undiciRequest } from 'undici';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { inWorker } from '../../platform/db/tenant.js';
import { claim, type Claimed, recordAttempt, sweepFinished } from './delivery-store.js';
import type { SecretBox } from './secret-box.js';
import { vetTarget, type Resolver, type TargetPolicy } from './target-guard.js';
import { warmAfterStart } from '../../platform/warm-up.js';

const EXCERPT_BYTES = 500;

// Loaded after the start rather than at a first send in the middle of requests (warm-up.ts).
warmAfterStart('webhook sender (undici)', () => import('undici'));

/** Reads at most `limit` bytes of an answer and drops the rest unread. */
async function excerpt(body: AsyncIterable<Buffer> & { destroy(): void }, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

export interface DeliveryWorkerDeps {
  database: Database;
  config: Config;
  policy: TargetPolicy;
  resolve: Resolver;
  secrets: SecretBox;
  log: FastifyBaseLogger;
}

interface Outcome {
  statusCode?: number;
  error?: string;
  excerpt?: string;
  durationMs: number;
}

export function deliveryWorker(deps: DeliveryWorkerDeps) {
  const { config, policy, resolve, secrets, log } = deps;
  // A claim outlives the slowest send (connect, headers and body timeouts) with room to record it.
  const leaseSeconds = Math.ceil((3 * config.webhookTimeoutMs) / 1000) + 30;
  // Connections go to the address vetted at connect time, so DNS cannot rebind between check and use.
  // undici is loaded at the first send, unless the warm-up after a start loaded it (above); the agent is made then.
  let http: Promise<{ agent: Agent; request: typeof undiciRequest }> | undefined;
  const connection = () =>
    (http ??= import('undici').then(({ Agent, request }) => ({
      request,
      agent: new Agent({
        connectTimeout: config.webhookTimeoutMs,
        connect: {
          lookup: (hostname, options, callback) => {
            vetTarget(
              `https://${hostname.includes(':') ? `[${hostname}]` : hostname}/`,
              { ...policy, allowHttp: true },
              resolve,
            ).then(
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

  async function send(item: Claimed): Promise<Outcome> {
    const started = Date.now();
    try {
      if (!item.url || !item.secret_sealed) return { error: 'the webhook was deleted', durationMs: 0 };
      if (item.disabled_at) return { error: 'the webhook is disabled', durationMs: 0 };
      const { url } = await vetTarget(item.url, policy, resolve);
      const body = JSON.stringify({
        id: item.event_id,
        type: item.type,
        entity: item.entity,
        companyId: item.company_id,
        occurredAt: new Date(item.occurred_at).toISOString(),
        data: item.data,
      });
      const timestamp = new Date();
      const signature = new Webhook(secrets.open(item.secret_sealed)).sign(item.event_id, timestamp, body);
      const { agent, request } = await connection();
      const response = await request(url, {
        method: 'POST',
        body,
        dispatcher: agent,
        maxRedirections: 0,
        headersTimeout: config.webhookTimeoutMs,
        bodyTimeout: config.webhookTimeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Crewbase-Webhooks/1',
          'webhook-id': item.event_id,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
      } as Parameters<typeof undiciRequest>[1]);
      const text = await excerpt(response.body as never, EXCERPT_BYTES);
      return { statusCode: response.statusCode, excerpt: text, durationMs: Date.now() - started };
    } catch (error) {
      return { error: (error as Error).message.slice(0, 500), durationMs: Date.now() - started };
    }
  }

  async function record(item: Claimed, outcome: Outcome) {
    const delivered = outcome.statusCode !== undefined && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const error = outcome.error ?? (delivered ? null : `answered ${outcome.statusCode}`);
    const schedule = config.webhookRetrySchedule;
    const isFinal = delivered || item.attempts > schedule.length || !item.url || Boolean(item.disabled_at);
    const delay = isFinal ? 0 : schedule[item.attempts - 1]! * (0.8 + 0.4 * Math.random());
    await inWorker(deps.database, (db) =>
      recordAttempt(db, item, {
        ...outcome,
        error,
        delivered,
        isFinal,
        delaySeconds: delay,
        disableAfterHours: config.webhookDisableAfterHours,
      }),
    );
  }

  /** Claims and delivers one batch; returns how many deliveries it worked on. */
  async function runOnce(limit = 20): Promise<number> {
    const batch = await inWorker(deps.database, (db) => claim(db, limit, leaseSeconds));
    await Promise.all(batch.map(async (item) => record(item, await send(item))));
    return batch.length;
  }

  /** Forgets attempts, and finished deliveries, older than the retention period (events stay: they are the feed). */
  async function sweep(): Promise<void> {
    const days = config.webhookAttemptRetentionDays;
    await inWorker(deps.database, (db) => sweepFinished(db, days));
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let isStopped = false;
  let lastSweep = 0;

  function start(pollMs = 500) {
    const tick = () => {
      running = (async () => {
        try {
          if (Date.now() - lastSweep > 3_600_000) {
            lastSweep = Date.now();
            await sweep();
          }
          while (!isStopped && (await runOnce()) > 0) {
            /* keep going while there is work */
          }
        } catch (error) {
          log.error({ err: error }, 'webhook delivery failed');
        }
        if (!isStopped) timer = setTimeout(tick, pollMs);
      })();
    };
    isStopped = false;
    tick();
  }

  async function stop() {
    isStopped = true;
    if (timer) clearTimeout(timer);
    await running;
    await http?.then(
      ({ agent }) => agent.close(),
      () => {}, // undici failed to load: nothing to close
    );
  }

  return { runOnce, sweep, start, stop };
}

export type DeliveryWorker = ReturnType<typeof deliveryWorker>;
