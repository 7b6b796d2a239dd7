// Routes of pay: salaries (read, mark billed), surcharge rules and the German preset, pay types,
// the company's time-and-pay settings, and the public holidays of its region.
import type { FastifyInstance } from 'fastify';
import Holidays from 'date-holidays';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { contextOf, requireLevel } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../../platform/http/route-docs.js';
import { checkRegion } from '../../resources/engine/region-fields.js';
import { createRecord } from '../../resources/engine/resource-service.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { placeOfWorkRegion } from '../../platform/time/holidays.js';
import {
  loadTimeAndPaySettings,
  saveTimeAndPaySettings,
  settingsBody,
  type TimeAndPaySettings,
} from './pay-settings.js';
import { payTypes } from './pay-types-resource.js';
import { GERMAN_TAX_FREE_BASE_CAP_CENTS, GERMAN_TAX_FREE_PRESET } from './rules/surcharge-presets.js';
import { salaries } from './salaries-resource.js';
import { surcharges } from './surcharges-resource.js';

export function registerPayRoutes(app: FastifyInstance, deps: { database: Database }) {
  registerResource(app, deps, salaries, { except: ['create', 'delete'] });
  registerResource(app, deps, surcharges);
  registerResource(app, deps, payTypes);

  app.post(
    '/surcharges/presets/germanTaxFree',
    {
      schema: {
        tags: ['surcharges'],
        summary: 'Adopt the German tax-free surcharge preset (§3b EStG)',
        security: SECURITY,
        description:
          "Creates the preset's surcharges (those whose name the company already uses are skipped) and sets the tax-free base cap to 50 per hour.",
        response: {
          201: { type: 'object', properties: { ids: { type: 'array', items: { type: 'string' } } } },
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      requireLevel(ctx, 'company', 'write');
      const ids = await inTenant(deps.database, ctx.companyId, async (tx) => {
        const { rows } = await sql<{
          name: string;
        }>`SELECT doc->>'name' AS name FROM surcharges WHERE company_id = ${tx.companyId}`.execute(tx.db);
        const taken = new Set(rows.map((r) => r.name));
        const created: string[] = [];
        for (const rule of GERMAN_TAX_FREE_PRESET) {
          if (!taken.has(rule.name)) created.push((await createRecord(tx, ctx, surcharges, structuredClone(rule)))._id);
        }
        await saveTimeAndPaySettings(tx, { taxFreeBaseCapPerHour: GERMAN_TAX_FREE_BASE_CAP_CENTS / 100 });
        return created;
      });
      return reply.code(201).send({ ids });
    },
  );

  const settingsTags = ['company'];
  app.get(
    '/company/timeAndPaySettings',
    {
      schema: {
        tags: settingsTags,
        summary: 'Time-and-pay settings of the company (defaults filled in)',
        security: SECURITY,
        response: errorResponses(),
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      requireLevel(ctx, 'company', 'read');
      return inTenant(deps.database, ctx.companyId, (tx) => loadTimeAndPaySettings(tx));
    },
  );
  app.patch(
    '/company/timeAndPaySettings',
    {
      schema: {
        tags: settingsTags,
        summary: 'Change time-and-pay settings',
        security: SECURITY,
        body: settingsBody,
        description:
          'Top-level fields replace the stored ones; plausibility limits merge. Salaries already computed stay as they are until recomputed.',
        response: errorResponses(),
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      requireLevel(ctx, 'company', 'write');
      return inTenant(deps.database, ctx.companyId, (tx) =>
        saveTimeAndPaySettings(tx, request.body as Partial<TimeAndPaySettings>),
      );
    },
  );

  app.get(
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
            },
          },
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      requireLevel(ctx, 'holidays', 'read');
      const query = request.query as { year: number; country?: string; state?: string };
      // The same check and reading as every stored region field (region-fields.ts, holidays.ts).
      const region = query.country
        ? checkRegion({ country: query.country, state: query.state })
        : placeOfWorkRegion(
            undefined,
            (await inTenant(deps.database, ctx.companyId, (tx) => loadTimeAndPaySettings(tx))).holidayRegion,
          );
      const calendar = new Holidays();
      calendar.init(region.country, ...(region.state ? [region.state] : []));
      return (calendar.getHolidays(query.year) || [])
        .filter((h) => h.type === 'public')
        .map((h) => ({ date: h.date.slice(0, 10), name: h.name, type: h.type }));
    },
  );
}
