// Writes src/platform/openapi/examples.generated.ts: request and response examples of the main flow,
// captured from a real run (in-memory database), so the document's examples are what the API
// answers. Ids become stable sample ids, tokens and keys placeholders. Run after a shape changes:
//   npx tsx scripts/capture-openapi-examples.ts
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/platform/db/database.js';
import { migrate } from '../src/platform/db/migrate.js';
import { operationIdOf } from '../src/platform/openapi/operation-ids.js';
import { SELLER } from '../test/helpers/invoicing-fixtures.js';

const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-examples-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  JWT_SECRET: 'examples-secret-0123456789abcdef0123',
  LOG_LEVEL: 'silent',
  WEBHOOK_WORKER: 'off',
  // The examples' company signs up as the first hour does on an open server, without a proof of work.
  SIGNUP: 'open',
  SIGNUP_PROOF_BITS: '0',
  SMS_UNVERIFIED: 'allow',
  SMS_SINK: `file:${join(dataDir, 'sms.jsonl')}`,
});
const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
await migrate(database);
const app = await createApp({ config, database, logger: false, resolveHost: async () => ['93.184.216.34'] });
await app.ready();

const captured: Record<string, { request?: unknown; response?: unknown }> = {};
let headers: Record<string, string> = {};

/** The answer's JSON (undefined for another type); T for an answer whose fields are read further than a field. */
async function call<T = Record<string, unknown>>(
  method: string,
  url: string,
  body?: unknown,
  keep: boolean | string = true,
): Promise<T> {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  const parsed = res.headers['content-type']?.toString().includes('json') ? res.json() : undefined;
  const id =
    typeof keep === 'string'
      ? keep
      : operationIdOf(method, url.split('?')[0]!.replace(/\/[0-9a-f]{24}(?=\/|$)/g, '/{id}'));
  if (keep && !captured[id])
    captured[id] = {
      ...(body === undefined ? {} : { request: body }),
      ...(parsed === undefined ? {} : { response: Array.isArray(parsed) ? parsed.slice(0, 2) : parsed }),
    };
  return parsed as T;
}

const now = Date.now();
const iso = (offsetMinutes: number) =>
  new Date(Math.floor(now / 60_000) * 60_000 + offsetMinutes * 60_000).toISOString();
const password = 'correct-horse-battery';

const signup = await call('POST', '/v2/company/signup', {
  companyName: 'Glanz & Co. Gebäudereinigung',
  username: 'anna.admin',
  password,
});
headers = { authorization: `Bearer ${signup.accessToken}` };
const login = await call('POST', '/v2/auth/login', { username: 'anna.admin', password, type: 'dashboard' });
await call('POST', '/v2/auth/refresh', { refreshToken: login.refreshToken });
await call('POST', '/v2/apiKeys', { name: 'Nightly export', scopes: ['read'] });
await call('GET', '/v2/apiKeys');
await call(
  'PATCH',
  '/v2/company/invoicingSettings',
  {
    seller: SELLER,
  },
  false,
);

const customer = await call('POST', '/v2/customers/', {
  name: 'Muster Immobilien GmbH',
  contactPerson: 'Max Muster',
  address: { street: 'Lindenweg 5', zip: '20095', city: 'Hamburg', country: 'DE' },
  contact: { email: 'buchhaltung@muster-immobilien.example', telephone: '+49 40 123456' },
  vatNumber: 'DE811907980',
});
await call('GET', `/v2/customers/${customer._id}`);
await call('GET', '/v2/customers/?limit=2&sort=number:1');
await call('PATCH', `/v2/customers/${customer._id}`, { contactPerson: 'Erika Muster' });
const object = await call('POST', '/v2/objects/', {
  name: 'Bürohaus Lindenweg',
  customerId: customer._id,
  address: { street: 'Lindenweg 5', zip: '20095', city: 'Hamburg', country: 'DE' },
  contact: { phone: '+49 40 654321' },
  securityCode: '4711',
  tags: ['office'],
});
await call('GET', `/v2/objects/${object._id}`);
const employee = await call('POST', '/v2/users/', { general: { firstName: 'Ben', lastName: 'Berger' } });
const user = await call('GET', `/v2/users/${employee._id}`);
await call('GET', `/v2/users/${user.number}/byNumber`, undefined, 'users.getByNumber');
await call('POST', '/v2/users/filter', {
  filters: [{ field: 'general.lastName', type: 'string', op: 'eq', value: 'Berger' }],
  limit: 10,
  skip: 0,
});
const start = new Date(now - 2 * 3600_000);
const local = (d: Date) => d.toISOString().slice(0, 16);
const assignment = await call('POST', '/v2/assignments/', {
  objectId: object._id,
  customerId: customer._id,
  title: 'Office cleaning',
  iCalendar: {
    tzid: 'UTC',
    rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
    dtstart: local(start),
    dtend: local(new Date(start.getTime() + 3 * 3600_000)),
  },
});
await call('GET', `/v2/assignments/${assignment._id}`);
const job = await call('POST', '/v2/jobs/', {
  from: iso(-60),
  to: iso(60),
  objectId: object._id,
  title: 'Window cleaning',
});
await call('POST', `/v2/jobs/${job._id}/assign`, { userIds: [signup.userId] });
await call('POST', '/v2/jobs/jobsInTimeFrame', {
  from: String(now - 2 * 3600_000),
  to: String(now + 2 * 3600_000),
  ids: [job._id],
});
await call('POST', `/v2/jobs/${job._id}/start`, { time: iso(-50), location: { latitude: 53.5511, longitude: 9.9937 } });
const stopped = await call('POST', `/v2/jobs/${job._id}/stop`, { time: iso(-5), break: 0 });
await call('GET', `/v2/jobs/${job._id}`);
await call('GET', `/v2/timeTracking/${stopped._id}`);
await call('POST', `/v2/timeTracking/${stopped._id}/approve`);
await call('GET', '/v2/salaries/?limit=2');

