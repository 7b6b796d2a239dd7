// Routes of quality control: the engine's five, and the per-object quality report.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { contextOf } from '../../platform/http/request-context.js';
import { parseTimestamp } from '../../platform/http/named-filters.js';
import { SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { qualityControls } from './quality-controls.js';
import { qualityReport } from './quality-report.js';

export function registerQualityRoutes(app: FastifyInstance, deps: { database: Database }) {
  registerResource(app, deps, qualityControls);
  typedRoutes(app).get(
    '/objects/:id/qualityReport',
    {
      schema: {
        tags: ['qualityControl'],
        summary: 'Quality of an object over a period: average rating by month, worst rooms',
        security: SECURITY,
        params: idParams(),
        querystring: Type.Object(
          {
            from: Type.Optional(
              Type.String({ maxLength: 40, description: 'epoch ms or ISO 8601; default a year before to' }),
            ),
            to: Type.Optional(
              Type.String({ maxLength: 40, description: 'epoch ms or ISO 8601 (exclusive); default now' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            type: 'object',
            properties: {
              objectId: { type: 'string' },
              from: { type: 'string' },
              to: { type: 'string' },
              controls: { type: 'integer' },
              averageRating: { type: ['number', 'null'] },
              byMonth: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    month: { type: 'string' },
                    controls: { type: 'integer' },
                    averageRating: { type: 'number' },
                  },
                  required: ['month', 'controls', 'averageRating'],
                },
              },
              worstRooms: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    room: { type: 'string' },
                    checks: { type: 'integer' },
                    averageRating: { type: 'number' },
                  },
                  required: ['room', 'checks', 'averageRating'],
                },
              },
            },
            required: ['objectId', 'from', 'to', 'controls', 'averageRating', 'byMonth', 'worstRooms'],
          },
          ...errorResponses([404]),
        },
      },
    },
    async (request) => {
      const query = request.query;
      const to = query.to === undefined ? Date.now() : parseTimestamp(query.to, 'to').getTime();
      const from = query.from === undefined ? to - 365 * 86_400_000 : parseTimestamp(query.from, 'from').getTime();
      return qualityReport(deps.database, contextOf(request), request.params.id, from, to);
    },
  );
}
