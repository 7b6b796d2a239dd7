// The planning board's pure rules (console/src/board/board-model.ts): the shown week and day, jobs indexed by row
// and day, conflicts of overlapping jobs of one employee, and the kind a job's block shows. The console's code is
// outside the server's test build, so the module is bundled here by esbuild (as the console's build does).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Job } from '../../clients/typescript/src/api-types.js';

type Model = typeof import('../../console/src/board/board-model.js');

async function loadModel(): Promise<Model> {
  const esbuild = await import('esbuild');
  const source = fileURLToPath(new URL('../../console/src/board/board-model.ts', import.meta.url));
  const built = await esbuild.build({ entryPoints: [source], bundle: true, format: 'esm', write: false });
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-board-model-'));
  try {
    writeFileSync(join(dir, 'board-model.mjs'), built.outputFiles[0]!.text);
    return (await import(pathToFileURL(join(dir, 'board-model.mjs')).href)) as Model;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { bandsOf, clashOf, conflictsOf, dayIndexOf, hoursByRow, indexJobs, isoWeek, kindOf, rangeOf, shifted } =
  await loadModel();

const job = (id: string, userId: string | undefined, from: string, to: string, extra: Partial<Job> = {}) =>
  ({
    _id: id,
    userId,
    from,
    to,
    state: 'open',
    absenceId: null,
    absences: [],
    replacementJobId: null,
    ...extra,
  }) as Job;
const local = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h).getTime();

test('the week runs Monday to Sunday around any of its days; the day view is one day', () => {
  const week = rangeOf('week', local(2027, 3, 4, 15)); // a Thursday
  assert.equal(week.from, local(2027, 3, 1));
  assert.equal(week.to, local(2027, 3, 8));
  assert.equal(week.days.length, 7);
  assert.equal(rangeOf('week', local(2027, 3, 7, 23)).from, local(2027, 3, 1)); // Sunday belongs to it
  const day = rangeOf('day', local(2027, 3, 4, 15));
  assert.deepEqual([day.from, day.to, day.days.length], [local(2027, 3, 4), local(2027, 3, 5), 1]);
  assert.equal(dayIndexOf(week, local(2027, 3, 3, 12)), 2);
  assert.equal(dayIndexOf(week, local(2027, 3, 8)), -1);
});

test('jobs are indexed by row (unassigned as "") and day, sorted by start', () => {
  const week = rangeOf('week', local(2027, 3, 1));
  const at = (d: number, h: number) => new Date(local(2027, 3, d, h)).toISOString();
  const index = indexJobs(
    [job('b', 'u1', at(2, 10), at(2, 11)), job('a', 'u1', at(2, 8), at(2, 9)), job('c', undefined, at(1, 8), at(1, 9))],
    week,
  );
  assert.deepEqual(
    index.get('u1')?.[1]?.map((j) => j._id),
    ['a', 'b'],
  );
  assert.deepEqual(
    index.get('')?.[0]?.map((j) => j._id),
    ['c'],
  );
});

test("overlapping jobs of one employee are conflicts; touching, other users' or cancelled ones are not", () => {
  const found = conflictsOf([
    job('a', 'u1', '2027-03-01T08:00:00Z', '2027-03-01T12:00:00Z'),
    job('b', 'u1', '2027-03-01T11:00:00Z', '2027-03-01T13:00:00Z'),
    job('c', 'u1', '2027-03-01T13:00:00Z', '2027-03-01T14:00:00Z'),
    job('d', 'u2', '2027-03-01T08:00:00Z', '2027-03-01T12:00:00Z'),
    job('e', 'u2', '2027-03-01T09:00:00Z', '2027-03-01T10:00:00Z', { state: 'cancelled' }),
  ]);
  assert.deepEqual([...found].sort(), ['a', 'b']);
});

test('an absence outranks a conflict, which outranks the state; an unclocked past job is missed', () => {
  const conflicts = new Set(['x', 'y']);
  const now = Date.parse('2027-03-02T00:00:00Z');
  assert.equal(kindOf(job('x', 'u', '', '', { absenceId: 'abs' }), conflicts, now), 'absence');
  assert.equal(kindOf(job('y', 'u', '', ''), conflicts, now), 'conflict');
  assert.equal(kindOf(job('y', 'u', '', '', { absenceId: 'abs', replacementJobId: 'r' }), new Set(), now), 'planned');
  assert.equal(kindOf(job('z', 'u', '', '', { state: 'started' }), conflicts, now), 'started');
  const past = job('p', 'u', '2027-03-01T08:00:00Z', '2027-03-01T10:00:00Z');
  assert.equal(kindOf(past, new Set(), now), 'missed');
  assert.equal(kindOf({ ...past, state: 'completed' }, new Set(), now), 'completed');
  assert.equal(kindOf(past, new Set(), Date.parse('2027-03-01T09:00:00Z')), 'planned');
});

test('ISO weeks: 1 Jan 2027 is in week 53 of 2026, 4 Jan 2027 in week 1', () => {
  assert.equal(isoWeek(new Date(2027, 0, 1, 12).getTime()), 53);
  assert.equal(isoWeek(new Date(2027, 0, 4, 12).getTime()), 1);
  assert.equal(isoWeek(new Date(2026, 2, 4, 12).getTime()), 10);
});

test('a replaced job leaves its row; hours count per row without cancelled or replaced jobs', () => {
  const week = rangeOf('week', Date.parse('2027-03-03T12:00:00Z'));
  const all = [
    job('a', 'u1', '2027-03-01T08:00:00Z', '2027-03-01T10:30:00Z'),
    job('b', 'u1', '2027-03-02T08:00:00Z', '2027-03-02T10:00:00Z', { replacementJobId: 'r' }),
    job('c', 'u1', '2027-03-03T08:00:00Z', '2027-03-03T10:00:00Z', { state: 'cancelled' }),
    job('r', 'u2', '2027-03-02T08:00:00Z', '2027-03-02T10:00:00Z'),
  ];
  const index = indexJobs(all, week);
  assert.equal(index.get('u1')?.[1]?.length, 0);
  assert.equal(index.get('u2')?.[1]?.[0]?._id, 'r');
  assert.deepEqual(
    [...hoursByRow(all, week)],
    [
      ['u1', 2.5],
      ['u2', 2],
    ],
  );
});

test('an absence is a band over its shown days; a move onto it or onto another job is a clash', () => {
  const week = rangeOf('week', Date.parse('2027-03-03T12:00:00Z'));
  const bands = bandsOf(
    [{ _id: 'v', userId: 'u1', type: 2, dtStart: '2027-03-03T06:00:00Z', dtEnd: '2027-03-05T20:00:00Z' }],
    week,
  );
  assert.deepEqual(
    bands.get('u1')?.map((b) => [b.first, b.last, b.type]),
    [[2, 4, 2]],
  );
  const other = job('o', 'u2', '2027-03-01T09:00:00Z', '2027-03-01T11:00:00Z');
  const moving = job('m', '', '2027-03-01T08:00:00Z', '2027-03-01T10:00:00Z');
  const onAbsence = { from: '2027-03-04T08:00:00Z', to: '2027-03-04T10:00:00Z' };
  assert.equal((clashOf(moving, 'u1', onAbsence, bands, [other]) as { absence: { id: string } }).absence.id, 'v');
  assert.equal(
    (clashOf(moving, 'u2', { from: moving.from!, to: moving.to! }, bands, [other]) as { overlap: { _id: string } })
      .overlap._id,
    'o',
  );
  assert.equal(clashOf(moving, 'u2', onAbsence, bands, [other]), undefined);
});

test('shifting keeps the time of day across days and moves by minutes', () => {
  const moved = shifted(job('a', 'u', '2027-03-01T08:00:00Z', '2027-03-01T10:00:00Z'), 1, 30);
  assert.deepEqual(moved, { from: '2027-03-02T08:30:00.000Z', to: '2027-03-02T10:30:00.000Z' });
});
