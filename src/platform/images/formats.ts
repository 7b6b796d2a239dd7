// What an image is by its bytes: PNG or JPEG by the magic bytes, and the size its header declares,
// read without decoding anything (a few bytes can declare an image whose decoding takes gigabytes).

export type ImageType = 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type the bytes start with, or undefined for anything else. */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

export const pngSignature = () => Buffer.from(PNG_SIGNATURE);

/** Width and height from a PNG's first chunk, the header (IHDR), or undefined when it does not start with one. */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Whether a JPEG marker starts a frame header (SOF0–SOF15 but DHT, JPG and DAC). */
export const isJpegFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

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
    if (isJpegFrame(marker))
      return pos + 9 < bytes.length
        ? { height: bytes.readUInt16BE(pos + 5), width: bytes.readUInt16BE(pos + 7), channels: bytes[pos + 9]! }
        : undefined;
    if (marker === 0xda) return undefined; // image data before any frame header
    pos += 2 + length;
  }
  return undefined;
}
