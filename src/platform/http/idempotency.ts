// Idempotency-Key on POST (IETF httpapi idempotency-key draft): the first response is kept for 24 h
// and replayed for a retry with the same key and body; another body is 422, a request still running 409.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { inTenant } from '../db/tenant.js';
import { Conflict, Unprocessable, fieldError } from './errors.js';

const TTL_HOURS = 24;

declare module 'fastify' {
  interface FastifyRequest { idempotency?: { key: string } }
  interface FastifyContextConfig {
    /** The response carries a secret shown once: it is not stored, and a retry is told so (409). */
    idempotencySecret?: boolean;
  }
}

const SECRET_MARKER = '{"secret":true}';

function requestHash(request: FastifyRequest): string {
  return createHash('sha256').update(`${request.routeOptions.url}\n${JSON.stringify(request.body ?? null)}`).digest('hex');
}

export function registerIdempotency(app: FastifyInstance, database: Database) {
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || key === undefined || !request.ctx) return;
    if (typeof key !== 'string' || key.length < 1 || key.length > 255) throw fieldError('Idempotency-Key', 'must be 1 to 255 characters');
    const { companyId, principal } = request.ctx;
    const hash = requestHash(request);
    const existing = await inTenant(database, companyId, async (tx) => {
      await sql`DELETE FROM idempotency_keys WHERE company_id = ${companyId} AND principal = ${principal} AND key = ${key}
        AND created_at < now() - make_interval(hours => ${TTL_HOURS})`.execute(tx.db);
      const inserted = await tx.db.insertInto('idempotency_keys')
        .values({ company_id: companyId, principal, key, request_hash: hash })
        .onConflict((oc) => oc.doNothing()).returning('key').executeTakeFirst();
      if (inserted) return undefined;
      return tx.db.selectFrom('idempotency_keys').selectAll()
        .where('company_id', '=', companyId).where('principal', '=', principal).where('key', '=', key).executeTakeFirst();
    });
    if (!existing) {
      request.idempotency = { key };
      return;
    }
    if (existing.request_hash !== hash) throw Unprocessable('This Idempotency-Key was used with another request body');
    if (existing.response_status === null) throw Conflict('A request with this Idempotency-Key is still being processed');
    if (existing.response_body === SECRET_MARKER) {
      throw Conflict('The request with this Idempotency-Key succeeded; its response held a secret that is shown only once');
    }
    reply.header('idempotent-replayed', 'true');
    return reply.code(existing.response_status).type(existing.response_type ?? 'application/json').send(existing.response_body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.idempotency;
    if (!pending || !request.ctx) return payload;
    const { companyId, principal } = request.ctx;
    await inTenant(database, companyId, async (tx) => {
      const where = sql`company_id = ${companyId} AND principal = ${principal} AND key = ${pending.key}`;
      if (reply.statusCode >= 500) {
        await sql`DELETE FROM idempotency_keys WHERE ${where}`.execute(tx.db); // a failure may be retried
        return;
      }
      const body = request.routeOptions.config?.idempotencySecret && reply.statusCode < 300 ? SECRET_MARKER : String(payload ?? '');
      await sql`UPDATE idempotency_keys SET response_status = ${reply.statusCode}, response_body = ${body},
        response_type = ${String(reply.getHeader('content-type') ?? 'application/json')} WHERE ${where}`.execute(tx.db);
    });
    return payload;
  });
}
