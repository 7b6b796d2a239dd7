// Read your writes with read replicas: once a client's write is answered (whatever the answer: a 503
// may still have committed), its lag-tolerant reads go to the primary for a few seconds
// (DATABASE_READ_AFTER_WRITE_SECONDS, read-routing.ts). Per process: behind a balancer without sticky
// sessions another process does not know of the write (docs/operations.md).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import type { RequestContext } from './request-context.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The reader a guard knows a client by: its company and principal (a user or an API key). */
export const readerOf = (ctx: RequestContext) => `${ctx.companyId}/${ctx.principal}`;

export function registerReadYourWrites(app: FastifyInstance, database: Database): void {
  const router = database.readRouter;
  if (!router) return;
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.ctx && !READS.has(request.method) && !request.routeOptions.config?.readsOnly)
      router.noteWrite(readerOf(request.ctx));
    done(null, payload);
  });
}
