// Images built in code for the image gate's tests: PNGs of any header, chunks and image data, PNG
// "bombs" (image data that inflates far past what the header declares), and a real JPEG.
import { constants, createDeflateRaw, deflateSync, inflateSync } from 'node:zlib';

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

export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([length, body, sum]);
}

export interface PngSpec {
  width: number;
  height: number;
  depth?: number;
  colorType?: number;
  interlace?: number;
  /** The compressed image data (one IDAT); by default `raw` deflated. */
  idat?: Buffer;
  /** The inflated scanlines; by default zeros of the right length (non-interlaced). */
  raw?: Buffer;
  /** Chunks between IHDR and IDAT, e.g. [['tEXt', …], ['PLTE', …]]. */
  before?: Array<[string, Buffer]>;
  /** Bytes after IEND. */
  trailing?: Buffer;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export function png(spec: PngSpec): Buffer {
  const { width, height, depth = 8, colorType = 2, interlace = 0 } = spec;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([depth, colorType, 0, 0, interlace], 8);
  const rowBytes = 1 + Math.ceil((width * CHANNELS[colorType]! * depth) / 8);
  const idat = spec.idat ?? deflateSync(spec.raw ?? Buffer.alloc(rowBytes * height));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...(spec.before ?? []).map(([type, data]) => pngChunk(type, data)),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
    spec.trailing ?? Buffer.alloc(0),
  ]);
}

/** The chunk types of a PNG in order, and whether anything follows IEND. */
export function pngChunkTypes(bytes: Buffer): { types: string[]; trailing: number } {
  const types: string[] = [];
  let pos = 8;
  while (pos + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    types.push(type);
    pos += 12 + length;
    if (type === 'IEND') break;
  }
  return { types, trailing: bytes.length - pos };
}

/** The inflated image data of a PNG (all IDAT chunks). */
export function pngPixels(bytes: Buffer): Buffer {
  const data: Buffer[] = [];
  for (let pos = 8; pos + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(pos);
    if (bytes.toString('latin1', pos + 4, pos + 8) === 'IDAT') data.push(bytes.subarray(pos + 8, pos + 8 + length));
    pos += 12 + length;
  }
  return inflateSync(Buffer.concat(data));
}

/**
 * A zlib stream of `mebibytes` MiB of zeros, about 1/1000 of that, built in milliseconds: one MiB is
 * deflated at level 9 with a full flush (which makes its blocks byte-aligned and independent of what
 * came before) and repeated, then the final block and the Adler-32 of the zeros are appended.
 */
export async function zerosDeflated(mebibytes: number): Promise<Buffer> {
  const deflater = createDeflateRaw({ level: 9 });
  const pieces: Buffer[] = [];
  deflater.on('data', (piece: Buffer) => pieces.push(piece));
  const flushed = async () => {
    await new Promise<void>((resolve) => deflater.flush(constants.Z_FULL_FLUSH, () => resolve()));
    return Buffer.concat(pieces.splice(0));
  };
  const mib = Buffer.alloc(1 << 20);
  deflater.write(mib);
  const first = await flushed();
  deflater.write(mib);
  const repeated = await flushed();
  const last = await new Promise<Buffer>((resolve) => {
    deflater.on('end', () => resolve(Buffer.concat(pieces.splice(0))));
    deflater.end();
  });
  const length = mebibytes * (1 << 20);
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((length % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    first,
    ...Array.from({ length: mebibytes - 1 }, () => repeated),
    last,
    adler,
  ]);
}

/** A PNG whose header declares `width` × `height` RGB pixels and whose data inflates to `mebibytes` MiB of zeros. */
export async function pngBomb(width: number, height: number, mebibytes: number): Promise<Buffer> {
  return png({ width, height, idat: await zerosDeflated(mebibytes) });
}

/** A real 16 × 8 RGB JPEG (cjpeg, quality 80): JFIF header, tables, one baseline scan. */
export const JPEG = Buffer.from(
  [
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYn',
    'KSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo',
    'KCgoKCgoKCj/wAARCAAIABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUF',
    'BAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVW',
    'V1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi',
    '4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC',
    'AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVm',
    'Z2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq',
    '8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDiNLs+nFdfpdl04oor2sbkGC19wvhirL3T/9k=',
  ].join(''),
  'base64',
);

/** The JPEG's segments in order, as marker names (SOS once per scan), and the bytes after EOI. */
export function jpegMarkers(bytes: Buffer): { markers: number[]; trailing: number } {
  const markers: number[] = [];
  let pos = 2;
  while (pos + 1 < bytes.length) {
    const marker = bytes[pos + 1]!;
    markers.push(marker);
    if (marker === 0xd9) return { markers, trailing: bytes.length - pos - 2 };
    pos += 2 + bytes.readUInt16BE(pos + 2);
    if (marker === 0xda) {
      // entropy-coded data: up to the next marker that is not a stuffed byte or a restart
      while (
        pos + 1 < bytes.length &&
        !(bytes[pos] === 0xff && bytes[pos + 1] !== 0 && (bytes[pos + 1]! < 0xd0 || bytes[pos + 1]! > 0xd7))
      )
        pos++;
    }
  }
  return { markers, trailing: 0 };
}
