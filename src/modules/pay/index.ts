// The pay module's public surface: what other modules and the app may use. Everything else is internal.
export { absencePayMethod, absenceSalaryLines } from './absence-salary-lines.js';
export { registerPayRoutes } from './pay-routes.js';
export {
  DEFAULT_PLAUSIBILITY,
  type PlausibilitySettings,
  type TimeAndPaySettings,
  loadTimeAndPaySettings,
  storedSettingsSql,
  withDefaults,
} from './pay-settings.js';
export { deductedBreakSeconds, requiredBreakSeconds } from './rules/breaks.js';
export { weeklyHours } from './rules/contract-hours.js';
export type { PayType } from './rules/salary-calculation.js';
export { salaries } from './salaries-resource.js';
export { surchargeKey, writeSalaries } from './salary-writer.js';
export {
  jobHasSalaryOfActivityTypeSql,
  lockSalariesOfEntry,
  salariesOfJobsJsonSql,
  salaryIdOfEntrySql,
} from './salary-sql-fragments.js';
export { payTypeCodes, salariesStartingBetween, surchargeCategories } from './pay-reads.js';
export { type SalaryWrite, lockSalariesOfAbsence, removeSalaries, storeSalaries } from './salary-store.js';
export { payTypeById } from './pay-type-lookup.js';
export { surcharges } from './surcharges-resource.js';
export {
  type ContinuedPayWindow,
  type Spell,
  continuedPayWindow,
  isPaidDay,
} from './rules/continued-pay-limit.js';
export { GENERAL_MINIMUM_WAGE, rowOn } from './rules/minimum-wage-table.js';
