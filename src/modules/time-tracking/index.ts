// The time-tracking module's public surface: what other modules and the app may use. Everything else is internal.
export { flagMissingStops } from './missing-stop-sweep.js';
export { registerTimeTrackingRoutes } from './time-tracking-routes.js';
export { timeTrackings } from './time-trackings-resource.js';
export type { TimeTrackingDoc } from './time-tracking-schema.js';
export { entriesOfJobs, lockUninvoicedEntries, markEntriesInvoiced, type JobEntry } from './invoiced-entries.js';
export { timeTrackingJobEmbeds } from './job-embeds.js';
export { entriesStartingBetween } from './entries-starting-between.js';
