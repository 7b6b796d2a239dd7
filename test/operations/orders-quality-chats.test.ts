// Material orders (GET /v2/orders/ with paging, filters and sort; items; approve and complete;
// employees), quality control (ratings, GET /v2/qualityControl/{id}, the per-object quality report
// computed by hand) and entity chats (POST/GET /v2/chats/{chatId}/messages on objects, jobs and
// tasks; attachments; who may read and write; paging).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertProblem as assertProblemWith, requester, type Headers, type Reply } from '../helpers/http-assertions.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let other: Tenant;
const user: Record<string, string> = {};
const login: Record<string, Headers> = {};
const MISSING = '0123456789abcdef01234567';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const { req, ok } = requester(
  () => t.app,
  () => admin.headers,
);

/** A problem+json answer with this status (and, when given, an error naming `path`, with or without the `querystring.`/`body.` prefix). */
function assertProblem(res: Reply, status: number, path?: string) {
  assertProblemWith(res, status, path ? [path, `querystring.${path}`, `body.${path}`] : undefined);
}

async function loginAs(username: string, password: string): Promise<Headers> {
  const res = await call(t.app, 'POST', '/v2/auth/login', {}, { username, password });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { authorization: `Bearer ${res.body.accessToken}` };
}

const create = async (path: string, body: unknown, headers: Headers = admin.headers) =>
  (await ok('POST', path, body, 201, headers))._id as string;

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Operations');
  other = await signup(t.app, 'Elsewhere');
  const groups = await ok('GET', '/v2/accessGroups/');
  const employeeGroup = (groups as Json[]).find((g) => g.name === 'employee')._id;
  for (const name of ['Ann', 'Bob']) {
    user[name] = await create('/v2/users/', {
      general: { firstName: name },
      id: name.toLowerCase(),
      password: `${name}-password-1`,
      accessGroupId: employeeGroup,
    });
    login[name] = await loginAs(name.toLowerCase(), `${name}-password-1`);
  }
  user.Carl = await create('/v2/users/', { general: { firstName: 'Carl' } });
});
after(() => t.close());

