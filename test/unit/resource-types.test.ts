// A resource's declaration types its documents (define-resource.ts DocOf): hooks and reads of a
// known resource see the schema's fields with their types. Checked by the compiler (npx tsc
// --noEmit): each @ts-expect-error below must stay an error; the test run only checks the declaration.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import type { TenantTx } from '../../src/platform/db/tenant.js';
import { type ApiDoc, defineResource, type StoredRecord } from '../../src/resources/engine/define-resource.js';
import { findRecord, listRecords } from '../../src/resources/engine/resource-store.js';
import { oneOf, opt } from '../../src/resources/engine/fields.js';

const probes = defineResource({
  name: 'probe',
  collection: 'typeProbes',
  table: 'customers',
  area: 'customers',
  schema: Type.Object({ name: Type.String(), size: Type.Optional(Type.Number()), state: opt(oneOf(['open', 'done'])) }),
  lockedWhen: (doc) => {
    const name: string = doc.name;
    // @ts-expect-error an optional number is no string
    const size: string = doc.size;
    return name && size ? undefined : undefined;
  },
  hooks: {
    async prepare(_tx, _ctx, { doc, previous }) {
      const size: number | undefined = doc.size;
      const before: string | undefined = previous?.doc.name;
      // @ts-expect-error a string field is no number
      const wrong: number = doc.name;
      return { doc: { ...doc, size: size ?? before?.length ?? wrong } };
    },
    async afterWrite(_tx, _ctx, { doc }) {
      const name: string = doc.name;
      const state: 'open' | 'done' | undefined = doc.state;
      // @ts-expect-error only the declared values
      const other: typeof doc.state = 'cancelled';
      assert.notEqual(state, other);
      assert.ok(name);
    },
  },
});

/** Never run: reads of a known resource give typed records, which still fit where any record goes. */
export async function typedReads(tx: TenantTx): Promise<StoredRecord[]> {
  const record = await findRecord(tx, probes, 'id');
  const name: string | undefined = record?.doc.name;
  // @ts-expect-error a string field is no number
  const wrong: number | undefined = record?.doc.name;
  const { rows } = await listRecords(tx, probes, { limit: 1, offset: 0, sort: [], where: [] });
  return name === undefined || wrong === undefined ? rows : [];
}

/** Never run: a record of no known resource has fields of unknown type, which the reader narrows. */
export function untypedRead(record: StoredRecord, api: ApiDoc): string {
  // @ts-expect-error a field of an unknown resource is unknown, not any
  const name: string = record.doc.name;
  // @ts-expect-error an API answer's field is unknown too
  const title: string = api.title;
  // @ts-expect-error an API answer is read, not changed in place
  api.title = 'changed';
  return typeof record.doc.name === 'string' ? record.doc.name : `${name}${title}`;
}

describe('resource document types', () => {
  test('oneOf is the same schema as a union of literals', () => {
    const values = ['open', 'done'] as const;
    assert.deepEqual(
      oneOf(values, { description: 'd' }),
      Type.Union(
        values.map((value) => Type.Literal(value)),
        { description: 'd' },
      ),
    );
  });

  test('a typed declaration is a resource like any other', () => {
    assert.equal(probes.collection, 'typeProbes');
    assert.deepEqual(Object.keys(probes.ignored), ['create', 'patch']);
  });
});
