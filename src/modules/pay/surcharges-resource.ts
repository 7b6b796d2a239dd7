// Surcharge rules of a company (/v2/surcharges/): a rate, when it applies, how it combines.
import { type Static, Type } from 'typebox';
import { fieldError } from '../../platform/http/errors.js';
import { defineResource } from '../../resources/engine/define-resource.js';
import { opt, text } from '../../resources/engine/fields.js';
import type { SurchargeRule } from './rules/surcharge-frames.js';

const timeOfDay = Type.String({
  pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$',
  description: 'HH:mm, local time; 24:00 is midnight',
});

export const activeOnSchema = Type.Object(
  {
    weekdays: opt(
      Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), {
        maxItems: 7,
        uniqueItems: true,
        description: 'ISO weekdays, 1 Monday … 7 Sunday',
      }),
    ),
    publicHolidays: opt(Type.Boolean({ description: 'only on public holidays of the place of work' })),
    dates: opt(
      Type.Array(Type.String({ pattern: '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' }), {
        maxItems: 366,
        description: 'MM-DD',
      }),
    ),
    timeWindows: opt(
      Type.Array(Type.Object({ from: timeOfDay, to: timeOfDay }, { additionalProperties: false }), {
        maxItems: 10,
        description: 'absent: the whole day; a window whose end is not after its start runs into the next day',
      }),
    ),
    followingNightUntil: opt(
      Type.String({
        pattern: '^(0\\d|1\\d|2[0-3]):[0-5]\\d$',
        description: 'also 00:00 to this time of the next day when the work began before midnight',
      }),
    ),
    onlyIfBegunBeforeMidnight: opt(
      Type.Boolean({ description: 'counts only when the work began before the midnight that starts the day' }),
    ),
  },
  { additionalProperties: false },
);

export const surcharges = defineResource({
  name: 'surcharge',
  collection: 'surcharges',
  table: 'surcharges',
  area: 'surcharges',
  schema: Type.Object({
    name: text(200),
    rate: Type.Number({ minimum: 0, maximum: 1000, description: 'percent of the hourly rate' }),
    group: opt(
      text(50, {
        description:
          'surcharges of one group do not add up: the highest applicable wins; without a group a surcharge adds to every other',
      }),
    ),
    category: opt(
      Type.Union(
        [Type.Literal('night'), Type.Literal('sunday'), Type.Literal('publicHoliday'), Type.Literal('other')],
        { description: 'which deprecated salary field the time counts towards' },
      ),
    ),
    activeOn: activeOnSchema,
    active: opt(Type.Boolean({ description: 'default true' })),
    description: opt(text(1000)),
  }),
  hooks: {
    async prepare(_tx, _ctx, { doc }) {
      if (doc.activeOn.timeWindows?.some((w: { from: string; to: string }) => w.from === '24:00'))
        throw fieldError('activeOn.timeWindows', 'a window cannot start at 24:00');
      return { doc };
    },
  },
});

/** A surcharge's stored document. */
export type SurchargeDoc = Static<typeof surcharges.schema>;

/** A stored surcharge as a rule of the calculation. */
export function toRule(id: string, doc: SurchargeDoc): SurchargeRule {
  return {
    id,
    name: doc.name,
    rate: doc.rate,
    group: doc.group ?? `own:${id}`,
    category: doc.category,
    activeOn: doc.activeOn,
  };
}
