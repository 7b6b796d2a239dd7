// A PNG written afresh: IHDR, PLTE, tRNS as they came, the image data inflated and deflated again,
// IEND. The inflation streams through zlib's thread pool in bounded pieces, never more than the
// header declares: one byte past that size, or a scanline with an unknown filter, stops it. So a
// "bomb" costs at most the size its header declares, and the event loop only counts bytes.
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import { createDeflate, createInflate } from 'node:zlib';
import { pngSignature } from './formats.js';
import { inflatedSize, scanlines, type PngChunks, type PngHeader } from './png-chunks.js';
import { ImageRefused, refuse } from './refusal.js';

// Each piece is a trip to zlib's thread pool and back through the event loop: on busy cores every trip waits
// its turn, so 64 KiB pieces (256 trips for 16 MB) made a bomb's refusal take up to 1 s (1 MiB: 16 trips).
const PIECE = 1024 * 1024;
/** New IDAT chunks are at most this long (any length up to 2³¹ is valid; decoders read pieces). */
const IDAT_LENGTH = 256 * 1024;

/** Checks the filter byte that starts each scanline, and that the data is no longer than declared. */
function scanlineCheck(header: PngHeader, expected: number): Transform {
  const passes = scanlines(header);
  let pass = 0;
  let rowsLeft = passes[0]?.rows ?? 0;
  let nextFilter = 0; // offset in the inflated data of the next scanline's filter byte
  let seen = 0;
  return new Transform({
    transform(piece: Buffer, _encoding, done) {
      const start = seen;
      seen += piece.length;
      if (seen > expected)
        return done(refuse(`has image data that unpacks to more than the ${expected} bytes its header declares`, 413));
      while (nextFilter < seen) {
        if (piece[nextFilter - start]! > 4) return done(refuse('has damaged image data (an unknown scanline filter)'));
        nextFilter += passes[pass]!.bytes;
        if (--rowsLeft === 0) rowsLeft = passes[++pass]?.rows ?? 0;
      }
      done(null, piece);
    },
    flush(done) {
      done(seen < expected ? refuse('has image data that is too short for its size') : null);
    },
  });
}

let crcTable: Uint32Array | undefined;
/** CRC-32 in JavaScript, for Node versions before zlib.crc32 (20.15). */
function crc32InScript(bytes: Buffer, c = 0): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let v = n;
    for (let k = 0; k < 8; k++) v = v & 1 ? 0xedb88320 ^ (v >>> 1) : v >>> 1;
    return v >>> 0;
  });
  c = ~c;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
// Native where there is one: a few MB of image data checksummed in JavaScript would hold the event loop.
const crc32: (bytes: Buffer, value?: number) => number =
  (zlib as { crc32?: (bytes: Buffer, value?: number) => number }).crc32 ?? crc32InScript;

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body, crc32(head.subarray(4))));
  return Buffer.concat([head, body, sum]);
}

/** The PNG re-encoded from its chunks; refuses (ImageRefused) data that is damaged or unpacks past its size. */
export async function reencodePng({ header, kept, data }: PngChunks): Promise<Buffer> {
  const expected = inflatedSize(header);
  const deflated: Buffer[] = [];
  try {
    await pipeline(
      Readable.from(data),
      createInflate({ chunkSize: PIECE }),
      scanlineCheck(header, expected),
      createDeflate({ chunkSize: PIECE }),
      new Writable({
        write(piece: Buffer, _encoding, done) {
          deflated.push(piece);
          done();
        },
      }),
    );
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    throw refuse('has damaged image data');
  }
  const idat = Buffer.concat(deflated);
  const parts = [pngSignature(), ...kept.map((c) => chunk(c.type, c.body))];
  for (let at = 0; at < idat.length; at += IDAT_LENGTH) parts.push(chunk('IDAT', idat.subarray(at, at + IDAT_LENGTH)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