describe('material orders', () => {
  let objectId: string;
  let soap: string;
  let gloves: string;

  before(async () => {
    objectId = await create('/v2/objects/', { name: 'Depot', objectManagerId: user.Carl });
    soap = await create('/v2/articles/', { name: 'Soap' });
    gloves = await create('/v2/articles/', { name: 'Gloves' });
  });

  test('create with items, read, update, delete', async () => {
    const items = [
      { articleId: soap, quantity: 2, unit: 'l', comment: 'lemon' },
      { articleId: gloves, quantity: 10, unit: 'pairs' },
    ];
    const id = await create('/v2/orders/', { items, userId: admin.userId, objectId, comment: 'for Monday' });
    const order = await ok('GET', `/v2/orders/${id}`);
    assert.deepEqual(order.items, items);
    assert.equal(order.userId, admin.userId);
    assert.equal(order.objectId, objectId);
    assert.equal(order.comment, 'for Monday');
    assert.equal(order.completed, false);
    assert.equal(order.approved, false);
    assert.equal(order.objectManagerId, user.Carl, 'taken from the object');
    assert.equal(order.approvedBy, undefined, 'unset until approved (absent, as the spec leaves unset fields out)');
    assert.equal(order.companyId, admin.companyId);

    assert.deepEqual(await ok('PATCH', `/v2/orders/${id}`, { items: [{ articleId: soap, quantity: 3, unit: 'l' }] }), {
      updated: true,
    });
    const patched = await ok('GET', `/v2/orders/${id}`);
    assert.deepEqual(patched.items, [{ articleId: soap, quantity: 3, unit: 'l' }]);
    assert.equal(patched.comment, 'for Monday');

    assert.deepEqual(await ok('DELETE', `/v2/orders/${id}`), { deleted: true });
    assertProblem(await req('GET', `/v2/orders/${id}`), 404);
    assertProblem(await req('DELETE', `/v2/orders/${id}`), 404);
  });

  test('a custom item (name, no articleId) is accepted', async () => {
    const id = await create('/v2/orders/', {
      customOrder: true,
      items: [{ name: 'Special brush', quantity: 1, unit: 'piece' }],
      userId: admin.userId,
      objectId,
    });
    const order = await ok('GET', `/v2/orders/${id}`);
    assert.equal(order.customOrder, true);
    assert.deepEqual(order.items, [{ name: 'Special brush', quantity: 1, unit: 'piece' }]);
  });

  test('invalid orders are 400: unknown article, item without articleId or name, bad quantity, no items, unknown object', async () => {
    const base = { userId: admin.userId, objectId };
    assertProblem(
      await req('POST', '/v2/orders/', { ...base, items: [{ articleId: MISSING, quantity: 1 }] }),
      400,
      'items.0.articleId',
    );
    assertProblem(
      await req('POST', '/v2/orders/', {
        ...base,
        items: [
          { articleId: soap, quantity: 1 },
          { quantity: 1, unit: 'l' },
        ],
      }),
      400,
      'items/1',
    );
    assertProblem(await req('POST', '/v2/orders/', { ...base, items: [{ articleId: soap, quantity: 0 }] }), 400);
    assertProblem(await req('POST', '/v2/orders/', { ...base, items: [{ articleId: soap, quantity: -2 }] }), 400);
    assertProblem(await req('POST', '/v2/orders/', { ...base, items: [] }), 400, 'items');
    assertProblem(
      await req('POST', '/v2/orders/', { ...base, items: [{ articleId: soap, quantity: 1, colour: 'red' }] }),
      400,
    );
    assertProblem(
      await req('POST', '/v2/orders/', {
        userId: admin.userId,
        objectId: MISSING,
        items: [{ articleId: soap, quantity: 1 }],
      }),
      400,
      'objectId',
    );
    assertProblem(
      await req('POST', '/v2/orders/', { objectId, items: [{ articleId: soap, quantity: 1 }] }),
      400,
      'userId',
    );
    // An article of another company is unknown here.
    const foreignArticle = await create('/v2/articles/', { name: 'Foreign soap' }, other.headers);
    assertProblem(
      await req('POST', '/v2/orders/', { ...base, items: [{ articleId: foreignArticle, quantity: 1 }] }),
      400,
      'items.0.articleId',
    );
    const id = await create('/v2/orders/', { ...base, items: [{ articleId: soap, quantity: 1 }] });
    assertProblem(
      await req('PATCH', `/v2/orders/${id}`, { items: [{ articleId: MISSING, quantity: 1 }] }),
      400,
      'items.0.articleId',
    );
    assert.deepEqual((await ok('GET', `/v2/orders/${id}`)).items, [{ articleId: soap, quantity: 1 }]);
  });

  test('complete before approve → 409; approve → approved, approvedBy; approve again → 409; complete → completed; then no changes (409)', async () => {
    const id = await create('/v2/orders/', { items: [{ articleId: soap, quantity: 5 }], userId: user.Carl, objectId });
    assertProblem(await req('POST', `/v2/orders/${id}/complete`), 409);
    assert.equal((await ok('GET', `/v2/orders/${id}`)).completed, false);

    assert.deepEqual(await ok('POST', `/v2/orders/${id}/approve`), { updated: true });
    const approved = await ok('GET', `/v2/orders/${id}`);
    assert.equal(approved.approved, true);
    assert.equal(approved.approvedBy, admin.userId);
    assert.ok(Date.parse(approved.approvedAt) > Date.now() - 60_000);
    assert.equal(approved.completed, false);
    assertProblem(await req('POST', `/v2/orders/${id}/approve`), 409);

    // An approved order may still change before it is completed.
    assert.deepEqual(await ok('PATCH', `/v2/orders/${id}`, { comment: 'deliver to the back door' }), { updated: true });
    assert.equal((await ok('GET', `/v2/orders/${id}`)).approved, true, 'a PATCH keeps the approval');

    assert.deepEqual(await ok('POST', `/v2/orders/${id}/complete`), { updated: true });
    const completed = await ok('GET', `/v2/orders/${id}`);
    assert.equal(completed.completed, true);
    assert.equal(completed.completedBy, admin.userId);
    assert.ok(completed.completedAt);
    assertProblem(await req('POST', `/v2/orders/${id}/complete`), 409);
    assertProblem(await req('POST', `/v2/orders/${id}/approve`), 409);
    assertProblem(await req('PATCH', `/v2/orders/${id}`, { comment: 'too late' }), 409);
    assertProblem(await req('PATCH', `/v2/orders/${id}`, { items: [{ articleId: soap, quantity: 50 }] }), 409);
    assert.deepEqual(await ok('GET', `/v2/orders/${id}`), completed);
    // Clients cannot set the read-only flags themselves: they are accepted and ignored.
    const fresh = await create('/v2/orders/', {
      items: [{ articleId: soap, quantity: 1 }],
      userId: user.Carl,
      objectId,
      completed: true,
    });
    await ok('PATCH', `/v2/orders/${fresh}`, { approved: true });
    assert.deepEqual(
      [(await ok('GET', `/v2/orders/${fresh}`)).approved, (await ok('GET', `/v2/orders/${fresh}`)).completed],
      [false, false],
    );
    assertProblem(await req('POST', `/v2/orders/${MISSING}/approve`), 404);
    assertProblem(await req('POST', `/v2/orders/${fresh}/approve`, undefined, other.headers), 404);
  });

  describe('GET /orders/: paging, filters, sort', () => {
    let lists: Tenant;
    const o: Record<string, Json> = {};
    const ids: Record<string, string> = {};

    /** Order names (o1..o3, by comment) a query lists, checking X-Total-Count. */
    async function names(query: string, total?: number): Promise<string[]> {
      const res = await call(t.app, 'GET', `/v2/orders/?${query}`, lists.headers);
      assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
      assert.equal(res.headers['x-total-count'], String(total ?? res.body.length), query);
      return res.body.map((x: Json) => x.comment);
    }
    const sorted = async (query: string) => (await names(query)).sort();
    async function bad(query: string, param: string) {
      assertProblem(await call(t.app, 'GET', `/v2/orders/?${query}`, lists.headers), 400, param);
    }

    before(async () => {
      lists = await signup(t.app, 'Orders');
      ids.U1 = lists.userId;
      ids.U2 = await create('/v2/users/', { general: { firstName: 'Ulla' } }, lists.headers);
      ids.O1 = await create('/v2/objects/', { name: 'O1' }, lists.headers);
      ids.O2 = await create('/v2/objects/', { name: 'O2' }, lists.headers);
      const article = await create('/v2/articles/', { name: 'Mop' }, lists.headers);
      const order = async (comment: string, userId: string, objectId: string) => {
        const id = await create(
          '/v2/orders/',
          { comment, userId, objectId, items: [{ articleId: article, quantity: 1 }] },
          lists.headers,
        );
        await sleep(5);
        return ok('GET', `/v2/orders/${id}`, undefined, 200, lists.headers);
      };
      o.o1 = await order('o1', ids.U1, ids.O1);
      o.o2 = await order('o2', ids.U2, ids.O1);
      o.o3 = await order('o3', ids.U2, ids.O2);
      await ok('POST', `/v2/orders/${o.o2._id}/approve`, undefined, 200, lists.headers);
      await ok('POST', `/v2/orders/${o.o3._id}/approve`, undefined, 200, lists.headers);
      await ok('POST', `/v2/orders/${o.o3._id}/complete`, undefined, 200, lists.headers);
    });

    test('newest first by default; limit and offset page; X-Total-Count is the whole count', async () => {
      assert.deepEqual(await names(''), ['o3', 'o2', 'o1']);
      assert.deepEqual(await names('limit=2', 3), ['o3', 'o2']);
      assert.deepEqual(await names('limit=2&offset=2', 3), ['o1']);
      assert.deepEqual(await names('offset=3', 3), []);
      await bad('limit=0', 'limit');
      await bad('limit=abc', 'limit');
      await bad('offset=-1', 'offset');
    });

    test('sort=status.createdAt:1 / number:-1 / comment:-1', async () => {
      assert.deepEqual(await names('sort=status.createdAt:1'), ['o1', 'o2', 'o3']);
      assert.deepEqual(await names('sort=number:-1'), ['o3', 'o2', 'o1']);
      assert.deepEqual(await names('sort=comment:-1&limit=1', 3), ['o3']);
      await bad('sort=nothing:1', 'sort');
    });

    test('field filters userId, objectId, completed, approved', async () => {
      assert.deepEqual(await sorted(`userId=${ids.U2}`), ['o2', 'o3']);
      assert.deepEqual(await sorted(`userId=${ids.U1}`), ['o1']);
      assert.deepEqual(await sorted(`objectId=${ids.O1}`), ['o1', 'o2']);
      assert.deepEqual(await sorted('completed=true'), ['o3']);
      assert.deepEqual(await sorted('completed=false'), ['o1', 'o2']);
      assert.deepEqual(await sorted('approved=true'), ['o2', 'o3']);
      assert.deepEqual(await sorted('approved=false'), ['o1']);
      assert.deepEqual(await sorted(`approved=true&completed=false&objectId=${ids.O1}`), ['o2']);
      await bad('completed=maybe', 'completed');
      await bad('userId=nobody', 'userId');
    });

    test('userIds, objectIds (comma lists)', async () => {
      assert.deepEqual(await sorted(`userIds=${ids.U1}`), ['o1']);
      assert.deepEqual(await sorted(`userIds=${ids.U1},${ids.U2}`), ['o1', 'o2', 'o3']);
      assert.deepEqual(await sorted(`userIds=${MISSING}`), []);
      assert.deepEqual(await sorted(`objectIds=${ids.O2}`), ['o3']);
      assert.deepEqual(await sorted(`objectIds=${ids.O1},${ids.O2}`), ['o1', 'o2', 'o3']);
      await bad('objectIds=x', 'objectIds');
    });

    test('createdRange=from,to', async () => {
      const at = (order: Json, shift = 0) => new Date(Date.parse(order.status.createdAt) + shift).toISOString();
      assert.deepEqual(await sorted(`createdRange=${at(o.o2)},${at(o.o3, 1)}`), ['o2', 'o3']);
      assert.deepEqual(await sorted(`createdRange=${at(o.o1, -1000)},${at(o.o1, 1)}`), ['o1']);
      assert.deepEqual(
        await sorted(
          `createdRange=${Date.parse(o.o1.status.createdAt) - 1000},${Date.parse(o.o3.status.createdAt) + 1}`,
        ),
        ['o1', 'o2', 'o3'],
      );
      assert.deepEqual(await sorted('createdRange=2000-01-01T00:00:00Z,2000-12-31T00:00:00Z'), []);
      await bad('createdRange=yesterday', 'createdRange');
      await bad('createdRange=2000-01-01T00:00:00Z', 'createdRange');
    });

    test('another company sees none of these orders', async () => {
      const res = await req('GET', '/v2/orders/?limit=1000');
      assert.ok(res.body.every((x: Json) => x.companyId === admin.companyId));
      assertProblem(await req('GET', `/v2/orders/${o.o1._id}`), 404);
    });
  });

  describe('employees', () => {
    test('with the default employee group an employee orders material for themselves', async () => {
      const res = await req(
        'POST',
        '/v2/orders/',
        { items: [{ articleId: soap, quantity: 1 }], userId: user.Bob, objectId },
        login.Bob,
      );
      assert.equal(res.status, 201, JSON.stringify(res.body));
    });

    describe('with materialOrders own/own granted to the employee group', () => {
      let annOrder: string;

      before(async () => {
        const group = ((await ok('GET', '/v2/accessGroups/')) as Json[]).find((g) => g.name === 'employee');
        await ok('PATCH', `/v2/accessGroups/${group._id}`, {
          permissions: { materialOrders: { read: 'own', write: 'own' } },
        });
      });

      test('an employee creates an order for themselves but not for others', async () => {
        annOrder = await create(
          '/v2/orders/',
          { items: [{ articleId: soap, quantity: 2 }], userId: user.Ann, objectId },
          login.Ann,
        );
        const order = await ok('GET', `/v2/orders/${annOrder}`, undefined, 200, login.Ann);
        assert.equal(order.userId, user.Ann);
        assert.equal(order.status.createdBy, user.Ann);
        assertProblem(
          await req(
            'POST',
            '/v2/orders/',
            { items: [{ articleId: soap, quantity: 1 }], userId: user.Bob, objectId },
            login.Ann,
          ),
          403,
        );
        const mine = await req('GET', '/v2/orders/', undefined, login.Ann);
        assert.deepEqual(
          mine.body.map((x: Json) => x._id),
          [annOrder],
        );
        assert.equal(mine.headers['x-total-count'], '1');
      });

      test('an employee may neither approve nor complete (403), not even their own order', async () => {
        assertProblem(await req('POST', `/v2/orders/${annOrder}/approve`, undefined, login.Ann), 403);
        assertProblem(await req('POST', `/v2/orders/${annOrder}/complete`, undefined, login.Ann), 403);
        const order = await ok('GET', `/v2/orders/${annOrder}`);
        assert.equal(order.approved, false);
        assert.equal(order.completed, false);
        await ok('POST', `/v2/orders/${annOrder}/approve`);
        assertProblem(await req('POST', `/v2/orders/${annOrder}/complete`, undefined, login.Ann), 403);
        assert.equal((await ok('GET', `/v2/orders/${annOrder}`)).completed, false);
      });

      test("an employee gets 404 for another user's order", async () => {
        const carls = await create('/v2/orders/', {
          items: [{ articleId: soap, quantity: 1 }],
          userId: user.Carl,
          objectId,
        });
        assertProblem(await req('GET', `/v2/orders/${carls}`, undefined, login.Ann), 404);
        assertProblem(await req('PATCH', `/v2/orders/${carls}`, { comment: 'mine now' }, login.Ann), 404);
        assertProblem(await req('DELETE', `/v2/orders/${carls}`, undefined, login.Ann), 404);
      });
    });
  });
});

