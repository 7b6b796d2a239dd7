// What scheduling asks of the absences module when jobs change. Absences import scheduling (an
// approved absence marks and replaces jobs), so scheduling reaches absences only through these
// hooks, which absences/scheduling-hooks.ts installs at startup (app.ts; scripts that plan jobs
// without the app install them too). Not installed is a programming error, never a silent skip.
import type { RawBuilder } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/request-context.js';

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

let installed: AbsenceHooks | undefined;

export function installAbsenceHooks(hooks: AbsenceHooks): void {
  installed = hooks;
}

export function absenceHooks(): AbsenceHooks {
  if (!installed)
    throw new Error('absence hooks not installed: call installSchedulingHooks() (absences/scheduling-hooks.ts) first');
  return installed;
}
