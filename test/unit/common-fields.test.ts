// The engine's rules for server-owned fields in bodies (common-fields.ts) and the common entity
// fields of nested records (nested-records.ts), without a database.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { users } from '../../src/modules/users/users-resource.js';
import { customers } from '../../src/resources/customers.js';
import { activityTypes } from '../../src/resources/activity-types.js';
import { createdFields, withoutIgnored } from '../../src/resources/engine/common-fields.js';
import { nestedRecords } from '../../src/resources/engine/nested-records.js';

/** The part of a body schema the checks read. */
type BodyProperties = { properties: Record<string, { readOnly?: boolean; anyOf?: Array<{ type?: string }> }> };

const common = { _id: 'a'.repeat(24), companyId: 'b'.repeat(24), status: { status: 1 }, chatId: 'c'.repeat(24) };

describe('ignored fields', () => {
  test('the common entity fields; number only where the resource takes none on create, always on PATCH', () => {
    assert.deepEqual(withoutIgnored({ ...common, number: 7, name: 'x' }, activityTypes.ignored.create), { name: 'x' });
    assert.deepEqual(withoutIgnored({ ...common, number: 7, name: 'x' }, customers.ignored.create), {
      number: 7,
      name: 'x',
    });
    assert.deepEqual(withoutIgnored({ ...common, number: 7, name: 'x' }, customers.ignored.patch), { name: 'x' });
  });

  test('read-only parts of an object that also has writable fields', () => {
    const body = { access: { loginTries: 3, passwordChangeDate: '2020-01-01T00:00:00Z', webAccess: 'full' } };
    assert.deepEqual(withoutIgnored(body, users.ignored.patch), { access: { webAccess: 'full' } });
    assert.deepEqual(
      withoutIgnored({ access: { loginTries: 3 }, id: 'ann' }, users.ignored.patch),
      { id: 'ann' },
      'an object of only ignored fields is left out',
    );
    assert.deepEqual(
      withoutIgnored({ access: null }, users.ignored.patch),
      { access: null },
      'null still removes a writable object',
    );
  });

  test('a create drops top-level nulls (unset fields of a record read back)', () => {
    assert.deepEqual(
      createdFields({ name: 'x', contactPerson: null, address: { city: 'Ulm' }, ...common }, customers.ignored.create),
      { name: 'x', address: { city: 'Ulm' } },
    );
  });

  test('write schemas accept them as read-only fields of any value', () => {
    const properties = (customers.createBody as unknown as BodyProperties).properties;
    assert.equal(properties._id?.readOnly, true);
    assert.equal(
      properties.number?.anyOf?.[0]?.type,
      'integer',
      'customers choose a number on create (null: the next one)',
    );
    assert.equal((activityTypes.createBody as unknown as BodyProperties).properties.number?.readOnly, true);
  });
});

describe('nested records', () => {
  const writer = { companyId: 'b'.repeat(24), userId: 'd'.repeat(24) };
  const key = (line: Record<string, unknown>) => `${line.surchargeId}/${line.date}`;

  test('new items get their own id, the company and a status by the writer', () => {
    const [line] = nestedRecords([{ surchargeId: 'night', date: '2026-06-07' }], writer, undefined, key);
    assert.match(line!._id, /^[0-9a-f]{24}$/);
    assert.equal(line!.companyId, writer.companyId);
    assert.deepEqual(
      [line!.status.status, line!.status.createdBy, line!.status.lastModifiedBy],
      [1, writer.userId, writer.userId],
    );
  });

  test('a recompute keeps id and creation per key, the n-th of a repeated key included', () => {
    const before = nestedRecords(
      [
        { surchargeId: 'night', date: 'd1' },
        { surchargeId: 'night', date: 'd1' },
        { surchargeId: 'sun', date: 'd1' },
      ],
      writer,
      undefined,
      key,
    );
    const after = nestedRecords(
      [
        { surchargeId: 'night', date: 'd1' },
        { surchargeId: 'night', date: 'd1' },
        { surchargeId: 'hol', date: 'd1' },
      ],
      { ...writer, userId: 'e'.repeat(24) },
      before,
      key,
    );
    assert.deepEqual(
      after.slice(0, 2).map((l) => l._id),
      before.slice(0, 2).map((l) => l._id),
    );
    assert.notEqual(after[0]!._id, after[1]!._id);
    assert.notEqual(after[2]!._id, before[2]!._id);
    assert.equal(after[0]!.status.createdAt, before[0]!.status.createdAt);
    assert.deepEqual([after[0]!.status.createdBy, after[0]!.status.lastModifiedBy], [writer.userId, 'e'.repeat(24)]);
  });
});
