// Shared by the invoicing suites: HTTP shorthands (headers before the body), calendar arithmetic
// for due dates and PDF readers (the streams inflated; text, fonts and attachments through poppler and qpdf)
// and a generated PNG.
// The problem+json check and the event feed poller come from test/helpers and are re-exported here.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { requester, type Headers, type Method } from '../helpers/http-assertions.js';

export { assertProblem, type Headers, type Method } from '../helpers/http-assertions.js';
export { eventsUntil } from '../helpers/event-feed.js';

export function http(app: () => FastifyInstance) {
  const shared = requester(app);
  const req = (method: Method, url: string, headers: Headers, body?: unknown) => shared.req(method, url, body, headers);
  /** The request must answer `status`; returns the body. */
  const ok = (method: Method, url: string, headers: Headers, body?: unknown, status = 200) =>
    shared.ok(method, url, body, status, headers);
  /** Raw bytes of a GET (PDFs). */
  async function raw(url: string, headers: Headers) {
    const res = await app().inject({ method: 'GET', url, headers });
    return { status: res.statusCode, bytes: res.rawPayload, headers: res.headers, body: res.body };
  }
  return { req, ok, raw };
}

export const DAY = 86_400_000;
/** YYYY-MM-DD plus n calendar days. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** Today in UTC. */
export const utcToday = () => new Date().toISOString().slice(0, 10);
/** Today in the company's default time zone (Europe/Berlin): the date of documents dated by the server. */
export const berlinToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

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
    try {
      streams.push(inflateSync(bytes));
    } catch {
      streams.push(bytes);
    }
    re.lastIndex = end;
  }
  return streams;
}

/** Runs a poppler tool (pdftotext, pdffonts, qpdf …) on the PDF in a temporary file; returns its stdout. */
export function onPdfFile(pdf: Buffer, command: string, args: (file: string) => string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const run = spawnSync(command, args(file), { encoding: 'utf8' });
    if (run.error) throw run.error;
    if (run.status !== 0) throw new Error(`${command} exited ${run.status}: ${run.stderr}`);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The text of a PDF as laid out on its pages (pdftotext -layout; pages separated by form feeds).
 * Embedded fonts put glyph ids into the content streams, so the text is read the way a viewer reads it.
 */
export const pdfText = (pdf: Buffer) => onPdfFile(pdf, 'pdftotext', (file) => ['-layout', '-enc', 'UTF-8', file, '-']);

/** The lines of the PDF's text with runs of spaces (the gaps between columns) shortened to one. */
export const pdfLines = (pdf: Buffer) =>
  pdfText(pdf)
    .split(/\n|\f/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** The fonts a PDF uses (pdffonts): name, type and whether it is embedded. */
export function pdfFonts(pdf: Buffer): Array<{ name: string; type: string; embedded: boolean }> {
  const lines = onPdfFile(pdf, 'pdffonts', (file) => [file])
    .split('\n')
    .slice(2)
    .filter((l) => l.trim());
  return lines.map((line) => {
    const cells = line.trim().split(/\s+/);
    // name, type (one or two words), encoding, emb, sub, uni, object id: the flags are counted from the end.
    return { name: cells[0]!, type: cells.slice(1, -6).join(' '), embedded: cells[cells.length - 5] === 'yes' };
  });
}

/** A small RGB PNG (`width` × `height`, a colour gradient), made here so no image file is needed. */
export function pngImage(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, not interlaced
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      rows.set([20 + (x * 200) / width, 90, 160 + (y * 90) / height], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
