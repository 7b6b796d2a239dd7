// The credentials cache: what an announcement drops, which loads it keeps, and how long entries last with
// and without announcements (credential-cache.ts). A fake database stands for the listening connection.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database, NotificationHandlers } from '../../src/platform/db/database.js';
import { CredentialCache, RIGHTS_CHANNEL } from '../../src/modules/auth/credential-cache.js';

/** A database whose announcements and listening state the test drives. */
function announcingDatabase() {
  let handlers: NotificationHandlers | undefined;
  const database = {
    async listen(channel: string, given: NotificationHandlers) {
      assert.equal(channel, RIGHTS_CHANNEL);
      handlers = given;
      given.state(true);
      return { close: async () => {} };
    },
  } as unknown as Database;
  return {
    database,
    announce: (payload: string) => handlers!.message(payload),
    listening: (on: boolean) => handlers!.state(on),
  };
}

const TIMES = { announcedMs: 600_000, unannouncedMs: 5_000 };

async function cacheWithUsers() {
  const db = announcingDatabase();
  const cache = new CredentialCache<string, string>(TIMES);
  await cache.start(db.database);
  for (const [company, user] of [
    ['c1', 'u1'],
    ['c1', 'u2'],
    ['c2', 'u1'],
  ] as const)
    cache.keepPrincipal(`${company}:${user}:s`, company, user, `${company}/${user}`, cache.stamp(company));
  cache.keepKey('hash-c1', 'c1', 'key of c1', cache.stamp());
  cache.keepKey('hash-c2', 'c2', 'key of c2', cache.stamp());
  return { cache, ...db };
}

test("a user's announcement drops that user's states only; a company's drops its users and keys", async () => {
  const { cache, announce } = await cacheWithUsers();
  announce('c1 u1');
  assert.equal(cache.principals.get('c1:u1:s'), undefined);
  assert.equal(cache.principals.get('c1:u2:s'), 'c1/u2');
  assert.equal(cache.principals.get('c2:u1:s'), 'c2/u1', 'the same user id in another company');
  assert.equal(cache.keys.get('hash-c1'), 'key of c1', "a user's change leaves keys (their rights follow the creator)");
  announce('c1');
  assert.equal(cache.principals.get('c1:u2:s'), undefined);
  assert.equal(cache.keys.get('hash-c1'), undefined);
  assert.equal(cache.principals.get('c2:u1:s'), 'c2/u1');
  assert.equal(cache.keys.get('hash-c2'), 'key of c2');
});

test('a load during which its company or the keys were announced is not kept', async () => {
  const { cache, announce } = await cacheWithUsers();
  const stamp = cache.stamp('c1');
  announce('c1 u9'); // a change committed while the load ran: the load may have read the state before it
  cache.keepPrincipal('c1:u9:s', 'c1', 'u9', 'old state', stamp);
  assert.equal(cache.principals.get('c1:u9:s'), undefined);
  const otherCompany = cache.stamp('c2');
  announce('c1');
  cache.keepPrincipal('c2:u9:s', 'c2', 'u9', 'state', otherCompany);
  assert.equal(cache.principals.get('c2:u9:s'), 'state', "another company's change does not matter");
  const keyStamp = cache.stamp();
  announce('c2');
  cache.keepKey('hash-new', 'c2', 'row', keyStamp);
  assert.equal(cache.keys.get('hash-new'), undefined);
});

test('losing the connection drops everything and shortens the time; getting it back drops it again', async () => {
  const { cache, listening } = await cacheWithUsers();
  assert.equal(cache.announcing, true);
  const before = cache.stamp('c1');
  listening(false);
  assert.equal(cache.announcing, false);
  assert.equal(cache.principals.get('c1:u2:s'), undefined);
  assert.equal(cache.keys.get('hash-c2'), undefined);
  cache.keepPrincipal('c1:u1:s', 'c1', 'u1', 'loaded before the loss', before);
  assert.equal(cache.principals.get('c1:u1:s'), undefined, 'a load begun before the loss is not kept');

  const realNow = Date.now;
  try {
    const start = realNow();
    cache.keepPrincipal('c1:u1:s', 'c1', 'u1', 'unannounced', cache.stamp('c1'));
    Date.now = () => start + TIMES.unannouncedMs - 1;
    assert.equal(cache.principals.get('c1:u1:s'), 'unannounced');
    Date.now = () => start + TIMES.unannouncedMs + 1;
    assert.equal(cache.principals.get('c1:u1:s'), undefined, 'gone after API_KEY_CACHE_SECONDS');

    Date.now = realNow;
    cache.keepPrincipal('c1:u1:s', 'c1', 'u1', 'unannounced', cache.stamp('c1'));
    listening(true);
    assert.equal(cache.principals.get('c1:u1:s'), undefined, 'changes in the gap were not heard');
    const back = realNow();
    cache.keepPrincipal('c1:u1:s', 'c1', 'u1', 'announced', cache.stamp('c1'));
    Date.now = () => back + TIMES.unannouncedMs + 1;
    assert.equal(cache.principals.get('c1:u1:s'), 'announced', 'kept past the short time');
    Date.now = () => back + TIMES.announcedMs + 1;
    assert.equal(cache.principals.get('c1:u1:s'), undefined, 'not past RIGHTS_CACHE_SECONDS');
  } finally {
    Date.now = realNow;
  }
});

