// The pure rules of CSV import and export (src/modules/imports/rules/): encoding and delimiter
// detection, RFC 4180 records, German numbers and dates, column mapping, rows to bodies, and the
// export's cells. Expected values are written out by hand.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { columnsOf, mapColumns } from '../../src/modules/imports/rules/columns.js';
import { CsvError, decodeCsv, detectDelimiter, parseCsv } from '../../src/modules/imports/rules/csv-read.js';
import { csvCell, csvLine } from '../../src/modules/imports/rules/csv-write.js';
import { germanDate, parseBoolean, parseNumber } from '../../src/modules/imports/rules/german-values.js';
import { withoutFormulaGuard } from '../../src/platform/csv/csv-writer.js';
import { rowBody } from '../../src/modules/imports/rules/row-body.js';

const LIMITS = { maxRows: 100, maxColumns: 10, maxFieldLength: 50 };

describe('decodeCsv', () => {
  test('UTF-8 with and without BOM; other bytes as Windows-1252', () => {
    assert.deepEqual(decodeCsv(Buffer.from('\uFEFFname\r\nMüller', 'utf8')), {
      text: 'name\r\nMüller',
      encoding: 'utf-8',
    });
    assert.deepEqual(decodeCsv(Buffer.from('name\nMüller', 'utf8')), { text: 'name\nMüller', encoding: 'utf-8' });
    // 0xFC is ü, 0x80 the euro sign in Windows-1252; neither is valid UTF-8 here.
    assert.deepEqual(decodeCsv(Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x80])), {
      text: 'Müller €',
      encoding: 'windows-1252',
    });
  });
});

describe('detectDelimiter', () => {
  test('the more frequent of ; and , in the header line, outside quotes; ; on a tie', () => {
    assert.equal(detectDelimiter('name;address.city\r\na,b,c,d'), ';');
    assert.equal(detectDelimiter('name,address.city\na;b;c'), ',');
    assert.equal(detectDelimiter('"a;b;c",name\n'), ',');
    assert.equal(detectDelimiter('name\n'), ';');
  });
});

describe('parseCsv', () => {
  test('quotes hold delimiters, doubled quotes and line breaks; rows count records, blank lines skipped', () => {
    const { header, records } = parseCsv('name;note\r\n"A;B";"say ""hi"""\r\n\r\n"two\nlines";x\n', ';', LIMITS);
    assert.deepEqual(header, ['name', 'note']);
    assert.deepEqual(records, [
      { row: 2, cells: ['A;B', 'say "hi"'] },
      { row: 3, cells: ['two\nlines', 'x'] },
    ]);
  });
  test('a last line without line end; an empty quoted field counts', () => {
    assert.deepEqual(parseCsv('a,b\n1,2', ',', LIMITS).records, [{ row: 2, cells: ['1', '2'] }]);
    assert.deepEqual(parseCsv('a\n""\n', ',', LIMITS).records, [{ row: 2, cells: [''] }]);
  });
  test('malformed and oversized input', () => {
    assert.throws(() => parseCsv('a\n"open', ',', LIMITS), /not closed/);
    assert.throws(() => parseCsv('a\nx"y', ',', LIMITS), /quote inside/);
    assert.throws(() => parseCsv('', ',', LIMITS), /no header/);
    assert.throws(() => parseCsv(`a\n${'x'.repeat(51)}`, ',', LIMITS), /longer than 50/);
    assert.throws(() => parseCsv(`${'a,'.repeat(10)}a`, ',', LIMITS), /more than 10 columns/);
    assert.throws(
      () => parseCsv(`a\n${'1\n'.repeat(101)}`, ',', LIMITS),
      (error: unknown) => error instanceof CsvError && error.tooBig,
    );
  });
});

describe('German values', () => {
  test('numbers: a comma makes them German; dots group thousands in ; files only', () => {
    assert.equal(parseNumber('1.234,56', false), 1234.56);
    assert.equal(parseNumber('-0,05', false), -0.05);
    assert.equal(parseNumber('1234.56', true), 1234.56);
    assert.equal(parseNumber('1.234', true), 1234);
    assert.equal(parseNumber('1.234', false), 1.234);
    assert.equal(parseNumber('1.234.567', true), 1234567);
    assert.equal(parseNumber('12', true), 12);
    assert.equal(parseNumber('1,2,3', true), undefined);
    assert.equal(parseNumber('abc', true), undefined);
    assert.equal(parseNumber('12.34,5', true), undefined);
  });
  test('dates: 31.12.2026 and 1.2.2026 as ISO days, with a time as a local date-time; ISO passes; no day fails', () => {
    assert.equal(germanDate('31.12.2026'), '2026-12-31');
    assert.equal(germanDate('1.2.2026'), '2026-02-01');
    assert.equal(germanDate('31.12.2026 14:30'), '2026-12-31T14:30:00');
    assert.equal(germanDate('2026-12-31'), '2026-12-31');
    assert.equal(germanDate('31.02.2026'), undefined);
    assert.equal(germanDate('31.12.2026 24:00'), undefined);
  });
  test('yes and no; the formula guard', () => {
    assert.equal(parseBoolean('Ja'), true);
    assert.equal(parseBoolean('nein'), false);
    assert.equal(parseBoolean('1'), true);
    assert.equal(parseBoolean('vielleicht'), undefined);
    assert.equal(withoutFormulaGuard("'=SUM(A1)"), '=SUM(A1)');
    assert.equal(withoutFormulaGuard("O'Brien"), "O'Brien");
  });
});

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    password: { type: 'string', writeOnly: true },
    price: { type: 'number' },
    active: { type: 'boolean' },
    since: { type: 'string', 'x-dateOrDateTime': true },
    seen: { type: 'string', format: 'date-time' },
    kind: { anyOf: [{ const: 'A' }, { const: 'B' }] },
    tags: { type: 'array', items: { type: 'string' } },
    address: { type: 'object', properties: { street: { type: 'string' }, zip: { type: 'string' } } },
    contract: { type: 'object', properties: {}, additionalProperties: true },
    badges: { type: 'array', items: { type: 'object', properties: {} } },
  },
};

