// The SSRF guard on its own: isPublicAddress and vetTarget with a stub resolver. Nothing here
// resolves a real name or opens a connection.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '../../src/platform/http/errors.js';
import {
  isPublicAddress,
  parseAllowList,
  vetTarget,
  type Resolver,
  type TargetPolicy,
} from '../../src/modules/webhooks/target-guard.js';

const DNS: Record<string, string[]> = {
  'example.com': ['93.184.216.34'],
  'v6.example': ['2606:4700::1111'],
  'evil.example': ['127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['93.184.216.34', '10.0.0.1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  localhost: ['127.0.0.1', '::1'],
  'internal.example': ['10.0.0.5'],
  'ten.example': ['10.9.8.7'],
  'empty.example': [],
};

/** A stub resolver that records what it was asked; unknown names fail like NXDOMAIN. */
function stubResolver() {
  const calls: string[] = [];
  const resolve: Resolver = async (host) => {
    calls.push(host);
    const answer = DNS[host];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer;
  };
  return { resolve, calls };
}

const strict: TargetPolicy = { allowHttp: false, allowed: [] };

async function refusal(url: string, policy: TargetPolicy = strict): Promise<HttpError> {
  const { resolve } = stubResolver();
  const error = await vetTarget(url, policy, resolve).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof HttpError, `${url} should be refused`);
  assert.equal(error.status, 400);
  assert.deepEqual(
    error.errors?.map((e) => e.path),
    ['url'],
  );
  return error;
}

