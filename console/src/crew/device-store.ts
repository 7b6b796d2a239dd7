// What the crew's phone keeps so the app opens without a network: who was signed in (id, name, rights) and the
// last jobs with their objects, tasks and clock-in rules. Kept in localStorage: never a token (the refresh token
// stays in the httpOnly cookie, the access token in memory). Cleared when the session ends (sign-out, a refused
// refresh); the queue of clock actions (clock-queue.ts) is not, it waits for the user's next sign-in.
import type { Job, Task, CustomerObject } from '../../../clients/typescript/src/api-types.js';
import type { Session } from '../lib/api.js';

type Level = 'none' | 'own' | 'all';
/** The user's rights as GET /v2/auth/permissions answers them. */
export type StoredRights = Record<string, { read?: Level; write?: Level } | undefined>;

export interface DeviceIdentity {
  userId: string;
  name: string;
  accessGroupId?: string;
  rights: StoredRights;
}

export interface ClockRules {
  startToleranceMinutes: number;
  maxDistanceMeters: number;
}

export interface CrewSnapshot {
  userId: string;
  /** ISO time of the load it keeps. */
  savedAt: string;
  jobs: Job[];
  objects: CustomerObject[];
  tasks: Task[];
  rules?: ClockRules;
}

const IDENTITY = 'crewbase.identity';
const SNAPSHOT = 'crewbase.crewSnapshot';
/** Bounded: 14 days of a busy cleaner are a few dozen jobs. */
const MAX_JOBS = 150;

function read<T>(key: string): T | undefined {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the app works online, it just cannot open offline.
  }
}

export function rememberIdentity(session: Session, rights: StoredRights) {
  const { userId, name, accessGroupId } = session;
  write(IDENTITY, { userId, name, ...(accessGroupId ? { accessGroupId } : {}), rights });
}

export const deviceIdentity = () => read<DeviceIdentity>(IDENTITY);

/** A session from the device's last identity, for opening offline: no token yet, renewed through the cookie. */
export function offlineSession(): Session | undefined {
  const identity = deviceIdentity();
  if (!identity?.userId) return undefined;
  return {
    userId: identity.userId,
    name: identity.name,
    ...(identity.accessGroupId ? { accessGroupId: identity.accessGroupId } : {}),
    accessToken: '',
  };
}

export function saveSnapshot(snapshot: CrewSnapshot) {
  write(SNAPSHOT, { ...snapshot, jobs: snapshot.jobs.slice(0, MAX_JOBS) });
}

export function snapshotOf(userId: string): CrewSnapshot | undefined {
  const snapshot = read<CrewSnapshot>(SNAPSHOT);
  return snapshot?.userId === userId ? snapshot : undefined;
}

/** The session ended (signed out, refresh refused): the device forgets who it was and their jobs. */
export function forgetDevice() {
  localStorage.removeItem(IDENTITY);
  localStorage.removeItem(SNAPSHOT);
}
