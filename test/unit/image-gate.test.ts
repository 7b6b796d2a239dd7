// The image gate (platform/images): what it refuses from the header before any work, how far it
// inflates a PNG (never past the size the header declares), and what it keeps when it re-encodes
// (PNG: IHDR, PLTE, tRNS, IDAT, IEND; JPEG: the segments a decoder needs, no metadata, nothing after EOI).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import { cleanImage } from '../../src/platform/images/clean-image.js';
import { ImageRefused } from '../../src/platform/images/refusal.js';
import { inflatedSize } from '../../src/platform/images/png-chunks.js';
import { onPath } from '../helpers/debian-tools.js';
import { JPEG, jpegMarkers, png, pngBomb, pngChunkTypes, pngPixels } from '../helpers/image-fixtures.js';

const RULES = { maxPixels: 4_000_000 };

async function refusal(bytes: Buffer, rules: { maxPixels: number; printable?: boolean } = RULES) {
  try {
    await cleanImage(bytes, rules);
  } catch (error) {
    assert.ok(error instanceof ImageRefused, String(error));
    return error;
  }
  assert.fail('the image was accepted');
}

/** Rows of RGB pixels with filter byte `filter` (0–4 are PNG's filters). */
const rows = (width: number, height: number, filter = 0) => {
  const raw = Buffer.alloc((width * 3 + 1) * height, 0x40);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = filter;
  return raw;
};

test('a PNG keeps only IHDR, PLTE, tRNS, IDAT and IEND; its pixels are unchanged', async () => {
  const html = Buffer.from('Comment\0<html><script>alert(1)</script></html>', 'latin1');
  const palette = Buffer.from([255, 0, 0, 0, 0, 255]);
  const raw = Buffer.from([0, 0b01000000, 1, 0b10000000]); // 2 rows of 2 one-bit indexes
  const source = png({
    width: 2,
    height: 2,
    depth: 1,
    colorType: 3,
    raw,
    before: [
      ['tEXt', html],
      ['PLTE', palette],
      ['tRNS', Buffer.from([0x80])],
      ['zTXt', deflateSync(html)],
      ['iTXt', html],
      ['eXIf', Buffer.from('MM\0*<script>')],
    ],
    trailing: Buffer.from('<html>after IEND</html>'),
  });
  const clean = await cleanImage(source, RULES);
  assert.deepEqual(pngChunkTypes(clean.bytes), { types: ['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND'], trailing: 0 });
  assert.ok(!clean.bytes.includes('<html'), 'no payload survives');
  assert.ok(!clean.bytes.includes('script'));
  assert.deepEqual(pngPixels(clean.bytes), raw);
  assert.deepEqual([clean.type, clean.width, clean.height], ['image/png', 2, 2]);
});

test('the inflated size is computed from the header, interlaced or not', () => {
  const header = { width: 10, height: 3, depth: 8, colorType: 2, interlace: 0 };
  assert.equal(inflatedSize(header), 3 * (1 + 30));
  // Adam7 for 10 × 3, per pass rows × (filter byte + 3 bytes a pixel): 1×(1+6), 1×(1+3), none (pass 3
  // starts at row 4), 1×(1+6), 1×(1+15), 2×(1+15), 1×(1+30).
  assert.equal(inflatedSize({ ...header, interlace: 1 }), 7 + 4 + 0 + 7 + 16 + 32 + 31);
});

test('an interlaced PNG is accepted at exactly its size, and refused one byte past it', async () => {
  const header = { width: 10, height: 3, depth: 8, colorType: 2, interlace: 1 };
  const size = inflatedSize(header);
  const clean = await cleanImage(png({ ...header, raw: Buffer.alloc(size) }), RULES);
  assert.equal(pngPixels(clean.bytes).length, size);
  const over = await refusal(png({ ...header, raw: Buffer.alloc(size + 1) }));
  assert.equal(over.status, 413);
  assert.match(over.reason, new RegExp(`more than the ${size} bytes`));
  assert.match((await refusal(png({ ...header, raw: Buffer.alloc(size - 1) }))).reason, /too short/);
});

test('a bomb is refused after inflating what its header declares, quickly', async () => {
  // 10 × 10 declared (310 bytes of scanlines), 200 MiB of zeros in the data.
  const bomb = await pngBomb(10, 10, 200);
  const started = performance.now();
  const error = await refusal(bomb);
  const ms = performance.now() - started;
  assert.equal(error.status, 413);
  assert.ok(ms < 200, `refused in ${ms.toFixed(1)} ms`);
  // The largest image the rules allow (2000 × 2000 RGB, 12 MB of scanlines) with 200 MiB of zeros.
  const big = performance.now();
  assert.equal((await refusal(await pngBomb(2000, 2000, 200))).status, 413);
  assert.ok(performance.now() - big < 1000, `refused in ${(performance.now() - big).toFixed(1)} ms`);
});

test('the event loop keeps turning while a PNG inflates', async () => {
  // 4000 × 4000 RGB declared: 48 MB of scanlines inflated (and deflated again) before the 413. Done on
  // the event loop (inflateSync) that is several hundred ms without a turn of the loop.
  const bomb = await pngBomb(4000, 4000, 100);
  let ticks = 0;
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
    ticks++;
  }, 1);
  const started = performance.now();
  assert.equal((await refusal(bomb, { maxPixels: 16_000_000 })).status, 413);
  const took = performance.now() - started;
  clearInterval(timer);
  assert.ok(ticks > 1, `${ticks} timer turns`);
  assert.ok(worst < 150, `the loop waited at most ${worst.toFixed(1)} ms while the image took ${took.toFixed(0)} ms`);
});

