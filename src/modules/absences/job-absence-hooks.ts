// What scheduling asks of this module, bound to the absences resource: the app gives it to
// scheduling and payroll when it registers them (scheduling/absence-hooks.ts).
import { absences } from './absences-resource.js';
import { absenceHooksOf } from './scheduling-hooks.js';

export const jobAbsenceHooks = absenceHooksOf(absences);
