// Shared by the invoicing suites: HTTP shorthands (headers before the body), calendar arithmetic
// for due dates and a small PDF reader (inflates pdfkit's content streams and joins the text runs).
// The problem+json check and the event feed poller come from test/helpers and are re-exported here.
import { inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { requester, type Headers, type Method } from '../helpers/http-assertions.js';

export { assertProblem, type Headers, type Method } from '../helpers/http-assertions.js';
export { eventsUntil } from '../helpers/event-feed.js';

export function http(app: () => FastifyInstance) {
  const shared = requester(app);
  const req = (method: Method, url: string, headers: Headers, body?: unknown) => shared.req(method, url, body, headers);
  /** The request must answer `status`; returns the body. */
  const ok = (method: Method, url: string, headers: Headers, body?: unknown, status = 200) => shared.ok(method, url, body, status, headers);
  /** Raw bytes of a GET (PDFs). */
  async function raw(url: string, headers: Headers) {
    const res = await app().inject({ method: 'GET', url, headers });
    return { status: res.statusCode, bytes: res.rawPayload, headers: res.headers, body: res.body };
  }
  return { req, ok, raw };
}

export const DAY = 86_400_000;
/** YYYY-MM-DD plus n calendar days. */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** Today in UTC. */
export const utcToday = () => new Date().toISOString().slice(0, 10);
/** Today in the company's default time zone (Europe/Berlin): the date of documents dated by the server. */
export const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

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
