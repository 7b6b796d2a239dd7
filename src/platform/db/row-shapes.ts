// How an implicit read (implicit-read.ts) makes a statement's rows: each column's name and its
// type's parser, from the statement's RowDescription. node-postgres builds these anew for every result and
// spreads a template object into every row; a prepared statement's columns cannot change on its connection
// (PostgreSQL refuses a plan whose result type changed), so its shape is kept per connection and name.
// Rows come out as node-postgres makes them: the columns in order, a repeated name's last value.

export interface RowShape {
  row(values: ReadonlyArray<string | null>): Record<string, unknown>;
}

interface Field {
  name: string;
  dataTypeID: number;
  format?: string;
}

interface TypeParsers {
  getTypeParser(oid: number, format: string): (text: string) => unknown;
}

interface KeptShape extends RowShape {
  fields: ReadonlyArray<Pick<Field, 'name' | 'dataTypeID' | 'format'>>;
}

const kept = new WeakMap<object, Map<string, KeptShape>>();

function shapeOf(fields: readonly Field[], types: TypeParsers): KeptShape {
  const names = fields.map((field) => field.name);
  const binary = fields.map((field) => field.format === 'binary');
  const parsers = fields.map((field) => types.getTypeParser(field.dataTypeID, field.format || 'text'));
  const count = fields.length;
  return {
    fields: fields.map(({ name, dataTypeID, format }) => ({ name, dataTypeID, format })),
    row(values) {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < count; i++) {
        const value = values[i];
        row[names[i]!] =
          value === null || value === undefined
            ? null
            : parsers[i]!(binary[i] ? (Buffer.from(value) as unknown as string) : value);
      }
      return row;
    },
  };
}

function sameFields(a: KeptShape['fields'], b: readonly Field[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.name !== y.name || x.dataTypeID !== y.dataTypeID || x.format !== y.format) return false;
  }
  return true;
}

/** The shape of a statement's rows on `connection`: kept for a named statement, made anew for an unnamed one. */
export function rowShapeOf(
  connection: object,
  name: string | undefined,
  fields: readonly Field[],
  types: TypeParsers,
): RowShape {
  if (name === undefined) return shapeOf(fields, types);
  let shapes = kept.get(connection);
  if (!shapes) kept.set(connection, (shapes = new Map()));
  const known = shapes.get(name);
  if (known && sameFields(known.fields, fields)) return known;
  const shape = shapeOf(fields, types);
  shapes.set(name, shape);
  return shape;
}
