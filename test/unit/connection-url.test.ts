// DATABASE_URL in libpq's multi-host form (connection-url.ts) and which errors count as a lost
// database (connection-loss.ts: 503 with Retry-After, a new search for the primary).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isConnectionLoss, NoPrimaryError } from '../../src/platform/db/connection-loss.js';
import { parseConnectionUrl } from '../../src/platform/db/connection-url.js';

test('several hosts share user, password, database and parameters; target_session_attrs is ours', () => {
  const target = parseConnectionUrl(
    'postgres://app:s%40cret@db1:5432,db2:5433,[::1]/crewbase?target_session_attrs=read-write&sslmode=disable',
  );
  assert.deepEqual(target.hosts, [
    { host: 'db1', port: 5432 },
    { host: 'db2', port: 5433 },
    { host: '::1', port: 5432 },
  ]);
  assert.equal(target.readWrite, true);
  assert.equal(target.urlFor(target.hosts[1]!), 'postgres://app:s%40cret@db2:5433/crewbase?sslmode=disable');
  assert.equal(target.urlFor(target.hosts[2]!), 'postgres://app:s%40cret@[::1]:5432/crewbase?sslmode=disable');
});

test('one host stays as given; without target_session_attrs any host will do', () => {
  const target = parseConnectionUrl('postgresql://postgres@127.0.0.1:5432/postgres');
  assert.deepEqual(target.hosts, [{ host: '127.0.0.1', port: 5432 }]);
  assert.equal(target.readWrite, false);
  assert.equal(target.urlFor(target.hosts[0]!), 'postgresql://postgres@127.0.0.1:5432/postgres');
  assert.equal(parseConnectionUrl('postgres://u@h/db?target_session_attrs=primary').readWrite, true);
});

test('bad ports, other schemes and too many hosts are refused', () => {
  assert.throws(() => parseConnectionUrl('postgres://u@h:99999/db'), /Bad port/);
  assert.throws(() => parseConnectionUrl('mysql://u@h/db'), /postgres:\/\//);
  const hosts = Array.from({ length: 17 }, (_, i) => `h${i}`).join(',');
  assert.throws(() => parseConnectionUrl(`postgres://u@${hosts}/db`), /At most 16/);
});

test('a lost or refusing server is a connection loss; a wrong statement is not', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  for (const error of [
    coded('ECONNREFUSED'),
    coded('ECONNRESET'),
    coded('57P01', 'terminating connection due to administrator command'),
    coded('08006'),
    coded('25006', 'cannot execute INSERT in a read-only transaction'), // a primary that became a standby
    new Error('Connection terminated unexpectedly'),
    new NoPrimaryError(),
  ])
    assert.equal(isConnectionLoss(error), true, String(error));
  for (const error of [coded('23505'), coded('22P02'), coded('40001'), new Error('boom'), 'text'])
    assert.equal(isConnectionLoss(error), false, String(error));
});
