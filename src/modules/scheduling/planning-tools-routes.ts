// Helpers of the office's planning: a recurrence's next dates before an assignment is saved, and the
// previous week's one-off jobs copied into a week.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.js';
import { inTenant, readInTenant } from '../../platform/db/tenant.js';
import { contextOf } from '../../platform/http/request-context.js';
import { requireLevel } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { assertReferencesExist } from '../../resources/engine/references.js';
import { MAX_PREVIEW, previewBody, previewOccurrences, previewResponse } from './assignment-preview.js';
import type { Scheduling } from './scheduling-with.js';
import { copyPreviousWeek, copyWeekBody, copyWeekResponse, MAX_COPIED_JOBS } from './copy-week.js';

export function registerPlanningTools(app: FastifyInstance, deps: { database: Database; scheduling: Scheduling }) {
  const routes = typedRoutes(app);
  routes.post(
    '/assignments/preview',
    {
      config: { readsOnly: true },
      schema: {
        tags: ['assignments'],
        summary: "The next occurrences of an assignment's iCalendar, without saving",
        description: `Validates the iCalendar as creating an assignment does (the same field errors) and answers it normalised with its next \`count\` occurrences (at most ${MAX_PREVIEW}) starting at or after \`after\`, each as UTC instants and as the local start in \`tzid\`. With \`skipPublicHolidays\` and \`objectId\`, the object's public holidays are left out as job generation leaves them out. Stores nothing. Needs read access to assignments.`,
        security: SECURITY,
        body: previewBody,
        response: { 200: previewResponse, ...errorResponses() },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      requireLevel(ctx, 'assignments', 'read');
      return readInTenant(deps.database, ctx.companyId, async (tx) => {
        await assertReferencesExist(tx, previewBody, request.body);
        return previewOccurrences(tx, request.body, Date.now());
      });
    },
  );

  routes.post(
    '/jobs/copyWeek',
    {
      schema: {
        tags: ['jobs'],
        summary: "Copy the previous week's one-off jobs into a week",
        description: `Copies the one-off jobs (no assignment; replacement and cancelled jobs left out) starting in the week before \`weekStart\` (a Monday, in the company's time zone) to the same weekday and wall-clock time in the week of \`weekStart\`, keeping object, user, title, comment, activity type, tags and target time. A job already there with the same object, user, times and title is skipped, so repeating the call adds nothing. At most ${MAX_COPIED_JOBS} jobs (else 422). Needs jobs write level all.`,
        security: SECURITY,
        body: copyWeekBody,
        response: { 201: copyWeekResponse, ...errorResponses([422]) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const result = await inTenant(deps.database, ctx.companyId, (tx) =>
        copyPreviousWeek(tx, ctx, request.body, deps.scheduling),
      );
      return reply.code(201).send(result);
    },
  );
}
