// The preset a company can adopt: tax-free surcharges for Sunday, holiday and night work as §3b
// EStG allows them. Night rates add to Sunday and holiday rates; within night, and within
// Sunday/holiday, the highest applicable rate wins. Holidays are those of the place of work.
import type { SurchargeRule } from './surcharge-frames.js';

export type PresetRule = Omit<SurchargeRule, 'id'>;

export const GERMAN_TAX_FREE_PRESET: PresetRule[] = [
  {
    name: 'Nachtarbeit 20-6 Uhr',
    rate: 25,
    group: 'night',
    category: 'night',
    activeOn: { timeWindows: [{ from: '20:00', to: '06:00' }] },
  },
  {
    name: 'Nachtarbeit 0-4 Uhr (vor 0 Uhr aufgenommen)',
    rate: 40,
    group: 'night',
    category: 'night',
    activeOn: { timeWindows: [{ from: '00:00', to: '04:00' }], onlyIfBegunBeforeMidnight: true },
  },
  {
    name: 'Sonntagsarbeit',
    rate: 50,
    group: 'day',
    category: 'sunday',
    activeOn: { weekdays: [7], followingNightUntil: '04:00' },
  },
  {
    name: 'Feiertagsarbeit',
    rate: 125,
    group: 'day',
    category: 'publicHoliday',
    activeOn: { publicHolidays: true, followingNightUntil: '04:00' },
  },
  {
    name: 'Silvester ab 14 Uhr',
    rate: 125,
    group: 'day',
    category: 'publicHoliday',
    activeOn: { dates: ['12-31'], timeWindows: [{ from: '14:00', to: '24:00' }], followingNightUntil: '04:00' },
  },
  {
    name: 'Heiligabend ab 14 Uhr',
    rate: 150,
    group: 'day',
    category: 'publicHoliday',
    activeOn: { dates: ['12-24'], timeWindows: [{ from: '14:00', to: '24:00' }], followingNightUntil: '04:00' },
  },
  {
    name: 'Weihnachten und 1. Mai',
    rate: 150,
    group: 'day',
    category: 'publicHoliday',
    activeOn: { dates: ['12-25', '12-26', '05-01'], followingNightUntil: '04:00' },
  },
];

/** §3b (2) EStG: tax-free surcharges are computed on an hourly base of at most 50 EUR. */
export const GERMAN_TAX_FREE_BASE_CAP_CENTS = 5000;
