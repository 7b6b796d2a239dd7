// POST /assignments/preview: the next occurrences an assignment's iCalendar gives, by the same rules job
// generation uses (recurrence.ts, and the object's public holidays when skipPublicHolidays), so a form can
// show the dates before anything is saved. It reads, it writes nothing.
import { Type, type Static } from 'typebox';
import type { TenantTx } from '../../platform/db/tenant.js';
import { fieldError } from '../../platform/http/errors.js';
import { expandOccurrences, normalizeICalendar, type ICalendar } from '../../platform/time/recurrence.js';
import { isPublicHolidayIn, placeOfWorkRegion } from '../../platform/time/holidays.js';
import { formatLocal } from '../../platform/time/zoned-time.js';
import { objectId, opt } from '../../resources/engine/fields.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { objects } from '../../resources/objects.js';
import { loadTimeAndPaySettings } from '../pay/index.js';
import { iCalendarSchema } from './assignments-resource.js';

export const MAX_PREVIEW = 60;
const DAY = 86_400_000;
const YEAR = 366 * DAY;
/** Far enough for any rule that recurs at all (a yearly rule on 29 February included), bounded work. */
const SEARCH_YEARS = 10;

export const previewBody = Type.Object(
  {
    iCalendar: iCalendarSchema,
    count: opt(Type.Integer({ minimum: 1, maximum: MAX_PREVIEW, description: 'how many occurrences (10 by default)' })),
    after: opt(
      Type.String({ format: 'date-time', description: 'occurrences starting at or after this (now by default)' }),
    ),
    objectId: opt(objectId('objects', { description: "with skipPublicHolidays: whose region's holidays are skipped" })),
    skipPublicHolidays: opt(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PreviewBody = Static<typeof previewBody>;

export const previewResponse = Type.Object({
  iCalendar: Type.Object({}, { additionalProperties: true, description: 'the iCalendar as it would be stored' }),
  occurrences: Type.Array(
    Type.Object({
      from: Type.String({ format: 'date-time' }),
      to: Type.String({ format: 'date-time' }),
      localStart: Type.String({ description: "the start in the rule's zone (tzid), YYYY-MM-DDTHH:mm:ss" }),
    }),
  ),
});

export async function previewOccurrences(tx: TenantTx, body: PreviewBody, now: number) {
  const { ical, recurrence } = normalizeICalendar(body.iCalendar as ICalendar, Boolean(body.iCalendar.rrule));
  const count = body.count ?? 10;
  const after = body.after === undefined ? now : Date.parse(body.after);
  let isHoliday = (_date: string) => false;
  if (body.skipPublicHolidays) {
    if (!body.objectId) throw fieldError('objectId', 'is needed to know the holidays skipped');
    const object = await findRecord(tx, objects, body.objectId);
    if (!object) throw fieldError('objectId', 'no such object');
    const address = (object.doc as { address?: { country?: string; state?: string } }).address;
    isHoliday = isPublicHolidayIn(placeOfWorkRegion(address, (await loadTimeAndPaySettings(tx)).holidayRegion));
  }
  const found: Array<{ from: string; to: string; localStart: string }> = [];
  // A year at a time until enough are found: each expansion is bounded (recurrence.ts).
  for (let from = after, year = 0; found.length < count && year < SEARCH_YEARS; from += YEAR, year++) {
    for (const occurrence of expandOccurrences(recurrence, from, from + YEAR)) {
      const localStart = formatLocal(occurrence.localStart);
      if (isHoliday(localStart.slice(0, 10))) continue;
      found.push({
        from: new Date(occurrence.start).toISOString(),
        to: new Date(occurrence.end).toISOString(),
        localStart,
      });
      if (found.length >= count) break;
    }
  }
  return { iCalendar: ical, occurrences: found };
}
