// The notification feed end to end: what each change notifies (and whom not), that notifications
// are part of the change's transaction, the feed's paging and read marks, preferences, permissions
// and tenancy, and the push subscriptions' checks (SSRF guard, keys, bound). DNS is a stub.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { inTenant, inWorker } from '../../src/platform/db/tenant.js';
import type { Resolver } from '../../src/modules/webhooks/index.js';
import { createUser, groupIdsOf, type LoggedIn } from '../helpers/principals.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

const resolverCalls: string[] = [];
const resolveHost: Resolver = async (host) => {
  resolverCalls.push(host);
  if (host === 'push.example') return ['93.184.216.34'];
  if (host === 'inside.example') return ['10.1.2.3'];
  throw new Error(`ENOTFOUND ${host}`);
};

let t: TestApp;
let admin: Tenant;
let ann: LoggedIn;
let bob: LoggedIn;
let other: Tenant;

before(async () => {
  t = await createTestApp({}, { resolveHost });
  admin = await signup(t.app, 'Notify');
  const groups = await groupIdsOf(t.app, admin.headers);
  ann = await createUser(t.app, admin.headers, groups.employee);
  bob = await createUser(t.app, admin.headers, groups.employee);
  other = await signup(t.app, 'Other');
});
after(async () => {
  await t?.close();
});

async function ok(method: string, url: string, headers: Record<string, string>, body?: unknown, status = 200) {
  const res = await call(t.app, method as never, url, headers, body);
  assert.equal(res.status, status, `${method} ${url}: ${JSON.stringify(res.body)}`);
  return res.body;
}

interface FeedEntry {
  _id: string;
  kind: string;
  entity: string;
  entityId: string;
  actorId: string | null;
  data: Record<string, unknown>;
  read: boolean;
  readAt: string;
  createdAt: string;
}

const feed = async (who: { headers: Record<string, string> }, query = '') =>
  (await ok('GET', `/v2/notifications${query}`, who.headers)) as FeedEntry[];

/** The kinds of the newest `count` notifications of a user, oldest first. */
async function newestKinds(who: { headers: Record<string, string> }, count: number): Promise<string[]> {
  return (await feed(who, `?limit=${count}`)).map((n) => n.kind).reverse();
}

async function countFor(userId: string): Promise<number> {
  const row = await inWorker(t.database, (db) =>
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  );
  return Number(row.n);
}

let day = 1;
async function newJob(userId?: string): Promise<string> {
  day += 1;
  const from = new Date(Date.UTC(2027, 2, day, 6)).toISOString();
  const to = new Date(Date.UTC(2027, 2, day, 8)).toISOString();
  return (await ok('POST', '/v2/jobs/', admin.headers, { from, to, ...(userId ? { userId } : {}) }, 201))._id;
}

