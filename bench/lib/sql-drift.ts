// What the reference (bench/bare-reference.ts) needs from Crewbase to answer the same bytes: the unset-field
// templates of the five records the jobs read model shows. The reference writes its own, plainest SQL; the
// benchmark's guard against drift is that both servers answer byte-identical bodies (checkSameAnswers).
import { salaries } from '../../src/modules/pay/salaries-resource.js';
import { assignments } from '../../src/modules/scheduling/assignments-resource.js';
import { jobs } from '../../src/modules/scheduling/jobs-resource.js';
import { timeTrackings } from '../../src/modules/time-tracking/time-trackings-resource.js';
import { activityTypes } from '../../src/resources/activity-types.js';
import { unsetFields } from '../../src/resources/engine/to-api.js';

/** UNSET_TEMPLATES for the reference: jobs, assignments, activity types, time trackings, salaries. */
export function unsetTemplates(): string {
  const templates = [jobs, assignments, activityTypes, timeTrackings, salaries].map((r) =>
    JSON.stringify(unsetFields(r)),
  );
  return JSON.stringify(templates);
}
