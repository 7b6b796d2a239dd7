// The scheduling module's public surface: what other modules and the app may use. Everything else is internal.
export type { AbsenceHooks, ConflictScope, Replacement } from './absence-hooks.js';
export { markJobAbsent, unmarkJob } from './absence-marks.js';
export { type AssignmentDoc, assignments } from './assignments-resource.js';
export { markAssignmentBilled, markAssignmentBillingFailed } from './assignment-billing-marks.js';
export { coverJobWindow } from './job-planning.js';
export { type JobDoc, MAX_JOB_MS, jobs } from './jobs-resource.js';
export { createReplacementJob } from './replacement-jobs.js';
export { registerSchedulingRoutes } from './scheduling-routes.js';
export { type Scheduling, schedulingWith } from './scheduling-with.js';
export { UNASSIGNED } from './time-frame-filter.js';
export { billableAssignmentIds, jobsAtObject } from './billing-reads.js';
export { type ClockIn, findJob, lockedJobSql, recordClockIn, setJobState } from './job-clock-state.js';
export type { JobEmbeds, JobExpr } from './jobs-read.js';
export { jobsStartingBetween } from './jobs-starting-between.js';
export {
  type JobWindow,
  jobVisits,
  jobsOfAbsence,
  lockJobsForAbsence,
  lockJobsToReconcile,
  objectsWorkedAtBefore,
  uncoveredJobCount,
  userJobDuring,
  plannedHoursBetween,
  usersBusyDuring,
} from './absence-job-reads.js';
