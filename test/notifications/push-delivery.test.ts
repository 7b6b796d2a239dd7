// Web Push delivery end to end against a push receiver on 127.0.0.1 (the only address allow-listed
// here): it decrypts each message with the subscription's private key (RFC 8291: ECDH, HKDF,
// AES-128-GCM) and checks the VAPID JWT (RFC 8292: ES256 by the server's key, aud = the endpoint's
// origin, exp ahead). Then: 404/410 remove the subscription, 5xx is retried, other 4xx dropped,
// preferences turn push off, and the sweep keeps the feeds bounded.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { pushWorker, type PushWorker } from '../../src/modules/notifications/index.js';
import { webhookDeps, type Resolver } from '../../src/modules/webhooks/index.js';
import { inTenant, inWorker } from '../../src/platform/db/tenant.js';
import { createUser, groupIdsOf, type LoggedIn } from '../helpers/principals.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

const resolver: Resolver = async (host) => {
  throw new Error(`ENOTFOUND ${host}`); // endpoints here are IP literals: nothing is resolved
};

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
const answers = new Map<string, number[]>(); // per path; the last repeats; default 201

let t: TestApp;
let server: Server;
let origin: string;
let worker: PushWorker;
let admin: Tenant;
let ann: LoggedIn;

before(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      const steps = answers.get(req.url!) ?? [201];
      res.writeHead(steps.length > 1 ? steps.shift()! : steps[0]!).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp(
    {
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
      PUSH_RETRY_SCHEDULE: '0,0',
      VAPID_SUBJECT: 'mailto:ops@crewbase.test',
    },
    { resolveHost: resolver },
  );
  worker = pushWorker({ database: t.database, config: t.config, ...webhookDeps(t.config, resolver) });
  admin = await signup(t.app, 'Push');
  ann = await createUser(t.app, admin.headers, (await groupIdsOf(t.app, admin.headers)).employee);
});
after(async () => {
  await worker?.close();
  await t?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** A browser's subscription: its ECDH key pair and auth secret, registered for `who` at `path`. */
async function subscribe(who: { headers: Record<string, string> }, path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const res = await call(t.app, 'POST', '/v2/pushSubscriptions', who.headers, {
    endpoint: `${origin}${path}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return { id: res.body._id as string, ecdh, auth, path };
}
type Browser = Awaited<ReturnType<typeof subscribe>>;

/** RFC 8291 decryption of an aes128gcm body (one record) by the user agent. */
function decrypt(browser: Browser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (plain[end] === 0) end -= 1;
  assert.equal(plain[end], 2, 'the last record ends with the delimiter 0x02');
  return plain.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<the server's public key>`. */
function checkVapid(headers: IncomingHttpHeaders) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(headers.authorization ?? '');
  assert.ok(match, `authorization: ${headers.authorization}`);
  const [, head, claims, signature, k] = match;
  assert.equal(k, t.config.vapid.publicKey);
  const point = Buffer.from(k!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  assert.ok(
    verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    ),
    'the JWT is signed by the VAPID key',
  );
  assert.deepEqual(JSON.parse(Buffer.from(head!, 'base64url').toString()), { typ: 'JWT', alg: 'ES256' });
  const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString());
  assert.equal(payload.aud, origin);
  assert.equal(payload.sub, 'mailto:ops@crewbase.test');
  const now = Date.now() / 1000;
  assert.ok(payload.exp > now && payload.exp <= now + 24 * 3600, `exp ${payload.exp}`);
}

const hits = (browser: Browser) => received.filter((r) => r.path === browser.path);

async function queued(): Promise<
  Array<{ subscription_id: string; status: string; attempts: number; last_status_code: number | null }>
> {
  return inWorker(t.database, (db) =>
    db.selectFrom('push_deliveries').select(['subscription_id', 'status', 'attempts', 'last_status_code']).execute(),
  );
}

async function subscriptionIds(): Promise<string[]> {
  return (await inWorker(t.database, (db) => db.selectFrom('push_subscriptions').select('id').execute())).map(
    (r) => r.id,
  );
}

/** Runs the worker until nothing is due (retries of the test schedule are due at once). */
async function drain() {
  for (let i = 0; i < 20 && (await worker.runOnce()) > 0; i++);
}

let day = 1;
async function assignJob(userId: string): Promise<string> {
  day += 1;
  const res = await call(t.app, 'POST', '/v2/jobs/', admin.headers, {
    from: new Date(Date.UTC(2027, 3, day, 6)).toISOString(),
    to: new Date(Date.UTC(2027, 3, day, 8)).toISOString(),
    userId,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body._id;
}

describe('push delivery', () => {
  test('encrypted for the subscription (RFC 8291), VAPID-signed (RFC 8292), then the push is gone from the queue', async () => {
    const phone = await subscribe(ann, '/push/phone');
    const laptop = await subscribe(ann, '/push/laptop');
    const job = await assignJob(ann.userId);
    assert.equal((await queued()).length, 2, 'one push per subscription, queued with the change');
    await drain();
    for (const browser of [phone, laptop]) {
      const [hit] = hits(browser);
      assert.ok(hit, browser.path);
      assert.equal(hit.headers['content-encoding'], 'aes128gcm');
      assert.equal(hit.headers.ttl, '86400');
      checkVapid(hit.headers);
      const message = JSON.parse(decrypt(browser, hit.body));
      const [inFeed] = (await call(t.app, 'GET', '/v2/notifications?limit=1', ann.headers)).body;
      assert.equal(message.id, inFeed._id);
      assert.equal(message.kind, 'jobAssigned');
      assert.equal(message.title, 'A job was assigned to you');
      assert.equal(message.entity, 'job');
      assert.equal(message.entityId, job);
      assert.equal(message.createdAt, inFeed.createdAt);
    }
    // A laptop's key cannot read the phone's message.
    assert.throws(() => decrypt(laptop, hits(phone)[0]!.body));
    assert.deepEqual(await queued(), []);
    for (const browser of [phone, laptop])
      await call(t.app, 'DELETE', `/v2/pushSubscriptions/${browser.id}`, ann.headers);
  });

  test('404 and 410 remove the subscription and its queue; the feed keeps the notification', async () => {
    const gone = await subscribe(ann, '/push/gone');
    const missing = await subscribe(ann, '/push/missing');
    answers.set(gone.path, [410]);
    answers.set(missing.path, [404]);
    await assignJob(ann.userId);
    await drain();
    assert.equal(hits(gone).length, 1);
    assert.equal(hits(missing).length, 1);
    assert.deepEqual(await queued(), []);
    assert.ok(!(await subscriptionIds()).includes(gone.id));
    assert.ok(!(await subscriptionIds()).includes(missing.id));
    await assignJob(ann.userId);
    assert.deepEqual(await queued(), [], 'nothing more is queued for them');
    assert.equal((await call(t.app, 'GET', '/v2/notifications/unreadCount', ann.headers)).body.unread >= 2, true);
  });

  test('5xx and 429 are retried until delivered; beyond the schedule the push fails', async () => {
    const flaky = await subscribe(ann, '/push/flaky');
    answers.set(flaky.path, [503, 429, 201]);
    await assignJob(ann.userId);
    await drain();
    assert.equal(hits(flaky).length, 3);
    assert.deepEqual(await queued(), []);
    const down = await subscribe(ann, '/push/down');
    answers.set(down.path, [500]);
    answers.set(flaky.path, [201]);
    await assignJob(ann.userId);
    await drain();
    assert.equal(hits(down).length, 3, 'the first try and the schedule`s two retries');
    assert.deepEqual(await queued(), [
      { subscription_id: down.id, status: 'failed', attempts: 3, last_status_code: 500 },
    ]);
    assert.ok((await subscriptionIds()).includes(down.id), 'a failing push service does not remove the subscription');
    await inWorker(t.database, (db) => db.deleteFrom('push_deliveries').execute());
    for (const browser of [flaky, down])
      await call(t.app, 'DELETE', `/v2/pushSubscriptions/${browser.id}`, ann.headers);
  });

  test('another 4xx drops the push at once (no retry)', async () => {
    const refused = await subscribe(ann, '/push/refused');
    answers.set(refused.path, [400]);
    await assignJob(ann.userId);
    await drain();
    assert.equal(hits(refused).length, 1);
    assert.deepEqual(await queued(), [
      { subscription_id: refused.id, status: 'failed', attempts: 1, last_status_code: 400 },
    ]);
    await call(t.app, 'DELETE', `/v2/pushSubscriptions/${refused.id}`, ann.headers);
    assert.deepEqual(await queued(), [], 'deleting the subscription deletes its queue');
  });

  test('push off for a kind: the feed gets it, no push is queued; the actor is never pushed', async () => {
    const quiet = await subscribe(ann, '/push/quiet');
    const res = await call(t.app, 'PUT', '/v2/notifications/preferences', ann.headers, {
      jobAssigned: { push: false },
    });
    assert.equal(res.status, 200);
    await assignJob(ann.userId);
    assert.deepEqual(await queued(), []);
    await call(t.app, 'PUT', '/v2/notifications/preferences', ann.headers, {});
    const own = await subscribe(admin, '/push/admin');
    await assignJob(admin.userId);
    assert.deepEqual(await queued(), []);
    await call(t.app, 'DELETE', `/v2/pushSubscriptions/${own.id}`, admin.headers);
    await call(t.app, 'DELETE', `/v2/pushSubscriptions/${quiet.id}`, ann.headers);
  });

  test("an endpoint registered again by another user drops the first user's queued pushes", async () => {
    const shared = await subscribe(ann, '/push/shared');
    await assignJob(ann.userId);
    assert.equal((await queued()).length, 1);
    const bob = await createUser(t.app, admin.headers, (await groupIdsOf(t.app, admin.headers)).employee);
    const again = await call(t.app, 'POST', '/v2/pushSubscriptions', bob.headers, {
      endpoint: `${origin}${shared.path}`,
      keys: { p256dh: shared.ecdh.getPublicKey('base64url'), auth: shared.auth.toString('base64url') },
    });
    assert.equal(again.body._id, shared.id);
    assert.deepEqual(await queued(), []);
    await call(t.app, 'DELETE', `/v2/pushSubscriptions/${shared.id}`, bob.headers);
  });

  test('an endpoint whose address is no longer allowed is refused at delivery, before connecting', async () => {
    const moved = await subscribe(ann, '/push/moved');
    // As if the operator's allow-list changed after registration.
    const strict = pushWorker({
      database: t.database,
      config: t.config,
      ...webhookDeps(t.config, resolver),
      policy: { allowHttp: true, allowed: [] },
    });
    await assignJob(ann.userId);
    assert.equal(await strict.runOnce(), 1);
    await strict.close();
    assert.equal(hits(moved).length, 0);
    const rows = await inWorker(t.database, (db) =>
      db.selectFrom('push_deliveries').select(['status', 'last_error']).execute(),
    );
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.status, 'pending', 'retried: the allow-list may come back');
    assert.match(rows[0]!.last_error ?? '', /non-public address/);
    await call(t.app, 'DELETE', `/v2/pushSubscriptions/${moved.id}`, ann.headers);
  });
});

describe('the sweep', () => {
  test('deletes notifications older than the retention and beyond the newest per user', async () => {
    const bob = await createUser(t.app, admin.headers, (await groupIdsOf(t.app, admin.headers)).employee);
    const jobs: string[] = [];
    for (let i = 0; i < 12; i++) jobs.push(await assignJob(bob.userId));
    // The oldest one aged past the retention (90 days).
    await inTenant(t.database, admin.companyId, (tx) =>
      tx.db
        .updateTable('notifications')
        .set({ created_at: sql<Date>`now() - interval '91 days'` })
        .where('entity_id', '=', jobs[0]!)
        .execute(),
    );
    const limited = pushWorker({
      database: t.database,
      config: { ...t.config, notificationsPerUser: 10 },
      ...webhookDeps(t.config, resolver),
    });
    const removed = await limited.sweep();
    await limited.close();
    assert.equal(removed, 2);
    const left = (await call(t.app, 'GET', '/v2/notifications?limit=200', bob.headers)).body as Array<{
      entityId: string;
    }>;
    assert.deepEqual(
      left.map((n) => n.entityId),
      jobs.slice(2).reverse(),
    );
  });
});