describe('isPublicAddress', () => {
  const publicOnes = ['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111', '::ffff:93.184.216.34'];
  const nonPublic: Array<[string, string]> = [
    ['127.0.0.1', 'loopback'],
    ['127.1.2.3', 'loopback range'],
    ['::1', 'IPv6 loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['fe80::1', 'IPv6 link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['::', 'IPv6 unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'IPv6 multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local (AWS metadata v6)'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::7f00:1', 'IPv4-compatible IPv6 of loopback'],
    ['::a00:1', 'IPv4-compatible IPv6 of private'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2001::1', 'Teredo'],
    ['not-an-ip', 'not an address'],
    ['', 'empty'],
    ['example.com', 'a name'],
  ];
  for (const address of publicOnes) test(`${address} is public`, () => assert.equal(isPublicAddress(address), true));
  for (const [address, why] of nonPublic)
    test(`${address || '(empty)'} is not public: ${why}`, () => assert.equal(isPublicAddress(address), false));
});

describe('vetTarget refuses', () => {
  const cases: Array<[string, RegExp, TargetPolicy?]> = [
    ['not a url', /not a valid URL/],
    ['http://93.184.216.34/hook', /must be https/],
    ['ftp://93.184.216.34/hook', /must be https/],
    ['ftp://93.184.216.34/hook', /must be http or https/, { allowHttp: true, allowed: [] }],
    ['https://user:pw@example.com/hook', /credentials/],
    ['https://127.0.0.1/hook', /non-public address \(127\.0\.0\.1\)/],
    ['https://10.0.0.1/hook', /non-public address \(10\.0\.0\.1\)/],
    ['https://169.254.169.254/latest/meta-data/', /non-public address \(169\.254\.169\.254\)/],
    ['https://[::1]/hook', /non-public address \(::1\)/],
    ['https://[::ffff:127.0.0.1]/hook', /non-public address/],
    ['https://[fe80::1]/hook', /non-public address/],
    ['https://0.0.0.0/hook', /non-public address/],
    ['https://2130706433/hook', /non-public address \(127\.0\.0\.1\)/],
    ['https://0x7f.1/hook', /non-public address \(127\.0\.0\.1\)/],
    ['https://017700000001/hook', /non-public address \(127\.0\.0\.1\)/],
    ['https://127.1/hook', /non-public address \(127\.0\.0\.1\)/],
    ['https://evil.example/hook', /evil\.example resolves to a non-public address \(127\.0\.0\.1\)/],
    ['https://metadata.example/hook', /169\.254\.169\.254/],
    ['https://mixed.example/hook', /resolves to a non-public address \(10\.0\.0\.1\)/],
    ['https://mapped.example/hook', /non-public address/],
    ['https://localhost/hook', /non-public address/],
    ['https://nxdomain.example/hook', /does not resolve/],
    ['https://empty.example/hook', /does not resolve/],
    // An allow-listed address allows only itself; a range only its members.
    ['http://127.0.0.2/hook', /non-public address/, { allowHttp: true, allowed: ['127.0.0.1'] }],
    ['https://192.168.0.1/hook', /non-public address/, { allowHttp: false, allowed: ['10.0.0.0/8'] }],
    ['https://other.internal.example/hook', /does not resolve/, { allowHttp: false, allowed: ['internal.example'] }],
    [
      'https://evil.example/hook',
      /non-public address/,
      { allowHttp: false, allowed: ['internal.example', '10.0.0.0/8'] },
    ],
  ];
  for (const [url, message, policy] of cases) {
    test(`${url}${policy ? ` (allowed: ${policy.allowed.join(',') || '-'}, http: ${policy.allowHttp})` : ''}`, async () => {
      const error = await refusal(url, policy);
      assert.match(error.message, message);
    });
  }
});

describe('vetTarget allows', () => {
  const cases: Array<[string, TargetPolicy, string[]]> = [
    ['https://example.com/hook', strict, ['93.184.216.34']],
    ['https://v6.example/hook', strict, ['2606:4700::1111']],
    ['https://93.184.216.34:8443/hook', strict, ['93.184.216.34']],
    ['https://[::ffff:93.184.216.34]/hook', strict, ['93.184.216.34']],
    ['http://example.com/hook', { allowHttp: true, allowed: [] }, ['93.184.216.34']],
    ['http://127.0.0.1:8080/hook', { allowHttp: true, allowed: ['127.0.0.1'] }, ['127.0.0.1']],
    ['http://[::ffff:127.0.0.1]:8080/hook', { allowHttp: true, allowed: ['127.0.0.1'] }, ['127.0.0.1']],
    ['https://evil.example/hook', { allowHttp: false, allowed: ['127.0.0.1'] }, ['127.0.0.1']],
    ['https://10.1.2.3/hook', { allowHttp: false, allowed: ['10.0.0.0/8'] }, ['10.1.2.3']],
    ['https://ten.example/hook', { allowHttp: false, allowed: ['10.0.0.0/8'] }, ['10.9.8.7']],
    ['https://[fd12::1]/hook', { allowHttp: false, allowed: ['fd00::/8'] }, ['fd12::1']],
    ['https://internal.example/hook', { allowHttp: false, allowed: ['internal.example'] }, ['10.0.0.5']],
    ['https://INTERNAL.example/hook', { allowHttp: false, allowed: ['internal.example'] }, ['10.0.0.5']],
    [
      'https://internal.example/hook',
      { allowHttp: false, allowed: parseAllowList(' internal.example , 10.0.0.0/8,') },
      ['10.0.0.5'],
    ],
  ];
  for (const [url, policy, addresses] of cases) {
    test(`${url} (allowed: ${policy.allowed.join(',') || '-'}, http: ${policy.allowHttp})`, async () => {
      const { resolve } = stubResolver();
      const vetted = await vetTarget(url, policy, resolve);
      assert.deepEqual(vetted.addresses, addresses);
      assert.equal(vetted.url.href, new URL(url).href);
    });
  }

  test('an address literal is not looked up; a name is', async () => {
    const literal = stubResolver();
    await vetTarget('https://93.184.216.34/hook', strict, literal.resolve);
    assert.deepEqual(literal.calls, []);
    const named = stubResolver();
    await vetTarget('https://example.com/hook', strict, named.resolve);
    assert.deepEqual(named.calls, ['example.com']);
  });

  test('parseAllowList trims and drops empty entries', () => {
    assert.deepEqual(parseAllowList(' a.example, 10.0.0.0/8 ,,127.0.0.1 '), ['a.example', '10.0.0.0/8', '127.0.0.1']);
  });
});