test('refused from the header before anything is inflated: pixels, zero size, bad depth, no IHDR', async () => {
  const huge = png({ width: 10, height: 10 });
  huge.writeUInt32BE(100_000, 16);
  huge.writeUInt32BE(100_000, 20);
  assert.match((await refusal(huge)).reason, /100000 × 100000 pixels; at most 4000000/);
  assert.match((await refusal(png({ width: 0, height: 5 }))).reason, /no pixels/);
  assert.match((await refusal(png({ width: 5, height: 5, depth: 3 }))).reason, /bit depth/);
  assert.match((await refusal(png({ width: 5, height: 5, colorType: 3 }))).reason, /no palette/);
  const noHeader = png({ width: 5, height: 5 });
  noHeader.write('IHDX', 12, 'latin1');
  assert.match((await refusal(noHeader)).reason, /IHDR/);
  assert.equal((await refusal(Buffer.from('GIF89a'))).status, 415);
});

test('damaged data, an unknown scanline filter or a cut-off chunk is a 400', async () => {
  assert.match((await refusal(png({ width: 4, height: 2, raw: rows(4, 2, 5) }))).reason, /scanline filter/);
  const cut = png({ width: 4, height: 2, raw: rows(4, 2) });
  assert.match((await refusal(cut.subarray(0, cut.length - 20))).reason, /cut off/);
  const damaged = png({ width: 4, height: 2, idat: Buffer.from('not zlib at all') });
  assert.equal((await refusal(damaged)).status, 400);
  const clean = await cleanImage(png({ width: 4, height: 2, raw: rows(4, 2, 4) }), RULES);
  assert.equal(clean.width, 4);
});

test('printable: 16-bit PNGs and CMYK JPEGs are refused; otherwise accepted', async () => {
  const deep = png({ width: 2, height: 2, depth: 16 });
  assert.match((await refusal(deep, { ...RULES, printable: true })).reason, /8 bits/);
  assert.equal((await cleanImage(deep, RULES)).width, 2);
  const cmyk = Buffer.from(JPEG);
  const sof = cmyk.indexOf(Buffer.from([0xff, 0xc0]));
  cmyk[sof + 9] = 4;
  assert.match((await refusal(cmyk, { ...RULES, printable: true })).reason, /CMYK/);
});

test('a JPEG keeps its tables, frame and scan; comments, metadata and what follows EOI are dropped', async () => {
  const html = Buffer.from('<html><script>alert(1)</script></html>');
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  // Exif with an orientation (6: turned right) and, in a second entry, the payload.
  const exif = Buffer.from(
    'Exif\0\0MM\0\x2a\0\0\0\x08\0\x02\x01\x12\0\x03\0\0\0\x01\0\x06\0\0\x01\x0e\0\x02\0\0\0\x05\0\0\0\x26\0\0\0\0',
    'latin1',
  );
  const source = Buffer.concat([
    JPEG.subarray(0, 2),
    segment(0xfe, html), // COM
    segment(0xe1, Buffer.concat([exif, html])),
    segment(0xe2, Buffer.concat([Buffer.from('ICC_PROFILE\0'), html])),
    JPEG.subarray(2),
    html, // after EOI
  ]);
  const clean = await cleanImage(source, RULES);
  assert.ok(!clean.bytes.includes('<html'), 'no payload survives');
  assert.ok(!clean.bytes.includes('ICC_PROFILE'));
  const { markers, trailing } = jpegMarkers(clean.bytes);
  assert.equal(trailing, 0);
  assert.deepEqual(
    markers.map((m) => m.toString(16)),
    ['e0', 'e1', 'db', 'db', 'c0', 'c4', 'c4', 'c4', 'c4', 'da', 'd9'],
  );
  assert.deepEqual([clean.type, clean.width, clean.height], ['image/jpeg', 16, 8]);
  // The orientation alone survives in a fresh Exif segment.
  const app1 = clean.bytes.subarray(clean.bytes.indexOf(Buffer.from([0xff, 0xe1])));
  assert.equal(app1.readUInt16BE(2), 34);
  assert.equal(app1.readUInt16BE(4 + 6 + 8 + 2 + 8), 6);
  // The original without the additions comes back as it was (its JFIF header has no thumbnail).
  assert.deepEqual((await cleanImage(JPEG, RULES)).bytes, JPEG);
});

test('a re-serialized JPEG decodes to the same pixels', { skip: !onPath('djpeg') && 'needs djpeg' }, async () => {
  const withComment = Buffer.concat([
    JPEG.subarray(0, 2),
    Buffer.from([0xff, 0xfe, 0, 6]),
    Buffer.from('<b>'),
    Buffer.from('!'),
    JPEG.subarray(2),
  ]);
  const clean = await cleanImage(withComment, RULES);
  const decode = (bytes: Buffer) => execFileSync('djpeg', ['-pnm'], { input: bytes, timeout: 10_000 });
  assert.deepEqual(decode(clean.bytes), decode(JPEG));
});

test('a JPEG without frame header or scan, or with a cut-off segment, is refused', async () => {
  assert.match((await refusal(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).reason, /frame header/);
  const sos = JPEG.indexOf(Buffer.from([0xff, 0xda]));
  const noScan = Buffer.concat([JPEG.subarray(0, sos), Buffer.from([0xff, 0xd9])]);
  assert.match((await refusal(noScan)).reason, /no image data/);
  const cut = JPEG.subarray(0, JPEG.indexOf(Buffer.from([0xff, 0xc0])) + 8);
  assert.equal((await refusal(cut)).status, 400);
});
