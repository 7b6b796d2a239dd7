// Shared by the invoicing suites: HTTP shorthands, calendar arithmetic for due dates, the event
// feed poller and a small PDF reader (inflates pdfkit's content streams and joins the text runs).
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { call, type Tenant } from '../helpers/test-app.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
export type Headers = Record<string, string>;

export function http(app: () => FastifyInstance) {
  const req = (method: Method, url: string, headers: Headers, body?: unknown) => call(app(), method, url, headers, body);
  /** The request must answer `status`; returns the body. */
  async function ok(method: Method, url: string, headers: Headers, body?: unknown, status = 200) {
    const res = await req(method, url, headers, body);
    assert.equal(res.status, status, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  /** Raw bytes of a GET (PDFs). */
  async function raw(url: string, headers: Headers) {
    const res = await app().inject({ method: 'GET', url, headers });
    return { status: res.statusCode, bytes: res.rawPayload, headers: res.headers, body: res.body };
  }
  return { req, ok, raw };
}

/** A problem+json answer with this status (and, when given, an error naming `path`). */
export function assertProblem(res: { status: number; body: any }, status: number, path?: string) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.status, status, JSON.stringify(res.body));
  if (path) assert.ok(res.body.errors?.some((e: { path: string }) => e.path === path), `an error naming ${path}: ${JSON.stringify(res.body)}`);
}

export const DAY = 86_400_000;
/** YYYY-MM-DD plus n calendar days. */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** Today in UTC. */
export const utcToday = () => new Date().toISOString().slice(0, 10);
/** Today in the company's default time zone (Europe/Berlin): the date of documents dated by the server. */
export const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every event of the tenant so far, polled until `done` holds (PostgreSQL serves an event once older transactions ended). */
export async function eventsUntil(app: FastifyInstance, tenant: Tenant, done: (events: any[]) => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const events: any[] = [];
    let cursor = '';
    for (;;) {
      const res = await call(app, 'GET', `/v2/events?limit=1000${cursor ? `&after=${cursor}` : ''}`, tenant.headers);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      events.push(...res.body);
      if (res.body.length < 1000) break;
      cursor = String(res.headers['x-next-cursor']);
    }
    if (done(events)) return events;
    if (Date.now() > deadline) assert.fail(`the event feed did not show ${what} within 20 s`);
    await sleep(100);
  }
}

/** The streams of a PDF, inflated where they are Flate-compressed (others as stored). */
export function pdfStreams(pdf: Buffer): Buffer[] {
  const text = pdf.toString('latin1');
  const streams: Buffer[] = [];
  const re = /(?<!end)stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    try { streams.push(inflateSync(bytes)); } catch { streams.push(bytes); }
    re.lastIndex = end;
  }
  return streams;
}

/** The text runs of pdfkit's page content (one string per TJ), decoded from WinAnsi hex strings. */
export function pdfTextRuns(pdf: Buffer): string[] {
  const runs: string[] = [];
  for (const stream of pdfStreams(pdf)) {
    const content = stream.toString('latin1');
    for (const tj of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      runs.push(Buffer.from(hex, 'hex').toString('latin1').replace(/\x80/g, '€').replace(/\x96/g, '–'));
    }
  }
  return runs;
}
