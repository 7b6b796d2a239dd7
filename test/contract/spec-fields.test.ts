// Answers against the spec's own field tables (issue 32): a strict JSON Schema per resource is built
// from test/contract/spec-fields.json (the spec's fields, types and nullability, transcribed by
// scripts/spec-fields.ts), and one record of each specified resource, read back over HTTP, must
// validate: a field the spec does not mark nullable is never null (absent when unset), each field
// has the spec's type, and the common entity fields are there. Fields Crewbase adds are allowed
// (the spec does not close its records). The transcription is checked against the spec when the
// spec is beside the repository.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { Ajv } from 'ajv';
import { type SpecField, type SpecFields, specFields } from '../../scripts/spec-fields.js';
import { createFixtureRecords, type Ids } from '../helpers/record-fixtures.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

const transcription: SpecFields = JSON.parse(
  readFileSync(fileURLToPath(new URL('./spec-fields.json', import.meta.url)), 'utf8'),
);
const SPEC = fileURLToPath(new URL('../../../shared/spec/service-management-api-v2.md', import.meta.url));

test('the transcription matches the spec (when the spec is beside the repository)', { skip: !existsSync(SPEC) }, () => {
  assert.deepEqual(specFields(readFileSync(SPEC, 'utf8')), transcription);
});

/** A spec field as a strict schema: its type, null only where the spec says nullable. */
export function strictSchema(field: SpecField): Record<string, unknown> {
  const nested = {
    ...(field.properties
      ? { properties: Object.fromEntries(Object.entries(field.properties).map(([k, v]) => [k, strictSchema(v)])) }
      : {}),
    ...(field.items ? { items: strictSchema(field.items) } : {}),
    ...(field.enum ? { enum: field.nullable ? [...field.enum, null] : field.enum } : {}),
  };
  if (!field.type) return field.nullable ? nested : { ...nested, not: { type: 'null' } };
  return { ...nested, type: field.nullable ? [field.type, 'null'] : field.type };
}

/** A resource's answer: the common entity fields (required, as "present on every record") and its own. */
function resourceSchema(resource: string): Record<string, unknown> {
  const common = transcription['Common entity fields']!;
  const fields = { ...common, ...transcription[resource] };
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, strictSchema(v)])),
    required: ['_id', 'number', 'companyId', 'status'],
  };
}

// The spec's resources and where a record of each is read.
const READS: Record<string, (ids: Ids) => string> = {
  Job: (ids) => `/v2/jobs/${ids.jobs}`,
  Assignment: (ids) => `/v2/assignments/${ids.assignments}`,
  ActivityType: (ids) => `/v2/activityTypes/${ids.activityTypes}`,
  'TimeTracking entry': (ids) => `/v2/timeTracking/${ids.timeTracking}`,
  Salary: (ids) => `/v2/salaries/${ids.salaries}`,
  Absence: (ids) => `/v2/absences/${ids.absences}`,
  Task: (ids) => `/v2/tasks/${ids.tasks}`,
  Document: (ids) => `/v2/documents/${ids.documents}`,
  'Material order': (ids) => `/v2/orders/${ids.orders}`,
  User: (ids) => `/v2/users/${ids.users}`,
  Customer: (ids) => `/v2/customers/${ids.customers}`,
  'Quality control entry': (ids) => `/v2/qualityControl/${ids.qualityControl}`,
  Webhook: (ids) => `/v2/integrations/webhooks/${ids['integrations/webhooks']}`,
};