describe('quality control', () => {
  let objectId: string;

  before(async () => {
    objectId = await create('/v2/objects/', { name: 'Quality House' });
  });

  test('rating outside 0..5 → 400; 0 and 5 are fine; an unknown object → 400', async () => {
    assertProblem(await req('POST', '/v2/qualityControl/', { rating: 5.1, objectId }), 400, 'rating');
    assertProblem(await req('POST', '/v2/qualityControl/', { rating: -1, objectId }), 400, 'rating');
    assertProblem(await req('POST', '/v2/qualityControl/', { rating: '4', objectId }), 400, 'rating');
    assertProblem(await req('POST', '/v2/qualityControl/', { objectId }), 400, 'rating');
    assertProblem(
      await req('POST', '/v2/qualityControl/', {
        rating: 3,
        objectId,
        roomChecks: [{ name: 'Hall', serviceChecks: [{ evaluation: 6 }] }],
      }),
      400,
    );
    assertProblem(await req('POST', '/v2/qualityControl/', { rating: 3, objectId: MISSING }), 400, 'objectId');
    const zero = await create('/v2/qualityControl/', { rating: 0, objectId, controlledAt: '2020-01-01T00:00:00.000Z' });
    const five = await create('/v2/qualityControl/', { rating: 5, objectId, controlledAt: '2020-01-02T00:00:00.000Z' });
    assert.equal((await ok('GET', `/v2/qualityControl/${zero}`)).rating, 0);
    assert.equal((await ok('GET', `/v2/qualityControl/${five}`)).rating, 5);
    assertProblem(await req('PATCH', `/v2/qualityControl/${five}`, { rating: 5.5 }), 400, 'rating');
    assert.equal((await ok('GET', `/v2/qualityControl/${five}`)).rating, 5);
  });

  test('GET /qualityControl/{id} returns the entry with roomChecks, images and the defaults', async () => {
    const body = {
      rating: 3.5,
      objectId,
      comment: 'mostly fine',
      verified: false,
      roomChecks: [
        {
          roomId: 'r-1',
          levelId: 'l-0',
          name: 'Kitchen',
          comment: 'sink dirty',
          serviceChecks: [
            { serviceTypeId: 'floor', evaluation: 4, evaluationType: 'stars', rated: true },
            { serviceTypeId: 'sink', evaluation: 2 },
          ],
          controlImages: [{ imageURL: 'https://img.example/sink.jpg', comment: 'sink', label: 'before' }],
        },
      ],
      images: ['https://img.example/overview.jpg'],
    };
    const id = await create('/v2/qualityControl/', body);
    const entry = await ok('GET', `/v2/qualityControl/${id}`);
    for (const [key, value] of Object.entries(body)) assert.deepEqual(entry[key], value, key);
    assert.equal(entry.objectManagerId, admin.userId, 'the assessor defaults to the author');
    assert.ok(Date.parse(entry.controlledAt) > Date.now() - 60_000, 'controlledAt defaults to now');
    assert.equal(entry.companyId, admin.companyId);
    assert.match(entry.chatId, /^[0-9a-f]{24}$/);
    assert.deepEqual(await ok('PATCH', `/v2/qualityControl/${id}`, { verified: true }), { updated: true });
    assert.equal((await ok('GET', `/v2/qualityControl/${id}`)).verified, true);
    assertProblem(await req('GET', `/v2/qualityControl/${id}`, undefined, other.headers), 404);
    assertProblem(await req('GET', `/v2/qualityControl/${MISSING}`), 404);
  });

  test('GET /objects/{id}/qualityReport: controls, averageRating, byMonth and worstRooms as computed by hand', async () => {
    const house = await create('/v2/objects/', { name: 'Report House' });
    const elsewhere = await create('/v2/objects/', { name: 'Other House' });
    const entry = (objectId: string, rating: number, controlledAt: string, roomChecks: unknown[] = []) =>
      create('/v2/qualityControl/', { objectId, rating, controlledAt, roomChecks });
    await entry(house, 4, '2026-01-10T10:00:00.000Z', [
      { name: 'Kitchen', serviceChecks: [{ evaluation: 3 }, { evaluation: 5 }] },
      { name: 'Hall', serviceChecks: [{ evaluation: 4 }] },
    ]);
    await entry(house, 2, '2026-01-20T10:00:00.000Z', [
      { name: 'Kitchen', serviceChecks: [{ evaluation: 1 }] },
      { roomId: 'r-9', serviceChecks: [{ evaluation: 2, rated: false }, { evaluation: 5 }] },
    ]);
    await entry(house, 5, '2026-02-05T10:00:00.000Z', [
      { name: 'Hall', serviceChecks: [{ evaluation: 5 }] },
      { name: 'Bath', serviceChecks: [{ evaluation: 2 }, { serviceTypeId: 'not rated yet' }] },
      { name: 'Lobby', serviceChecks: [{ evaluation: 4.8 }] },
      { name: 'Office', serviceChecks: [{ evaluation: 4.9 }] },
    ]);
    // Outside the period (before from, at the exclusive to) and at another object.
    await entry(house, 0, '2025-12-31T23:59:59.000Z', [{ name: 'Kitchen', serviceChecks: [{ evaluation: 0 }] }]);
    await entry(house, 1, '2026-03-01T00:00:00.000Z', [{ name: 'Bath', serviceChecks: [{ evaluation: 0 }] }]);
    await entry(elsewhere, 0, '2026-01-15T00:00:00.000Z', [{ name: 'Kitchen', serviceChecks: [{ evaluation: 0 }] }]);

    const report = await ok(
      'GET',
      `/v2/objects/${house}/qualityReport?from=2026-01-01T00:00:00.000Z&to=2026-03-01T00:00:00.000Z`,
    );
    // (4 + 2 + 5) / 3 = 3.666… → 3.67. January: (4 + 2) / 2 = 3; February: 5.
    // Rooms, by the mean of their rated service checks: Bath 2 (1), Kitchen (3+5+1)/3 = 3 (3), Hall (4+5)/2 = 4.5 (2),
    // Lobby 4.8 (1), Office 4.9 (1); r-9 5 (1: the unrated check does not count) is the sixth and left out.
    assert.deepEqual(report, {
      objectId: house,
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-03-01T00:00:00.000Z',
      controls: 3,
      averageRating: 3.67,
      byMonth: [
        { month: '2026-01', controls: 2, averageRating: 3 },
        { month: '2026-02', controls: 1, averageRating: 5 },
      ],
      worstRooms: [
        { room: 'Bath', checks: 1, averageRating: 2 },
        { room: 'Kitchen', checks: 3, averageRating: 3 },
        { room: 'Hall', checks: 2, averageRating: 4.5 },
        { room: 'Lobby', checks: 1, averageRating: 4.8 },
        { room: 'Office', checks: 1, averageRating: 4.9 },
      ],
    });
    // Epoch milliseconds work too, and a period without entries has no average.
    const january = await ok(
      'GET',
      `/v2/objects/${house}/qualityReport?from=${Date.parse('2026-01-01T00:00:00Z')}&to=${Date.parse('2026-02-01T00:00:00Z')}`,
    );
    assert.equal(january.controls, 2);
    assert.equal(january.averageRating, 3);
    assert.deepEqual(
      january.worstRooms.map((r: Json) => r.room),
      ['Kitchen', 'Hall', 'r-9'],
    );
    const empty = await ok(
      'GET',
      `/v2/objects/${house}/qualityReport?from=2019-01-01T00:00:00Z&to=2019-02-01T00:00:00Z`,
    );
    assert.deepEqual(empty, {
      objectId: house,
      from: '2019-01-01T00:00:00.000Z',
      to: '2019-02-01T00:00:00.000Z',
      controls: 0,
      averageRating: null,
      byMonth: [],
      worstRooms: [],
    });
  });

  test("a period over 3 years, or to before from → 400; another company's or an unknown object → 404", async () => {
    assertProblem(
      await req('GET', `/v2/objects/${objectId}/qualityReport?from=2020-01-01T00:00:00Z&to=2023-02-01T00:00:00Z`),
      400,
      'to',
    );
    assert.equal(
      (await req('GET', `/v2/objects/${objectId}/qualityReport?from=2020-01-01T00:00:00Z&to=2022-12-31T00:00:00Z`))
        .status,
      200,
    );
    assertProblem(
      await req('GET', `/v2/objects/${objectId}/qualityReport?from=2021-01-01T00:00:00Z&to=2020-01-01T00:00:00Z`),
      400,
      'to',
    );
    assertProblem(await req('GET', `/v2/objects/${objectId}/qualityReport?from=someday`), 400, 'from');
    assertProblem(await req('GET', `/v2/objects/${objectId}/qualityReport?period=1`), 400);
    const foreign = await create('/v2/objects/', { name: 'Not yours' }, other.headers);
    assertProblem(await req('GET', `/v2/objects/${foreign}/qualityReport`), 404);
    assertProblem(await req('GET', `/v2/objects/${MISSING}/qualityReport`), 404);
    assert.equal((await req('GET', `/v2/objects/${foreign}/qualityReport`, undefined, other.headers)).status, 200);
  });
});

