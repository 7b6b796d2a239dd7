// Plausibility checks of a time-tracking entry. They never reject an entry; they name what a
// manager should look at. `errors` holds what is wrong now, `allFoundErrors` all that ever was.
import { DEFAULT_PLAUSIBILITY, type PlausibilitySettings } from '../pay/index.js';

export const PLAUSIBILITY_ERRORS = {
  STARTED_TOO_EARLY: "clocked in earlier than the job's start minus the tolerance",
  STARTED_TOO_LATE: "clocked in later than the job's start plus the tolerance",
  LOCATION_TOO_FAR: 'clocked in further from the object than the allowed distance',
  OVERLAPPING_ENTRY: 'overlaps another entry of the same user',
  MISSING_STOP: "not clocked out by the job's end plus the grace period",
  WORKING_TIME_TOO_LONG: 'working time is far above the target time',
  SALARY_BILLED: 'changed after its salary was billed; the salary was not recomputed',
} as const;

export type PlausibilityCode = keyof typeof PLAUSIBILITY_ERRORS;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in metres (haversine, mean earth radius). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface CheckInput {
  timeStart: number;
  timeEnd?: number;
  /** Paid working time in seconds, once stopped. */
  workingTime?: number;
  /** Target time in seconds. */
  targetTime?: number;
  location?: LatLng;
  job?: { from: number; to: number };
  objectLocation?: LatLng;
  overlapsAnother: boolean;
  now: number;
}

export function plausibilityErrors(
  input: CheckInput,
  settings: PlausibilitySettings = DEFAULT_PLAUSIBILITY,
): PlausibilityCode[] {
  const errors: PlausibilityCode[] = [];
  const tolerance = settings.startToleranceMinutes * 60_000;
  if (input.job && input.timeStart < input.job.from - tolerance) errors.push('STARTED_TOO_EARLY');
  if (input.job && input.timeStart > input.job.from + tolerance) errors.push('STARTED_TOO_LATE');
  if (
    input.location &&
    input.objectLocation &&
    distanceMeters(input.location, input.objectLocation) > settings.maxDistanceMeters
  ) {
    errors.push('LOCATION_TOO_FAR');
  }
  if (input.overlapsAnother) errors.push('OVERLAPPING_ENTRY');
  if (input.timeEnd === undefined && input.job && input.now > input.job.to + settings.missingStopGraceMinutes * 60_000)
    errors.push('MISSING_STOP');
  if (
    input.workingTime !== undefined &&
    input.targetTime &&
    input.workingTime > input.targetTime * settings.overtimeFactor
  ) {
    errors.push('WORKING_TIME_TOO_LONG');
  }
  return errors;
}
