// A generated job as its CREATE event carries it (what recordJson(jobs) builds from the stored row), written
// as JSON text by this process, keys in jsonb's order. PostgreSQL then parses each job once: the event is
// that parse, and the stored document is it without the members that are not the document's. Building
// the event in SQL instead (the document concatenated with an object of the other members) took a
// fifth of generation's database instructions: both the build and the concatenation sort every key.
// A text whose keys are already in jsonb's order is parsed without a sort (the sort's presorted check).
import { compareKeys } from '../../resources/engine/jsonb-text.js';
import { unsetFields } from '../../resources/engine/to-api.js';
import { jobs } from './jobs-resource.js';

/** The members a generated job's document can have (documentMembers below writes those set). */
export const GENERATED_FIELDS = [
  'assignmentId',
  'objectId',
  'from',
  'to',
  'targetTime',
  'state',
  'userId',
  'teamId',
  'title',
  'type',
  'activityTypeId',
] as const;
export type GeneratedField = (typeof GENERATED_FIELDS)[number];

/** A generated job's status code (the statement stores it, and its event says it). */
export const GENERATED_STATUS_CODE = 1;

/** What a generated job's document takes from its assignment. */
export interface AssignmentMembers {
  assignmentId: string;
  objectId: string;
  title?: string;
  type?: string;
  activityTypeId?: string;
}

/**
 * What differs from one job of an assignment to the next. The ids (hex) and times (ISO 8601) are written
 * as they are, without JSON's escaping, which they never need; the user's id is escaped.
 */
export interface JobMembers {
  id: string;
  chatId: string;
  from: string;
  to: string;
  targetTime: number;
  teamId?: string;
  userId?: string;
}

/**
 * The statement writes these, between a job's head and tail: its number (from the counter block it
 * takes) and its status (with its now()). They are neighbours in jsonb's order.
 */
const SPLICED = ['number', 'status'];

type Part = string | ((job: JobMembers) => string);

/** The members crewbase_entity_json (migrations 0002, 0012) adds to a document. */
const commonMembers = (companyId: string): Array<[string, Part]> => [
  ['_id', (job) => `"${job.id}"`],
  ['number', ''],
  ['companyId', JSON.stringify(companyId)],
  ['chatId', (job) => `"${job.chatId}"`],
  ['status', ''],
];

/** JSON.stringify, remembering the last few texts (an assignment's jobs take turns among its users). */
function rememberingStringify(): (value: string | undefined) => string {
  const texts = new Map<string | undefined, string>();
  return (value) => {
    let text = texts.get(value);
    if (text === undefined) {
      if (texts.size > 64) texts.clear();
      texts.set(value, (text = JSON.stringify(value)));
    }
    return text;
  };
}

/** The members of a generated job's document that come from its assignment (those it sets). */
export function assignmentDocument(a: AssignmentMembers): Partial<Record<GeneratedField, string>> {
  return {
    assignmentId: a.assignmentId,
    objectId: a.objectId,
    state: 'open',
    ...(a.title ? { title: a.title } : {}),
    ...(a.type ? { type: a.type } : {}),
    ...(a.activityTypeId ? { activityTypeId: a.activityTypeId } : {}),
  };
}

/** The document's members, for an assignment whose jobs have (or have not) a team and a user. */
function documentMembers(a: AssignmentMembers, withTeam: boolean, withUser: boolean): Array<[GeneratedField, Part]> {
  const userJson = rememberingStringify();
  const fromAssignment = Object.entries(assignmentDocument(a)) as Array<[GeneratedField, string]>;
  return [
    ...fromAssignment.map(([key, value]): [GeneratedField, Part] => [key, JSON.stringify(value)]),
    ['from', (job) => `"${job.from}"`],
    ['to', (job) => `"${job.to}"`],
    ['targetTime', (job) => String(job.targetTime)],
    ...(withUser ? [['userId', (job: JobMembers) => userJson(job.userId)] as [GeneratedField, Part]] : []),
    ...(withTeam ? [['teamId', (job: JobMembers) => `"${job.teamId}"`] as [GeneratedField, Part]] : []),
  ];
}

/** The keys of a generated job's event that are not its document's (the stored document is the event without them). */
export function nonDocumentKeys(): string[] {
  const documentKeys = new Set<string>(GENERATED_FIELDS);
  return [...Object.keys(unsetFields(jobs)), ...commonMembers('').map(([key]) => key)].filter(
    (key) => !documentKeys.has(key),
  );
}

/** Concatenates parts (constant texts and a job's values). */
function writer(parts: Part[]): (job: JobMembers) => string {
  const merged: Part[] = [];
  for (const part of parts) {
    const last = merged.length - 1;
    if (typeof part === 'string' && typeof merged[last] === 'string') merged[last] += part;
    else merged.push(part);
  }
  return (job) => {
    let text = '';
    for (const part of merged) text += typeof part === 'string' ? part : part(job);
    return text;
  };
}

/**
 * The writer of an assignment's jobs' event texts, in two pieces: the head, up to and with `"number":`,
 * and the tail, after the status. Precedence as recordJson's: unset fields, then the document, then the
 * common members.
 */
export function generatedJobText(
  companyId: string,
  assignment: AssignmentMembers,
  withTeam: boolean,
  withUser: boolean,
): { head: (job: JobMembers) => string; tail: (job: JobMembers) => string } {
  const members = new Map<string, Part>();
  for (const [key, value] of Object.entries(unsetFields(jobs))) {
    // A null member is left out of a record's JSON (recordJson strips it); none of jobs' is null today.
    if (value === null) throw new Error(`jobs: unset field ${key} is null: generatedJobText would write it`);
    members.set(key, JSON.stringify(value));
  }
  for (const [key, part] of [...documentMembers(assignment, withTeam, withUser), ...commonMembers(companyId)])
    members.set(key, part);
  const keys = [...members.keys()].sort(compareKeys);
  const at = keys.indexOf(SPLICED[0]!);
  if (keys[at + 1] !== SPLICED[1]) throw new Error(`generatedJobText: ${SPLICED.join(' and ')} are not neighbours`);
  const partsOf = (some: string[]) =>
    some.flatMap((key, i): Part[] => [`${i > 0 ? ',' : ''}${JSON.stringify(key)}:`, members.get(key)!]);
  const before = keys.slice(0, at);
  const after = keys.slice(at + 2);
  return {
    head: writer(['{', ...partsOf(before), `${before.length ? ',' : ''}"number":`]),
    tail: writer([...(after.length ? [',', ...partsOf(after)] : []), '}']),
  };
}