describe('answers validate against the spec', () => {
  let t: TestApp;
  let admin: Tenant;
  let ids: Ids;
  const ajv = new Ajv({ strict: false, allErrors: true });

  before(async () => {
    t = await createTestApp();
    admin = await signup(t.app, 'Contract');
    ids = await createFixtureRecords({ app: t.app, headers: admin.headers });
  });
  after(async () => {
    await t?.close();
  });

  const check = (resource: string, answer: unknown, where: string) => {
    const validate = ajv.compile(resourceSchema(resource));
    assert.ok(validate(answer), `${where}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
  };

  test('every resource the spec defines has a read', () => {
    const resources = Object.keys(transcription).filter(
      (name) => !['Common entity fields', 'Billing position', 'TaxRate', 'SalarySurcharge'].includes(name),
    );
    assert.deepEqual(resources.sort(), Object.keys(READS).sort());
  });

  for (const [resource, path] of Object.entries(READS)) {
    test(`${resource}: GET answer`, async () => {
      const url = path(ids);
      const res = await call(t.app, 'GET', url, admin.headers);
      assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.body)}`);
      check(resource, res.body, url);
    });
  }

  test('Job in POST /jobs/jobsInTimeFrame, with users, and its embedded records', async () => {
    const res = await call(t.app, 'POST', '/v2/jobs/jobsInTimeFrame', admin.headers, {
      from: String(Date.parse('2027-01-01T00:00:00Z')),
      to: String(Date.parse('2027-02-01T00:00:00Z')),
      includeUsersInResponse: true,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.ok(res.body.length > 0, 'the fixture job is in the frame');
    for (const job of res.body) {
      check('Job', job, `jobsInTimeFrame ${job._id}`);
      if (job.assignment) check('Assignment', job.assignment, `job ${job._id}.assignment`);
      for (const entry of job.timeTrackings) check('TimeTracking entry', entry, `job ${job._id}.timeTrackings`);
      for (const salary of job.salaries) check('Salary', salary, `job ${job._id}.salaries`);
    }
  });

  test('lists of the spec: /tasks/, /salaries/, /absences/self, /orders/, /integrations/webhooks/, /users, /timeTracking', async () => {
    const lists: [string, string][] = [
      ['/v2/tasks/', 'Task'],
      ['/v2/salaries/', 'Salary'],
      ['/v2/absences/self', 'Absence'],
      ['/v2/orders/', 'Material order'],
      ['/v2/integrations/webhooks/', 'Webhook'],
      ['/v2/users', 'User'],
      ['/v2/timeTracking', 'TimeTracking entry'],
    ];
    for (const [url, resource] of lists) {
      const res = await call(t.app, 'GET', url, admin.headers);
      assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.body)}`);
      const items = Array.isArray(res.body) ? res.body : res.body.items;
      for (const item of items) check(resource, item, `${url} ${item._id}`);
    }
  });

  // Items the spec gives "common entity fields": Job.absences[] ("plus common entity fields") and
  // Salary.surcharges[] (SalarySurcharge): each a record with every common field, chatId included.
  const nestedSchema = (fields: Record<string, SpecField>) => ({
    type: 'object',
    properties: Object.fromEntries(
      Object.entries({ ...transcription['Common entity fields'], ...fields }).map(([k, v]) => [k, strictSchema(v)]),
    ),
    required: ['_id', 'number', 'companyId', 'status', 'chatId'],
  });
  const checkNested = (fields: Record<string, SpecField>, items: unknown[], where: string) => {
    const validate = ajv.compile(nestedSchema(fields));
    assert.ok(items.length > 0, `${where}: no items`);
    for (const item of items)
      assert.ok(validate(item), `${where}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
  };

  test('nested records: Job.absences[] items and Salary.surcharges[] items carry the common entity fields', async () => {
    const ok = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
      const res = await call(t.app, method, url, admin.headers, body);
      assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    await ok('PATCH', '/v2/company/timeAndPaySettings', { timeZone: 'Europe/Berlin' });
    await ok('POST', '/v2/surcharges/presets/germanTaxFree');
    const user = await ok('POST', '/v2/users/', {
      general: { lastName: 'Nested' },
      contract: { salary: 15, salaryType: 'hourly' },
    });
    // A Sunday shift missed through illness: the job is marked, the absence salary has surcharges.
    const job = await ok('POST', '/v2/jobs/', {
      userId: user._id,
      from: '2026-06-14T06:00:00Z',
      to: '2026-06-14T10:00:00Z',
    });
    const absence = await ok('POST', '/v2/absences/', {
      userId: user._id,
      type: 1,
      dtStart: '2026-06-14T00:00:00Z',
      dtEnd: '2026-06-14T23:00:00Z',
    });
    await ok('POST', `/v2/absences/${absence._id}/approve`);
    const absences = transcription.Job!.absences!.items!.properties!;
    checkNested(absences, (await ok('GET', `/v2/jobs/${job._id}`)).absences, 'Job.absences[]');
    const [salary] = await ok('GET', `/v2/salaries/?absenceId=${absence._id}`);
    checkNested(transcription.SalarySurcharge!, salary.surcharges, 'Salary.surcharges[]');
    const refused = ajv.compile(nestedSchema(absences));
    const { number: _n, chatId: _c, ...withoutCommon } = salary.surcharges[0];
    assert.equal(refused(withoutCommon), false, 'an item without number and chatId fails');
  });

  test('a strict schema refuses null where the spec does not allow it, and takes it where it does', () => {
    const validate = ajv.compile(resourceSchema('Job'));
    const job = { _id: 'a'.repeat(24), number: 1, companyId: 'c', status: { status: 1 } };
    assert.equal(validate({ ...job, absenceId: null }), false);
    assert.equal(validate({ ...job, jobComment: null }), false);
    assert.equal(validate({ ...job, regionId: null, splitId: null, teamId: null, activityType: null }), true);
  });
});
