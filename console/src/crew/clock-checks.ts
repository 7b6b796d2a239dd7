// Whether a clock-in needs a reason: outside the company's start window (GET /v2/timeTracking/clockRules,
// the same tolerance the server's plausibility check flags) or further from the object than allowed. The server
// records the clock-in either way; the reason travels with it (clockInReason) so the manager reads why.
import type { ClockRules } from './device-store.js';

export type Concern = { kind: 'early' | 'late'; minutes: number } | { kind: 'far'; meters: number };

interface Place {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in metres (haversine), as the server computes it. */
export function distanceMeters(a: Place, b: Place): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const placeOf = (value: { latitude?: number; longitude?: number } | null | undefined): Place | undefined =>
  typeof value?.latitude === 'number' && typeof value.longitude === 'number'
    ? { latitude: value.latitude, longitude: value.longitude }
    : undefined;

export function clockInConcerns(input: {
  jobFrom: string | null;
  now: number;
  rules: ClockRules | undefined;
  position: Place | undefined;
  objectLocation: { latitude?: number; longitude?: number } | null | undefined;
}): Concern[] {
  const { rules } = input;
  if (!rules) return [];
  const concerns: Concern[] = [];
  const from = input.jobFrom ? Date.parse(input.jobFrom) : Number.NaN;
  if (Number.isFinite(from)) {
    const minutes = Math.round((input.now - from) / 60_000);
    if (minutes < -rules.startToleranceMinutes) concerns.push({ kind: 'early', minutes: -minutes });
    if (minutes > rules.startToleranceMinutes) concerns.push({ kind: 'late', minutes });
  }
  const object = placeOf(input.objectLocation);
  if (object && input.position) {
    const meters = Math.round(distanceMeters(input.position, object));
    if (meters > rules.maxDistanceMeters) concerns.push({ kind: 'far', meters });
  }
  return concerns;
}
