// What scheduling asks of the absences module when jobs change. Absences import scheduling (an
// approved absence marks and replaces jobs), so scheduling reaches absences only through these
// hooks, which the absences module exports (jobAbsenceHooks) and the app gives to
// registerSchedulingRoutes; other callers that plan jobs (payroll, absences, scripts) pass them too.
import type { RawBuilder } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { notGiven } from '../../resources/engine/define-resource.js';

/** The jobs to check, by id. */
export type ConflictScope = { jobIds: string[] };

export interface Replacement {
  jobId: string;
  replacementJobId: string;
  userId: string;
}

export interface AbsenceHooks {
  /** Marks the scope's jobs that fall on an approved absence of their user, unmarks those that no longer do. */
  reconcileConflicts(tx: TenantTx, ctx: RequestContext | { userId: string }, scope: ConflictScope): Promise<void>;
  /** SQL for a job row `j`: whether it falls on an approved absence of its user (bulk generation asks). */
  onApprovedAbsence: RawBuilder<boolean>;
  /** Records replacement jobs on their absence (and its coverage). */
  recordReplacement(tx: TenantTx, ctx: RequestContext, absenceId: string, made: Replacement[]): Promise<void>;
}

/** What the declared jobs and assignments hold: a write through them (not schedulingWith's) fails. */
export const ABSENCES_NOT_GIVEN: AbsenceHooks = {
  reconcileConflicts: () => notGiven('Marking jobs on absences', 'schedulingWith()'),
  recordReplacement: () => notGiven('Recording replacements', 'schedulingWith()'),
  get onApprovedAbsence(): RawBuilder<boolean> {
    return notGiven('Marking jobs on absences', 'schedulingWith()');
  },
};
