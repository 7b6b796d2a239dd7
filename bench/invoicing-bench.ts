// Rendering benchmark: 1,000 issued invoices of 12 positions each (seeded over HTTP), then every
// invoice rendered through the real server as PDF, as XRechnung UBL, and as ZUGFeRD (PDF/A-3 with
// the CII XML), a few requests in flight. Prints the time for each kind and in all.
// Usage: npm run bench:invoicing   (BENCH_DATABASE_URL, BENCH_INVOICES, BENCH_CONCURRENCY)
import { randomBytes } from 'node:crypto';
import { rssMiB, startCrewbase } from './lib/child-server.js';
import { positiveInt, runBenchmark } from './lib/lifecycle.js';
import { formatTable } from './lib/load.js';
import { createDatabase } from './lib/scratch-database.js';
import { BENCH_SELLER } from './lib/fixtures.js';

const INVOICES = positiveInt('BENCH_INVOICES', 1000);
const CONCURRENCY = positiveInt('BENCH_CONCURRENCY', 4);

async function request(base: string, method: string, path: string, token: string, body?: unknown): Promise<Response> {
  const response = await fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function inParallel(
  label: string,
  count: number,
  task: (i: number) => Promise<number | undefined>,
): Promise<{ seconds: number; bytes: number }> {
  let next = 0;
  let bytes = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const size = (await task(i)) ?? 0; // awaited first: `bytes += await …` would read bytes before the await
        bytes += size;
        if ((i + 1) % 250 === 0) console.log(`  ${label}: ${i + 1}/${count}`);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, bytes };
}

const POSITIONS = [
  ['Unterhaltsreinigung Büro', 'm²', 0.0825, 1240],
  ['Treppenhausreinigung', 'Stk', 38.5, 4],
  ['Glasreinigung', 'h', 32.5, 6],
  ['Sonderreinigung Teppich', 'm²', 2.15, 85],
  ['Hygieneartikel', 'Stk', 1.19, 120],
  ['Grundreinigung Küche', 'pauschal', 145, 1],
] as const;

async function main() {
  const databaseUrl = await createDatabase();
  const server = await startCrewbase(databaseUrl, {
    SIGNUP: 'open',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    WEBHOOK_WORKER: 'off',
  });
  const signup = (await (
    await fetch(`${server.base}/v2/company/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        companyName: 'Glanz Gebäudedienste GmbH',
        username: 'bench_invoicing',
        password: randomBytes(12).toString('base64url'),
      }),
    })
  ).json()) as { accessToken: string };
  const token = signup.accessToken;
  await request(server.base, 'PATCH', '/v2/company/invoicingSettings', token, {
    seller: BENCH_SELLER,
  });
  console.log(`seeding ${INVOICES} issued invoices`);
  const customers: string[] = [];
  for (let i = 0; i < 50; i++) {
    customers.push(
      (
        (await (
          await request(server.base, 'POST', '/v2/customers/', token, {
            name: `Hausverwaltung ${i}`,
            address: { street: `Weg ${i}`, zip: '20095', city: 'Hamburg', country: 'DE' },
            contact: { email: `ap${i}@kunde.example` },
            buyerReference: `04011000-${10000 + i}-67`,
            vatNumber: `DE${100000000 + i}`,
          })
        ).json()) as { _id: string }
      )._id,
    );
  }
  const ids: string[] = [];
  const seeding = await inParallel('seeded', INVOICES, async (i): Promise<undefined> => {
    const positions = Array.from({ length: 12 }, (_, k) => {
      const [title, unit, price, quantity] = POSITIONS[(i + k) % POSITIONS.length]!;
      return {
        title: `${title} ${k + 1}`,
        unit,
        price,
        quantity,
        tax: k === 11 ? 0.07 : 0.19,
        ...(k === 3 ? { discount: 0.05 } : {}),
      };
    });
    const { _id } = (await (
      await request(server.base, 'POST', '/v2/invoices/', token, {
        customerId: customers[i % customers.length],
        servicePeriod: { from: '2026-10-01', to: '2026-10-31' },
        positions,
      })
    ).json()) as { _id: string };
    await request(server.base, 'POST', `/v2/invoices/${_id}/issue`, token);
    ids[i] = _id;
  });
  console.log(`seeded in ${seeding.seconds.toFixed(1)} s`);

  const rows: string[][] = [];
  let total = 0;
  for (const [label, suffix] of [
    ['PDF', 'pdf'],
    ['XRechnung UBL', 'xrechnung?syntax=ubl'],
    ['ZUGFeRD', 'zugferd'],
  ] as const) {
    const run = await inParallel(
      label,
      ids.length,
      async (i) =>
        (await (await request(server.base, 'GET', `/v2/invoices/${ids[i]}/${suffix}`, token)).arrayBuffer()).byteLength,
    );
    total += run.seconds;
    rows.push([
      label,
      String(ids.length),
      run.seconds.toFixed(1),
      (ids.length / run.seconds).toFixed(1),
      String(Math.round(run.bytes / ids.length)),
      rssMiB(server.child.pid!).toFixed(0),
    ]);
    console.log(`${label}: ${ids.length} in ${run.seconds.toFixed(1)} s`);
  }
  console.log(
    `\nrendering ${ids.length} invoices of 12 positions (${CONCURRENCY} requests in flight, through HTTP)\n${formatTable(['format', 'documents', 'seconds', 'docs/s', 'bytes/doc', 'RSS MiB'], rows)}`,
  );
  console.log(`all three formats: ${total.toFixed(1)} s (target for 1,000: under 60 s per format)`);
}

runBenchmark(main);
