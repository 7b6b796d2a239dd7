// Service reports (/v2/serviceReports/): the jobs done at an object in a period, with their
// clocked times, put together when the report is created (or refreshed) and signed by the
// customer through a single-use, expiring link that needs no account.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { inAuthLookup, inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { Conflict, NotFound, fieldError } from '../../platform/http/errors.js';
import { contextOf, requireLevel } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { defineResource } from '../../resources/engine/define-resource.js';
import { objectId, opt, text } from '../../resources/engine/fields.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { objects } from '../../resources/objects.js';
import { authRateLimits } from '../../platform/http/rate-limits.js';

const date = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const MAX_DAYS = 93;
const MAX_LINK_HOURS = 30 * 24;

async function jobsOf(tx: TenantTx, objectIdValue: string, from: string, to: string) {
  const { rows } = await sql<{
    id: string;
    from_at: Date;
    to_at: Date;
    title: string | null;
    user: string | null;
    entries: Array<{ timeStart: string; timeEnd: string | null; workingTime: number | null }>;
  }>`
    SELECT j.id, j.from_at, j.to_at, j.doc->>'title' AS title,
      (SELECT trim(coalesce(u.doc->'general'->>'firstName', '') || ' ' || coalesce(u.doc->'general'->>'lastName', '')) FROM users u WHERE u.company_id = j.company_id AND u.id = j.user_id) AS user,
      coalesce((SELECT jsonb_agg(jsonb_build_object('timeStart', t.doc->>'timeStart', 'timeEnd', t.doc->>'timeEnd', 'workingTime', (t.doc->>'workingTime')::numeric) ORDER BY t.time_start)
        FROM time_trackings t WHERE t.company_id = j.company_id AND t.job_id = j.id AND NOT t.cancelled), '[]') AS entries
    FROM jobs j WHERE j.company_id = ${tx.companyId} AND j.object_id = ${objectIdValue} AND j.state <> 'cancelled'
      AND j.from_at >= ${new Date(`${from}T00:00:00Z`)} AND j.from_at < ${new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000)}
    ORDER BY j.from_at`.execute(tx.db);
  const jobs = rows.map((r) => ({
    jobId: r.id,
    from: new Date(r.from_at).toISOString(),
    to: new Date(r.to_at).toISOString(),
    ...(r.title ? { title: r.title } : {}),
    ...(r.user ? { user: r.user } : {}),
    timeTrackings: r.entries,
    workingTime: r.entries.reduce((s, e) => s + Number(e.workingTime ?? 0), 0),
  }));
  return { jobs, totalWorkingTime: jobs.reduce((s, j) => s + j.workingTime, 0) };
}

