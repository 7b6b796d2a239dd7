// The pure rules of search: how a query is read (folding, words, numbers), the number prefix
// ranges, and that each searched type is its resource's (so the caller finds exactly what the
// resource's GET would show them: the engine's read rule is applied to that resource).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { invoices } from '../../src/modules/invoicing/documents/billing-documents.js';
import { documents } from '../../src/modules/documents/index.js';
import { jobs } from '../../src/modules/scheduling/index.js';
import { fold, likeLiteral, numberPrefixRanges, parseQuery, MAX_WORDS } from '../../src/modules/search/rules/query.js';
import { SEARCH_TYPES, SOURCES } from '../../src/modules/search/search-sources.js';
import { tasks } from '../../src/modules/tasks/index.js';
import { users } from '../../src/modules/users/index.js';
import { customers } from '../../src/resources/customers.js';
import { objects } from '../../src/resources/objects.js';

describe('search query', () => {
  test('folds case, umlauts, accents and ß as the migration does', () => {
    assert.equal(fold('Müller ÄÖÜ Straße Café Ñandú'), 'muller aou strasse cafe nandu');
  });

  test('words: split on spaces, commas and semicolons, edge punctuation dropped, each once, at most 8', () => {
    assert.deepEqual(parseQuery('  (Müller),  GmbH; müller '), {
      text: 'muller gmbh',
      words: ['muller', 'gmbh'],
      textWords: ['muller', 'gmbh'],
    });
    assert.equal(parseQuery('+++ ...'), undefined);
    assert.equal(parseQuery('a b c d e f g h i j')!.words.length, MAX_WORDS);
  });

  test('a number is digits only without a leading zero; words with digits are not matched by similarity', () => {
    assert.equal(parseQuery('1042')!.number, 1042);
    assert.equal(parseQuery('0042')!.number, undefined);
    assert.equal(parseQuery('12 34')!.number, undefined);
    assert.deepEqual(parseQuery('RE-2026-00017')!.textWords, []);
    assert.deepEqual(parseQuery('Lindenallee 12')!.textWords, ['lindenallee']);
  });

  test('number prefix ranges: every number starting with the digits, up to 12 digits', () => {
    assert.deepEqual(numberPrefixRanges(12, 5), [
      [12, 12],
      [120, 129],
      [1200, 1299],
      [12000, 12999],
    ]);
    assert.equal(numberPrefixRanges(7).length, 12);
  });

  test('LIKE wildcards are escaped', () => {
    assert.equal(likeLiteral('50%_a\\b'), '50\\%\\_a\\\\b');
  });
});

describe('search sources', () => {
  const RESOURCES = {
    customer: customers,
    object: objects,
    user: users,
    job: jobs,
    task: tasks,
    invoice: invoices,
    document: documents,
  };

  test("each type searches its resource: its table, its path, and its GET's read rule", () => {
    for (const type of SEARCH_TYPES) assert.equal(SOURCES[type].resource, RESOURCES[type], type);
  });
});
