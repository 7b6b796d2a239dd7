// The absences module's public surface: what other modules and the app may use. Everything else is internal.
export { absenceFacts } from './absence-facts.js';
export { registerAbsenceRoutes } from './absence-routes.js';
export { kindOf } from './absence-types.js';
export { absences } from './absences-resource.js';
export { withoutIllness } from './illness-overlap.js';
export { jobAbsenceHooks } from './job-absence-hooks.js';
export { approvedAbsencesBetween } from './approved-absences-between.js';
export { keepsLeaveAccount, leaveAccountOf } from './leave-accounts.js';
