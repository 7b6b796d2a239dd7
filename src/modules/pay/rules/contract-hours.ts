// A contract's working hours per weekday: used by pay (absence pay, lost pay) and by absences
// (which days of an absence are working days). Pure; it lives in pay, which owns the contract.
const WEEKDAY_KEYS = [
  ['mo', 'monday', '1'],
  ['tu', 'tuesday', '2'],
  ['we', 'wednesday', '3'],
  ['th', 'thursday', '4'],
  ['fr', 'friday', '5'],
  ['sa', 'saturday', '6'],
  ['su', 'sunday', '7'],
] as const;
const DEFAULT_HOURS = [8, 8, 8, 8, 8, 0, 0];

/**
 * Hours per ISO weekday (index 0 = Monday) from `contract.dailyWorkingHours`: keys mo..su (or the
 * English day names, or 1..7) with numbers; Monday to Friday 8 h when the contract has none.
 */
export function weeklyHours(dailyWorkingHours: unknown): number[] {
  if (!dailyWorkingHours || typeof dailyWorkingHours !== 'object') return DEFAULT_HOURS;
  const given = dailyWorkingHours as Record<string, unknown>;
  const hours = WEEKDAY_KEYS.map((keys) => {
    const key = Object.keys(given).find((k) => (keys as readonly string[]).includes(k.toLowerCase()));
    const value = key === undefined ? undefined : given[key];
    return typeof value === 'number' && value >= 0 && value <= 24 ? value : 0;
  });
  return hours.some((h) => h > 0) ? hours : DEFAULT_HOURS;
}
