// POST /v2/users/{id}/invite: the invitation written by the server in the invited user's general.language (from
// the server's catalogues, with the crew app's address from PUBLIC_URL), by SMS under the SMS rules (a number
// not verified is refused, nothing sent) or by e-mail to the log-in address; only a manager holding the user's
// rights may invite; no number or address is 409, an unknown user 404, an unknown channel 400.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Mail } from '../../src/platform/mail/mail-transport.js';
import { textOf } from '../../src/platform/texts/texts.js';
import { createUser, groupIdsOf } from '../helpers/principals.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

const URL_OF_APP = 'https://crew.glanz.example/app/crew';

describe('POST /v2/users/{id}/invite', () => {
  let t: TestApp;
  let admin: Tenant;
  let employeeGroup: string;
  const mails: Mail[] = [];

  before(async () => {
    t = await createTestApp(
      { PUBLIC_URL: 'https://crew.glanz.example' },
      { mail: { send: async (mail) => void mails.push(mail), close: () => undefined } },
    );
    admin = await signup(t.app, 'Invitations');
    employeeGroup = (await groupIdsOf(t.app, admin.headers)).employee!;
  });
  after(async () => {
    await t?.close();
  });

  const sms = () => {
    const file = join(t.dataDir, 'sms.jsonl');
    if (!existsSync(file)) return []; // nothing sent yet
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; text: string });
  };
  const sentTo = (number: string) => sms().filter((m) => m.to === number);

  async function newEmployee(general: Record<string, string>, extra: Record<string, unknown> = {}) {
    const res = await call(t.app, 'POST', '/v2/users/', admin.headers, {
      accessGroupId: employeeGroup,
      general,
      ...extra,
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body._id as string;
  }

  async function verify(userId: string, number: string) {
    assert.equal((await call(t.app, 'POST', `/v2/users/${userId}/mobile/verify`, admin.headers, {})).status, 202);
    const code = sentTo(number).at(-1)?.text.match(/\d{6}/)?.[0];
    assert.ok(code);
    const confirmed = await call(t.app, 'POST', `/v2/users/${userId}/mobile/confirm`, admin.headers, { code });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
  }

  test('by SMS in Polish and in German: refused while the number is not verified, then sent', async () => {
    const polish = '+4917100000201';
    const piotr = await newEmployee({ firstName: 'Piotr', language: 'pl' }, { contact: { mobile: polish } });
    const refused = await call(t.app, 'POST', `/v2/users/${piotr}/invite`, admin.headers, { channel: 'sms' });
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.match(refused.headers['content-type'] as string, /problem\+json/);
    assert.match(refused.body.detail, /not verified/);
    assert.deepEqual(sentTo(polish), [], 'nothing sent');

    await verify(piotr, polish);
    const res = await call(t.app, 'POST', `/v2/users/${piotr}/invite`, admin.headers, { channel: 'sms' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, { channel: 'sms', language: 'pl', status: 'sent' });
    const text = sentTo(polish).at(-1)!.text;
    assert.equal(text, textOf('pl', 'inviteSms', { name: 'Piotr', url: URL_OF_APP }));
    assert.match(
      text,
      /^Cześć Piotr, Twoje konto Crewbase jest gotowe: otwórz https:\/\/crew\.glanz\.example\/app\/crew /,
    );

    const german = '+4917100000202';
    const greta = await newEmployee({ firstName: 'Greta', language: 'de' }, { contact: { mobile: german } });
    await verify(greta, german);
    const de = await call(t.app, 'POST', `/v2/users/${greta}/invite`, admin.headers, { channel: 'sms' });
    assert.deepEqual(de.body, { channel: 'sms', language: 'de', status: 'sent' });
    assert.equal(sentTo(german).at(-1)!.text, textOf('de', 'inviteSms', { name: 'Greta', url: URL_OF_APP }));
    assert.match(sentTo(german).at(-1)!.text, /^Hallo Greta, Ihr Crewbase-Zugang ist bereit/);
  });

  test('by e-mail in Romanian to the log-in address; English when no language is set', async () => {
    const radu = await newEmployee(
      { firstName: 'Radu', language: 'ro-RO' },
      { access: { email: 'radu@glanz.example' } },
    );
    const res = await call(t.app, 'POST', `/v2/users/${radu}/invite`, admin.headers, { channel: 'email' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, { channel: 'email', language: 'ro', status: 'sent' });
    const mail = mails.find((m) => m.to === 'radu@glanz.example');
    assert.ok(mail);
    assert.equal(mail.subject, 'Contul tău Crewbase');
    assert.equal(mail.text, textOf('ro', 'inviteMail', { name: 'Radu', url: URL_OF_APP }));

    const ann = await newEmployee({ firstName: 'Ann' }, { access: { email: 'ann@glanz.example' } });
    await call(t.app, 'POST', `/v2/users/${ann}/invite`, admin.headers, { channel: 'email' });
    assert.equal(mails.find((m) => m.to === 'ann@glanz.example')?.subject, 'Your Crewbase access');
  });

  test('no number or address: 409; an unknown user 404; an unknown channel 400', async () => {
    const bare = await newEmployee({ firstName: 'Bare' });
    for (const channel of ['sms', 'email']) {
      const res = await call(t.app, 'POST', `/v2/users/${bare}/invite`, admin.headers, { channel });
      assert.equal(res.status, 409, `${channel}: ${JSON.stringify(res.body)}`);
    }
    const missing = await call(t.app, 'POST', '/v2/users/0123456789abcdef01234567/invite', admin.headers, {
      channel: 'sms',
    });
    assert.equal(missing.status, 404);
    const bogus = await call(t.app, 'POST', `/v2/users/${bare}/invite`, admin.headers, { channel: 'fax' });
    assert.equal(bogus.status, 400);
  });

  test("an employee may not invite anyone, not even a colleague with an address; another company's user is 404", async () => {
    const target = await newEmployee({ firstName: 'Target' }, { access: { email: 'target@glanz.example' } });
    const employee = await createUser(t.app, admin.headers, employeeGroup);
    const res = await call(t.app, 'POST', `/v2/users/${target}/invite`, employee.headers, { channel: 'email' });
    assert.equal(res.status, 403, JSON.stringify(res.body));
    const other = await signup(t.app, 'Other company');
    const foreign = await call(t.app, 'POST', `/v2/users/${target}/invite`, other.headers, { channel: 'email' });
    assert.equal(foreign.status, 404);
    assert.equal(mails.filter((m) => m.to === 'target@glanz.example').length, 0);
  });
});
