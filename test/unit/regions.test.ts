// Region codes and the place of work, as tables: what a written field accepts and stores, what a
// stored value reads as, and whose holidays apply. Subdivision codes are ISO 3166-2 (DE-BY Bavaria,
// DE-BE Berlin, DE-BB Brandenburg, AT-9 Vienna), as the holiday calendar (date-holidays) knows them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isKnownRegion, parseSubdivision, readRegion, regionForms } from '../../src/platform/regions.js';
import { isPublicHolidayIn, placeOfWorkRegion, publicHolidays } from '../../src/platform/time/holidays.js';
import {
  REGION_AS_SENT,
  REGION_KEYWORD,
  checkRegion,
  normaliseRegions,
  normaliseSubdivision,
  storedRegion,
} from '../../src/resources/engine/region-fields.js';
import { HttpError } from '../../src/platform/http/errors.js';

describe('a written region code: ISO 3166-2, any case, stored as DE-BY', () => {
  const cases: Array<[value: string, country: string | undefined, stored: string | undefined]> = [
    ['BY', undefined, 'DE-BY'], // a bare code is in the address's country, DE when it names none
    ['by', 'DE', 'DE-BY'],
    [' DE-BY ', undefined, 'DE-BY'],
    ['de-by', 'de', 'DE-BY'],
    ['BY', 'Deutschland', 'DE-BY'], // the address's free-text country, read as a code
    ['9', 'AT', 'AT-9'], // Vienna
    ['AT-9', undefined, 'AT-9'], // the prefix names the country
    ['BY', 'AT', undefined], // no AT-BY
    ['DE-BY', 'AT', undefined], // prefix and address disagree
    ['Bayern', undefined, undefined], // a name is refused when written (read tolerantly, below)
    ['DE', undefined, undefined], // a country is not a subdivision of Germany
    ['XX-BY', undefined, undefined],
    ['', undefined, undefined],
  ];
  for (const [value, country, stored] of cases) {
    test(`${JSON.stringify(value)} in ${country ?? '(no country)'} → ${stored ?? 'refused'}`, () => {
      assert.equal(normaliseSubdivision(value, country), stored);
    });
  }
  test("a name of JavaScript's objects is no country and no subdivision", () => {
    assert.equal(isKnownRegion({ country: 'constructor' }), false);
    assert.equal(isKnownRegion({ country: 'DE', state: 'constructor' }), false);
    assert.equal(isKnownRegion({ country: 'DE', state: 'BY' }), true);
  });
  test("parsed, a code is the calendar's pair", () => {
    assert.deepEqual(parseSubdivision('de-be'), { country: 'DE', state: 'BE' });
  });
});

describe('a stored region, read tolerantly (older records)', () => {
  const cases: Array<[stored: Parameters<typeof readRegion>[0], region: ReturnType<typeof readRegion>]> = [
    [
      { country: 'DE', state: 'DE-BY' },
      { country: 'DE', state: 'BY' },
    ],
    [
      { country: 'DE', state: 'BY' },
      { country: 'DE', state: 'BY' },
    ],
    [
      { country: 'DE', state: 'Bayern' },
      { country: 'DE', state: 'BY' },
    ], // by its name
    [{ state: 'Brandenburg' }, { country: 'DE', state: 'BB' }],
    [{ country: 'Germany', state: 'Atlantis' }, { country: 'DE' }], // a state naming nothing: the country
    [{ country: 'AT' }, { country: 'AT' }],
    [{ city: 'Berlin' } as { country?: string }, undefined], // names no region
    ['DE-BE', { country: 'DE', state: 'BE' }], // a work region
    [undefined, undefined],
  ];
  for (const [stored, region] of cases) {
    test(`${JSON.stringify(stored)} → ${JSON.stringify(region)}`, () => assert.deepEqual(readRegion(stored), region));
  }
});

describe("whose holidays: the place of work (object, or the contract's work region), else the company's region", () => {
  const cases: Array<
    [
      name: string,
      place: Parameters<typeof placeOfWorkRegion>[0],
      company: Parameters<typeof placeOfWorkRegion>[1],
      region: object,
    ]
  > = [
    [
      'object in Berlin, company in Brandenburg',
      { country: 'DE', state: 'DE-BE' },
      { country: 'DE', state: 'DE-BB' },
      { country: 'DE', state: 'BE' },
    ],
    [
      "object with a country but no state: the company's region",
      { country: 'DE' },
      { country: 'DE', state: 'DE-BB' },
      { country: 'DE', state: 'BB' },
    ],
    [
      "object with no address: the company's region",
      undefined,
      { country: 'DE', state: 'BY' },
      { country: 'DE', state: 'BY' },
    ],
    [
      'object in another country without state: that country',
      { country: 'AT' },
      { country: 'DE', state: 'DE-BB' },
      { country: 'AT' },
    ],
    ['work region of the contract', 'DE-BE', { country: 'DE', state: 'DE-BB' }, { country: 'DE', state: 'BE' }],
    ['no work region, company without state: Germany nationwide', undefined, { country: 'DE' }, { country: 'DE' }],
    ['nothing at all: Germany nationwide', undefined, undefined, { country: 'DE' }],
  ];
  for (const [name, place, company, region] of cases) {
    test(name, () => assert.deepEqual(placeOfWorkRegion(place, company), region));
  }

  test('Reformationstag, Fri 2025-10-31: a holiday in Brandenburg, a workday in Berlin and nationwide', () => {
    assert.equal(isPublicHolidayIn({ country: 'DE', state: 'BB' })('2025-10-31'), true);
    assert.equal(isPublicHolidayIn({ country: 'DE', state: 'BE' })('2025-10-31'), false);
    assert.equal(isPublicHolidayIn({ country: 'DE' })('2025-10-31'), false);
    // The stored form reads the same as the calendar's code.
    assert.deepEqual(publicHolidays('DE', 'DE-BB', 2025), publicHolidays('DE', 'BB', 2025));
  });
});

