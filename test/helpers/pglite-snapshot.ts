// The migrated PGlite every test process loads its database from: made once per schema and PGlite version,
// as small as it can be, because each load copies the whole data directory into PGlite's in-memory files
// (about 0.4 s of CPU per load for 46 MB, and every test process loads it).
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, PGLITE_EXTENSIONS } from '../../src/platform/db/database.js';
import { migrate } from '../../src/platform/db/migrate.js';

export const PGLITE_PARSERS = { 20: (value: string) => Number(value), 1700: (value: string) => Number(value) };

// A small shared memory: a test file's database is small, and PostgreSQL zeroes all of its shared memory at start
// (PGlite's mmap), page by page into fresh memory. 8 MB of shared buffers instead of PostgreSQL's 128 MB, and
// slots for 4 connections instead of 100 (PGlite has one): 13 MB to set up instead of 42 MB with 32 MB of buffers
// (`shared_memory_size`). A start from the snapshot took 333 ms of CPU instead of 460 (medians of 6 starts each,
// alternating in one process); 128 MB of buffers had cost about 0.6 s more than 32 MB.
// A test's database lives in memory and ends with its process, so what protects data through a crash only
// costs: full-page images after the snapshot's checkpoint, a WAL write at every commit, and new WAL segments
// filled with zeros page by page (PGlite's in-memory files grow by copying).
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...[
    'shared_buffers=8MB',
    'max_connections=4',
    'full_page_writes=off',
    'synchronous_commit=off',
    'wal_init_zero=off',
  ].flatMap((setting) => ['-c', setting]),
];

/**
 * A tar of a migrated data directory. What a test's database never reads is left out: the template
 * databases (15 MB; tests create no database on PGlite) and the migrations' WAL (a switch to a new segment
 * and a checkpoint leave one segment holding only the checkpoint; its unwritten 16 MB of zeros are cut).
 */
export async function makePgliteSnapshot(): Promise<Buffer> {
  const pglite = await PGlite.create('memory://', {
    parsers: PGLITE_PARSERS,
    startParams: [...PGLITE_START_PARAMS, '-c', 'wal_recycle=off'], // the checkpoint removes old segments
    extensions: PGLITE_EXTENSIONS,
  });
  const database = await openDatabase({ kind: 'pglite-instance', pglite });
  try {
    await migrate(database);
    // One statement per call: several in one run as one transaction, which DROP DATABASE refuses.
    for (const template of ['template0', 'template1']) {
      await pglite.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
      await pglite.exec(`DROP DATABASE ${template}`);
    }
    await pglite.exec('SELECT pg_switch_wal()');
    await pglite.exec('CHECKPOINT');
    return trimWalSegments(Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
}

const BLOCK = 512;
const WAL_PAGE = 8192;
const WAL_SEGMENT = /(^|\/)pg_wal\/[0-9A-F]{24}$/;

/**
 * The tar with each WAL segment's trailing zero pages cut. PostgreSQL reads a segment only up to its last
 * record and writes past the end as into a hole, which reads as zeros.
 */
export function trimWalSegments(tar: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = Buffer.from(tar.subarray(offset, offset + BLOCK));
    if (header.every((byte) => byte === 0)) break;
    const name = field(header, 0, 100);
    const size = Number.parseInt(field(header, 124, 12) || '0', 8);
    let data = tar.subarray(offset + BLOCK, offset + BLOCK + size);
    if (WAL_SEGMENT.test(name)) {
      let end = data.length;
      while (end > 0 && data[end - 1] === 0) end -= 1;
      data = data.subarray(0, Math.ceil(end / WAL_PAGE) * WAL_PAGE);
      setSize(header, data.length);
    }
    parts.push(header, data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  parts.push(Buffer.alloc(2 * BLOCK)); // the tar's end: two empty blocks
  return Buffer.concat(parts);
}

const field = (header: Buffer, start: number, length: number) =>
  header
    .subarray(start, start + length)
    .toString('latin1')
    .replace(/\0.*$/s, '')
    .trim();

/** A ustar header's size (11 octal digits) and its checksum, which covers the header with its own field as spaces. */
function setSize(header: Buffer, size: number): void {
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 12, 'latin1');
  header.fill(0x20, 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
}
