// Routes of pay: salaries (read, mark billed), surcharge rules and the German preset, pay types,
// the company's time-and-pay settings, and the public holidays of its region.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses, settingsAnswer } from '../../platform/http/route-docs.js';
import { nameSchema } from '../../platform/openapi/schema-names.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { payService } from './pay-service.js';
import { settingsBody } from './pay-settings.js';
import { payTypes } from './pay-types-resource.js';
import { salaries } from './salaries-resource.js';
import { surcharges } from './surcharges-resource.js';

export function registerPayRoutes(app: FastifyInstance, deps: { database: Database }) {
  registerResource(app, deps, salaries, { except: ['create', 'delete'] });
  registerResource(app, deps, surcharges);
  registerResource(app, deps, payTypes);
  const routes = typedRoutes(app);
  const pay = payService(deps);

  routes.post(
    '/surcharges/presets/germanTaxFree',
    {
      schema: {
        tags: ['surcharges'],
        summary: 'Adopt the German tax-free surcharge preset (§3b EStG)',
        security: SECURITY,
        description:
          "Creates the preset's surcharges (those whose name the company already uses are skipped) and sets the tax-free base cap to 50 per hour.",
        response: {
          201: { type: 'object', properties: { ids: { type: 'array', items: { type: 'string' } } }, required: ['ids'] },
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      const ids = await pay.adoptGermanTaxFreePreset(contextOf(request));
      return reply.code(201).send({ ids });
    },
  );

  const settingsTags = ['company'];
  // Every field is sent, defaults filled in (pay-settings.ts withDefaults).
  const settingsResponse = {
    200: nameSchema(
      settingsAnswer(
        settingsBody,
        [
          'timeZone',
          'holidayRegion',
          'breakRule',
          'roundUpToSeconds',
          'minimumWages',
          'minimumWageSector',
          'taxFreeBaseCapPerHour',
          'plausibility',
          'vacationPayMethod',
        ],
        { plausibility: ['startToleranceMinutes', 'maxDistanceMeters', 'missingStopGraceMinutes', 'overtimeFactor'] },
      ),
      'TimeAndPaySettings',
    ),
    ...errorResponses(),
  };
  routes.get(
    '/company/timeAndPaySettings',
    {
      schema: {
        tags: settingsTags,
        summary: 'Time-and-pay settings of the company (defaults filled in)',
        security: SECURITY,
        response: settingsResponse,
      },
    },
    async (request) => pay.timeAndPaySettings(contextOf(request)),
  );
  routes.patch(
    '/company/timeAndPaySettings',
    {
      schema: {
        tags: settingsTags,
        summary: 'Change time-and-pay settings',
        security: SECURITY,
        body: nameSchema(settingsBody, 'TimeAndPaySettingsPatch'),
        description:
          'Top-level fields replace the stored ones; plausibility limits merge. Salaries already computed stay as they are until recomputed.',
        response: settingsResponse,
      },
    },
    async (request) => pay.changeTimeAndPaySettings(contextOf(request), request.body),
  );

  routes.get(
    '/holidays',
    {
      schema: {
        tags: ['holidays'],
        summary: 'Public holidays of a year',
        security: SECURITY,
        description: "For the company's holiday region unless country (and state) are given.",
        querystring: Type.Object(
          {
            year: Type.Integer({ minimum: 1970, maximum: 2200 }),
            country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
            state: Type.Optional(
              Type.String({ pattern: '^([A-Za-z]{2}-)?[A-Za-z0-9]{1,5}$', description: 'ISO 3166-2: BY or DE-BY' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                date: { type: 'string', format: 'date' },
                name: { type: 'string' },
                type: { type: 'string' },
              },
              required: ['date', 'name', 'type'],
            },
          },
          ...errorResponses(),
        },
      },
    },
    async (request) => pay.publicHolidays(contextOf(request), request.query),
  );
}
