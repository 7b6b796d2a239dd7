// The one gate for every image the server accepts (logo, letterhead, signatures, signing links,
// photos among documents): the type by its bytes, the pixels its header declares, then the image
// re-encoded so only what a decoder needs is stored. A PNG's data is inflated at most to the size
// its header declares, off the event loop (zlib's thread pool, two images at a time); a JPEG is
// re-serialized without decoding. Refusals are ImageRefused (400, 413 or 415).
import { jpegFrame, pngSize, sniffImageType, type ImageType } from './formats.js';
import { reencodeJpeg } from './jpeg-reencode.js';
import { readPngChunks } from './png-chunks.js';
import { reencodePng } from './png-reencode.js';
import { refuse } from './refusal.js';

export interface ImageRules {
  /** At most this many pixels (width × height, as the header declares them). */
  maxPixels: number;
  /** Printed into PDFs: at most 8 bits per channel, and no CMYK JPEG (the PDF/A output intent is sRGB). */
  printable?: boolean;
}

export interface CleanImage {
  type: ImageType;
  /** The re-encoded image: what is stored and served. */
  bytes: Buffer;
  width: number;
  height: number;
}

/** Inflations at once: zlib's pool (4 threads by default) also serves files and crypto. */
const AT_ONCE = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function checkPixels({ width, height }: { width: number; height: number }, rules: ImageRules) {
  if (!width || !height) throw refuse('has no pixels (its width or height is 0)');
  if (width * height > rules.maxPixels)
    throw refuse(`has ${width} × ${height} pixels; at most ${rules.maxPixels} are accepted`);
}

/** The image checked and re-encoded, or an ImageRefused saying why not. */
export async function cleanImage(bytes: Buffer, rules: ImageRules): Promise<CleanImage> {
  const type = sniffImageType(bytes);
  if (!type) throw refuse('is not a PNG or JPEG image', 415);
  if (type === 'image/png') {
    const size = pngSize(bytes);
    if (!size) throw refuse('does not start with its image header (IHDR)');
    checkPixels(size, rules); // before anything is read past the header
    const chunks = readPngChunks(bytes);
    if (rules.printable && chunks.header.depth > 8)
      throw refuse('cannot be printed: only PNGs of 8 bits per channel or fewer can be printed');
    return { type, bytes: await oneOfFew(() => reencodePng(chunks)), ...size };
  }
  const frame = jpegFrame(bytes);
  if (!frame) throw refuse('has no JPEG frame header');
  checkPixels(frame, rules);
  if (rules.printable && frame.channels === 4) throw refuse('is a CMYK JPEG; save it as RGB');
  return { type, bytes: reencodeJpeg(bytes), width: frame.width, height: frame.height };
}
