// What scheduling calls when jobs change (scheduling/absence-hooks.ts explains why it is given
// rather than imported). The absences resource is passed in, so that the files the resource's hooks
// reach (absence-effects.ts) can use this without importing the resource; job-absence-hooks.ts
// binds it once for the app, payroll and scripts that plan jobs.
import type { AbsenceResource } from './absence-schema.js';
import type { AbsenceHooks } from '../scheduling/index.js';
import { onApprovedAbsence, reconcileAbsenceConflicts } from './absence-conflicts.js';
import { recordReplacement } from './replacement-record.js';

export function absenceHooksOf(absences: AbsenceResource): AbsenceHooks {
  return {
    reconcileConflicts: (tx, ctx, scope) => reconcileAbsenceConflicts(tx, ctx, scope, absences),
    recordReplacement: (tx, ctx, absenceId, made) => recordReplacement(tx, ctx, absenceId, made, absences),
    onApprovedAbsence,
  };
}