describe('what notifies whom', () => {
  test('a job created for someone: jobAssigned to them with the job, nothing to the actor', async () => {
    const before = await countFor(admin.userId);
    const job = await newJob(ann.userId);
    const [n] = await feed(ann);
    assert.equal(n!.kind, 'jobAssigned');
    assert.equal(n!.entity, 'job');
    assert.equal(n!.entityId, job);
    assert.equal(n!.actorId, admin.userId);
    assert.equal(n!.read, false);
    assert.equal(n!.readAt, null);
    assert.equal(n!.data.from, new Date(Date.UTC(2027, 2, day, 6)).toISOString());
    assert.equal(typeof n!.data.number, 'number');
    assert.equal(await countFor(admin.userId), before);
  });

  test('a job made for oneself notifies nobody', async () => {
    const before = await countFor(admin.userId);
    await newJob(admin.userId);
    assert.equal(await countFor(admin.userId), before);
  });

  test('move, reassign, unassign and cancel: jobMoved, jobUnassigned + jobAssigned, jobCancelled', async () => {
    const job = await newJob(ann.userId);
    await ok('POST', `/v2/jobs/${job}/move`, admin.headers, {
      from: new Date(Date.UTC(2027, 2, day, 9)).toISOString(),
      to: new Date(Date.UTC(2027, 2, day, 11)).toISOString(),
    });
    assert.deepEqual(await newestKinds(ann, 2), ['jobAssigned', 'jobMoved']);
    await ok('PATCH', `/v2/jobs/${job}`, admin.headers, { userId: bob.userId });
    assert.deepEqual(await newestKinds(ann, 1), ['jobUnassigned']);
    assert.deepEqual(await newestKinds(bob, 1), ['jobAssigned']);
    await ok('PATCH', `/v2/jobs/${job}`, admin.headers, { state: 'cancelled' });
    assert.deepEqual(await newestKinds(bob, 2), ['jobAssigned', 'jobCancelled']);
    // Cancelled already, a note changes nothing for anyone.
    const count = await countFor(bob.userId);
    await ok('PATCH', `/v2/jobs/${job}`, admin.headers, { state: 'cancelled', tags: ['x'] });
    assert.equal(await countFor(bob.userId), count);
    const second = await newJob(bob.userId);
    await ok('POST', `/v2/jobs/${second}/unassign`, admin.headers);
    assert.deepEqual(await newestKinds(bob, 1), ['jobUnassigned']);
  });

  test('a split: jobMoved for the first half, nothing for the second', async () => {
    const job = await newJob(ann.userId);
    const count = await countFor(ann.userId);
    await ok('POST', `/v2/jobs/${job}/split`, admin.headers, { at: new Date(Date.UTC(2027, 2, day, 7)).toISOString() });
    assert.equal(await countFor(ann.userId), count + 1);
    assert.deepEqual(await newestKinds(ann, 1), ['jobMoved']);
  });

  test('a change that is not a move, assignment or cancellation notifies nobody', async () => {
    const job = await newJob(ann.userId);
    const count = await countFor(ann.userId);
    await ok('PATCH', `/v2/jobs/${job}`, admin.headers, { tags: ['windows'] });
    assert.equal(await countFor(ann.userId), count);
  });

  test('a replacement job: replacementOffered to the replacement', async () => {
    const job = await newJob(ann.userId);
    const result = await ok('POST', `/v2/jobs/${job}/replacement`, admin.headers, { userId: bob.userId });
    const [n] = await feed(bob);
    assert.equal(n!.kind, 'replacementOffered');
    assert.notEqual(n!.entityId, job);
    assert.ok(JSON.stringify(result).includes(n!.entityId));
  });

  test('an absence approved or declined: absenceApproved / absenceDeclined to the absent user', async () => {
    const absence = (dtStart: string, dtEnd: string) =>
      ok('POST', '/v2/absences/', admin.headers, { userId: ann.userId, type: 1, dtStart, dtEnd }, 201);
    const first = await absence('2027-06-01T00:00:00Z', '2027-06-02T00:00:00Z');
    await ok('POST', `/v2/absences/${first._id}/approve`, admin.headers);
    const second = await absence('2027-06-10T00:00:00Z', '2027-06-11T00:00:00Z');
    await ok('POST', `/v2/absences/${second._id}/decline`, admin.headers, {});
    const [declined, approved] = await feed(ann, '?limit=2');
    assert.equal(approved!.kind, 'absenceApproved');
    assert.equal(approved!.entityId, first._id);
    assert.equal(approved!.data.dtStart, (await ok('GET', `/v2/absences/${first._id}`, admin.headers)).dtStart);
    assert.equal(declined!.kind, 'absenceDeclined');
    assert.equal(declined!.entityId, second._id);
  });

  test('a task assigned on create or by a change of assignee: taskAssigned', async () => {
    const task = await ok(
      'POST',
      '/v2/tasks/',
      admin.headers,
      { title: 'Fix the door', assignee: { entityId: ann.userId } },
      201,
    );
    const [n] = await feed(ann);
    assert.equal(n!.kind, 'taskAssigned');
    assert.equal(n!.entityId, task._id);
    assert.equal(n!.data.title, 'Fix the door');
    await ok('PATCH', `/v2/tasks/${task._id}`, admin.headers, { assignee: { entityId: bob.userId } });
    assert.equal((await feed(bob))[0]!.kind, 'taskAssigned');
    const count = await countFor(bob.userId);
    await ok('PATCH', `/v2/tasks/${task._id}`, admin.headers, { title: 'Fix the door, please' });
    assert.equal(await countFor(bob.userId), count);
  });

  test('generated jobs notify nobody (planning writes them in bulk)', async () => {
    const objectId = (await ok('POST', '/v2/objects/', admin.headers, { name: 'Site' }, 201))._id;
    const count = await countFor(bob.userId);
    await ok(
      'POST',
      '/v2/assignments/',
      admin.headers,
      {
        objectId,
        userIds: [bob.userId],
        iCalendar: {
          tzid: 'Europe/Berlin',
          rrule: 'FREQ=DAILY;COUNT=20',
          dtstart: '2027-01-04T06:00:00',
          dtend: '2027-01-04T07:00:00',
        },
      },
      201,
    );
    const generated = await inTenant(t.database, admin.companyId, (tx) =>
      tx.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', bob.userId)
        .where('occurrence_key', 'is not', null)
        .executeTakeFirstOrThrow(),
    );
    assert.ok(Number(generated.n) >= 20, `generated ${generated.n}`);
    assert.equal(await countFor(bob.userId), count);
  });

  test('a rolled-back change leaves no notification', async () => {
    const count = await countFor(ann.userId);
    await assert.rejects(
      inTenant(t.database, admin.companyId, async (tx) => {
        await tx.db
          .updateTable('tasks')
          .set({ assignee_id: ann.userId, modified_by: admin.userId })
          .where('assignee_id', '=', bob.userId)
          .execute();
        assert.ok(
          (await tx.db.selectFrom('notifications').select('id').where('user_id', '=', ann.userId).execute()).length >
            count,
        );
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    assert.equal(await countFor(ann.userId), count);
  });
});

describe('the feed', () => {
  test('newest first, paged with limit and before, unread filter and count, read marks', async () => {
    const groups = await groupIdsOf(t.app, admin.headers);
    const cem = await createUser(t.app, admin.headers, groups.employee);
    const jobs: string[] = [];
    for (let i = 0; i < 5; i++) jobs.push(await newJob(cem.userId));
    assert.deepEqual(await ok('GET', '/v2/notifications/unreadCount', cem.headers), { unread: 5 });
    const first = await feed(cem, '?limit=2');
    assert.deepEqual(
      first.map((n) => n.entityId),
      [jobs[4], jobs[3]],
    );
    const second = await feed(cem, `?limit=2&before=${first[1]!._id}`);
    assert.deepEqual(
      second.map((n) => n.entityId),
      [jobs[2], jobs[1]],
    );
    const last = await feed(cem, `?limit=2&before=${second[1]!._id}`);
    assert.deepEqual(
      last.map((n) => n.entityId),
      [jobs[0]],
    );

    assert.deepEqual(await ok('POST', `/v2/notifications/${second[0]!._id}/read`, cem.headers), { updated: true });
    const marked = (await feed(cem)).find((n) => n._id === second[0]!._id)!;
    assert.equal(marked.read, true);
    assert.ok(Date.parse(marked.readAt) > 0);
    // Marking it again keeps the first time.
    await ok('POST', `/v2/notifications/${second[0]!._id}/read`, cem.headers);
    assert.equal((await feed(cem)).find((n) => n._id === second[0]!._id)!.readAt, marked.readAt);
    assert.deepEqual(await ok('GET', '/v2/notifications/unreadCount', cem.headers), { unread: 4 });
    const unread = await feed(cem, '?unread=true');
    assert.equal(unread.length, 4);
    assert.ok(unread.every((n) => !n.read));

    assert.deepEqual(await ok('POST', '/v2/notifications/read', cem.headers), { marked: 4 });
    assert.deepEqual(await ok('GET', '/v2/notifications/unreadCount', cem.headers), { unread: 0 });
    assert.deepEqual(await feed(cem, '?unread=true'), []);
    assert.equal((await feed(cem)).length, 5);
  });

  test("only one's own: another user's notification is 404 and stays unread; other companies see nothing", async () => {
    const [annsNewest] = await feed(ann);
    const res = await call(t.app, 'POST', `/v2/notifications/${annsNewest!._id}/read`, bob.headers);
    assert.equal(res.status, 404);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal((await feed(ann))[0]!.read, false);
    assert.ok((await feed(bob)).every((n) => n._id !== annsNewest!._id));
    // The admin (level all) sees only their own too.
    assert.ok((await feed(admin)).every((n) => n._id !== annsNewest!._id));
    assert.deepEqual(await feed(other), []);
    assert.equal((await call(t.app, 'POST', `/v2/notifications/${annsNewest!._id}/read`, other.headers)).status, 404);
  });

  test('bad paging is 400', async () => {
    for (const query of ['?limit=0', '?limit=201', '?before=nope', '?unread=maybe', '?page=2'])
      assert.equal((await call(t.app, 'GET', `/v2/notifications${query}`, ann.headers)).status, 400, query);
  });
});

describe('preferences', () => {
  test('all on by default; inApp off keeps a kind out of the feed; PUT replaces', async () => {
    const prefs = await ok('GET', '/v2/notifications/preferences', ann.headers);
    assert.deepEqual(prefs.jobMoved, { inApp: true, push: true });
    assert.equal(Object.keys(prefs).length, 8);
    const stored = await ok('PUT', '/v2/notifications/preferences', ann.headers, { jobAssigned: { inApp: false } });
    assert.deepEqual(stored.jobAssigned, { inApp: false, push: true });
    assert.deepEqual(stored.jobMoved, { inApp: true, push: true });
    const count = await countFor(ann.userId);
    await newJob(ann.userId);
    assert.equal(await countFor(ann.userId), count);
    // Another user's preferences are theirs.
    const before = await countFor(bob.userId);
    await newJob(bob.userId);
    assert.equal(await countFor(bob.userId), before + 1);
    const reset = await ok('PUT', '/v2/notifications/preferences', ann.headers, {});
    assert.deepEqual(reset.jobAssigned, { inApp: true, push: true });
    await newJob(ann.userId);
    assert.equal(await countFor(ann.userId), count + 1);
  });

  test('unknown kinds or channels are 400', async () => {
    for (const body of [{ jobEaten: { inApp: false } }, { jobMoved: { sms: true } }, { jobMoved: { push: 'no' } }])
      assert.equal((await call(t.app, 'PUT', '/v2/notifications/preferences', ann.headers, body)).status, 400);
  });
});

describe('permissions', () => {
  test('a group without the notifications area: 403 on every route', async () => {
    const group = await ok(
      'POST',
      '/v2/accessGroups/',
      admin.headers,
      { name: 'no-notes', permissions: { jobs: { read: 'own', write: 'none' } } },
      201,
    );
    const dora = await createUser(t.app, admin.headers, group._id);
    for (const [method, url, body] of [
      ['GET', '/v2/notifications'],
      ['GET', '/v2/notifications/unreadCount'],
      ['POST', '/v2/notifications/read'],
      ['GET', '/v2/notifications/preferences'],
      ['PUT', '/v2/notifications/preferences', {}],
      ['GET', '/v2/pushSubscriptions'],
      ['GET', '/v2/pushSubscriptions/vapidPublicKey'],
    ] as const)
      assert.equal((await call(t.app, method, url, dora.headers, body)).status, 403, `${method} ${url}`);
  });

  test('a read-scoped API key may read, not mark', async () => {
    const key = await ok('POST', '/v2/apiKeys', admin.headers, { name: 'reader', scopes: ['read'] }, 201);
    const headers = { 'x-api-key': key.key };
    await ok('GET', '/v2/notifications', headers);
    assert.equal((await call(t.app, 'POST', '/v2/notifications/read', headers)).status, 403);
  });
});

/** A subscription's keys as a browser makes them: an ECDH P-256 key pair and a 16-byte secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

describe('push subscriptions', () => {
  const subscribe = (who: { headers: Record<string, string> }, endpoint: string, keys = browserKeys()) =>
    call(t.app, 'POST', '/v2/pushSubscriptions', who.headers, { endpoint, keys });

  test('registered, listed, re-registered by another user (taken over), deleted; 404 for another', async () => {
    const created = await subscribe(ann, 'https://push.example/send/abc');
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const list = await ok('GET', '/v2/pushSubscriptions', ann.headers);
    assert.deepEqual(
      list.map((s: { endpoint: string }) => s.endpoint),
      ['https://push.example/send/abc'],
    );
    assert.deepEqual(await ok('GET', '/v2/pushSubscriptions', bob.headers), []);
    assert.equal((await call(t.app, 'DELETE', `/v2/pushSubscriptions/${created.body._id}`, bob.headers)).status, 404);
    const again = await subscribe(bob, 'https://push.example/send/abc');
    assert.equal(again.status, 201);
    assert.equal(again.body._id, created.body._id);
    assert.deepEqual(await ok('GET', '/v2/pushSubscriptions', ann.headers), []);
    assert.deepEqual(await ok('DELETE', `/v2/pushSubscriptions/${created.body._id}`, bob.headers), { deleted: true });
    assert.deepEqual(await ok('GET', '/v2/pushSubscriptions', bob.headers), []);
    const key = await ok('GET', '/v2/pushSubscriptions/vapidPublicKey', ann.headers);
    assert.equal(Buffer.from(key.publicKey, 'base64url').length, 65);
  });

  test('the SSRF guard of webhooks: http, private and loopback addresses, hosts resolving inside: 400 naming endpoint', async () => {
    resolverCalls.length = 0;
    for (const endpoint of [
      'http://push.example/x',
      'https://127.0.0.1/x',
      'https://10.0.0.8/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest',
      'https://inside.example/x',
      'https://nowhere.example/x',
      'not a url',
    ]) {
      const res = await subscribe(ann, endpoint);
      assert.equal(res.status, 400, endpoint);
      assert.equal(res.body.errors[0].path, 'endpoint', JSON.stringify(res.body));
    }
    assert.deepEqual(resolverCalls, ['inside.example', 'nowhere.example']); // checked, never connected
    assert.deepEqual(await ok('GET', '/v2/pushSubscriptions', ann.headers), []);
  });

  test('keys must be an uncompressed P-256 point and a 16-byte secret', async () => {
    const good = browserKeys();
    const point = Buffer.from(good.p256dh, 'base64url');
    point[64] = point[64]! ^ 1; // off the curve
    for (const keys of [
      { ...good, p256dh: 'AAAA' },
      { ...good, p256dh: point.toString('base64url') },
      { ...good, p256dh: '!!!' },
      { ...good, auth: randomBytes(8).toString('base64url') },
    ]) {
      const res = await subscribe(ann, 'https://push.example/keys', keys);
      assert.equal(res.status, 400, JSON.stringify(keys));
    }
    assert.equal(
      (await call(t.app, 'POST', '/v2/pushSubscriptions', ann.headers, { endpoint: 'https://push.example/k' })).status,
      400,
    );
  });

  test('at most 20 per user (409); the same endpoint again is not one more', async () => {
    for (let i = 0; i < 20; i++) assert.equal((await subscribe(bob, `https://push.example/many/${i}`)).status, 201);
    assert.equal((await subscribe(bob, 'https://push.example/many/0')).status, 201);
    const refused = await subscribe(bob, 'https://push.example/many/20');
    assert.equal(refused.status, 409);
    for (const s of await ok('GET', '/v2/pushSubscriptions', bob.headers))
      await ok('DELETE', `/v2/pushSubscriptions/${s._id}`, bob.headers);
  });
});
