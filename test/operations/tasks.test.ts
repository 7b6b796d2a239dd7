// Tasks over HTTP: records and their fields, the state table (every pair), firstStartedAt and
// firstTerminatedAt, identifierNumber per task type, POST /tasks/{id}/complete with a completion
// mail delivered to a real SMTP server on 127.0.0.1, the list filters, employees (own tasks),
// recurring task templates, complaints that open tasks, and the master data around tasks
// (contacts, equipment, equipment types, suppliers, service products, task types).
// MAIL_TRANSPORT=smtp://127.0.0.1:<port> needs no extra options (no ignoreTLS): the server offers
// no STARTTLS (disabledCommands), so nodemailer speaks plain SMTP.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { TASK_STATES, TASK_TRANSITIONS } from '../../src/modules/tasks/task-states.js';
import { generateAhead } from '../../src/modules/tasks/task-templates.js';
import { eventsUntil } from '../helpers/event-feed.js';
import { assertProblem, requester, type Headers } from '../helpers/http-assertions.js';
import { uploadDocument } from '../helpers/record-fixtures.js';
import { decodeMail, startSmtpServer, type ReceivedMail, type SmtpTestServer } from '../helpers/smtp-server.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let smtp: SmtpTestServer;
const received: ReceivedMail[] = [];
const user: Record<string, string> = {};
const login: Record<string, Headers> = {};
const MISSING = '0123456789abcdef01234567';
const DAY = 86_400_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const { req, ok } = requester(
  () => t.app,
  () => admin.headers,
);

async function createTask(body: Record<string, unknown>, headers: Headers = admin.headers): Promise<string> {
  return (await ok('POST', '/v2/tasks/', body, 201, headers))._id;
}

const getTask = (id: string, headers: Headers = admin.headers) => ok('GET', `/v2/tasks/${id}`, undefined, 200, headers);

async function loginAs(username: string, password: string): Promise<Headers> {
  const res = await call(t.app, 'POST', '/v2/auth/login', {}, { username, password });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { authorization: `Bearer ${res.body.accessToken}` };
}

before(async () => {
  smtp = await startSmtpServer(0, received);
  t = await createTestApp({ MAIL_TRANSPORT: `smtp://127.0.0.1:${smtp.port}` });
  admin = await signup(t.app, 'Tasks');
  const groups = await ok('GET', '/v2/accessGroups/');
  const employeeGroup = (groups as Json[]).find((g) => g.name === 'employee')._id;
  for (const name of ['Ann', 'Bob']) {
    user[name] = (
      await ok(
        'POST',
        '/v2/users/',
        {
          general: { firstName: name },
          id: name.toLowerCase(),
          password: `${name}-password-1`,
          accessGroupId: employeeGroup,
        },
        201,
      )
    )._id;
    login[name] = await loginAs(name.toLowerCase(), `${name}-password-1`);
  }
  user.Carl = (await ok('POST', '/v2/users/', { general: { firstName: 'Carl' } }, 201))._id;
});
after(async () => {
  await t?.close(); // undefined when `before` failed: what it started must still be stopped
  await smtp.close();
});

describe('task records', () => {
  test("create with the spec's fields, read, update, delete", async () => {
    const typeId = (await ok('POST', '/v2/taskTypes/', { name: 'Repair', prefix: 'REP' }, 201))._id;
    const customerId = (await ok('POST', '/v2/customers/', { name: 'Harbour Ltd' }, 201))._id;
    const objectId = (await ok('POST', '/v2/objects/', { name: 'Harbour Office', customerId }, 201))._id;
    const fields = {
      title: 'Fix the door',
      taskType: 'repair',
      taskTypeId: typeId,
      description: 'The back door does not close',
      contactPerson: 'Mr Porter',
      email: 'porter@harbour.example',
      telephone: '+49 30 1234',
      assignee: { name: 'Carl', entityId: user.Carl, profilePicture: 'https://img.example/carl.png' },
      dueDate: '2027-03-01T10:00:00.000Z',
      tags: ['door', 'urgent-ish'],
      priority: 'high',
      related: { objects: [objectId], customers: [customerId], users: [user.Carl] },
      documentIds: [await uploadDocument({ app: t.app, headers: admin.headers }, objectId)],
      callId: 'call-77',
    };
    const created = await ok('POST', '/v2/tasks/', fields, 201);
    assert.deepEqual(Object.keys(created), ['_id']);
    assert.match(created._id, /^[0-9a-f]{24}$/);

    const task = await getTask(created._id);
    for (const [key, value] of Object.entries(fields)) assert.deepEqual(task[key], value, key);
    assert.equal(task.taskStatus, 'new', 'taskStatus defaults to new');
    assert.equal(task.identifierNumber, 1);
    assert.equal(task.companyId, admin.companyId);
    assert.equal(task.status.createdBy, admin.userId);
    assert.match(task.chatId, /^[0-9a-f]{24}$/);
    assert.equal(task.firstStartedAt, undefined);
    assert.equal(task.firstTerminatedAt, undefined);

    const listed = await ok('GET', `/v2/tasks/?_id=${created._id}`);
    assert.deepEqual(listed, [task]);

    assert.deepEqual(await ok('PATCH', `/v2/tasks/${created._id}`, { description: 'Closes again', priority: null }), {
      updated: true,
    });
    const patched = await getTask(created._id);
    assert.equal(patched.description, 'Closes again');
    assert.equal(patched.priority, 'normal', 'priority defaults to normal');
    assert.equal(patched.title, 'Fix the door');
    assert.equal(patched.identifierNumber, 1, 'the number stays while the type stays');

    assert.deepEqual(await ok('DELETE', `/v2/tasks/${created._id}`), { deleted: true });
    assertProblem(await req('GET', `/v2/tasks/${created._id}`), 404);
    assertProblem(await req('DELETE', `/v2/tasks/${created._id}`), 404);
    assertProblem(await req('PATCH', `/v2/tasks/${created._id}`, { title: 'x' }), 404);
  });

  test('invalid task bodies are 400 naming the field', async () => {
    assertProblem(await req('POST', '/v2/tasks/', { description: 'no title' }), 400, 'title');
    assertProblem(await req('POST', '/v2/tasks/', { title: 'x', priority: 'whenever' }), 400, 'priority');
    assertProblem(await req('POST', '/v2/tasks/', { title: 'x', taskStatus: 'done' }), 400, 'taskStatus');
    assertProblem(await req('POST', '/v2/tasks/', { title: 'x', email: 'not-an-address' }), 400, 'email');
    assertProblem(await req('POST', '/v2/tasks/', { title: 'x', taskTypeId: MISSING }), 400, 'taskTypeId');
    assertProblem(await req('POST', '/v2/tasks/', { title: 'x', related: { objects: ['nope'] } }), 400);
    const id = await createTask({ title: 'Valid' });
    assertProblem(await req('PATCH', `/v2/tasks/${id}`, { title: null }), 400, 'title');
    assertProblem(await req('PATCH', `/v2/tasks/${id}`, { taskStatus: 'bogus' }), 400, 'taskStatus');
  });
});