describe('the engine step: every region field of a document, by its schema', () => {
  const schema = {
    type: 'object',
    properties: {
      address: {
        type: 'object',
        properties: { country: { type: 'string' }, state: { type: 'string', [REGION_KEYWORD]: 'country' } },
      },
      contract: { type: 'object', properties: { workRegion: { type: 'string', [REGION_KEYWORD]: true } } },
      sites: {
        type: 'array',
        items: { type: 'object', properties: { state: { type: 'string', [REGION_KEYWORD]: true } } },
      },
    },
  };
  const refusedPaths = (doc: object, previous?: object) => {
    try {
      normaliseRegions(schema, doc as Record<string, unknown>, previous as Record<string, unknown>);
      return [];
    } catch (e) {
      assert.ok(e instanceof HttpError && e.status === 400);
      return e.errors!.map((x) => x.path);
    }
  };

  test('normalises each field, leaves the rest and the input alone', () => {
    const doc = {
      name: 'x',
      address: { country: 'AT', state: '9', city: 'Wien' },
      contract: { workRegion: 'be' },
      sites: [{ state: 'de-by' }],
    };
    assert.deepEqual(normaliseRegions(schema, doc), {
      name: 'x',
      address: { country: 'AT', state: 'AT-9', city: 'Wien' },
      contract: { workRegion: 'DE-BE' },
      sites: [{ state: 'DE-BY' }],
    });
    assert.equal(doc.contract.workRegion, 'be');
  });
  test('names every field it refuses', () => {
    assert.deepEqual(
      refusedPaths({
        address: { state: 'Bayern' },
        contract: { workRegion: 'Berlin' },
        sites: [{ state: 'BY' }, { state: 'XX' }],
      }),
      ['address.state', 'contract.workRegion', 'sites.1.state'],
    );
  });
  test('a value the record already held is kept (older data), a changed one is checked', () => {
    const previous = { address: { state: 'Bayern' } };
    assert.deepEqual(normaliseRegions(schema, { address: { state: 'Bayern' }, name: 'y' }, previous), {
      address: { state: 'Bayern' },
      name: 'y',
    });
    assert.deepEqual(refusedPaths({ address: { state: 'Bavaria' } }, previous), ['address.state']);
  });
  test("the company's {country, state}: checked like GET /holidays, stored as DE-BY", () => {
    assert.deepEqual(storedRegion({ country: 'de', state: 'by' }, 'holidayRegion'), { country: 'DE', state: 'DE-BY' });
    assert.deepEqual(storedRegion({ country: 'DE' }, 'holidayRegion'), { country: 'DE' });
    assert.deepEqual(checkRegion({ country: 'DE', state: 'DE-BB' }), { country: 'DE', state: 'BB' });
    assert.throws(
      () => checkRegion({ country: 'DE', state: 'Bayern' }, 'holidayRegion'),
      (e: HttpError) => e.errors![0]!.path === 'holidayRegion.state',
    );
    assert.throws(
      () => checkRegion({ country: 'XX' }),
      (e: HttpError) => e.errors![0]!.path === 'country',
    );
  });
});

describe("the spec's address.state: any form naming a state, kept as sent; filters match every form", () => {
  const schema = {
    type: 'object',
    properties: {
      address: {
        type: 'object',
        properties: {
          country: { type: 'string' },
          state: { type: 'string', [REGION_KEYWORD]: 'country', [REGION_AS_SENT]: true },
        },
      },
    },
  };
  for (const [country, state] of [
    [undefined, 'by'],
    ['DE', 'DE-BY'],
    ['DE', 'Bayern'],
    ['AT', 'Wien'],
    ['AT', '9'],
  ] as const) {
    test(`${state} in ${country ?? '(no country)'} is kept`, () =>
      assert.deepEqual(normaliseRegions(schema, { address: { country, state } }), { address: { country, state } }));
  }
  test("text naming no state of the address's country is refused", () => {
    for (const address of [{ state: 'Nowhere' }, { country: 'AT', state: 'Bayern' }, { country: 'AT', state: 'BY' }])
      assert.throws(() => normaliseRegions(schema, { address }), HttpError, JSON.stringify(address));
  });
  test('the forms a filter value stands for', () => {
    assert.deepEqual(regionForms('BE').sort(), ['be', 'berlin', 'de-be']);
    assert.deepEqual(regionForms('Berlin').sort(), ['be', 'berlin', 'de-be']);
    assert.deepEqual(regionForms('AT-9').sort(), ['9', 'at-9', 'wien']);
    assert.deepEqual(regionForms('Atlantis'), ['atlantis']);
  });
});
