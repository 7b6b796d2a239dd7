// Receiving a multipart upload: each file part streams to a temporary file, bounded in size, with
// its SHA-256; its type is sniffed from the content (never taken from the client) and checked
// against the allowed types. Nothing is stored for good until the record is written.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { BadRequest, HttpError } from '../../platform/http/errors.js';
import { newObjectId } from '../../platform/ids.js';
import { cleanImage } from '../../platform/images/clean-image.js';
import { asHttpError, ImageRefused } from '../../platform/images/refusal.js';

export interface UploadedFile {
  tempPath: string;
  fileName: string;
  size: number;
  sha256: string;
  contentType: string;
}
export interface Upload {
  fields: Record<string, string>;
  files: UploadedFile[];
}

const FIELDS = new Set([
  'name',
  'objectId',
  'userId',
  'jobId',
  'customerId',
  'absenceId',
  'complaintId',
  'accessGroup',
]);

/** A display name only: no path, no control characters, bounded. */
function displayName(name: string | undefined): string {
  const base = (name ?? 'file').split(/[\\/]/).pop() ?? 'file';
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'file';
}

async function isUtf8Text(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const sample = buffer.subarray(0, bytesRead);
    if (sample.includes(0)) return false;
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, Math.max(0, bytesRead - 3)));
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

const PHOTO_TYPES = new Set(['image/png', 'image/jpeg']);
/** A photo is read whole to be re-encoded: at most this big, and 8000 × 8000 pixels (a 48-megapixel camera's fit). */
const PHOTO_MAX_BYTES = 64 * 1024 * 1024;
const PHOTO_PIXELS = 64_000_000;

/**
 * A PNG or JPEG (sniffed, or declared by the client) goes through the image gate like every image
 * the server accepts: bounded, re-encoded without metadata or trailing bytes, written back in place.
 */
async function cleanPhoto(file: UploadedFile, declared: string): Promise<void> {
  if (file.size > PHOTO_MAX_BYTES)
    throw new HttpError(
      413,
      'Payload Too Large',
      `${file.fileName}: a photo may have at most ${PHOTO_MAX_BYTES} bytes`,
    );
  let clean: Awaited<ReturnType<typeof cleanImage>>;
  try {
    clean = await cleanImage(await readFile(file.tempPath), { maxPixels: PHOTO_PIXELS });
  } catch (error) {
    if (!(error instanceof ImageRefused)) throw error;
    const as = declared === file.contentType ? '' : ` (sent as ${declared})`;
    throw asHttpError(error, `${file.fileName}${as}`);
  }
  await writeFile(file.tempPath, clean.bytes);
  Object.assign(file, {
    contentType: clean.type,
    size: clean.bytes.length,
    sha256: createHash('sha256').update(clean.bytes).digest('hex'),
  });
}

async function sniff(path: string, declared: string): Promise<string | undefined> {
  const { fileTypeFromFile } = await import('file-type'); // loaded at the first upload, not at every start
  const detected = await fileTypeFromFile(path);
  if (detected) return detected.mime;
  // Plain text has no signature: accept it when it is UTF-8 without NUL bytes.
  if (await isUtf8Text(path)) return declared === 'text/csv' ? 'text/csv' : 'text/plain';
  return undefined;
}

export async function receiveUpload(
  request: FastifyRequest,
  options: { tempDir: string; maxBytes: number; types: string[] },
): Promise<Upload> {
  await mkdir(options.tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!FIELDS.has(part.fieldname))
          throw BadRequest(`unknown form field ${part.fieldname}`, [
            { path: part.fieldname, message: 'is not a known field' },
          ]);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') throw BadRequest(`file parts must be named "file", not ${part.fieldname}`);
      const tempPath = join(options.tempDir, `${newObjectId()}.part`);
      const hash = createHash('sha256');
      let size = 0;
      await pipeline(
        part.file,
        new Transform({
          transform(chunk: Buffer, _enc, done) {
            size += chunk.length;
            hash.update(chunk);
            done(null, chunk);
          },
        }),
        createWriteStream(tempPath),
      );
      files.push({
        tempPath,
        fileName: displayName(part.filename),
        size,
        sha256: hash.digest('hex'),
        contentType: part.mimetype,
      });
      if (part.file.truncated)
        throw new HttpError(
          413,
          'Payload Too Large',
          `${displayName(part.filename)} is larger than ${options.maxBytes} bytes`,
        );
      const type = await sniff(tempPath, part.mimetype);
      if (!type || !options.types.includes(type)) {
        throw new HttpError(
          415,
          'Unsupported Media Type',
          `${displayName(part.filename)} is ${type ?? 'of an unknown type'}; allowed: ${options.types.join(', ')}`,
        );
      }
      const file = files[files.length - 1]!;
      file.contentType = type;
      if (PHOTO_TYPES.has(type) || PHOTO_TYPES.has(part.mimetype)) await cleanPhoto(file, part.mimetype);
    }
  } catch (error) {
    await discard({ fields, files });
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (
      code === 'FST_REQ_FILE_TOO_LARGE' ||
      code === 'FST_PARTS_LIMIT' ||
      code === 'FST_FILES_LIMIT' ||
      code === 'FST_FIELDS_LIMIT'
    ) {
      throw new HttpError(413, 'Payload Too Large', (error as Error).message);
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new HttpError(415, 'Unsupported Media Type', 'the body must be multipart/form-data');
    throw error;
  }
  return { fields, files };
}

/** Removes the temporary files of an upload that will not be kept. */
export async function discard(upload: Upload): Promise<void> {
  await Promise.all(upload.files.map((f) => rm(f.tempPath, { force: true })));
}
