// What makes an uploaded image (logo, letterhead band, signature) printable: a PNG or JPEG by its
// magic bytes, whose structure pdfkit can embed. A PNG with transparency is decoded by pdfkit in a
// callback where an error cannot be caught, so its image data is inflated and its scanline filters
// are checked here, once, at upload.
import { inflateSync } from 'node:zlib';

export type LogoType = 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type the bytes start with, or undefined for anything else. */
export function sniffLogoType(bytes: Buffer): LogoType | undefined {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/** Width and height from a PNG's first chunk, the header (IHDR), or undefined when it does not start with one. */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Why a PNG cannot be printed, or undefined when its chunks, image data and filters are sound. */
export function pngProblem(bytes: Buffer): string | undefined {
  let pos = 8;
  let header: { width: number; height: number; depth: number; colorType: number; interlace: number } | undefined;
  const data: Buffer[] = [];
  while (pos + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    if (pos + 12 + length > bytes.length) return `the ${type} chunk is cut off`;
    const body = bytes.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR')
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8]!,
        colorType: body[9]!,
        interlace: body[12]!,
      };
    if (type === 'IDAT') data.push(body);
    pos += 12 + length;
    if (type === 'IEND') break;
  }
  if (!header || !data.length) return 'it has no image header or no image data';
  const channels = CHANNELS[header.colorType];
  if (!channels || ![1, 2, 4, 8].includes(header.depth))
    return 'only PNGs of 8 bits per channel or fewer can be printed';
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data));
  } catch {
    return 'its image data is damaged';
  }
  const rowBytes = (width: number) => 1 + Math.ceil((width * channels * header!.depth) / 8);
  const passes = header.interlace ? ADAM7 : [[0, 0, 1, 1] as const];
  let at = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const width = Math.ceil((header.width - x0) / dx);
    const height = Math.ceil((header.height - y0) / dy);
    if (width <= 0 || height <= 0) continue;
    for (let row = 0; row < height; row++, at += rowBytes(width)) {
      if (at >= pixels.length) return 'its image data is too short';
      if (pixels[at]! > 4) return 'its image data is damaged';
    }
  }
  return undefined;
}

/** Width, height and colour channels from a JPEG's frame header (SOF), or undefined when there is none. */
export function jpegFrame(bytes: Buffer): { width: number; height: number; channels: number } | undefined {
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) {
      pos++;
      continue;
    }
    const marker = bytes[pos + 1]!;
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = bytes.readUInt16BE(pos + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame)
      return pos + 9 < bytes.length
        ? { height: bytes.readUInt16BE(pos + 5), width: bytes.readUInt16BE(pos + 7), channels: bytes[pos + 9]! }
        : undefined;
    if (marker === 0xda) return undefined; // image data before any frame header
    pos += 2 + length;
  }
  return undefined;
}
