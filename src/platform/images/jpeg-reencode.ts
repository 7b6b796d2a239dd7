// A JPEG re-serialized with only what a decoder needs: SOI, the tables (DQT, DHT, DAC, DRI), the
// frame header (SOFn), each scan (SOS and its entropy-coded data, DNL), EOI; a fresh JFIF (APP0) or
// Adobe (APP14, which says how colours are stored) segment when the original had one, and the
// orientation alone when its Exif (APP1) had one. Comments, other APPn metadata (Exif, GPS, ICC
// profiles, thumbnails) and anything after EOI are left behind. Nothing is decoded: one pass over
// the bytes, its scans found with indexOf.
import { isJpegFrame } from './formats.js';
import { refuse } from './refusal.js';

const TABLES = new Set([0xc4, 0xcc, 0xdb, 0xdd, 0xdc]); // DHT, DAC, DQT, DRI, DNL
const SOS = 0xda;
const EOI = Buffer.from([0xff, 0xd9]);

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A JFIF header with the original's version and density, and no thumbnail. */
function jfif(body: Buffer): Buffer | undefined {
  if (body.length < 12 || body.toString('latin1', 0, 5) !== 'JFIF\0') return undefined;
  return segment(0xe0, Buffer.concat([body.subarray(0, 12), Buffer.from([0, 0])]));
}

/** The Adobe segment's fixed fields (its colour transform tells RGB from YCbCr). */
function adobe(body: Buffer): Buffer | undefined {
  if (body.length < 12 || body.toString('latin1', 0, 5) !== 'Adobe') return undefined;
  return segment(0xee, body.subarray(0, 12));
}

/** A minimal Exif segment holding only the orientation (2–8) of the original's first directory, if any. */
function orientation(body: Buffer): Buffer | undefined {
  if (body.length < 14 || body.toString('latin1', 0, 6) !== 'Exif\0\0') return undefined;
  const tiff = body.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const entries = u16(ifd);
  for (let i = 0; i < entries && ifd + 2 + (i + 1) * 12 <= tiff.length; i++) {
    const at = ifd + 2 + i * 12;
    if (u16(at) !== 0x0112 || u16(at + 2) !== 3) continue;
    const value = u16(at + 8);
    if (value < 2 || value > 8) return undefined;
    // Big-endian TIFF, one directory of one entry: Orientation (0x0112), SHORT, count 1, the value.
    const fresh = Buffer.from('Exif\0\0MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\0\0\0\0\0\0\0', 'latin1');
    fresh.writeUInt16BE(value, 6 + 8 + 2 + 8);
    return segment(0xe1, fresh);
  }
  return undefined;
}

/** The APPn segments kept, each rebuilt from the original's fields. */
const KEPT_APP = new Map<number, (body: Buffer) => Buffer | undefined>([
  [0xe0, jfif],
  [0xe1, orientation],
  [0xee, adobe],
]);

/** Where the entropy-coded data that starts at `from` ends: at the first marker that is not a restart. */
function scanEnd(bytes: Buffer, from: number): number {
  let at = bytes.indexOf(0xff, from);
  while (at !== -1 && at + 1 < bytes.length) {
    const next = bytes[at + 1]!;
    if (next !== 0x00 && (next < 0xd0 || next > 0xd7)) return at;
    at = bytes.indexOf(0xff, at + 2);
  }
  return bytes.length; // cut off: the data runs to the end, and EOI is added
}

/** The JPEG re-serialized; refuses (ImageRefused) one that is cut off inside a segment or has no frame or scan. */
export function reencodeJpeg(bytes: Buffer): Buffer {
  const parts: Buffer[] = [Buffer.from([0xff, 0xd8])];
  const app = new Map<number, Buffer>();
  let frame = false;
  let scans = 0;
  let pos = 2;
  while (pos < bytes.length) {
    if (bytes[pos] !== 0xff) throw refuse('has damaged JPEG structure (data outside a segment)');
    const marker = bytes[pos + 1];
    if (marker === undefined) break;
    if (marker === 0xff) {
      pos++; // fill byte
      continue;
    }
    if (marker === 0xd9) break; // EOI: whatever follows is dropped
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2;
      continue;
    }
    if (pos + 4 > bytes.length) break;
    const length = bytes.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > bytes.length) throw refuse('has a JPEG segment that is cut off');
    const body = bytes.subarray(pos + 4, pos + 2 + length);
    const end = pos + 2 + length;
    if (marker === SOS) {
      if (!frame) throw refuse('has image data before its frame header');
      const dataEnd = scanEnd(bytes, end);
      parts.push(bytes.subarray(pos, dataEnd));
      scans++;
      pos = dataEnd;
      continue;
    }
    if (isJpegFrame(marker)) {
      if (frame) throw refuse('has more than one JPEG frame header');
      frame = true;
      parts.push(bytes.subarray(pos, end));
    } else if (TABLES.has(marker)) parts.push(bytes.subarray(pos, end));
    else if (KEPT_APP.has(marker) && !app.has(marker)) {
      const fresh = KEPT_APP.get(marker)!(body);
      if (fresh) app.set(marker, fresh);
    }
    pos = end;
  }
  if (!frame || !scans) throw refuse('has no JPEG frame header or no image data');
  // The APPn segments go right after SOI (JFIF first), as decoders expect; the first of each kind.
  const apps = [...app.keys()].sort((x, y) => x - y).map((m) => app.get(m)!);
  return Buffer.concat([parts[0]!, ...apps, ...parts.slice(1), EOI]);
}