export const serviceReports = defineResource({
  name: 'service report',
  collection: 'serviceReports',
  table: 'service_reports',
  area: 'invoicing',
  webhookEntity: 'servicereport',
  schema: Type.Object({
    objectId: objectId('objects'),
    from: date(),
    to: date(),
    title: opt(text(300)),
    comment: opt(text(5000)),
  }),
  readOnly: {
    customerId: { type: 'string' },
    state: { type: 'string', enum: ['open', 'signed'] },
    jobs: { type: 'array', items: { type: 'object', additionalProperties: true } },
    totalWorkingTime: { type: 'number', description: 'seconds' },
    signature: {
      type: 'object',
      properties: { name: { type: 'string' }, signedAt: { type: 'string' }, image: { type: 'string' } },
    },
  },
  columns: { objectId: 'object_id' },
  hooks: {
    async prepare(tx, _ctx, { doc, previous }) {
      if (previous?.doc.state === 'signed') throw Conflict('A signed service report cannot be changed');
      if (doc.to < doc.from) throw fieldError('to', 'is before from');
      if (Date.parse(doc.to) - Date.parse(doc.from) > MAX_DAYS * 86_400_000)
        throw fieldError('to', `a report covers at most ${MAX_DAYS} days`);
      const object = await findRecord(tx, objects, doc.objectId);
      if (!object) throw fieldError('objectId', 'no such object');
      return {
        doc: {
          ...doc,
          state: 'open',
          ...(object.doc.customerId ? { customerId: object.doc.customerId } : {}),
          ...(await jobsOf(tx, doc.objectId, doc.from, doc.to)),
        },
      };
    },
  },
});

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export function registerServiceReportRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  registerResource(app, deps, serviceReports);

  app.post(
    '/serviceReports/:id/clientLink',
    {
      schema: {
        tags: ['serviceReports'],
        summary: 'A link for the customer to sign the report (shown once; single use; expires)',
        security: SECURITY,
        params: idParams(),
        body: Type.Object(
          { expiresInHours: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LINK_HOURS, default: 72 })) },
          { additionalProperties: false },
        ),
        response: {
          201: {
            type: 'object',
            properties: { token: { type: 'string' }, path: { type: 'string' }, expiresAt: { type: 'string' } },
          },
          ...errorResponses([404, 409]),
        },
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      requireLevel(ctx, serviceReports.area, 'write');
      const { id } = request.params as { id: string };
      const hours = (request.body as { expiresInHours?: number }).expiresInHours ?? 72;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + hours * 3_600_000);
      await inTenant(deps.database, ctx.companyId, async (tx) => {
        const report = await findRecord(tx, serviceReports, id);
        if (!report) throw NotFound('service report', id);
        if (report.doc.state === 'signed') throw Conflict('The report is signed already');
        await tx.db
          .insertInto('client_links')
          .values({
            token_hash: hash(token),
            company_id: tx.companyId,
            resource: 'serviceReports',
            record_id: id,
            expires_at: expiresAt,
          })
          .execute();
      });
      return reply
        .code(201)
        .send({ token, path: `/v2/client/serviceReports/${token}`, expiresAt: expiresAt.toISOString() });
    },
  );

  /** The link's report, if the token is valid, unused and not expired (the same answer otherwise: 404). */
  async function linked(token: string) {
    const link = await inAuthLookup(deps.database, (db) =>
      db.selectFrom('client_links').selectAll().where('token_hash', '=', hash(token)).executeTakeFirst(),
    );
    if (!link || link.used_at || new Date(link.expires_at) <= new Date() || link.resource !== 'serviceReports')
      throw NotFound('link', 'given');
    return link as { company_id: string; record_id: string; token_hash: string };
  }

  const tokenParams = {
    type: 'object',
    properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } },
    required: ['token'],
  };
  const limits = authRateLimits(deps.config);
  app.get(
    '/client/serviceReports/:token',
    {
      ...limits,
      schema: {
        tags: ['client'],
        summary: 'The service report behind a client link (no account needed)',
        params: tokenParams,
        response: { 200: { type: 'object', additionalProperties: true }, ...errorResponses([404, 429]) },
      },
    },
    async (request) => {
      const link = await linked((request.params as { token: string }).token);
      const report = await inTenant(deps.database, link.company_id, (tx) =>
        findRecord(tx, serviceReports, link.record_id),
      );
      if (!report) throw NotFound('link', 'given');
      const { objectId: _o, customerId: _c, ...doc } = report.doc;
      return { ...doc, number: Number(report.number) };
    },
  );
  app.post(
    '/client/serviceReports/:token/sign',
    {
      ...limits,
      schema: {
        tags: ['client'],
        summary: 'Sign the service report (uses the link up)',
        params: tokenParams,
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 200 }),
            image: Type.Optional(Type.String({ maxLength: 200_000, pattern: '^data:image/(png|svg\\+xml);base64,' })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: { type: 'object', properties: { signed: { type: 'boolean' } } },
          ...errorResponses([404, 409, 429]),
        },
      },
    },
    async (request) => {
      const link = await linked((request.params as { token: string }).token);
      const body = request.body as { name: string; image?: string };
      await inTenant(deps.database, link.company_id, async (tx) => {
        // Using the link up and signing happen together: a second use finds it used.
        const used = await tx.db
          .updateTable('client_links')
          .set({ used_at: new Date() })
          .where('token_hash', '=', link.token_hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw NotFound('link', 'given');
        const report = await findRecord(tx, serviceReports, link.record_id, { forUpdate: true });
        if (!report) throw NotFound('link', 'given');
        if (report.doc.state === 'signed') throw Conflict('The report is signed already');
        await updateRecord(tx, serviceReports, report.id, {
          doc: {
            ...report.doc,
            state: 'signed',
            signature: {
              name: body.name,
              signedAt: new Date().toISOString(),
              ...(body.image ? { image: body.image } : {}),
            },
          },
          userId: 'client',
        });
      });
      return { signed: true };
    },
  );
}
