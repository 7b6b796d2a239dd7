// A PNG's chunks read once: the header (IHDR) with the sizes it implies, the palette and transparency
// kept for printing, and the compressed image data (IDAT). Every other chunk is left behind, and so
// is whatever follows the end chunk (IEND).
import { refuse } from './refusal.js';

export interface PngHeader {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  interlace: number;
}

export interface PngChunks {
  header: PngHeader;
  /** The IHDR, PLTE and tRNS bodies as they came (re-written with fresh checksums). */
  kept: Array<{ type: 'IHDR' | 'PLTE' | 'tRNS'; body: Buffer }>;
  data: Buffer[];
}

/** Colour type → channels and the bit depths the PNG specification allows for it. */
const COLOR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

export function readPngChunks(bytes: Buffer): PngChunks {
  let header: PngHeader | undefined;
  const kept: PngChunks['kept'] = [];
  const data: Buffer[] = [];
  let pos = 8;
  let ended = false;
  while (pos + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    if (pos + 12 + length > bytes.length) throw refuse(`has its ${JSON.stringify(type)} chunk cut off`);
    const body = bytes.subarray(pos + 8, pos + 8 + length);
    pos += 12 + length;
    if (type === 'IEND') {
      ended = true;
      break;
    }
    if (!header && type !== 'IHDR') throw refuse('does not start with its image header (IHDR)');
    if (type === 'IHDR') {
      if (header || length !== 13) throw refuse('has a damaged image header (IHDR)');
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8]!,
        colorType: body[9]!,
        interlace: body[12]!,
      };
      if (body[10] !== 0 || body[11] !== 0 || header.interlace > 1) throw refuse('has a damaged image header (IHDR)');
      kept.push({ type, body });
    } else if (type === 'PLTE' || type === 'tRNS') kept.push({ type, body });
    else if (type === 'IDAT') data.push(body);
  }
  if (!header) throw refuse('does not start with its image header (IHDR)');
  if (!data.length) throw refuse('has no image data');
  if (!ended) throw refuse('is cut off before its end chunk (IEND)');
  const color = COLOR_TYPES[header.colorType];
  if (!color?.depths.includes(header.depth)) throw refuse('has a colour type and bit depth PNG does not allow');
  if (header.colorType === 3 && !kept.some((c) => c.type === 'PLTE')) throw refuse('has colour indexes but no palette');
  return { header, kept, data };
}

/** Bytes of one scanline `width` pixels wide: its filter byte and the packed samples. */
const rowBytes = (header: PngHeader, width: number) =>
  1 + Math.ceil((width * COLOR_TYPES[header.colorType]!.channels * header.depth) / 8);

/** The scanlines the image data must inflate to, per interlace pass: how many and how long. */
export function scanlines(header: PngHeader): Array<{ rows: number; bytes: number }> {
  const passes = header.interlace ? ADAM7 : [[0, 0, 1, 1] as const];
  const result: Array<{ rows: number; bytes: number }> = [];
  for (const [x0, y0, dx, dy] of passes) {
    const width = Math.ceil((header.width - x0) / dx);
    const rows = Math.ceil((header.height - y0) / dy);
    if (width > 0 && rows > 0) result.push({ rows, bytes: rowBytes(header, width) });
  }
  return result;
}

/** Exactly how many bytes the image data inflates to, computed from the header alone. */
export const inflatedSize = (header: PngHeader) => scanlines(header).reduce((sum, p) => sum + p.rows * p.bytes, 0);
