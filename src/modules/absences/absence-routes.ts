// Routes of absences: the engine's create, list, read and delete; the spec's PATCH (only its
// fields); /self; approve, decline, cancel; replacements and replacement candidates.
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { parseListQuery, listQuerySchema } from '../../platform/http/list-query.js';
import { BadRequest, type FieldError } from '../../platform/http/errors.js';
import { contextOf } from '../../platform/http/request-context.js';
import { optionalBody } from '../../platform/http/optional-body.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { SECURITY, UPDATED_RESPONSE, errorResponses, idParams } from '../../platform/http/route-docs.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import { sql } from 'kysely';
import { acceptIgnored } from '../../resources/engine/common-fields.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { mergePatch } from '../../resources/engine/schema-shapes.js';
import { dateTime, objectId, objectIds, opt, text } from '../../resources/engine/fields.js';
import { CALCULATION_TYPES } from './absence-types.js';
import { absenceWorkflow } from './absence-workflow.js';
import { absenceSchema, absences } from './absences-resource.js';
import { replacementBody, replacements } from './replacements.js';
import { registerLeaveRoutes } from './leave-routes.js';

const tags = ['absences'];

/** The spec's PATCH: only these fields (and the common entity and read-only fields, ignored). */
const specPatch = Type.Object(
  {
    dtStart: opt(dateTime()),
    dtEnd: opt(dateTime()),
    daysAbsent: opt(Type.Number({ minimum: 0, maximum: 366 })),
    type: opt(absenceSchema.properties.type),
    desc: opt(text(2000)),
    payTypeAbsenceId: opt(objectId('pay_types')),
    calculationType: opt(Type.Union(CALCULATION_TYPES.map((c) => Type.Literal(c)))),
    imageIds: opt(objectIds('documents', 50)),
    sameCauseAs: opt(absenceSchema.properties.sameCauseAs),
  },
  { additionalProperties: false, minProperties: 1 },
);
/**
 * Fields set at creation that the spec's PATCH does not change: a GET answer sent back carries them,
 * so they are accepted when equal to the stored value (null: when unset) and refused otherwise.
 */
const CREATE_ONLY = ['userId', 'fullDay', 'attachments', 'objectManagerIds'] as const;
const createOnly = Object.fromEntries(
  CREATE_ONLY.map((key) => [key, Type.Optional(Type.Unsafe({ ...absenceSchema.properties[key], readOnly: true }))]),
);
// The same JSON schema, typed as the spec's fields (the ignored ones are accepted and dropped).
const patchBody = Type.Unsafe<Static<typeof specPatch>>(
  // A merge patch (RFC 7396): null removes a field.
  {
    ...mergePatch(
      acceptIgnored({ ...specPatch, properties: { ...specPatch.properties, ...createOnly } }, absences.ignored.patch),
    ),
    minProperties: 1,
  },
);

/** Equal values, dates compared as instants (`…Z` and `….000Z`). */
const sameValue = (a: unknown, b: unknown) =>
  a === b ||
  (typeof a === 'string' && typeof b === 'string' && Date.parse(a) === Date.parse(b) && !Number.isNaN(Date.parse(a)));

/** The body without its create-only fields, or a 400 naming each one that differs from the record. */
function withoutCreateOnly(body: Record<string, unknown>, stored: Record<string, unknown>) {
  const rest = { ...body };
  const errors: FieldError[] = [];
  for (const key of CREATE_ONLY) {
    if (!Object.hasOwn(body, key)) continue;
    delete rest[key];
    const sent = body[key] ?? undefined;
    if (!isDeepStrictEqual(sent, stored[key]))
      errors.push({ path: key, message: 'is set at creation and cannot be changed' });
  }
  if (errors.length) throw BadRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
  return rest;
}

