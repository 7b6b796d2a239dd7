// Idempotency-Key on POST (IETF httpapi idempotency-key draft): the first response is kept for 24 h
// and replayed for a retry with the same key and body; another body is 422, a request still running 409.
// A running request holds its key by a lease that it renews; when the lease has run out (the process
// died mid-request), the next retry takes the key over and runs the request again.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../db/schema.generated.js';
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

/** The key's row while this request still holds it unanswered (a retry that took it over has another owner). */
const claimedBy =
  (claim: Pick<IdempotencyClaim, 'key' | 'principal' | 'owner'>, companyId: string) =>
  (eb: ExpressionBuilder<DB, 'idempotency_keys'>) =>
    eb.and([
      eb('company_id', '=', companyId),
      eb('principal', '=', claim.principal),
      eb('key', '=', claim.key),
      eb('lease_owner', '=', claim.owner),
      eb('response_status', 'is', null),
    ]);

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
  await tx.db
    .updateTable('idempotency_keys')
    .set({
      response_status: status,
      response_body: JSON.stringify(body),
      response_type: 'application/json; charset=utf-8',
    })
    .where(claimedBy(claim, tx.companyId))
    .execute();
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
  // sql: the database's clock plus an interval (the lease and the age limit)
  const leaseEnd = sql<Date>`now() + make_interval(secs => ${leaseSeconds})`;

  // Callback hooks that take the async path only for a request with a key (or a claim to store): every other
  // request passes each of them without a promise and a turn of the event loop.
  app.addHook('preHandler', (request, reply, done) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || key === undefined || !request.ctx) return done();
    claimOrReplay(request, reply, key).then(() => done(), done);
  });

  async function claimOrReplay(request: FastifyRequest, reply: FastifyReply, key: string | string[]) {
    if (typeof key !== 'string' || key.length < 1 || key.length > 255)
      throw fieldError('Idempotency-Key', 'must be 1 to 255 characters');
    const { companyId, principal } = request.ctx!;
    const hash = requestHash(request);
    const owner = randomUUID();
    const existing = await inTenant(database, companyId, async (tx) => {
      await tx.db
        .deleteFrom('idempotency_keys')
        .where('company_id', '=', companyId)
        .where('principal', '=', principal)
        .where('key', '=', key)
        .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${TTL_HOURS})`)
        .execute();
      // One statement claims a new key or takes over one whose lease ran out: of two retries racing for
      // an abandoned key, the second waits for the first's row lock, then sees a live lease and gets 409.
      const claimed = await tx.db
        .insertInto('idempotency_keys')
        .values({
          company_id: companyId,
          principal,
          key,
          request_hash: hash,
          lease_until: leaseEnd,
          lease_owner: owner,
        })
        .onConflict((oc) =>
          oc
            .columns(['company_id', 'principal', 'key'])
            .doUpdateSet((eb) => ({
              lease_until: eb.ref('excluded.lease_until'),
              lease_owner: eb.ref('excluded.lease_owner'),
            }))
            .where('idempotency_keys.response_status', 'is', null)
            .where((eb) => eb('idempotency_keys.lease_until', '<', eb.fn<Date>('now')))
            .whereRef('idempotency_keys.request_hash', '=', 'excluded.request_hash'),
        )
        .returning('key')
        .execute();
      if (claimed.length) return undefined;
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
          tx.db
            .updateTable('idempotency_keys')
            .set({ lease_until: leaseEnd })
            .where(claimedBy({ key, principal, owner }, companyId))
            .execute(),
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
    reply
      .code(existing.response_status)
      .type(existing.response_type ?? 'application/json')
      .send(existing.response_body);
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    const pending = request.idempotency;
    if (!pending || !request.ctx) return done(null, payload);
    store(request, reply, payload, pending, request.ctx.companyId).then(() => done(null, payload), done);
  });

  async function store(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    pending: IdempotencyClaim,
    companyId: string,
  ) {
    clearInterval(pending.renewal);
    request.idempotency = undefined; // stored once, even if this hook's own failure is sent again
    await inTenant(database, companyId, async (tx) => {
      // Only while the key is still this attempt's: one that lost it to a retry leaves the retry's result.
      const where = claimedBy(pending, companyId);
      if (reply.statusCode >= 500) {
        await tx.db.deleteFrom('idempotency_keys').where(where).execute(); // a failure may be retried
        return;
      }
      const body =
        request.routeOptions.config?.idempotencySecret && reply.statusCode < 300
          ? SECRET_MARKER
          : String(payload ?? '');
      await tx.db
        .updateTable('idempotency_keys')
        .set({
          response_status: reply.statusCode,
          response_body: body,
          response_type: String(reply.getHeader('content-type') ?? 'application/json'),
        })
        .where(where)
        .execute();
    });
  }

  // onSend above clears it for every answer; this is the safety net that renewal never outlives its request.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.idempotency) clearInterval(request.idempotency.renewal);
    done();
  });
}