const invoice = await call('POST', '/v2/invoices/', {
  customerId: customer._id,
  positions: [{ title: 'Office cleaning, March', quantity: 12, price: 35, tax: 0.19 }],
});
await call('POST', `/v2/invoices/${invoice._id}/issue`);
await call('GET', `/v2/invoices/${invoice._id}`);
await call('POST', '/v2/integrations/webhooks/', {
  type: 'CREATE',
  entity: 'customer',
  url: 'https://hooks.example.com/crewbase',
});
const [hook] = await call<{ _id: string }[]>('GET', '/v2/integrations/webhooks/');
await call('PATCH', `/v2/integrations/webhooks/${hook!._id}`, {
  url: 'https://hooks.example.com/crewbase/customers',
});
const task = await call('POST', '/v2/tasks/', {
  title: 'Replace the door lock',
  priority: 'high',
  related: { objects: [object._id] },
});
await call('POST', `/v2/tasks/${task._id}/complete`, { sendEmail: false });
const absence = await call('POST', '/v2/absences/', {
  userId: signup.userId,
  type: 1,
  dtStart: '2027-03-01T00:00:00Z',
  dtEnd: '2027-03-03T00:00:00Z',
});
await call('PATCH', `/v2/absences/${absence._id}`, { desc: 'Family visit', dtEnd: '2027-03-04T00:00:00Z' });
await call('GET', '/v2/absences/self?limit=2', undefined);
const article = await call('POST', '/v2/articles/', { name: 'Glass cleaner 1 l' });
await call('GET', '/v2/articles/lastNumber');
const order = await call('POST', '/v2/orders/', {
  items: [{ articleId: article._id, quantity: 6 }],
  userId: employee._id,
  objectId: object._id,
});
await call('GET', '/v2/orders/?limit=2');
void order;
const check = await call('POST', '/v2/qualityControl/', { rating: 4, objectId: object._id });
await call('GET', `/v2/qualityControl/${check._id}`);
await call('GET', '/v2/tasks/?limit=2');
await call('GET', '/v2/users/?limit=2');
await call('GET', '/v2/timeTracking/?limit=2');
await call('POST', '/v2/paymentTerms/', { name: '14 Tage netto', netDays: 14 });
await call('GET', '/v2/paymentTerms/?limit=2');
const boundary = 'example-boundary';
const upload = await app.inject({
  method: 'POST',
  url: '/v2/documents/',
  headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload: [
    `--${boundary}\r\nContent-Disposition: form-data; name="objectId"\r\n\r\n${object._id}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cleaning-plan.txt"\r\nContent-Type: text/plain\r\n\r\nMonday: offices, Wednesday: stairs\r\n`,
    `--${boundary}--\r\n`,
  ].join(''),
});
if (upload.statusCode !== 201) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
captured['documents.create'] = { response: upload.json() };
await call('GET', `/v2/objects/${object._id}/documents`);
await call('GET', `/v2/documents/${upload.json()._id}`);
await call('DELETE', `/v2/documents/${upload.json()._id}`);
await call('GET', `/v2/integrations/webhooks/${hook!._id}`);
await call('DELETE', `/v2/integrations/webhooks/${hook!._id}`);
const spare = await call('POST', '/v2/customers/', { name: 'Spare customer' }, false);
await call('DELETE', `/v2/customers/${spare._id}`);
await call('GET', '/v2/events?limit=2');
await call('POST', '/v2/auth/requestAuthCode', { telephone: '+4915112345678' });
await call('POST', '/v2/account/change-password', {
  currentPassword: password,
  newPassword: 'battery-staple-horse-correct',
});

await app.close();
rmSync(dataDir, { recursive: true, force: true });

// Stable sample ids in order of appearance; tokens and keys as placeholders.
const ids = new Map<string, string>();
const text = JSON.stringify(captured, (key, value) => {
  if (typeof value !== 'string') return value;
  if (key === 'prefix' && value.startsWith('cbk_')) return 'cbk_Ab3dEf_0';
  if (/^(accessToken|refreshToken|key|secret)$/.test(key))
    return key === 'key'
      ? 'cbk_Ab3dEf_0123456789abcdefghijklmnopqrstuv'
      : key === 'secret'
        ? 'whsec_c2FtcGxlLXNpZ25pbmctc2VjcmV0'
        : 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2NWYxYzBkZTAwMDAwMDAwMDAwMDAwMDIifQ.c2lnbmF0dXJl';
  if (/^[0-9a-f]{24}$/.test(value)) {
    if (!ids.has(value)) ids.set(value, `65f1c0de00000000000000${(ids.size + 1).toString(16).padStart(2, '0')}`);
    return ids.get(value);
  }
  if (/^eyJ/.test(value)) return 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2NWYxYzBkZTAwMDAwMDAwMDAwMDAwMDIifQ.c2lnbmF0dXJl';
  return value;
}).replace(/[0-9a-f]{24}/g, (id) => ids.get(id) ?? id);
const entries = Object.entries(JSON.parse(text)).map(
  ([id, example]) => `  ${JSON.stringify(id)}: ${JSON.stringify(example)},`,
);
writeFileSync(
  join(import.meta.dirname, '../src/platform/openapi/examples.generated.ts'),
  [
    '// Generated by scripts/capture-openapi-examples.ts from a real run; do not edit by hand.',
    'export const CAPTURED_EXAMPLES: Record<string, { request?: unknown; response?: unknown }> = {',
    ...entries,
    '};',
    '',
  ].join('\n'),
);
console.log(`${entries.length} operations captured`);