describe('columns and mapping', () => {
  const columns = columnsOf(schema, { withNumber: true });
  test('scalars, dotted nested fields and string lists; no free objects or object lists', () => {
    assert.deepEqual(
      columns.map((c) => `${c.path}:${c.kind}${c.writeOnly ? '!' : ''}`),
      [
        'number:integer',
        'name:string',
        'password:string!',
        'price:number',
        'active:boolean',
        'since:date',
        'seen:date-time',
        'kind:string',
        'tags:list',
        'address.street:string',
        'address.zip:string',
      ],
    );
  });
  test('headers map themselves ignoring case; the mapping renames or skips (null)', () => {
    const { mapping, errors } = mapColumns(['Name', 'Straße', 'Notiz'], columns, {
      Straße: 'address.street',
      Notiz: null,
    });
    assert.deepEqual(errors, []);
    assert.deepEqual(
      mapping.targets.map((c) => c?.path),
      ['name', 'address.street', undefined],
    );
  });
  test('unknown headers, unknown fields, a mapping key that is no header and a field filled twice', () => {
    const { errors } = mapColumns(['name', 'Name2', 'x', 'y'], columns, { Name2: 'name', x: 'nope', z: 'price' });
    assert.deepEqual(errors, [
      { path: 'mapping.z', message: 'is not a column of the file' },
      { path: 'Name2', message: 'fills name, as name does' },
      { path: 'mapping.x', message: 'nope is not a field that can be imported' },
      {
        path: 'y',
        message: 'is not a field that can be imported; map it (or map it to null to skip it)',
      },
    ]);
  });
});

describe('rowBody', () => {
  const columns = columnsOf(schema, { withNumber: true });
  const header = ['number', 'name', 'price', 'active', 'since', 'seen', 'tags', 'address.street'];
  const { mapping } = mapColumns(header, columns, undefined);
  test('converts each cell by its kind and nests dotted fields; empty cells set nothing', () => {
    const { body, errors } = rowBody(
      header,
      ['7', "'=1+1", '1.234,50', 'ja', '31.12.2026', '01.02.2026', 'a | b |', 'Hauptstr. 1'],
      mapping,
      true,
    );
    assert.deepEqual(errors, []);
    assert.deepEqual(body, {
      number: 7,
      name: '=1+1',
      price: 1234.5,
      active: true,
      since: '2026-12-31',
      seen: '2026-02-01T00:00:00.000Z',
      tags: ['a', 'b'],
      address: { street: 'Hauptstr. 1' },
    });
    assert.deepEqual(rowBody(header, ['', 'X'], mapping, true).body, { name: 'X' });
  });
  test('names the column of each bad cell, and a row with more cells than the header', () => {
    const { errors } = rowBody(
      header,
      ['7,5', 'X', 'teuer', 'vielleicht', '30.02.2026', '', '', '', 'extra'],
      mapping,
      true,
    );
    assert.deepEqual(errors, [
      { field: '(row)', message: '9 cells, but the header has 8 columns' },
      { field: 'number', message: '"7,5" is not a whole number' },
      { field: 'price', message: '"teuer" is not a number' },
      { field: 'active', message: '"vielleicht" is not yes/no (true/false, ja/nein, 1/0)' },
      { field: 'since', message: '"30.02.2026" is not a date' },
    ]);
  });
});

describe('export cells', () => {
  test('decimal comma, quoting, formula guard, lists; one line ends with CRLF', () => {
    assert.equal(csvCell(1234.5), '1234,5');
    assert.equal(csvCell(-3), '-3');
    assert.equal(csvCell('a;b'), '"a;b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('=SUM(A1)'), "'=SUM(A1)");
    assert.equal(csvCell(['a', 'b']), 'a | b');
    assert.equal(csvCell(undefined), '');
    assert.equal(csvLine(['x', true, 2]), 'x;true;2\r\n');
  });
});