test('without announcements (no listen, or a time not longer): the short time; 0 keeps nothing', async () => {
  const noListen = new CredentialCache<string, string>(TIMES);
  await noListen.start({} as Database);
  assert.equal(noListen.announcing, false);
  const db = announcingDatabase();
  const notLonger = new CredentialCache<string, string>({ announcedMs: 5_000, unannouncedMs: 5_000 });
  await notLonger.start(db.database);
  assert.equal(notLonger.announcing, false, 'does not listen when it would gain nothing');
  const off = new CredentialCache<string, string>({ announcedMs: 0, unannouncedMs: 0 });
  off.keepPrincipal('c1:u1:s', 'c1', 'u1', 'state', off.stamp('c1'));
  assert.equal(off.principals.get('c1:u1:s'), undefined);
});

test('equal rights are one object; clear() drops everything and in-flight loads', async () => {
  const { cache } = await cacheWithUsers();
  const a = cache.share({ customers: { read: 'all', write: 'none' } });
  const b = cache.share({ customers: { read: 'all', write: 'none' } });
  assert.equal(a, b);
  assert.notEqual(cache.share({ customers: { read: 'all', write: 'all' } }), a);
  const stamp = cache.stamp('c2');
  cache.clear();
  assert.equal(cache.principals.get('c2:u1:s'), undefined);
  cache.keepPrincipal('c2:u1:s', 'c2', 'u1', 'state', stamp);
  assert.equal(cache.principals.get('c2:u1:s'), undefined);
});

test("forgetCompany drops one company's users and keys, and its loads under way", async () => {
  const { cache } = await cacheWithUsers();
  const ofC1 = cache.stamp('c1');
  const ofC2 = cache.stamp('c2');
  cache.forgetCompany('c1');
  assert.equal(cache.principals.get('c1:u2:s'), undefined);
  assert.equal(cache.keys.get('hash-c1'), undefined);
  assert.equal(cache.principals.get('c2:u1:s'), 'c2/u1');
  assert.equal(cache.keys.get('hash-c2'), 'key of c2');
  cache.keepPrincipal('c1:u3:s', 'c1', 'u3', 'state', ofC1);
  assert.equal(cache.principals.get('c1:u3:s'), undefined);
  cache.keepPrincipal('c2:u3:s', 'c2', 'u3', 'state', ofC2);
  assert.equal(cache.principals.get('c2:u3:s'), 'state');
});

test("a company's users kept at once: remembered as loaded until its own change, not a user's; only while announced", async () => {
  const { cache, announce, listening } = await cacheWithUsers();
  const states = [
    { key: 'c3:u1:s1', userId: 'u1', value: 'c3/u1' },
    { key: 'c3:u2:', userId: 'u2', value: 'c3/u2' },
  ];
  assert.equal(cache.companyLoaded('c3'), false);
  cache.keepCompany('c3', states, cache.stamp('c3'));
  assert.equal(cache.companyLoaded('c3'), true);
  assert.equal(cache.principals.get('c3:u1:s1'), 'c3/u1');
  assert.equal(cache.principals.get('c3:u2:'), 'c3/u2');
  announce('c3 u1');
  assert.equal(cache.principals.get('c3:u1:s1'), undefined, "the user's state goes");
  assert.equal(cache.companyLoaded('c3'), true, "the rest stands: that user's next state is looked up alone");
  announce('c3');
  assert.equal(cache.companyLoaded('c3'), false);
  assert.equal(cache.principals.get('c3:u2:'), undefined);

  const stale = cache.stamp('c3');
  announce('c3 u2'); // a change committed while the load ran
  cache.keepCompany('c3', states, stale);
  assert.equal(cache.companyLoaded('c3'), false, 'a load that may have read the state before a change is not kept');
  assert.equal(cache.principals.get('c3:u1:s1'), undefined);

  cache.keepCompany('c3', [], cache.stamp('c3')); // a company with too many users: none kept, looked up one by one
  assert.equal(cache.companyLoaded('c3'), true);
  cache.forgetCompany('c3');
  assert.equal(cache.companyLoaded('c3'), false, 'this process changed its rights');

  cache.keepCompany('c3', states, cache.stamp('c3'));
  listening(false);
  assert.equal(cache.companyLoaded('c3'), false, 'what was announced while nobody listened is unknown');
  cache.keepCompany('c3', states, cache.stamp('c3'));
  assert.equal(cache.companyLoaded('c3'), false, 'not kept without announcements');
  assert.equal(cache.principals.get('c3:u1:s1'), undefined);
});
