// A generated job's document text (job-generation.ts jobDocWriter): the members set, and only those, with
// their keys in jsonb's order (length, then bytes), so that PostgreSQL's parse finds them sorted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jobDocWriter } from '../../src/modules/scheduling/job-generation.js';

const jsonbOrder = (a: string, b: string) =>
  a.length - b.length || Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

const iCalendar = {
  tzid: 'Europe/Berlin',
  frequency: 'DAILY',
  dtstart: '2027-01-04T08:00:00',
  dtend: '2027-01-04T10:00:00',
};
const times = { from: '2027-01-04T07:00:00.000Z', to: '2027-01-04T09:00:00.000Z', targetTime: 120 };

test('every member set, in jsonb order, with values escaped as JSON', () => {
  const write = jobDocWriter({
    id: 'a1',
    doc: { objectId: 'o1', iCalendar, title: 'Glas "innen" & außen', type: 'cleaning', activityTypeId: 't1' },
  });
  const text = write({ ...times, teamId: 'team1' }, 'u1');
  const doc = JSON.parse(text) as Record<string, unknown>;
  assert.deepEqual(doc, {
    assignmentId: 'a1',
    objectId: 'o1',
    ...times,
    state: 'open',
    userId: 'u1',
    teamId: 'team1',
    title: 'Glas "innen" & außen',
    type: 'cleaning',
    activityTypeId: 't1',
  });
  assert.deepEqual(Object.keys(doc), Object.keys(doc).sort(jsonbOrder));
});

test('members not set are left out, and the rest stay in jsonb order', () => {
  const write = jobDocWriter({ id: 'a2', doc: { objectId: 'o2', iCalendar, title: '' } });
  const doc = JSON.parse(write(times)) as Record<string, unknown>;
  assert.deepEqual(doc, { assignmentId: 'a2', objectId: 'o2', ...times, state: 'open' });
  assert.deepEqual(Object.keys(doc), Object.keys(doc).sort(jsonbOrder));
});