export function registerAbsenceRoutes(app: FastifyInstance, deps: { database: Database; mail: MailOutbox }) {
  const service = registerResource(app, deps, absences, { except: ['update'] });
  const workflow = absenceWorkflow(deps);
  const replacing = replacements(deps);
  const typed = typedRoutes(app);
  registerLeaveRoutes(app, deps);

  typed.get(
    '/absences/self',
    {
      schema: {
        tags,
        summary: "The authenticated user's absences",
        security: SECURITY,
        description:
          'Filters: status, ids, payTypeAbsenceIds, type (states or type numbers), endDateFrom, endDateTo, startDateTo, filter; limit, offset, sort.',
        querystring: Type.Unsafe<Record<string, unknown>>(listQuerySchema(absences.fields, absences.listOptions)),
        response: { 200: { type: 'array', items: absences.response }, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const query = parseListQuery(request.query, absences.fields, absences.listOptions);
      // sql: list conditions are SQL fragments (list-query.ts).
      query.where.push(sql<boolean>`user_id = ${ctx.userId}`);
      const { items, total } = await service.search(ctx, query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  typed.patch(
    '/absences/:id',
    {
      schema: {
        tags,
        summary: 'Update an absence (only the supplied fields)',
        security: SECURITY,
        params: idParams(),
        body: patchBody,
        description:
          'Changing the period, type or pay of an approved absence recomputes its affected jobs, paid time and salaries. Employees may change their own open requests.',
        response: { 200: UPDATED_RESPONSE, ...errorResponses([404, 409]) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const sent = request.body as Record<string, unknown>;
      const stored =
        sent.daysAbsent !== undefined || CREATE_ONLY.some((key) => Object.hasOwn(sent, key))
          ? await service.get(ctx, request.params.id)
          : undefined;
      const body = (stored ? withoutCreateOnly(sent, stored) : sent) as typeof request.body;
      // A daysAbsent the client writes is kept from now on, also when the period changes later;
      // the stored one sent back with the stored period (a GET answer) pins nothing.
      const same = (key: 'daysAbsent' | 'dtStart' | 'dtEnd') =>
        body[key] === undefined || (stored !== undefined && sameValue(body[key], stored[key]));
      const manual = body.daysAbsent !== undefined && !(same('daysAbsent') && same('dtStart') && same('dtEnd'));
      await service.update(ctx, request.params.id, body, manual ? { daysAbsentManual: true } : {});
      return { updated: true };
    },
  );

  const ids = { type: 'array', items: { type: 'string' } };
  /** Approval: the absence's state (assigned once every affected job is replaced) and its affected jobs. */
  const approved = {
    type: 'object',
    properties: {
      _id: { type: 'string' },
      state: { type: 'string' },
      affectedJobs: ids,
      isAssigned: { type: 'boolean' },
    },
    required: ['_id', 'state', 'affectedJobs', 'isAssigned'],
  };
  /** Replacements: the jobs made, one per job replaced, and the absence's coverage after them. */
  const replaced = {
    type: 'object',
    properties: {
      replacements: {
        type: 'array',
        items: {
          type: 'object',
          properties: { jobId: { type: 'string' }, replacementJobId: { type: 'string' }, userId: { type: 'string' } },
          required: ['jobId', 'replacementJobId', 'userId'],
        },
      },
      isAssigned: { type: 'boolean' },
      state: { type: 'string' },
    },
    required: ['replacements', 'isAssigned', 'state'],
  };
  typed.post(
    '/absences/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve: affected jobs, paid time, salaries, leave; ABSENCE_APPROVED',
        security: SECURITY,
        params: idParams(),
        response: { 200: approved, ...errorResponses([404, 409]) },
      },
    },
    async (request) => {
      // The saved record is untyped; an approval always has its affected jobs (absence-effects.ts).
      const { affectedJobs, ...result } = await workflow.approve(contextOf(request), request.params.id);
      return { ...result, affectedJobs: Array.isArray(affectedJobs) ? affectedJobs : [] };
    },
  );
  typed.post(
    '/absences/:id/decline',
    {
      ...optionalBody,
      schema: {
        tags,
        summary: 'Decline an open absence',
        security: SECURITY,
        params: idParams(),
        body: Type.Object({ declineComment: opt(text(2000)) }, { additionalProperties: false }),
        response: { 200: UPDATED_RESPONSE, ...errorResponses([404, 409]) },
      },
    },
    async (request) => {
      // optionalBody makes a missing body {} before validation.
      await workflow.decline(contextOf(request), request.params.id, request.body.declineComment);
      return { updated: true };
    },
  );
  typed.post(
    '/absences/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel: an approved absence gives its jobs back (ABSENCE_CANCELED)',
        security: SECURITY,
        params: idParams(),
        response: { 200: UPDATED_RESPONSE, ...errorResponses([404, 409]) },
      },
    },
    async (request) => {
      await workflow.cancel(contextOf(request), request.params.id);
      return { updated: true };
    },
  );

  typed.post(
    '/absences/:id/replacements',
    {
      schema: {
        tags,
        summary: "Assign a replacement for the absence's jobs",
        security: SECURITY,
        params: idParams(),
        description: '409 names the conflicting job or absence when the user is busy or absent then.',
        body: replacementBody,
        response: { 200: replaced, ...errorResponses([404, 409]) },
      },
    },
    async (request) => replacing.assign(contextOf(request), request.params.id, request.body),
  );

  typed.get(
    '/absences/:id/replacementCandidates',
    {
      schema: {
        tags,
        summary: 'Employees who could replace, best first',
        description:
          'Field staff only (their access group reads only their own jobs; office accounts and users without a name are left out), free for at least one uncovered job; ranked by jobs they are free for, objects they know, matching activity types, then fewer hours planned that week (hoursThisWeek, Monday to Monday UTC of the first uncovered job).',
        security: SECURITY,
        params: idParams(),
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                userId: { type: 'string' },
                name: { type: 'string' },
                score: { type: 'number' },
                freeForJobIds: { type: 'array', items: { type: 'string' } },
                conflictingJobIds: { type: 'array', items: { type: 'string' } },
                workedOnObjectIds: { type: 'array', items: { type: 'string' } },
                matchingActivityTypeIds: { type: 'array', items: { type: 'string' } },
                hoursThisWeek: { type: 'number' },
              },
              required: [
                'userId',
                'name',
                'score',
                'freeForJobIds',
                'conflictingJobIds',
                'workedOnObjectIds',
                'matchingActivityTypeIds',
                'hoursThisWeek',
              ],
            },
          },
          ...errorResponses([404]),
        },
      },
    },
    async (request) => replacing.candidates(contextOf(request), request.params.id),
  );
}
