// Scheduling's writable resources as registered: a job written onto an approved absence is marked,
// an assignment's write plans its jobs, with the absences module's hooks the app gives
// (absence-hooks.ts). The declared `jobs` and `assignments` serve reads; their writes fail.
import { withHooks } from '../../resources/engine/define-resource.js';
import type { AbsenceHooks } from './absence-hooks.js';
import { assignments } from './assignments-resource.js';
import { onAssignmentWritten } from './job-planning.js';
import { jobs, markOnAbsence } from './jobs-resource.js';

export function schedulingWith(absences: AbsenceHooks) {
  return {
    absences,
    jobs: withHooks(jobs, { afterWrite: markOnAbsence(absences) }),
    assignments: withHooks(assignments, { afterWrite: onAssignmentWritten(absences) }),
  };
}

export type Scheduling = ReturnType<typeof schedulingWith>;