describe('task states', () => {
  /** The table as docs/decisions.md (Tasks) states it. */
  const EXPECTED: Record<string, string[]> = {
    new: ['open', 'in_progress', 'completed', 'cancelled'],
    open: ['in_progress', 'in_review', 'completed', 'cancelled'],
    in_progress: ['open', 'in_review', 'completed', 'cancelled'],
    in_review: ['in_progress', 'completed', 'cancelled'],
    completed: ['open'],
    cancelled: ['open'],
  };

  test('the transition table is the documented one', () => {
    assert.deepEqual([...TASK_STATES], ['new', 'open', 'in_progress', 'in_review', 'completed', 'cancelled']);
    assert.deepEqual(Object.fromEntries(Object.entries(TASK_TRANSITIONS).map(([k, v]) => [k, [...v]])), EXPECTED);
  });

  for (const from of TASK_STATES) {
    for (const to of TASK_STATES) {
      const allowed = from === to || EXPECTED[from]!.includes(to);
      test(`PATCH taskStatus ${from} → ${to}: ${allowed ? (from === to ? '200 (stays)' : '200') : '409'}`, async () => {
        const id = await createTask({ title: `Move ${from} to ${to}`, taskStatus: from });
        assert.equal((await getTask(id)).taskStatus, from);
        const res = await req('PATCH', `/v2/tasks/${id}`, { taskStatus: to });
        if (allowed) {
          assert.equal(res.status, 200, JSON.stringify(res.body));
          assert.deepEqual(res.body, { updated: true });
        } else {
          assertProblem(res, 409);
          assert.match(res.body.detail, new RegExp(`from ${from} to ${to}`));
        }
        assert.equal((await getTask(id)).taskStatus, allowed ? to : from);
      });
    }
  }

  test('firstStartedAt is set on the first move away from new and never changes', async () => {
    const id = await createTask({ title: 'Back and forth' });
    assert.equal((await getTask(id)).firstStartedAt, undefined);
    await ok('PATCH', `/v2/tasks/${id}`, { description: 'still new' });
    assert.equal((await getTask(id)).firstStartedAt, undefined, 'a change that stays in new sets nothing');

    const before = Date.now();
    await ok('PATCH', `/v2/tasks/${id}`, { taskStatus: 'open' });
    const first = (await getTask(id)).firstStartedAt;
    assert.ok(first, 'set on leaving new');
    assert.ok(Date.parse(first) >= before - 1000 && Date.parse(first) <= Date.now() + 1000, first);

    for (const state of [
      'in_progress',
      'open',
      'in_progress',
      'in_review',
      'in_progress',
      'cancelled',
      'open',
      'completed',
      'open',
    ]) {
      await sleep(3);
      await ok('PATCH', `/v2/tasks/${id}`, { taskStatus: state });
      const task = await getTask(id);
      assert.equal(task.taskStatus, state);
      assert.equal(task.firstStartedAt, first, `firstStartedAt after moving to ${state}`);
    }
    // A client cannot set it either (read-only: accepted and ignored).
    await ok('PATCH', `/v2/tasks/${id}`, { firstStartedAt: '2020-01-01T00:00:00.000Z' });
    assert.equal((await getTask(id)).firstStartedAt, first);
  });

  test('a task created in a state other than new has firstStartedAt at once', async () => {
    const task = await getTask(await createTask({ title: 'Started at once', taskStatus: 'in_progress' }));
    assert.ok(task.firstStartedAt);
    assert.equal(task.firstTerminatedAt, undefined);
  });

  test('firstTerminatedAt is set on the first completion and kept through reopen and complete again', async () => {
    const id = await createTask({ title: 'Done twice' });
    await ok('PATCH', `/v2/tasks/${id}`, { taskStatus: 'in_progress' });
    assert.equal((await getTask(id)).firstTerminatedAt, undefined);
    await ok('PATCH', `/v2/tasks/${id}`, { taskStatus: 'cancelled' });
    assert.equal((await getTask(id)).firstTerminatedAt, undefined, 'cancelling is no completion');
    await ok('PATCH', `/v2/tasks/${id}`, { taskStatus: 'open' });

    await ok('PATCH', `/v2/tasks/${id}`, { taskStatus: 'completed' });
    const done = await getTask(id);
    const first = done.firstTerminatedAt;
    assert.ok(first);
    assert.ok(Date.parse(first) >= Date.parse(done.firstStartedAt));

    await sleep(5);
    await ok('PATCH', `/v2/tasks/${id}`, { taskStatus: 'open' });
    assert.equal((await getTask(id)).firstTerminatedAt, first, 'kept on reopen');
    await sleep(5);
    await ok('PATCH', `/v2/tasks/${id}`, { taskStatus: 'completed' });
    assert.equal((await getTask(id)).firstTerminatedAt, first, 'kept on the second completion (PATCH)');
    await ok('PATCH', `/v2/tasks/${id}`, { taskStatus: 'open' });
    await sleep(5);
    assert.deepEqual(await ok('POST', `/v2/tasks/${id}/complete`, {}), { completed: true });
    const again = await getTask(id);
    assert.equal(again.taskStatus, 'completed');
    assert.equal(again.firstTerminatedAt, first, 'kept on the third completion (/complete)');
  });

  test('identifierNumber counts per task type; tasks without a type have their own counter', async () => {
    const fresh = await signup(t.app, 'Numbers');
    const post = async (body: Record<string, unknown>) =>
      (await ok('POST', '/v2/tasks/', body, 201, fresh.headers))._id as string;
    const number = async (id: string) =>
      (await ok('GET', `/v2/tasks/${id}`, undefined, 200, fresh.headers)).identifierNumber;
    const typeA = (await ok('POST', '/v2/taskTypes/', { name: 'Complaint' }, 201, fresh.headers))._id;
    const typeB = (await ok('POST', '/v2/taskTypes/', { name: 'Key handover' }, 201, fresh.headers))._id;
    const none1 = await post({ title: 'untyped 1' });
    const a1 = await post({ title: 'A 1', taskTypeId: typeA });
    const a2 = await post({ title: 'A 2', taskTypeId: typeA });
    const b1 = await post({ title: 'B 1', taskTypeId: typeB });
    const none2 = await post({ title: 'untyped 2' });
    assert.deepEqual(
      [await number(a1), await number(a2), await number(b1), await number(none1), await number(none2)],
      [1, 2, 1, 1, 2],
    );
    // Changing the type gives the next number of the new type (docs/decisions.md).
    await ok('PATCH', `/v2/tasks/${none2}`, { taskTypeId: typeB }, 200, fresh.headers);
    assert.equal(await number(none2), 2);
    assert.equal(await number(await post({ title: 'A 3', taskTypeId: typeA })), 3);
    assert.equal(await number(await post({ title: 'untyped 3' })), 3);
    // Other companies count on their own.
    assert.equal(
      (
        await getTask(
          await createTask({
            title: 'elsewhere',
            taskTypeId: (await ok('POST', '/v2/taskTypes/', { name: 'T' }, 201))._id,
          }),
        )
      ).identifierNumber,
      1,
    );
  });
});