describe('chats', () => {
  let objectId: string;
  let objectChat: string;

  const chatOf = async (collection: string, id: string, headers: Headers = admin.headers) =>
    (await ok('GET', `/v2/${collection}/${id}`, undefined, 200, headers)).chatId as string;
  const messages = (chatId: string, query = '', headers: Headers = admin.headers) =>
    req('GET', `/v2/chats/${chatId}/messages${query ? `?${query}` : ''}`, undefined, headers);
  const write = (chatId: string, body: unknown, headers: Headers = admin.headers) =>
    req('POST', `/v2/chats/${chatId}/messages`, body, headers);

  /** A text document uploaded for the object (multipart), returning its id. */
  async function uploadDocument(tenant: Tenant, owner: string): Promise<string> {
    const boundary = 'chat-test-boundary';
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="objectId"\r\n\r\n${owner}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo-note.txt"\r\nContent-Type: text/plain\r\n\r\nattached\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/documents/',
      headers: { ...tenant.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json()._id;
  }

  before(async () => {
    objectId = await create('/v2/objects/', { name: 'Chatty Office' });
    objectChat = await chatOf('objects', objectId);
  });

  test('the chats of an object, a job and a task: POST → 201; GET lists oldest first with authorId, entity, entityId', async () => {
    const jobId = await create('/v2/jobs/', { from: '2027-02-01T06:00:00Z', to: '2027-02-01T08:00:00Z', objectId });
    const taskId = await create('/v2/tasks/', { title: 'Talk about it' });
    const chats = {
      objects: [objectChat, objectId],
      jobs: [await chatOf('jobs', jobId), jobId],
      tasks: [await chatOf('tasks', taskId), taskId],
    } as const;
    assert.equal(new Set(Object.values(chats).map(([c]) => c)).size, 3, 'every record has its own chat');
    for (const [entity, [chatId, entityId]] of Object.entries(chats)) {
      const first = await write(chatId, { text: `first on ${entity}` });
      assert.equal(first.status, 201, JSON.stringify(first.body));
      assert.deepEqual(Object.keys(first.body), ['_id']);
      const second = await write(chatId, { text: `second on ${entity}` });
      assert.equal(second.status, 201);
      const res = await messages(chatId);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.headers['x-total-count'], '2');
      assert.deepEqual(
        res.body.map((m: Json) => ({ ...m, createdAt: undefined })),
        [
          {
            _id: first.body._id,
            chatId,
            authorId: admin.userId,
            text: `first on ${entity}`,
            documentIds: [],
            createdAt: undefined,
            entity,
            entityId,
          },
          {
            _id: second.body._id,
            chatId,
            authorId: admin.userId,
            text: `second on ${entity}`,
            documentIds: [],
            createdAt: undefined,
            entity,
            entityId,
          },
        ],
      );
      assert.ok(Date.parse(res.body[0].createdAt) <= Date.parse(res.body[1].createdAt));
      assert.ok(Date.parse(res.body[0].createdAt) > Date.now() - 60_000);
    }
  });

  test("a generated job's chat is named by its own id: it is written and read like any chat, and its messages stay its own", async () => {
    // Generated jobs have no entry in the chat index of jobs (migration 0028): their chat is found by the job's key.
    await create('/v2/assignments/', {
      objectId,
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=DAILY;COUNT=2',
        dtstart: '2027-03-01T06:00:00',
        dtend: '2027-03-01T07:00:00',
      },
    });
    const generated = (await ok('POST', '/v2/jobs/jobsInTimeFrame', {
      from: '2027-03-01T00:00:00Z',
      to: '2027-03-03T00:00:00Z',
      objectIds: [objectId],
    })) as Json[];
    assert.equal(generated.length, 2);
    const [monday, tuesday] = generated.sort((a, b) => (a.from < b.from ? -1 : 1));
    for (const job of [monday, tuesday]) assert.equal(job.chatId, job._id, 'named by its id');
    assert.equal((await write(monday.chatId, { text: 'Keys are at the desk' })).status, 201);
    const read = await messages(monday.chatId);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.deepEqual(
      read.body.map((m: Json) => [m.text, m.entity, m.entityId]),
      [['Keys are at the desk', 'jobs', monday._id]],
    );
    assert.equal((await messages(tuesday.chatId)).headers['x-total-count'], '0', "the other job's chat is its own");
    // A job made by hand keeps a chat id of its own, found through the index.
    const byHand = await create('/v2/jobs/', { from: '2027-03-05T06:00:00Z', to: '2027-03-05T08:00:00Z', objectId });
    const handChat = await chatOf('jobs', byHand);
    assert.notEqual(handChat, byHand);
    assert.equal((await write(handChat, { text: 'by hand' })).status, 201);
    assert.equal((await messages(byHand)).status, 404, 'its id names no chat');
  });

  test("documentIds: documents of the company are attached; unknown ones (or another company's) → 400", async () => {
    const documentId = await uploadDocument(admin, objectId);
    const attached = await write(objectChat, { text: 'see the photo', documentIds: [documentId, documentId] });
    assert.equal(attached.status, 201, JSON.stringify(attached.body));
    const listed = (await messages(objectChat, 'limit=200')).body;
    assert.deepEqual(listed.find((m: Json) => m._id === attached.body._id).documentIds, [documentId]);

    const before = (await messages(objectChat)).headers['x-total-count'];
    assertProblem(await write(objectChat, { text: 'ghost', documentIds: [MISSING] }), 400, 'documentIds');
    assertProblem(await write(objectChat, { text: 'mixed', documentIds: [documentId, MISSING] }), 400, 'documentIds');
    const foreignDocument = await uploadDocument(
      other,
      await create('/v2/objects/', { name: 'Foreign' }, other.headers),
    );
    assertProblem(await write(objectChat, { text: 'foreign', documentIds: [foreignDocument] }), 400, 'documentIds');
    assertProblem(await write(objectChat, { text: 'bad id', documentIds: ['nope'] }), 400);
    assert.equal((await messages(objectChat)).headers['x-total-count'], before, 'nothing written');
  });

  test('invalid messages → 400: empty text, too long, unknown fields', async () => {
    assertProblem(await write(objectChat, { text: '' }), 400);
    assertProblem(await write(objectChat, {}), 400);
    assertProblem(await write(objectChat, { text: 'x'.repeat(10_001) }), 400);
    assert.equal((await write(objectChat, { text: 'y'.repeat(10_000) })).status, 201);
    assertProblem(await write(objectChat, { text: 'hi', authorId: user.Carl }), 400);
  });

  test("an unknown chat id → 404; another company's chat → 404 (read and write)", async () => {
    assertProblem(await messages(MISSING), 404);
    assertProblem(await write(MISSING, { text: 'anyone?' }), 404);
    assertProblem(await messages('not-an-id'), 400);
    const before = (await messages(objectChat)).headers['x-total-count'];
    assertProblem(await messages(objectChat, '', other.headers), 404);
    assertProblem(await write(objectChat, { text: 'from B' }, other.headers), 404);
    assert.equal((await messages(objectChat)).headers['x-total-count'], before);
    // An object's id is not its chat id.
    assertProblem(await messages(objectId), 404);
  });

  test("an employee reads and writes the chat of their own job, and gets 404 for another user's job", async () => {
    const annJob = await create('/v2/jobs/', {
      from: '2027-02-02T06:00:00Z',
      to: '2027-02-02T08:00:00Z',
      objectId,
      userId: user.Ann,
    });
    const bobJob = await create('/v2/jobs/', {
      from: '2027-02-02T06:00:00Z',
      to: '2027-02-02T08:00:00Z',
      objectId,
      userId: user.Bob,
    });
    const annChat = await chatOf('jobs', annJob, login.Ann);
    const bobChat = await chatOf('jobs', bobJob);
    await ok('POST', `/v2/chats/${annChat}/messages`, { text: 'Manager: bring the keys' }, 201);
    const written = await write(annChat, { text: 'Ann: will do' }, login.Ann);
    assert.equal(written.status, 201, JSON.stringify(written.body));
    const read = await messages(annChat, '', login.Ann);
    assert.equal(read.status, 200);
    assert.deepEqual(
      read.body.map((m: Json) => [m.authorId, m.text, m.entity, m.entityId]),
      [
        [admin.userId, 'Manager: bring the keys', 'jobs', annJob],
        [user.Ann, 'Ann: will do', 'jobs', annJob],
      ],
    );
    await ok('POST', `/v2/chats/${bobChat}/messages`, { text: 'for Bob only' }, 201);
    assertProblem(await messages(bobChat, '', login.Ann), 404);
    assertProblem(await write(bobChat, { text: 'Ann was here' }, login.Ann), 404);
    assert.deepEqual(
      (await messages(bobChat)).body.map((m: Json) => m.text),
      ['for Bob only'],
    );
    // Tasks are not the employee's area at all.
    const taskChat = await chatOf('tasks', await create('/v2/tasks/', { title: 'Not for Ann' }));
    assertProblem(await messages(taskChat, '', login.Ann), 404);
  });

  test('limit and offset page the messages; X-Total-Count is the whole count', async () => {
    const chatId = await chatOf('objects', await create('/v2/objects/', { name: 'Paging Office' }));
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++)
      ids.push((await ok('POST', `/v2/chats/${chatId}/messages`, { text: `m${i}` }, 201))._id);
    const page = await messages(chatId, 'limit=2&offset=1');
    assert.equal(page.status, 200);
    assert.deepEqual(
      page.body.map((m: Json) => m.text),
      ['m2', 'm3'],
    );
    assert.deepEqual(
      page.body.map((m: Json) => m._id),
      ids.slice(1, 3),
    );
    assert.equal(page.headers['x-total-count'], '5');
    const all = await messages(chatId);
    assert.deepEqual(
      all.body.map((m: Json) => m.text),
      ['m1', 'm2', 'm3', 'm4', 'm5'],
    );
    const tail = await messages(chatId, 'limit=10&offset=4');
    assert.deepEqual(
      tail.body.map((m: Json) => m.text),
      ['m5'],
    );
    assert.equal(tail.headers['x-total-count'], '5');
    assertProblem(await messages(chatId, 'limit=0'), 400, 'limit');
    assertProblem(await messages(chatId, 'limit=201'), 400, 'limit');
    assertProblem(await messages(chatId, 'offset=-1'), 400, 'offset');
    assertProblem(await messages(chatId, 'before=1'), 400);
  });

  test('X-Total-Count stays the whole count when offset is past the last message', async () => {
    const chatId = await chatOf('objects', await create('/v2/objects/', { name: 'Past the end' }));
    for (let i = 1; i <= 5; i++) await ok('POST', `/v2/chats/${chatId}/messages`, { text: `m${i}` }, 201);
    const res = await messages(chatId, 'offset=5');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, []);
    assert.equal(res.headers['x-total-count'], '5');
  });
});
