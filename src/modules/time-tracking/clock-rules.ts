// GET /v2/timeTracking/clockRules: the limits a clock-in is checked against (the company's plausibility
// settings), readable by whoever may clock in. The crew's app asks for a reason before a clock-in outside the
// start window or far from the object, so it must know the window without reading the company's settings.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { contextOf, requireLevel } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { loadTimeAndPaySettings } from '../pay/index.js';
import { timeTrackings } from './time-trackings-resource.js';

const clockRules = {
  type: 'object',
  properties: {
    startToleranceMinutes: {
      type: 'integer',
      description: "minutes a clock-in may differ from the job's start before it needs a reason",
    },
    maxDistanceMeters: {
      type: 'integer',
      description: "metres a clock-in may be from the object's location before it needs a reason",
    },
  },
  required: ['startToleranceMinutes', 'maxDistanceMeters'],
};

export function registerClockRulesRoute(app: FastifyInstance, deps: { database: Database }) {
  typedRoutes(app).get(
    `/${timeTrackings.collection}/clockRules`,
    {
      schema: {
        tags: [timeTrackings.collection],
        summary: 'The limits a clock-in is checked against',
        description:
          "The company's start tolerance and distance limit (timeAndPaySettings.plausibility), for anyone who may clock in (timeTracking write own or all). A clock-in outside them is still recorded, flagged for the manager; an app asks the employee for `clockInReason` then.",
        security: SECURITY,
        response: { 200: clockRules, ...errorResponses() },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      requireLevel(ctx, timeTrackings.area, 'write');
      const { plausibility } = await inTenant(deps.database, ctx.companyId, (tx) => loadTimeAndPaySettings(tx));
      return {
        startToleranceMinutes: plausibility.startToleranceMinutes,
        maxDistanceMeters: plausibility.maxDistanceMeters,
      };
    },
  );
}