describe('POST /tasks/{id}/complete', () => {
  test('{sendEmail: false, emailText} → {completed: true}; the text stays as completionResponse', async () => {
    const id = await createTask({ title: 'Quiet completion', taskStatus: 'in_review' });
    const sent = received.length;
    const res = await ok('POST', `/v2/tasks/${id}/complete`, { sendEmail: false, emailText: 'Replaced the lock.' });
    assert.deepEqual(res, { completed: true });
    const task = await getTask(id);
    assert.equal(task.taskStatus, 'completed');
    assert.equal(task.completionResponse, 'Replaced the lock.');
    assert.ok(task.firstTerminatedAt);
    assert.ok(task.firstStartedAt);
    assert.equal(received.length, sent, 'no mail without sendEmail');
  });

  test('an empty body {} completes', async () => {
    const id = await createTask({ title: 'Empty body' });
    assert.deepEqual(await ok('POST', `/v2/tasks/${id}/complete`, {}), { completed: true });
    const task = await getTask(id);
    assert.equal(task.taskStatus, 'completed');
    assert.equal(task.completionResponse, undefined);
  });

  test('a request without a body completes too (the body is optional)', async () => {
    const id = await createTask({ title: 'No body' });
    assert.deepEqual(await ok('POST', `/v2/tasks/${id}/complete`), { completed: true });
    assert.equal((await getTask(id)).taskStatus, 'completed');
  });

  test('reaches completed from every state, completed included (the spec: from any state)', async () => {
    for (const state of TASK_STATES) {
      const id = await createTask({ title: `complete from ${state}`, taskStatus: state });
      const res = await req('POST', `/v2/tasks/${id}/complete`, {});
      assert.equal(res.status, 200, `${state}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(res.body, { completed: true });
      assert.equal((await getTask(id)).taskStatus, 'completed');
    }
  });

  test('completing a completed task again keeps firstTerminatedAt and records the new text', async () => {
    const id = await createTask({ title: 'Twice' });
    await ok('POST', `/v2/tasks/${id}/complete`, { emailText: 'first' });
    const before = await getTask(id);
    assert.deepEqual(await ok('POST', `/v2/tasks/${id}/complete`, { emailText: 'second' }), { completed: true });
    const after = await getTask(id);
    assert.equal(after.taskStatus, 'completed');
    assert.equal(after.firstTerminatedAt, before.firstTerminatedAt, 'set the first time only');
    assert.equal(after.completionResponse, 'second');
  });

  test('sendEmail without recipientEmail (or emailText) is 400 and the task stays open', async () => {
    const id = await createTask({ title: 'Needs a recipient', taskStatus: 'open' });
    assertProblem(
      await req('POST', `/v2/tasks/${id}/complete`, { sendEmail: true, emailText: 'Done' }),
      400,
      'recipientEmail',
    );
    assertProblem(
      await req('POST', `/v2/tasks/${id}/complete`, { sendEmail: true, recipientEmail: 'x@example.com' }),
      400,
      'emailText',
    );
    assertProblem(
      await req('POST', `/v2/tasks/${id}/complete`, {
        sendEmail: true,
        emailText: 'Done',
        recipientEmail: 'not-a-mail',
      }),
      400,
    );
    assertProblem(await req('POST', `/v2/tasks/${id}/complete`, { sendEmail: 'yes' }), 400);
    assertProblem(await req('POST', `/v2/tasks/${id}/complete`, { unknown: true }), 400);
    const task = await getTask(id);
    assert.equal(task.taskStatus, 'open');
    assert.equal(task.completionResponse, undefined);
    assert.equal(task.firstTerminatedAt, undefined);
  });

  test('an unknown task is 404', async () => {
    assertProblem(await req('POST', `/v2/tasks/${MISSING}/complete`, {}), 404);
  });

  test('sendEmail: the SMTP server receives the mail to recipientEmail with emailText', async () => {
    const id = await createTask({ title: 'Broken window', taskStatus: 'in_progress' });
    received.length = 0;
    const emailText = 'Dear customer,\nthe window in room 4 is replaced.\nKind regards';
    const res = await ok('POST', `/v2/tasks/${id}/complete`, {
      sendEmail: true,
      emailText,
      recipientEmail: 'facility@harbour.example',
    });
    assert.deepEqual(res, { completed: true });
    // Sent right after the commit, before the answer.
    assert.equal(received.length, 1, JSON.stringify(received.map((r) => r.to)));
    const mail = received[0]!;
    assert.deepEqual(mail.to, ['facility@harbour.example']);
    assert.equal(mail.from, 'no-reply@localhost');
    const { header, text } = decodeMail(mail.raw);
    assert.equal(header('To'), 'facility@harbour.example');
    assert.equal(header('Subject'), 'Completed: Broken window');
    assert.equal(text.trim(), emailText);
    const task = await getTask(id);
    assert.equal(task.completionResponse, emailText);
    assert.equal(task.taskStatus, 'completed');
    const { rows } = await sql<{ status: string; recipient: string; about: Json }>`
      SELECT status, recipient, about FROM outgoing_mails WHERE company_id = ${admin.companyId} AND recipient = 'facility@harbour.example'`.execute(
      t.database.kysely,
    );
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.status, 'sent');
    const about = typeof rows[0]!.about === 'string' ? JSON.parse(rows[0]!.about) : rows[0]!.about;
    assert.deepEqual(about, { taskId: id });
  });
});

describe('GET /tasks/ filters', () => {
  let lists: Tenant;
  const ids: Record<string, string> = {};
  const task: Record<string, string> = {};
  let A1 = '';
  let I1 = '';

  /** Titles of the tasks a query lists (sorted by title), checking X-Total-Count. */
  async function titles(query: string): Promise<string[]> {
    const res = await call(t.app, 'GET', `/v2/tasks/?sort=title:1&${query}`, lists.headers);
    assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
    assert.equal(res.headers['x-total-count'], String(res.body.length), query);
    return res.body.map((x: Json) => x.title);
  }
  /** 400 with an error naming the parameter (route validation prefixes it with `querystring.`). */
  async function bad(query: string, param: string) {
    const res = await call(t.app, 'GET', `/v2/tasks/?${query}`, lists.headers);
    assertProblem(res, 400);
    assert.ok(
      res.body.errors?.some((e: { path: string }) => e.path === param || e.path === `querystring.${param}`),
      `${query}: ${JSON.stringify(res.body)}`,
    );
  }

  before(async () => {
    lists = await signup(t.app, 'Lists');
    const post = async (path: string, body: unknown) =>
      (await ok('POST', path, body, 201, lists.headers))._id as string;
    ids.C1 = await post('/v2/customers/', { name: 'C1' });
    ids.C2 = await post('/v2/customers/', { name: 'C2' });
    ids.O1 = await post('/v2/objects/', { name: 'O1', customerId: ids.C1 });
    ids.O2 = await post('/v2/objects/', { name: 'O2', customerId: ids.C2 });
    ids.K1 = await post('/v2/contacts/', { firstName: 'Kim' });
    ids.U1 = await post('/v2/users/', { general: { firstName: 'Uma' } });
    ids.U2 = await post('/v2/users/', { general: { firstName: 'Udo' } });
    ids.E1 = await post('/v2/equipment/', { name: 'Scrubber' });
    ids.TA = await post('/v2/taskTypes/', { name: 'Repair' });
    ids.TB = await post('/v2/taskTypes/', { name: 'Cleaning' });
    A1 = await post('/v2/assignments/', {
      objectId: ids.O1,
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=WEEKLY;COUNT=1',
        dtstart: '2027-01-04T06:00:00',
        dtend: '2027-01-04T07:00:00',
      },
    });
    I1 = await post('/v2/invoices/', {
      customerId: ids.C1,
      positions: [{ title: 'Door', quantity: 1, price: 10, tax: 0.19 }],
    });
    task.door = await post('/v2/tasks/', {
      title: 'Fix the door',
      assignee: { entityId: ids.U1 },
      priority: 'high',
      callId: 'call-1',
      taskTypeId: ids.TA,
      related: {
        customers: [ids.C1],
        objects: [ids.O1],
        contacts: [ids.K1],
        users: [ids.U1],
        assignments: [A1],
        invoices: [I1],
        equipments: [ids.E1],
      },
    });
    task.windows = await post('/v2/tasks/', {
      title: 'Clean windows',
      assignee: { entityId: ids.U2 },
      priority: 'low',
      callId: 'call-2',
      taskTypeId: ids.TB,
      taskStatus: 'open',
      related: { customers: [ids.C2], objects: [ids.O2] },
    });
    task.handle = await post('/v2/tasks/', {
      title: 'Replace door handle',
      priority: 'urgent',
      taskStatus: 'in_review',
      related: { customers: [ids.C1, ids.C2] },
    });
    task.soap = await post('/v2/tasks/', {
      title: 'Order soap',
      assignee: { entityId: ids.U1 },
      taskStatus: 'completed',
    });
    task.old = await post('/v2/tasks/', { title: 'Old request', taskStatus: 'cancelled' });
    // One recurring task: a daily rule with one occurrence, tomorrow.
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const template = await post('/v2/taskTemplates/', {
      templateName: 'Once',
      iCalendar: { tzid: 'UTC', rrule: 'FREQ=DAILY;COUNT=1', dtstart: `${tomorrow}T12:00:00` },
      task: { title: 'Recurring check' },
    });
    const generated = await ok('GET', `/v2/tasks/?taskTemplate.entityId=${template}`, undefined, 200, lists.headers);
    assert.equal(generated.length, 1);
    task.recurring = generated[0]._id;
  });

  const ALL = ['Clean windows', 'Fix the door', 'Old request', 'Order soap', 'Recurring check', 'Replace door handle'];

  test('without filters: every task, sorted by title (sort=title:1 and :-1)', async () => {
    assert.deepEqual(await titles(''), ALL);
    const desc = await call(t.app, 'GET', '/v2/tasks/?sort=title:-1', lists.headers);
    assert.deepEqual(
      desc.body.map((x: Json) => x.title),
      [...ALL].reverse(),
    );
  });

  test('limit and offset page the list; X-Total-Count is the whole count', async () => {
    const res = await call(t.app, 'GET', '/v2/tasks/?sort=title:1&limit=2&offset=1', lists.headers);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.map((x: Json) => x.title),
      ALL.slice(1, 3),
    );
    assert.equal(res.headers['x-total-count'], '6');
    const last = await call(t.app, 'GET', '/v2/tasks/?sort=title:1&limit=4&offset=4', lists.headers);
    assert.deepEqual(
      last.body.map((x: Json) => x.title),
      ALL.slice(4),
    );
    assert.equal(last.headers['x-total-count'], '6');
    const beyond = await call(t.app, 'GET', '/v2/tasks/?offset=10', lists.headers);
    assert.deepEqual(beyond.body, []);
    assert.equal(beyond.headers['x-total-count'], '6');
    await bad('limit=0', 'limit');
    await bad('offset=-1', 'offset');
    await bad('sort=nosuchfield:1', 'sort');
  });

  test('customerIds: tasks related to any of the customers', async () => {
    assert.deepEqual(await titles(`customerIds=${ids.C1}`), ['Fix the door', 'Replace door handle']);
    assert.deepEqual(await titles(`customerIds=${ids.C2}`), ['Clean windows', 'Replace door handle']);
    assert.deepEqual(await titles(`customerIds=${ids.C1},${ids.C2}`), [
      'Clean windows',
      'Fix the door',
      'Replace door handle',
    ]);
    assert.deepEqual(await titles(`customerIds=${MISSING}`), []);
    await bad('customerIds=nope', 'customerIds');
  });

  test('userIds: assignees; unassigned_jobs matches tasks without an assignee', async () => {
    assert.deepEqual(await titles(`userIds=${ids.U1}`), ['Fix the door', 'Order soap']);
    assert.deepEqual(await titles('userIds=unassigned_jobs'), [
      'Old request',
      'Recurring check',
      'Replace door handle',
    ]);
    assert.deepEqual(await titles(`userIds=${ids.U2},unassigned_jobs`), [
      'Clean windows',
      'Old request',
      'Recurring check',
      'Replace door handle',
    ]);
    assert.deepEqual(await titles(`userIds=${ids.U1},${ids.U2}`), ['Clean windows', 'Fix the door', 'Order soap']);
    await bad('userIds=nobody', 'userIds');
  });

  test('search: part of the title (any case) or the identifierNumber', async () => {
    assert.deepEqual(await titles('search=door'), ['Fix the door', 'Replace door handle']);
    assert.deepEqual(await titles('search=DOOR'), ['Fix the door', 'Replace door handle']);
    assert.deepEqual(await titles('search=soa'), ['Order soap']);
    assert.deepEqual(await titles('search=nothing-like-this'), []);
    assert.deepEqual(await titles('search=%25'), [], 'a % is a literal, not a wildcard');
    const all = await ok('GET', '/v2/tasks/', undefined, 200, lists.headers);
    const soap = all.find((x: Json) => x.title === 'Order soap');
    const expected = all
      .filter((x: Json) => x.identifierNumber === soap.identifierNumber)
      .map((x: Json) => x.title)
      .sort();
    assert.ok(expected.length >= 1 && expected.length < all.length);
    assert.deepEqual(await titles(`search=${soap.identifierNumber}`), expected);
    assert.deepEqual(await titles('search=999'), []);
  });

  test('assigneeId: the assignee', async () => {
    assert.deepEqual(await titles(`assigneeId=${ids.U2}`), ['Clean windows']);
    assert.deepEqual(await titles(`assigneeId=${ids.U1}`), ['Fix the door', 'Order soap']);
    assert.deepEqual(await titles(`assigneeId=${MISSING}`), []);
    await bad('assigneeId=x', 'assigneeId');
  });

  test('relatedContacts, relatedUsers, relatedObjects, relatedCustomers, relatedAssignments, relatedInvoices, relatedEquipments', async () => {
    assert.deepEqual(await titles(`relatedContacts=${ids.K1}`), ['Fix the door']);
    assert.deepEqual(await titles(`relatedUsers=${ids.U1}`), ['Fix the door']);
    assert.deepEqual(await titles(`relatedUsers=${ids.U2}`), [], 'the assignee is no related user');
    assert.deepEqual(await titles(`relatedObjects=${ids.O2}`), ['Clean windows']);
    assert.deepEqual(await titles(`relatedObjects=${ids.O1},${ids.O2}`), ['Clean windows', 'Fix the door']);
    assert.deepEqual(await titles(`relatedCustomers=${ids.C2}`), ['Clean windows', 'Replace door handle']);
    assert.deepEqual(await titles(`relatedAssignments=${A1}`), ['Fix the door']);
    assert.deepEqual(await titles(`relatedInvoices=${I1}`), ['Fix the door']);
    assert.deepEqual(await titles(`relatedEquipments=${ids.E1}`), ['Fix the door']);
    for (const param of [
      'relatedContacts',
      'relatedUsers',
      'relatedObjects',
      'relatedCustomers',
      'relatedAssignments',
      'relatedInvoices',
      'relatedEquipments',
    ]) {
      assert.deepEqual(await titles(`${param}=${MISSING}`), [], param);
      await bad(`${param}=not-an-id`, param);
    }
  });

  test('status: one state or a comma list; an unknown state is 400', async () => {
    assert.deepEqual(await titles('status=open'), ['Clean windows']);
    assert.deepEqual(await titles('status=new'), ['Fix the door', 'Recurring check']);
    assert.deepEqual(await titles('status=completed,cancelled'), ['Old request', 'Order soap']);
    assert.deepEqual(await titles('status=in_progress'), []);
    await bad('status=bogus', 'status');
    await bad('status=open,bogus', 'status');
  });

  test('priority: one or a comma list', async () => {
    assert.deepEqual(await titles('priority=urgent'), ['Replace door handle']);
    assert.deepEqual(await titles('priority=low,high'), ['Clean windows', 'Fix the door']);
    assert.deepEqual(await titles('priority=normal'), ['Old request', 'Order soap', 'Recurring check']);
    await bad('priority=whenever', 'priority');
  });

  test('callId: one or a comma list', async () => {
    assert.deepEqual(await titles('callId=call-1'), ['Fix the door']);
    assert.deepEqual(await titles('callId=call-1,call-2'), ['Clean windows', 'Fix the door']);
    assert.deepEqual(await titles('callId=call-3'), []);
  });

  test('tab: active, new, review, done, cancelled', async () => {
    assert.deepEqual(await titles('tab=active'), [
      'Clean windows',
      'Fix the door',
      'Recurring check',
      'Replace door handle',
    ]);
    assert.deepEqual(await titles('tab=new'), ['Fix the door', 'Recurring check']);
    assert.deepEqual(await titles('tab=review'), ['Replace door handle']);
    assert.deepEqual(await titles('tab=done'), ['Order soap']);
    assert.deepEqual(await titles('tab=cancelled'), ['Old request']);
    assert.deepEqual(await titles('tab=done,cancelled'), ['Old request', 'Order soap']);
    await bad('tab=archive', 'tab');
  });

  test('taskTypeIds: the task types', async () => {
    assert.deepEqual(await titles(`taskTypeIds=${ids.TA}`), ['Fix the door']);
    assert.deepEqual(await titles(`taskTypeIds=${ids.TA},${ids.TB}`), ['Clean windows', 'Fix the door']);
    assert.deepEqual(await titles(`taskTypeIds=${MISSING}`), []);
  });

  test('fromRecurringTemplate=true/false', async () => {
    assert.deepEqual(await titles('fromRecurringTemplate=true'), ['Recurring check']);
    assert.deepEqual(
      await titles('fromRecurringTemplate=false'),
      ALL.filter((x) => x !== 'Recurring check'),
    );
    await bad('fromRecurringTemplate=maybe', 'fromRecurringTemplate');
  });

  test('filters combine (AND)', async () => {
    assert.deepEqual(await titles(`customerIds=${ids.C1}&tab=active&search=door`), [
      'Fix the door',
      'Replace door handle',
    ]);
    assert.deepEqual(await titles(`customerIds=${ids.C1}&priority=urgent`), ['Replace door handle']);
    assert.deepEqual(await titles(`userIds=unassigned_jobs&status=cancelled`), ['Old request']);
  });

  test('an unknown query parameter is 400', async () => {
    const res = await call(t.app, 'GET', '/v2/tasks/?unknownParam=1', lists.headers);
    assertProblem(res, 400);
  });

  test('the filter parameters are documented in GET /v2/openapi.json for /tasks/', async () => {
    const doc = await ok('GET', '/v2/openapi.json', undefined, 200, {});
    const path = doc.paths['/v2/tasks/'];
    assert.ok(path?.get, 'GET /v2/tasks/ is documented');
    const names = new Set((path.get.parameters as Json[]).filter((p) => p.in === 'query').map((p) => p.name));
    for (const name of [
      'limit',
      'offset',
      'sort',
      'customerIds',
      'userIds',
      'search',
      'assigneeId',
      'relatedContacts',
      'relatedUsers',
      'relatedObjects',
      'relatedCustomers',
      'relatedAssignments',
      'relatedInvoices',
      'relatedEquipments',
      'status',
      'priority',
      'callId',
      'tab',
      'taskTypeIds',
      'fromRecurringTemplate',
    ]) {
      assert.ok(names.has(name), `${name} is a documented query parameter`);
    }
    assert.ok(doc.paths['/v2/tasks/{id}/complete']?.post, 'POST /v2/tasks/{id}/complete is documented');
  });
});

describe('employees and their tasks', () => {
  let annTask: string;
  let bobTask: string;
  let nobodysTask: string;

  before(async () => {
    annTask = await createTask({ title: "Ann's task", assignee: { name: 'Ann', entityId: user.Ann } });
    bobTask = await createTask({ title: "Bob's task", assignee: { entityId: user.Bob } });
    nobodysTask = await createTask({ title: "Nobody's task" });
  });

  test('with the default employee group an employee sees the tasks assigned to them', async () => {
    const res = await req('GET', '/v2/tasks/', undefined, login.Ann!);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.map((x: Json) => x._id),
      [annTask],
    );
  });

  describe('with tasks own/own granted to the employee group', () => {
    before(async () => {
      const group = ((await ok('GET', '/v2/accessGroups/')) as Json[]).find((g) => g.name === 'employee');
      await ok('PATCH', `/v2/accessGroups/${group._id}`, { permissions: { tasks: { read: 'own', write: 'own' } } });
    });

    test('an employee lists and reads only the tasks assigned to them', async () => {
      const res = await req('GET', '/v2/tasks/', undefined, login.Ann!);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(
        res.body.map((x: Json) => x._id),
        [annTask],
      );
      assert.equal(res.headers['x-total-count'], '1');
      assert.equal((await getTask(annTask, login.Ann!)).title, "Ann's task");
      assertProblem(await req('GET', `/v2/tasks/${bobTask}`, undefined, login.Ann!), 404);
      assertProblem(await req('GET', `/v2/tasks/${nobodysTask}`, undefined, login.Ann!), 404);
      const bobs = await req('GET', '/v2/tasks/', undefined, login.Bob!);
      assert.deepEqual(
        bobs.body.map((x: Json) => x._id),
        [bobTask],
      );
    });

    test("an employee completes their own task and gets 404 for others'", async () => {
      assertProblem(await req('POST', `/v2/tasks/${bobTask}/complete`, {}, login.Ann!), 404);
      assertProblem(await req('POST', `/v2/tasks/${nobodysTask}/complete`, {}, login.Ann!), 404);
      assert.equal((await getTask(bobTask)).taskStatus, 'new');
      assert.deepEqual(
        await ok('POST', `/v2/tasks/${annTask}/complete`, { emailText: 'done by Ann' }, 200, login.Ann!),
        { completed: true },
      );
      const task = await getTask(annTask);
      assert.equal(task.taskStatus, 'completed');
      assert.equal(task.completionResponse, 'done by Ann');
      assert.equal(task.status.lastModifiedBy, user.Ann);
    });

    test("an employee cannot change or delete others' tasks (404)", async () => {
      assertProblem(await req('PATCH', `/v2/tasks/${bobTask}`, { taskStatus: 'open' }, login.Ann!), 404);
      assertProblem(await req('DELETE', `/v2/tasks/${bobTask}`, undefined, login.Ann!), 404);
      assert.equal((await getTask(bobTask)).taskStatus, 'new');
    });

    test('an employee changes the status of their own task with PATCH', async () => {
      const id = await createTask({ title: 'Bob starts', assignee: { entityId: user.Bob } });
      const res = await req('PATCH', `/v2/tasks/${id}`, { taskStatus: 'in_progress' }, login.Bob!);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal((await getTask(id)).taskStatus, 'in_progress');
    });
  });
});

describe('recurring task templates', () => {
  const TZ = 'America/New_York';
  const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

  /** Offset of the zone at a UTC instant, in ms. */
  function offsetAt(ms: number, tz: string): number {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(new Date(ms))
        .map((p) => [p.type, p.value]),
    );
    return (
      Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) -
      Math.floor(ms / 1000) * 1000
    );
  }
  /** The UTC instant of a local date and time in a zone. */
  function localToUtc(date: string, time: string, tz: string): number {
    const guess = Date.parse(`${date}T${time}Z`);
    return guess - offsetAt(guess - offsetAt(guess, tz), tz);
  }
  const addDays = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
  const localToday = (tz: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    );

  let templateId: string;
  let today: string;
  let start: number;
  const dueAt = (days: number[]) =>
    days.map((d) => new Date(localToUtc(addDays(today, d), '09:00:00', TZ)).toISOString());

  const templateTasks = async () =>
    ok('GET', `/v2/tasks/?taskTemplate.entityId=${templateId}&sort=dueDate:1&limit=1000`);

  test('a weekly template creates the tasks of the next 30 days at once, due at the local time of its zone', async () => {
    start = Date.now();
    today = localToday(TZ);
    // Tomorrow's weekday: its occurrences are far from the window edges (now and now + 30 days).
    const weekday = WEEKDAYS[new Date(`${addDays(today, 1)}T00:00:00Z`).getUTCDay()]!;
    templateId = (
      await ok(
        'POST',
        '/v2/taskTemplates/',
        {
          templateName: 'Weekly walk-through',
          iCalendar: { tzid: TZ, rrule: `FREQ=WEEKLY;BYDAY=${weekday}`, dtstart: '2024-01-01T09:00:00' },
          task: {
            title: 'Walk through the building',
            description: 'Check every floor',
            priority: 'low',
            assigneeId: user.Carl,
            tags: ['weekly'],
          },
        },
        201,
      )
    )._id;
    const template = await ok('GET', `/v2/taskTemplates/${templateId}`);
    assert.equal(template.active, true);
    const tasks = await templateTasks();
    assert.deepEqual(
      tasks.map((x: Json) => x.dueDate),
      dueAt([1, 8, 15, 22, 29]),
    );
    for (const [i, x] of tasks.entries()) {
      assert.equal(x.title, 'Walk through the building');
      assert.equal(x.description, 'Check every floor');
      assert.equal(x.priority, 'low');
      assert.equal(x.taskStatus, 'new');
      assert.deepEqual(x.assignee, { entityId: user.Carl });
      assert.deepEqual(x.tags, ['weekly']);
      assert.deepEqual(x.taskTemplate, {
        entityId: templateId,
        templateName: 'Weekly walk-through',
        recurring: true,
        occurrence: addDays(today, 1 + 7 * i),
      });
      // 09:00 in New York is 13:00 or 14:00 UTC.
      assert.match(x.dueDate, /T1[34]:00:00\.000Z$/);
    }
    const listed = await ok('GET', `/v2/tasks/?fromRecurringTemplate=true&taskTemplate.entityId=${templateId}`);
    assert.equal(listed.length, 5);
  });

  test('POST /taskTemplates/{id}/generate creates further tasks once (a second call creates 0)', async () => {
    const from = new Date(start + 30 * DAY).toISOString();
    const until = new Date(start + 60 * DAY).toISOString();
    assert.deepEqual(await ok('POST', `/v2/taskTemplates/${templateId}/generate`, { from, until }), { created: 4 });
    assert.deepEqual(await ok('POST', `/v2/taskTemplates/${templateId}/generate`, { from, until }), { created: 0 });
    assert.deepEqual(
      await ok('POST', `/v2/taskTemplates/${templateId}/generate`, { from: new Date(start).toISOString(), until }),
      { created: 0 },
    );
    const tasks = await templateTasks();
    assert.deepEqual(
      tasks.map((x: Json) => x.dueDate),
      dueAt([1, 8, 15, 22, 29, 36, 43, 50, 57]),
    );
    assert.equal(new Set(tasks.map((x: Json) => x.taskTemplate.occurrence)).size, 9);
    // Rewriting the template does not duplicate what exists.
    await ok('PATCH', `/v2/taskTemplates/${templateId}`, { templateName: 'Weekly walk-through (renamed)' });
    assert.equal((await templateTasks()).length, 9);
  });

  test('a completed generated task is not created again by generate', async () => {
    const tasks = await templateTasks();
    await ok('PATCH', `/v2/tasks/${tasks[0]._id}`, { taskStatus: 'completed' });
    assert.deepEqual(
      await ok('POST', `/v2/taskTemplates/${templateId}/generate`, { until: new Date(start + 60 * DAY).toISOString() }),
      { created: 0 },
    );
  });

  test('a bad rule is 400 naming iCalendar.rrule, and nothing is created', async () => {
    const before = (await ok('GET', '/v2/tasks/?fromRecurringTemplate=true&limit=1000')).length;
    const res = await req('POST', '/v2/taskTemplates/', {
      templateName: 'Broken',
      iCalendar: { tzid: TZ, rrule: 'FREQ=SOMETIMES', dtstart: '2024-01-01T09:00:00' },
      task: { title: 'never' },
    });
    assertProblem(res, 400);
    assert.ok(
      res.body.errors?.some((e: Json) => /rrule/.test(e.path)),
      JSON.stringify(res.body),
    );
    assertProblem(
      await req('POST', '/v2/taskTemplates/', {
        templateName: 'Bad zone',
        iCalendar: { tzid: 'Mars/Olympus', rrule: 'FREQ=DAILY', dtstart: '2024-01-01T09:00:00' },
        task: { title: 'never' },
      }),
      400,
    );
    assertProblem(
      await req('POST', '/v2/taskTemplates/', {
        templateName: 'No task',
        iCalendar: { tzid: TZ, rrule: 'FREQ=DAILY', dtstart: '2024-01-01T09:00:00' },
      }),
      400,
      'task',
    );
    assert.equal((await ok('GET', '/v2/tasks/?fromRecurringTemplate=true&limit=1000')).length, before);
  });

  test('generate: until more than 400 days after from, or not after from, is 400; an unknown template 404', async () => {
    const from = '2030-01-01T00:00:00.000Z';
    assertProblem(
      await req('POST', `/v2/taskTemplates/${templateId}/generate`, { from, until: '2031-02-06T00:00:00.000Z' }),
      400,
      'until',
    ); // 401 days
    assertProblem(await req('POST', `/v2/taskTemplates/${templateId}/generate`, { from, until: from }), 400, 'until');
    assertProblem(await req('POST', `/v2/taskTemplates/${templateId}/generate`, { from }), 400);
    assertProblem(await req('POST', `/v2/taskTemplates/${templateId}/generate`, { from, until: 'tomorrow' }), 400);
    assertProblem(
      await req('POST', `/v2/taskTemplates/${MISSING}/generate`, { until: new Date(start + DAY).toISOString() }),
      404,
    );
    assert.equal((await templateTasks()).length, 9);
  });

  test('the worker pass skips a template that names a deleted record, and the other templates still get their tasks', async () => {
    const typeId = (await ok('POST', '/v2/taskTypes/', { name: 'Soon deleted' }, 201))._id;
    const iCalendar = { tzid: TZ, rrule: 'FREQ=DAILY', dtstart: '2024-01-01T09:00:00' };
    const stale = (
      await ok(
        'POST',
        '/v2/taskTemplates/',
        { templateName: 'Stale', iCalendar, task: { title: 'stale', taskTypeId: typeId } },
        201,
      )
    )._id;
    const healthy = (
      await ok('POST', '/v2/taskTemplates/', { templateName: 'Healthy', iCalendar, task: { title: 'healthy' } }, 201)
    )._id;
    await ok('DELETE', `/v2/taskTypes/${typeId}`);
    const count = async (id: string) => (await ok('GET', `/v2/tasks/?taskTemplate.entityId=${id}&limit=1000`)).length;
    const [staleBefore, healthyBefore] = [await count(stale), await count(healthy)];
    await generateAhead(t.database, Date.now() + 10 * DAY);
    assert.equal(await count(stale), staleBefore, 'the stale template gets no tasks');
    assert.ok((await count(healthy)) >= healthyBefore + 9, 'the healthy one gets its next days');
  });
});

describe('complaints', () => {
  let objectId: string;
  let customerId: string;

  before(async () => {
    customerId = (await ok('POST', '/v2/customers/', { name: 'Complaining Co' }, 201))._id;
    objectId = (
      await ok('POST', '/v2/objects/', { name: 'Complaining Tower', customerId, objectManagerId: user.Carl }, 201)
    )._id;
  });

  async function openComplaint(title: string) {
    const id = (
      await ok(
        'POST',
        '/v2/complaints/',
        { objectId, title, description: 'Seen on Monday', reportedBy: { name: 'Ms Vale', email: 'vale@example.com' } },
        201,
      )
    )._id;
    const complaint = await ok('GET', `/v2/complaints/${id}`);
    return { id, complaint, task: await getTask(complaint.taskId) };
  }

  test('a complaint opens a task carrying complaintId, complaintCreatedAt and the related object', async () => {
    const { id, complaint, task } = await openComplaint('Dirty floor in the lobby');
    assert.equal(complaint.state, 'open');
    assert.equal(complaint.customerId, customerId);
    assert.match(complaint.taskId, /^[0-9a-f]{24}$/);
    assert.equal(task.complaintId, id);
    assert.equal(task.complaintCreatedAt, complaint.status.createdAt);
    assert.deepEqual(task.related.objects, [objectId]);
    assert.deepEqual(task.related.customers, [customerId]);
    assert.equal(task.title, 'Dirty floor in the lobby');
    assert.equal(task.description, 'Seen on Monday');
    assert.equal(task.contactPerson, 'Ms Vale');
    assert.equal(task.email, 'vale@example.com');
    assert.equal(task.taskType, 'complaint');
    assert.equal(task.taskStatus, 'open');
    assert.equal(task.priority, 'high');
    assert.equal(task.assignee.entityId, user.Carl, 'the object manager handles it');
    assert.ok(task.firstStartedAt);

    const events = await eventsUntil(
      t.app,
      admin,
      (list) =>
        list.some((e) => e.type === 'OPEN' && e.entity === 'complaint' && e.data._id === id) &&
        list.some((e) => e.type === 'OPEN' && e.entity === 'task' && e.data._id === complaint.taskId),
      'OPEN for the complaint and its task',
    );
    const openComplaintEvent = events.find((e) => e.type === 'OPEN' && e.entity === 'complaint' && e.data._id === id);
    assert.equal(openComplaintEvent.data.taskId, complaint.taskId);
    assert.equal(openComplaintEvent.companyId, admin.companyId);
    const openTaskEvent = events.find(
      (e) => e.type === 'OPEN' && e.entity === 'task' && e.data._id === complaint.taskId,
    );
    assert.equal(openTaskEvent.data.complaintId, id);
  });

  test('completing its task with PATCH taskStatus completed closes the complaint', async () => {
    const { id, complaint } = await openComplaint('Broken light');
    await ok('PATCH', `/v2/tasks/${complaint.taskId}`, { taskStatus: 'in_progress' });
    assert.equal((await ok('GET', `/v2/complaints/${id}`)).state, 'open');
    await ok('PATCH', `/v2/tasks/${complaint.taskId}`, { taskStatus: 'completed' });
    const closed = await ok('GET', `/v2/complaints/${id}`);
    assert.equal(closed.state, 'closed');
    assert.equal(closed.resolution, 'completed');
    assert.ok(Date.parse(closed.closedAt) >= Date.parse(complaint.status.createdAt));
  });

  test('completing its task with POST /tasks/{id}/complete closes the complaint', async () => {
    const { id, complaint } = await openComplaint('Smell in the kitchen');
    assert.deepEqual(await ok('POST', `/v2/tasks/${complaint.taskId}/complete`, { emailText: 'Cleaned the drain' }), {
      completed: true,
    });
    const closed = await ok('GET', `/v2/complaints/${id}`);
    assert.equal(closed.state, 'closed');
    assert.equal(closed.resolution, 'completed');
    assert.ok(closed.closedAt);
  });

  test('cancelling its task closes the complaint too', async () => {
    const { id, complaint } = await openComplaint('Not our building');
    await ok('PATCH', `/v2/tasks/${complaint.taskId}`, { taskStatus: 'cancelled' });
    const closed = await ok('GET', `/v2/complaints/${id}`);
    assert.equal(closed.state, 'closed');
    assert.equal(closed.resolution, 'cancelled');
  });

  test('an unknown objectId is 400 and opens no task', async () => {
    const before = (await ok('GET', '/v2/tasks/?limit=1000')).length;
    assertProblem(await req('POST', '/v2/complaints/', { objectId: MISSING, title: 'Nowhere' }), 400, 'objectId');
    assertProblem(await req('POST', '/v2/complaints/', { title: 'No object' }), 400, 'objectId');
    assert.equal((await ok('GET', '/v2/tasks/?limit=1000')).length, before);
  });
});

describe('master data around tasks', () => {
  const CASES: Array<{ collection: string; body: Record<string, unknown>; patch: Record<string, unknown> }> = [
    {
      collection: 'contacts',
      body: {
        firstName: 'Carla',
        lastName: 'Caretaker',
        company: 'Harbour Ltd',
        contact: { email: 'carla@harbour.example' },
      },
      patch: { position: 'Caretaker' },
    },
    {
      collection: 'equipment',
      body: { name: 'Scrubber 3000', serialNumber: 'SN-1', manufacturer: 'CleanCo' },
      patch: { comment: 'serviced' },
    },
    {
      collection: 'equipmentTypes',
      body: { name: 'Scrubber', maintenanceIntervalDays: 90 },
      patch: { description: 'floor machines' },
    },
    {
      collection: 'suppliers',
      body: { name: 'Supplies Ltd', contactPerson: 'Sam' },
      patch: { customerNumber: 'K-42' },
    },
    {
      collection: 'serviceProducts',
      body: { name: 'Office cleaning', unit: 'm²' },
      patch: { description: 'per square metre' },
    },
    {
      collection: 'taskTypes',
      body: { name: 'Key handover', prefix: 'KEY', hexCode: '#aa00cc' },
      patch: { description: 'keys' },
    },
  ];

  for (const { collection, body, patch } of CASES) {
    test(`${collection}: create, list, read, update, delete`, async () => {
      const id = (await ok('POST', `/v2/${collection}/`, body, 201))._id;
      const record = await ok('GET', `/v2/${collection}/${id}`);
      for (const [key, value] of Object.entries(body)) assert.deepEqual(record[key], value, key);
      assert.equal(record.companyId, admin.companyId);
      const list = await req('GET', `/v2/${collection}/?limit=1000`);
      assert.equal(list.status, 200);
      assert.ok(list.body.some((r: Json) => r._id === id));
      assert.equal(list.headers['x-total-count'], String(list.body.length));
      assert.deepEqual(await ok('PATCH', `/v2/${collection}/${id}`, patch), { updated: true });
      const patched = await ok('GET', `/v2/${collection}/${id}`);
      for (const [key, value] of Object.entries({ ...body, ...patch })) assert.deepEqual(patched[key], value, key);
      assert.deepEqual(await ok('DELETE', `/v2/${collection}/${id}`), { deleted: true });
      assertProblem(await req('GET', `/v2/${collection}/${id}`), 404);
      assertProblem(await req('DELETE', `/v2/${collection}/${id}`), 404);
    });
  }

  test('invalid master data is 400', async () => {
    assertProblem(await req('POST', '/v2/equipment/', { serialNumber: 'no name' }), 400, 'name');
    assertProblem(await req('POST', '/v2/taskTypes/', { name: 'x', hexCode: 'red' }), 400, 'hexCode');
    assertProblem(
      await req('POST', '/v2/equipmentTypes/', { name: 'x', maintenanceIntervalDays: 0 }),
      400,
      'maintenanceIntervalDays',
    );
    assertProblem(await req('POST', '/v2/contacts/', { firstName: 'x', unknownField: 1 }), 400);
  });

  test('contacts and equipment emit CREATE events', async () => {
    const contactId = (await ok('POST', '/v2/contacts/', { firstName: 'Evented', lastName: 'Contact' }, 201))._id;
    const equipmentId = (await ok('POST', '/v2/equipment/', { name: 'Evented machine' }, 201))._id;
    const events = await eventsUntil(
      t.app,
      admin,
      (list) =>
        list.some((e) => e.type === 'CREATE' && e.entity === 'contact' && e.data._id === contactId) &&
        list.some((e) => e.type === 'CREATE' && e.entity === 'equipment' && e.data._id === equipmentId),
      'CREATE for the contact and the equipment',
    );
    const contact = events.find((e) => e.type === 'CREATE' && e.entity === 'contact' && e.data._id === contactId);
    assert.deepEqual(contact.data, await ok('GET', `/v2/contacts/${contactId}`));
    const machine = events.find((e) => e.type === 'CREATE' && e.entity === 'equipment' && e.data._id === equipmentId);
    assert.equal(machine.data.name, 'Evented machine');
  });
});
