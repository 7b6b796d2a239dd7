// A busy cleaning company for the console's accessibility and Lighthouse checks: 36 employees (the first one a
// crew user with a password), 12 objects, 144 jobs this week plus two of the crew user's today and an unassigned
// one, an approved absence (a band on the board), an absence and three time entries waiting for approval,
// 20 customers, invoices issued, paid, partly paid, cancelled, drafted and overdue with a reminder, an offer.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { thisWeekAt } from './console-browser.js';
import { createBuyer, setUpSeller } from './invoicing-fixtures.js';
import { call } from './test-app.js';

export const BUSY_OFFICE = {
  admin: { username: 'office-admin', password: 'correct-horse-battery' },
  crew: { username: 'lena.crew', password: 'lena-password-1' },
};

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const FIRST = ['Lena', 'Ben', 'Cara', 'David', 'Emma', 'Felix', 'Greta', 'Hakan', 'Ida', 'Jonas', 'Klara', 'Lukas'];
const LAST = ['Adler', 'Berger', 'Conrad'];

async function inBatches<T>(count: number, make: (i: number) => Promise<T>, size = 12): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size)
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  return out;
}

/** Signs the company up and fills it; returns the administrator's API headers. */
export async function seedBusyOffice(app: FastifyInstance): Promise<Record<string, string>> {
  const { admin, crew } = BUSY_OFFICE;
  const signup = await call(
    app,
    'POST',
    '/v2/company/signup',
    {},
    { companyName: 'Glanz & Partner GmbH', username: admin.username, password: admin.password },
  );
  assert.equal(signup.status, 201, JSON.stringify(signup.body));
  const headers = { authorization: `Bearer ${signup.body.accessToken}` };
  const api = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await call(app, method, url, headers, body);
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const groups = (await api('GET', '/v2/accessGroups/')) as Array<{ _id: string; name: string }>;
  const employeeGroup = groups.find((group) => group.name === 'employee')!._id;

  const people = await inBatches(36, (i) =>
    api('POST', '/v2/users/', {
      id: i === 0 ? crew.username : `person${i}`,
      ...(i === 0 ? { password: crew.password, accessGroupId: employeeGroup } : {}),
      general: { firstName: FIRST[i % 12], lastName: LAST[Math.floor(i / 12)] },
    }).then((user) => user._id as string),
  );
  const objects = await inBatches(12, (i) =>
    api('POST', '/v2/objects/', { name: `Objekt ${i + 1}`, address: { city: 'Hamburg' } }).then((o) => o._id as string),
  );
  await inBatches(144, (i) => {
    const day = Math.floor(i / 36) + (i % 3);
    const hour = 6 + (i % 4) * 2;
    return api('POST', '/v2/jobs/', {
      userId: people[i % 36],
      objectId: objects[i % 12],
      from: thisWeekAt(day, hour),
      to: thisWeekAt(day, hour + 2),
    });
  });
  const now = Date.now();
  for (const minutes of [-10, 90])
    await api('POST', '/v2/jobs/', {
      userId: people[0],
      objectId: objects[0],
      from: new Date(now + minutes * 60_000).toISOString(),
      to: new Date(now + (minutes + 60) * 60_000).toISOString(),
    });
  await api('POST', '/v2/jobs/', { objectId: objects[1], from: thisWeekAt(2, 8), to: thisWeekAt(2, 10) });
  const approved = await api('POST', '/v2/absences/', {
    type: 1,
    userId: people[3],
    dtStart: thisWeekAt(1, 0),
    dtEnd: thisWeekAt(3, 20),
  });
  await api('POST', `/v2/absences/${approved._id}/approve`);
  await api('POST', '/v2/absences/', {
    type: 2,
    userId: people[4],
    dtStart: thisWeekAt(9, 0),
    dtEnd: thisWeekAt(11, 20),
  });
  for (const i of [5, 6, 7])
    await api('POST', '/v2/timeTracking/', {
      userId: people[i],
      timeStart: thisWeekAt(0, 6),
      timeEnd: thisWeekAt(0, 9),
    });

  await setUpSeller(app, headers);
  const customers = [await createBuyer(app, headers)];
  for (let i = 1; i < 20; i++)
    customers.push(
      await createBuyer(app, headers, {
        name: `Hausverwaltung ${String(i).padStart(2, '0')} GmbH`,
        contact: { email: `rechnung${i}@hv.example` },
      }),
    );
  const invoice = async (customer: string, date?: string, draft = false) => {
    const { _id } = await api('POST', '/v2/invoices/', {
      customerId: customer,
      ...(date ? { documentDate: date } : {}),
      positions: [{ title: 'Unterhaltsreinigung', quantity: 20, unit: 'Std', price: 28.5, tax: 0.19 }],
    });
    if (!draft) await api('POST', `/v2/invoices/${_id}/issue`);
    return _id as string;
  };
  await invoice(customers[1]!, daysAgo(60));
  await api('POST', '/v2/invoiceReminders/run', { date: daysAgo(30) });
  await invoice(customers[2]!, daysAgo(40));
  await invoice(customers[3]!, undefined, true);
  await api('POST', '/v2/payments/', { invoiceId: await invoice(customers[4]!), amount: 100, date: daysAgo(1) });
  await api('POST', '/v2/payments/', { invoiceId: await invoice(customers[5]!), amount: 678.3, date: daysAgo(1) });
  await api('POST', `/v2/invoices/${await invoice(customers[6]!)}/cancel`);
  for (let i = 7; i < 20; i++) await invoice(customers[i]!);
  await invoice(customers[0]!);
  const offer = await api('POST', '/v2/offers/', {
    customerId: customers[0],
    title: 'Grundreinigung',
    positions: [{ title: 'Grundreinigung', quantity: 1, price: 900, tax: 0.19 }],
  });
  await api('POST', `/v2/offers/${offer._id}/issue`);
  await api('POST', '/v2/objects/', { name: 'Lager Ost', customerId: customers[0], address: { city: 'Hamburg' } });
  return headers;
}
