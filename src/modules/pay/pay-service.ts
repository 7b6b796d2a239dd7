// What pay's own routes do beside the engine's: adopt the German surcharge preset, read and change
// the time-and-pay settings, list the public holidays of a region. Permission checks and the
// transaction live here; the routes only speak HTTP.
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { type RequestContext, requireLevel } from '../../platform/http/request-context.js';
import { holidayCalendar } from '../../platform/time/holiday-calendar.js';
import { placeOfWorkRegion } from '../../platform/time/holidays.js';
import { checkRegion } from '../../resources/engine/region-fields.js';
import { createRecord } from '../../resources/engine/resource-service.js';
import { surchargeNames } from './pay-reads.js';
import { loadTimeAndPaySettings, saveTimeAndPaySettings, type TimeAndPayPatch } from './pay-settings.js';
import { GERMAN_TAX_FREE_BASE_CAP_CENTS, GERMAN_TAX_FREE_PRESET } from './rules/surcharge-presets.js';
import { surcharges } from './surcharges-resource.js';

export interface HolidaysQuery {
  year: number;
  country?: string;
  state?: string;
}

export function payService(deps: { database: Database }) {
  const { database } = deps;
  return {
    /** Creates the preset's surcharges whose names the company does not use yet; answers their ids. */
    adoptGermanTaxFreePreset(ctx: RequestContext): Promise<string[]> {
      requireLevel(ctx, 'company', 'write');
      return inTenant(database, ctx.companyId, async (tx) => {
        const taken = await surchargeNames(tx);
        const created: string[] = [];
        for (const rule of GERMAN_TAX_FREE_PRESET) {
          if (!taken.has(rule.name)) created.push((await createRecord(tx, ctx, surcharges, structuredClone(rule)))._id);
        }
        await saveTimeAndPaySettings(tx, { taxFreeBaseCapPerHour: GERMAN_TAX_FREE_BASE_CAP_CENTS / 100 });
        return created;
      });
    },

    timeAndPaySettings(ctx: RequestContext) {
      requireLevel(ctx, 'company', 'read');
      return inTenant(database, ctx.companyId, (tx) => loadTimeAndPaySettings(tx));
    },

    changeTimeAndPaySettings(ctx: RequestContext, patch: TimeAndPayPatch) {
      requireLevel(ctx, 'company', 'write');
      return inTenant(database, ctx.companyId, (tx) => saveTimeAndPaySettings(tx, patch));
    },

    /** The public holidays of a year, of the given region or else the company's. */
    async publicHolidays(ctx: RequestContext, query: HolidaysQuery) {
      requireLevel(ctx, 'holidays', 'read');
      // The same check and reading as every stored region field (region-fields.ts, holidays.ts).
      const region = query.country
        ? checkRegion({ country: query.country, state: query.state })
        : placeOfWorkRegion(
            undefined,
            (await inTenant(database, ctx.companyId, (tx) => loadTimeAndPaySettings(tx))).holidayRegion,
          );
      const calendar = holidayCalendar();
      calendar.init(region.country, ...(region.state ? [region.state] : []));
      return (calendar.getHolidays(query.year) || [])
        .filter((h) => h.type === 'public')
        .map((h) => ({ date: h.date.slice(0, 10), name: h.name, type: h.type }));
    },
  };
}
