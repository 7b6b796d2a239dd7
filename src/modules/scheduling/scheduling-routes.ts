// Routes of scheduling: assignments and job templates through the engine; jobs through the engine
// for writes and through the SQL read model for reads; the job actions; jobs in a time frame.
import type { FastifyInstance } from 'fastify';
import { type TSchema, Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { listQuerySchema } from '../../platform/http/list-query.js';
import { contextOf } from '../../platform/http/request-context.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { ID_RESPONSE, SECURITY, UPDATED_RESPONSE, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { nameSchema } from '../../platform/openapi/schema-names.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { activityTypes } from '../../resources/activity-types.js';
import { salaries } from '../pay/index.js';
import { assignments } from './assignments-resource.js';
import { jobTemplates } from './job-templates.js';
import { registerPlanningTools } from './planning-tools-routes.js';
import { jobs } from './jobs-resource.js';
import type { JobEmbeds } from './jobs-read.js';
import { assignBody, jobsService, replacementBody } from './jobs-service.js';
import { timeFrameBody } from './time-frame-filter.js';
import type { AbsenceHooks } from './absence-hooks.js';
import { schedulingWith } from './scheduling-with.js';

const tags = ['jobs'];
// The Job as its reads show it: the embedded records typed as their own schemas (the read model
// builds each whole, jobs-read.ts), so a generated client gets Job.assignment as an Assignment.
const jobFields = (jobs.response as { properties: Record<string, object> }).properties;
// Typed as plain objects: the routes send the JSON text the database built, not objects of this shape.
function jobSchemas({ timeTrackings }: JobEmbeds): { jobResponse: object; jobArray: object } {
  const jobResponse = nameSchema(
    {
      ...jobs.response,
      properties: {
        ...jobFields,
        assignment: {
          anyOf: [assignments.response, { type: 'null' }],
          default: null,
          description: 'the assignment the job stems from',
        },
        activityType: {
          anyOf: [activityTypes.response, { type: 'null' }],
          default: null,
          description: "the job's activity type",
        },
        timeTrackings: { type: 'array', items: timeTrackings.response, default: [] },
        salaries: { type: 'array', items: salaries.response, default: [] },
      },
    },
    'Job',
  );
  return { jobResponse, jobArray: { type: 'array', items: jobResponse } };
}
// Each action's answer as it always comes: assign names the jobs (teamId when several users share
// them), split the two halves, replacement the new job; the others only confirm.
const ids = { type: 'array', items: { type: 'string' } };
const assignResult = {
  type: 'object',
  properties: { _id: { type: 'string' }, ids, teamId: { type: 'string' } },
  required: ['_id', 'ids'],
};
const splitResult = {
  type: 'object',
  properties: { _id: { type: 'string' }, ids, splitId: { type: 'string' } },
  required: ['_id', 'ids', 'splitId'],
};

/**
 * embeds: the records of later modules the job read embeds (time trackings); absences: what
 * scheduling asks of the absences module (absence-hooks.ts). Both given by the app.
 */
export function registerSchedulingRoutes(
  app: FastifyInstance,
  deps: { database: Database; embeds: JobEmbeds; absences: AbsenceHooks },
) {
  const { jobResponse, jobArray } = jobSchemas(deps.embeds);
  const scheduling = schedulingWith(deps.absences);
  // Before the resource's routes: /assignments/preview is a fixed path beside /assignments/{id}.
  registerPlanningTools(app, { database: deps.database, scheduling });
  registerResource(app, deps, scheduling.assignments);
  registerResource(app, deps, jobTemplates);
  registerResource(app, deps, scheduling.jobs, { except: ['list', 'get'] });
  const service = jobsService({ database: deps.database, embeds: deps.embeds, scheduling });
  const routes = typedRoutes(app);

  routes.get(
    '/jobs/',
    {
      schema: {
        tags,
        summary: 'List jobs',
        security: SECURITY,
        querystring: Type.Unsafe<Record<string, unknown>>(listQuerySchema(jobs.fields, jobs.listOptions)),
        response: { 200: jobArray, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const { body, total } = await service.list(contextOf(request), request.query);
      return reply.header('x-total-count', String(total)).type('application/json').send(body); // the answer's JSON bytes (jobs-read.ts)
    },
  );

  routes.get(
    '/jobs/:id',
    {
      schema: {
        tags,
        summary: 'Read a job',
        security: SECURITY,
        params: idParams(),
        response: { 200: jobResponse, ...errorResponses([404]) },
      },
    },
    async (request, reply) =>
      reply.type('application/json').send(await service.get(contextOf(request), request.params.id)),
  );

  routes.post(
    '/jobs/jobsInTimeFrame',
    {
      config: { readsOnly: true },
      schema: {
        tags,
        summary: 'Jobs in a time frame',
        security: SECURITY,
        description:
          'Jobs overlapping [from, to), ordered by start. Jobs of assignments are generated on demand for the frame.',
        body: timeFrameBody,
        response: { 200: jobArray, ...errorResponses() },
      },
    },
    async (request, reply) =>
      reply
        .code(200)
        .type('application/json')
        .send(await service.inTimeFrame(contextOf(request), request.body)),
  );

  /** A job action's route options: POST /jobs/{id}/{verb} with this body, answered with result. */
  const action = <Body extends TSchema>(summary: string, body: Body, result: object = UPDATED_RESPONSE) => ({
    schema: { tags, summary, security: SECURITY, params: idParams(), body, response: actionResponse(result) },
  });
  const actionResponse = (result: object) => ({ 200: result, ...errorResponses([404, 409]) });
  const updated = { updated: true };

  routes.post(
    '/jobs/:id/assign',
    action('Assign users (several: a team, one job each)', assignBody, assignResult),
    async (request) => service.assign(contextOf(request), request.params.id, request.body.userIds),
  );
  const unassign = {
    tags,
    summary: "Remove the job's user",
    security: SECURITY,
    params: idParams(),
    response: actionResponse(UPDATED_RESPONSE),
  };
  routes.post('/jobs/:id/unassign', { schema: unassign }, async (request) => {
    await service.unassign(contextOf(request), request.params.id);
    return updated;
  });
  routes.post(
    '/jobs/:id/move',
    action(
      'Move the job (keeps originalId)',
      Type.Object(
        { from: Type.String({ format: 'date-time' }), to: Type.Optional(Type.String({ format: 'date-time' })) },
        { additionalProperties: false },
      ),
    ),
    async (request) => {
      await service.move(contextOf(request), request.params.id, request.body);
      return updated;
    },
  );
  routes.post(
    '/jobs/:id/split',
    action(
      'Split the job in two at a time (shared splitId)',
      Type.Object({ at: Type.String({ format: 'date-time' }) }, { additionalProperties: false }),
      splitResult,
    ),
    async (request) => service.split(contextOf(request), request.params.id, request.body.at),
  );
  routes.post(
    '/jobs/:id/accept',
    action(
      'Accept or decline the job (acceptedStatus)',
      Type.Object(
        { acceptedStatus: Type.Optional(Type.Union([Type.Literal('accepted'), Type.Literal('declined')])) },
        { additionalProperties: false },
      ),
    ),
    async (request) => {
      await service.accept(contextOf(request), request.params.id, request.body?.acceptedStatus ?? 'accepted');
      return updated;
    },
  );
  routes.post(
    '/jobs/:id/replacement',
    action('Create a replacement job for another user (masterJobId)', replacementBody, ID_RESPONSE),
    async (request) => service.replace(contextOf(request), request.params.id, request.body.userId),
  );
}
