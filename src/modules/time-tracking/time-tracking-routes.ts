// Routes of time tracking: clock in and out on a job, the entries (manual entries, corrections
// with a reason, approval, cancellation) and the salary run.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { contextOf } from '../../platform/http/request-context.js';
import { optionalBody } from '../../platform/http/optional-body.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { SECURITY, UPDATED_RESPONSE, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { OBJECT_ID_PATTERN } from '../../platform/ids.js';
import { dateTime, geoPoint, opt, text } from '../../resources/engine/fields.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { approvals } from './approval.js';
import { registerClockRulesRoute } from './clock-rules.js';
import { timeClock } from './time-clock.js';
import { timeTrackings } from './time-trackings-resource.js';

const clockFields = {
  time: opt(dateTime()),
  location: opt(geoPoint()),
  offline: opt(Type.Boolean({ description: 'recorded while offline; time is then the real clock time' })),
  comment: opt(text(2000)),
  clientId: opt(
    text(100, { description: "the device's id of the entry; repeating a request with it changes nothing" }),
  ),
};
const clockBodies = {
  start: Type.Object(
    {
      ...clockFields,
      clockInReason: opt(
        text(500, {
          description: 'why the clock-in lies outside the start window or far from the object (clockRules)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  stop: Type.Object(
    { ...clockFields, break: opt(Type.Integer({ minimum: 0, maximum: 86_400, description: 'break taken, seconds' })) },
    { additionalProperties: false },
  ),
};

/** Entries one bulk approval takes: a week of a busy team, in one transaction of bounded length. */
const MAX_BULK_APPROVAL = 200;

/** An approved entry: its id and the salaries computed for it (none when the pay rules give none). */
const approvedEntry = {
  type: 'object',
  properties: { _id: { type: 'string' }, salaryIds: { type: 'array', items: { type: 'string' } } },
  required: ['_id', 'salaryIds'],
};
const clockResult = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    timeTrackingId: { type: 'string' },
    jobId: { type: 'string' },
    replayed: { type: 'boolean' },
  },
  required: ['_id', 'timeTrackingId', 'jobId'],
};

export function registerTimeTrackingRoutes(app: FastifyInstance, deps: { database: Database }) {
  const entries = registerResource(app, deps, timeTrackings, { except: ['update', 'delete'] });
  const routes = typedRoutes(app);
  const clock = timeClock(deps);
  const approval = approvals(deps);
  const tags = [timeTrackings.collection];
  registerClockRulesRoute(app, deps);

  for (const [verb, summary] of [
    ['start', 'Clock in on the job'],
    ['stop', 'Clock out of the job'],
  ] as const) {
    routes.post(
      `/jobs/:id/${verb}`,
      {
        ...optionalBody,
        schema: {
          tags: ['jobs'],
          summary,
          security: SECURITY,
          params: idParams(),
          body: clockBodies[verb],
          description:
            verb === 'start'
              ? "Starts a time-tracking entry for the job's user and adds it to the job's `started` list. 409 when already clocked in on the job."
              : "Ends the open entry of the job's user. 409 when not clocked in; 400 when the time is before the clock-in.",
          response: { 200: clockResult, ...errorResponses([404, 409]) },
        },
      },
      async (request) => {
        const ctx = contextOf(request);
        const { id } = request.params;
        // optionalBody makes a missing body {} before validation.
        return verb === 'start' ? clock.start(ctx, id, request.body) : clock.stop(ctx, id, request.body);
      },
    );
  }

  routes.patch(
    `/${timeTrackings.collection}/:id`,
    {
      schema: {
        tags,
        summary: 'Correct an entry (managers; a reason is required)',
        security: SECURITY,
        params: idParams(),
        description:
          "JSON Merge Patch. Sets editedByManager; an approved entry's salary is recomputed unless it is billed.",
        body: Type.Unsafe<Record<string, unknown>>({ ...timeTrackings.patchBody, required: ['reason'] }),
        response: { 200: UPDATED_RESPONSE, ...errorResponses([404, 409]) },
      },
    },
    async (request) => {
      await entries.update(contextOf(request), request.params.id, request.body);
      return { updated: true };
    },
  );

  routes.post(
    `/${timeTrackings.collection}/:id/approve`,
    {
      schema: {
        tags,
        summary: 'Approve an entry and compute its salary',
        security: SECURITY,
        params: idParams(),
        response: {
          200: approvedEntry,
          ...errorResponses([404, 409]),
        },
      },
    },
    async (request) => approval.approve(contextOf(request), request.params.id),
  );

  routes.post(
    `/${timeTrackings.collection}/approve`,
    {
      schema: {
        tags,
        summary: 'Approve several entries at once (all or nothing)',
        security: SECURITY,
        description: `Approves up to ${MAX_BULK_APPROVAL} entries in one transaction, each as POST /timeTracking/{id}/approve does (salary computed). All or nothing: when one entry is missing, cancelled or still running, none is approved and the problem names it (404, 409). A repeated id counts once.`,
        body: Type.Object(
          {
            ids: Type.Array(Type.String({ pattern: OBJECT_ID_PATTERN }), {
              minItems: 1,
              maxItems: MAX_BULK_APPROVAL,
            }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            type: 'object',
            properties: {
              approved: { type: 'integer' },
              entries: { type: 'array', items: approvedEntry },
            },
            required: ['approved', 'entries'],
          },
          ...errorResponses([404, 409]),
        },
      },
    },
    async (request) => approval.approveMany(contextOf(request), request.body.ids),
  );

  routes.post(
    `/${timeTrackings.collection}/:id/cancel`,
    {
      ...optionalBody,
      schema: {
        tags,
        summary: 'Cancel an entry (its unbilled salary is removed)',
        security: SECURITY,
        params: idParams(),
        body: Type.Object({ reason: opt(text(2000)) }, { additionalProperties: false }),
        response: { 200: UPDATED_RESPONSE, ...errorResponses([404, 409]) },
      },
    },
    async (request) => {
      await approval.cancel(contextOf(request), request.params.id, request.body.reason);
      return { updated: true };
    },
  );

  routes.post(
    '/salaries/compute',
    {
      schema: {
        tags: ['salaries'],
        summary: "Salary run: approve the period's stopped entries and compute their salaries",
        security: SECURITY,
        description:
          'Every stopped, uncancelled entry that began in [from, to) is approved, and its salary computed or recomputed; billed salaries stay as they are. At most 62 days.',
        body: Type.Object(
          {
            from: dateTime(),
            to: dateTime(),
            userIds: opt(Type.Array(Type.String({ pattern: OBJECT_ID_PATTERN }), { maxItems: 1000 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            type: 'object',
            properties: {
              entries: { type: 'integer' },
              approved: { type: 'integer' },
              computed: { type: 'integer' },
              billedUnchanged: { type: 'integer' },
            },
            required: ['entries', 'approved', 'computed', 'billedUnchanged'],
          },
          ...errorResponses(),
        },
      },
    },
    async (request) => approval.run(contextOf(request), request.body),
  );
}
