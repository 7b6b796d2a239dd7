// The VAPID settings: keys made once and kept in DATA_DIR (browsers subscribe with the public key,
// so it must survive restarts), or given as a checked pair; the subject a mailto: or https URL.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createECDH } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';

function withDataDir(work: (dir: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-vapid-'));
  try {
    work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('VAPID configuration', () => {
  test('made once per data directory: the same pair at the next start, a valid P-256 pair', () =>
    withDataDir((dir) => {
      const first = loadConfig({ DATA_DIR: dir }).vapid;
      const second = loadConfig({ DATA_DIR: dir }).vapid;
      assert.deepEqual(second, first);
      assert.equal(Buffer.from(first.privateKey, 'base64url').length, 32);
      assert.equal(first.subject, 'mailto:push@crewbase.invalid');
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(Buffer.from(first.privateKey, 'base64url'));
      assert.equal(ecdh.getPublicKey('base64url'), first.publicKey);
    }));

  test('a given pair is used as given; half a pair or wrong lengths are refused', () =>
    withDataDir((dir) => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const secret = ecdh.getPrivateKey(); // without leading zero bytes: padded to 32, as VAPID wants
      const pair = {
        VAPID_PUBLIC_KEY: ecdh.getPublicKey('base64url'),
        VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url'),
      };
      const config = loadConfig({ DATA_DIR: dir, ...pair, VAPID_SUBJECT: 'https://ops.example.com/contact' });
      assert.deepEqual(config.vapid, {
        publicKey: pair.VAPID_PUBLIC_KEY,
        privateKey: pair.VAPID_PRIVATE_KEY,
        subject: 'https://ops.example.com/contact',
      });
      for (const env of [
        { VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY },
        { VAPID_PRIVATE_KEY: pair.VAPID_PRIVATE_KEY },
        { ...pair, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY.slice(4) },
        { ...pair, VAPID_PRIVATE_KEY: 'not+base64url' },
      ])
        assert.throws(() => loadConfig({ DATA_DIR: dir, ...env }), /VAPID_PUBLIC_KEY/);
      for (const subject of ['ops@example.com', 'http://example.com', 'mailto:nobody'])
        assert.throws(() => loadConfig({ DATA_DIR: dir, VAPID_SUBJECT: subject }), /VAPID_SUBJECT/);
    }));
});
