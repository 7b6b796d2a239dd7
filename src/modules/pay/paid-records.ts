// What pay reads of the records of the modules above it: time-tracking entries, jobs and absences.
// Those modules import pay, so pay cannot import their declared document types (not even type-only:
// docs/architecture.md); it names the fields it reads here, and the callers' DocOf types fit them
// (the compiler checks that where they pass their records in).

/** The fields of a time-tracking entry the salary calculation reads (time-tracking's TimeTrackingDoc). */
export interface PaidEntryDoc {
  userId: string;
  timeStart: string;
  timeEnd?: string;
  objectId?: string;
  jobId?: string;
  assignmentId?: string;
  activityTypeId?: string;
  trackingJobDate?: string;
  break?: number;
  addedTime?: number;
  drivingTime?: number;
  /** Seconds: the job's target time. */
  targetTime?: number;
  approvedBy?: string;
}

/** The fields of a planned job an absence's pay reads (scheduling's JobDoc). */
export interface PlannedJobDoc {
  from: string;
  to: string;
  /** Minutes; the planned duration when absent. */
  targetTime?: number;
  objectId?: string;
  userId?: string;
}

/** The fields of an absence its pay reads (absences' AbsenceDoc). */
export interface PaidAbsenceDoc {
  userId: string;
  type?: number;
  calculationType?: string;
}
