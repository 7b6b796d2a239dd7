// Installs what scheduling calls when jobs change (scheduling/absence-hooks.ts explains why it is
// installed rather than imported). Called by app.ts, and by scripts that plan jobs without the app.
import { installAbsenceHooks } from '../scheduling/index.js';
import { onApprovedAbsence, reconcileAbsenceConflicts } from './absence-conflicts.js';
import { recordReplacement } from './replacement-record.js';

export function installSchedulingHooks(): void {
  installAbsenceHooks({ reconcileConflicts: reconcileAbsenceConflicts, recordReplacement, onApprovedAbsence });
}
