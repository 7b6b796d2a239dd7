// Delivers webhook events at least once. Due deliveries are claimed with FOR UPDATE SKIP LOCKED and
// a lease, so several workers never send the same delivery at once and a crashed worker's claims
// come back when the lease ends. Each attempt is signed (Standard Webhooks), kept, and retried on
// the configured schedule with jitter; a webhook whose deliveries keep failing is disabled.
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { inWorker } from '../../platform/db/tenant.js';
import { newObjectId } from '../../platform/ids.js';
import { findEvents } from '../../platform/outbox/event-feed.js';
import type { SecretBox } from './secret-box.js';
import { vetTarget, type Resolver, type TargetPolicy } from './target-guard.js';
import type { DB } from '../../platform/db/schema.generated.js';

const EXCERPT_BYTES = 500;

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

interface Claimed {
  company_id: string;
  id: string;
  webhook_id: string;
  attempts: number;
  event_id: string;
  type: string;
  entity: string;
  occurred_at: Date;
  data: unknown;
  url: string | null;
  secret_sealed: string | null;
  disabled_at: Date | null;
}

export interface DeliveryWorkerDeps {
  database: Database;
  config: Config;
  policy: TargetPolicy;
  resolve: Resolver;
  secrets: SecretBox;
  log: FastifyBaseLogger;
}

/** Claims due deliveries (with their webhook), then reads their events from the outbox. */
async function claim(db: Kysely<DB>, limit: number, leaseSeconds: number): Promise<Claimed[]> {
  // sql: claim with FOR UPDATE SKIP LOCKED and a lease in one statement (CTEs over an UPDATE … FROM)
  const { rows } = await sql<Omit<Claimed, 'type' | 'entity' | 'occurred_at' | 'data'>>`
    WITH due AS (
      SELECT company_id, id FROM webhook_deliveries
      WHERE (status = 'pending' AND next_attempt_at <= now()) OR (status = 'delivering' AND lease_until < now())
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_deliveries d SET status = 'delivering', attempts = d.attempts + 1,
        lease_until = now() + make_interval(secs => ${leaseSeconds})
      FROM due WHERE d.company_id = due.company_id AND d.id = due.id
      RETURNING d.company_id, d.id, d.webhook_id, d.event_id, d.attempts
    )
    SELECT c.*, w.url, w.secret_sealed, w.disabled_at
    FROM claimed c
    LEFT JOIN webhooks w ON w.company_id = c.company_id AND w.id = c.webhook_id`.execute(db);
  const events = await findEvents(
    db,
    rows.map((row) => ({ companyId: row.company_id, id: row.event_id })),
  );
  const eventOf = new Map(events.map((event) => [`${event.company_id}:${event.id}`, event]));
  // A delivery's event is never deleted; one not found is left to its lease, as the join did.
  return rows.flatMap((row) => {
    const event = eventOf.get(`${row.company_id}:${row.event_id}`);
    return event
      ? [{ ...row, type: event.type, entity: event.entity, occurred_at: event.occurred_at, data: event.data }]
      : [];
  });
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
  const agent = new Agent({
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
  });

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
      } as Parameters<typeof request>[1]);
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
    await inWorker(deps.database, async (db) => {
      await db
        .insertInto('webhook_attempts')
        .values({
          company_id: item.company_id,
          id: newObjectId(),
          delivery_id: item.id,
          webhook_id: item.webhook_id,
          status_code: outcome.statusCode ?? null,
          duration_ms: outcome.durationMs,
          error,
          response_excerpt: outcome.excerpt ?? null,
        })
        .execute();
      // Only while the claim is still ours: a delivery reclaimed after its lease has more attempts.
      const updated = await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          status: delivered ? 'delivered' : isFinal ? 'failed' : 'pending',
          // sql: the database's clock plus an interval
          next_attempt_at: sql<Date>`now() + make_interval(secs => ${delay})`,
          lease_until: null,
          last_status_code: outcome.statusCode ?? null,
          last_error: error,
          finished_at: isFinal ? eb.fn<Date>('now') : null,
        }))
        .where('company_id', '=', item.company_id)
        .where('id', '=', item.id)
        .where('status', '=', 'delivering')
        .where('attempts', '=', item.attempts)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0 || !item.url) return;
      if (delivered) {
        await db
          .updateTable('webhooks')
          .set({ failing_since: null })
          .where('company_id', '=', item.company_id)
          .where('id', '=', item.webhook_id)
          .where('failing_since', 'is not', null)
          .execute();
      } else if (isFinal && !item.disabled_at) {
        // Failing since the first final failure after a success; disabled once that lasts too long.
        // sql: both columns computed from the row's old failing_since in one UPDATE (CASE over now()).
        await sql`UPDATE webhooks SET failing_since = coalesce(failing_since, now()),
            disabled_at = CASE WHEN failing_since <= now() - make_interval(hours => ${config.webhookDisableAfterHours}) THEN now() END,
            disabled_reason = CASE WHEN failing_since <= now() - make_interval(hours => ${config.webhookDisableAfterHours})
              THEN ${`every delivery failed for ${config.webhookDisableAfterHours} hours; last error: ${error}`} END
          WHERE company_id = ${item.company_id} AND id = ${item.webhook_id}`.execute(db);
      }
    });
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
    // sql: the database's clock less the retention period
    const cutoff = sql<Date>`now() - make_interval(days => ${days})`;
    await inWorker(deps.database, async (db) => {
      await db.deleteFrom('webhook_attempts').where('attempted_at', '<', cutoff).execute();
      await db
        .deleteFrom('webhook_deliveries')
        .where('status', 'in', ['delivered', 'failed'])
        .where('finished_at', '<', cutoff)
        .execute();
    });
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
    await agent.close();
  }

  return { runOnce, sweep, start, stop };
}

export type DeliveryWorker = ReturnType<typeof deliveryWorker>;
