// Idempotency-Key on POST (IETF httpapi idempotency-key draft): the first response is kept for 24 h
// and replayed for a retry with the same key and body; another body is 422, a request still running 409.
// A running request holds its key by a lease that it renews; when the lease has run out (the process
// died mid-request), the next retry takes the key over and runs the request again.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { inTenant, type TenantTx } from '../db/tenant.js';
import { Conflict, Unprocessable, fieldError } from './errors.js';

const TTL_HOURS = 24;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: IdempotencyClaim;
  }
  interface FastifyContextConfig {
    /** The response carries a secret shown once: it is not stored, and a retry is told so (409). */
    idempotencySecret?: boolean;
  }
}

/** A request's hold on its Idempotency-Key. */
export interface IdempotencyClaim {
  key: string;
  principal: string;
  owner: string;
  renewal: NodeJS.Timeout;
}

const claimedBy = (claim: IdempotencyClaim, companyId: string) =>
  sql`company_id = ${companyId} AND principal = ${claim.principal} AND key = ${claim.key} AND lease_owner = ${claim.owner}`;

/**
 * Stores the answer inside the write's own transaction, so that once the write is committed a retry
 * replays it even if the process dies before answering (the answer stored later is then a no-op).
 */
export async function recordAnswerInTransaction(
  tx: TenantTx,
  claim: IdempotencyClaim | undefined,
  status: number,
  body: unknown,
): Promise<void> {
  if (!claim) return;
  await sql`UPDATE idempotency_keys SET response_status = ${status}, response_body = ${JSON.stringify(body)},
    response_type = 'application/json; charset=utf-8' WHERE ${claimedBy(claim, tx.companyId)} AND response_status IS NULL`.execute(
    tx.db,
  );
}

export interface IdempotencyOptions {
  /** Seconds a claim lasts without renewal; renewed every third of it while the request runs. */
  leaseSeconds: number;
}

const SECRET_MARKER = '{"secret":true}';

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.routeOptions.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

export function registerIdempotency(app: FastifyInstance, database: Database, { leaseSeconds }: IdempotencyOptions) {
  const leaseEnd = sql`now() + make_interval(secs => ${leaseSeconds})`;

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || key === undefined || !request.ctx) return;
    if (typeof key !== 'string' || key.length < 1 || key.length > 255)
      throw fieldError('Idempotency-Key', 'must be 1 to 255 characters');
    const { companyId, principal } = request.ctx;
    const hash = requestHash(request);
    const owner = randomUUID();
    const existing = await inTenant(database, companyId, async (tx) => {
      await sql`DELETE FROM idempotency_keys WHERE company_id = ${companyId} AND principal = ${principal} AND key = ${key}
        AND created_at < now() - make_interval(hours => ${TTL_HOURS})`.execute(tx.db);
      // One statement claims a new key or takes over one whose lease ran out: of two retries racing for
      // an abandoned key, the second waits for the first's row lock, then sees a live lease and gets 409.
      const claimed =
        await sql`INSERT INTO idempotency_keys (company_id, principal, key, request_hash, lease_until, lease_owner)
        VALUES (${companyId}, ${principal}, ${key}, ${hash}, ${leaseEnd}, ${owner})
        ON CONFLICT (company_id, principal, key) DO UPDATE SET lease_until = EXCLUDED.lease_until, lease_owner = EXCLUDED.lease_owner
        WHERE idempotency_keys.response_status IS NULL AND idempotency_keys.lease_until < now()
          AND idempotency_keys.request_hash = EXCLUDED.request_hash
        RETURNING key`.execute(tx.db);
      if (claimed.rows.length) return undefined;
      return tx.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('principal', '=', principal)
        .where('key', '=', key)
        .executeTakeFirst();
    });
    if (!existing) {
      const renew = () =>
        inTenant(database, companyId, (tx) =>
          sql`UPDATE idempotency_keys SET lease_until = ${leaseEnd}
        WHERE company_id = ${companyId} AND principal = ${principal} AND key = ${key} AND lease_owner = ${owner}
          AND response_status IS NULL`.execute(tx.db),
        ).catch((err) => request.log.warn({ err }, 'idempotency lease not renewed'));
      const renewal = setInterval(renew, (leaseSeconds * 1000) / 3);
      renewal.unref(); // never keeps a stopping process alive
      request.idempotency = { key, principal, owner, renewal };
      return;
    }
    if (existing.request_hash !== hash) throw Unprocessable('This Idempotency-Key was used with another request body');
    if (existing.response_status === null)
      throw Conflict('A request with this Idempotency-Key is still being processed');
    if (existing.response_body === SECRET_MARKER) {
      throw Conflict(
        'The request with this Idempotency-Key succeeded; its response held a secret that is shown only once',
      );
    }
    reply.header('idempotent-replayed', 'true');
    return reply
      .code(existing.response_status)
      .type(existing.response_type ?? 'application/json')
      .send(existing.response_body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.idempotency;
    if (!pending || !request.ctx) return payload;
    clearInterval(pending.renewal);
    request.idempotency = undefined; // stored once, even if this hook's own failure is sent again
    const { companyId } = request.ctx;
    await inTenant(database, companyId, async (tx) => {
      // Only while the key is still this attempt's: one that lost it to a retry leaves the retry's result.
      const where = claimedBy(pending, companyId);
      if (reply.statusCode >= 500) {
        await sql`DELETE FROM idempotency_keys WHERE ${where} AND response_status IS NULL`.execute(tx.db); // a failure may be retried
        return;
      }
      const body =
        request.routeOptions.config?.idempotencySecret && reply.statusCode < 300
          ? SECRET_MARKER
          : String(payload ?? '');
      await sql`UPDATE idempotency_keys SET response_status = ${reply.statusCode}, response_body = ${body},
        response_type = ${String(reply.getHeader('content-type') ?? 'application/json')} WHERE ${where} AND response_status IS NULL`.execute(
        tx.db,
      );
    });
    return payload;
  });

  // onSend above clears it for every answer; this is the safety net that renewal never outlives its request.
  app.addHook('onResponse', async (request) => {
    if (request.idempotency) clearInterval(request.idempotency.renewal);
  });
}
