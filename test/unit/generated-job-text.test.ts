// A generated job's event text (generated-job-text.ts): with the number and status the statement writes
// between head and tail, it is the job's record with exactly the members set, keys in jsonb's order (length,
// then bytes), so that PostgreSQL's parse finds them sorted; the stored document is it without nonDocumentKeys.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generatedJobText, nonDocumentKeys } from '../../src/modules/scheduling/generated-job-text.js';

/** jsonb's order of keys (PostgreSQL's lengthCompareJsonbString): by length in bytes, then bytewise. */
const jsonbOrder = (a: string, b: string) =>
  Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b));

const status = { status: 1, createdAt: '2027-01-01T00:00:00.000Z', createdBy: 'system' };
const job = {
  id: 'j1',
  chatId: 'c1',
  from: '2027-01-04T07:00:00.000Z',
  to: '2027-01-04T09:00:00.000Z',
  targetTime: 120,
  teamId: 'team1',
  userId: 'u1',
};

/** The text as the statement completes it. */
function eventOf(text: ReturnType<typeof generatedJobText>): Record<string, unknown> {
  const [head, tail] = [text.head(job), text.tail(job)];
  assert.equal(/\n/.test(head + tail), false, 'no raw line break: the statement splits the texts at them');
  const written = `${head}7,"status":${JSON.stringify(status)}${tail}`;
  const event = JSON.parse(written) as Record<string, unknown>;
  assert.deepEqual(Object.keys(event), Object.keys(event).sort(jsonbOrder), 'keys in jsonb order');
  return event;
}

test('every member set: the document, the unset fields and the common members, values escaped as JSON', () => {
  const text = generatedJobText(
    'company1',
    { assignmentId: 'a1', objectId: 'o1', title: 'Glas "innen"\n& außen', type: 'cleaning', activityTypeId: 't1' },
    true,
    true,
  );
  const event = eventOf(text);
  const document = {
    assignmentId: 'a1',
    objectId: 'o1',
    from: job.from,
    to: job.to,
    targetTime: 120,
    state: 'open',
    userId: 'u1',
    teamId: 'team1',
    title: 'Glas "innen"\n& außen',
    type: 'cleaning',
    activityTypeId: 't1',
  };
  assert.deepEqual(event, {
    ...document,
    documentIds: [],
    tags: [],
    _id: 'j1',
    number: 7,
    companyId: 'company1',
    chatId: 'c1',
    status,
  });
  const stored = Object.fromEntries(Object.entries(event).filter(([key]) => !nonDocumentKeys().includes(key)));
  assert.deepEqual(stored, document);
});

test('members not set are left out: no team, no user, no title', () => {
  const event = eventOf(generatedJobText('company1', { assignmentId: 'a2', objectId: 'o2', title: '' }, false, false));
  for (const key of ['teamId', 'userId', 'title', 'type', 'activityTypeId']) assert.equal(key in event, false, key);
  assert.equal(event.assignmentId, 'a2');
  assert.equal(event._id, 'j1');
});
