// Where document files live: on local disk under DATA_DIR/documents/<company>/<id> (default), or
// in an S3-compatible bucket (DOCUMENT_STORAGE=s3://bucket/prefix). Keys are company id / document
// id, both server-made ObjectIds, so no client text ever reaches a path or an object key.
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

export interface DocumentStorage {
  /** Moves a finished upload (a temporary file) into the store under `key`. */
  put(key: string, tempPath: string): Promise<void>;
  /** The file's bytes [start, end] inclusive, or all of them. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{24}\/[0-9a-f]{24}$/;

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
  return key;
}

export function localStorage(root: string): DocumentStorage {
  const path = (key: string) => join(root, checkKey(key));
  return {
    async put(key, tempPath) {
      await mkdir(dirname(path(key)), { recursive: true });
      await rename(tempPath, path(key));
    },
    read: async (key, range) => createReadStream(path(key), range),
    size: async (key) => (await stat(path(key))).size,
    remove: (key) => rm(path(key), { force: true }),
  };
}

export interface S3Settings {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** `s3://bucket/optional/prefix` → bucket and prefix. */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!m) throw new Error(`DOCUMENT_STORAGE must be local or s3://bucket[/prefix], not ${url}`);
  return { bucket: m[1]!, prefix: (m[2] ?? '').replace(/\/+$/, '') };
}

export function s3Storage(settings: S3Settings): DocumentStorage {
  // The SDK loads with the first file, not when the server starts (most set-ups store files locally).
  let sdk:
    | Promise<{ s3: typeof import('@aws-sdk/client-s3'); client: import('@aws-sdk/client-s3').S3Client }>
    | undefined;
  const connect = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: settings.region,
        // Plain (not aws-chunked) uploads and no mandatory response checksums: what every S3-compatible store understands.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
      }),
    })));
  const objectKey = (key: string) => (settings.prefix ? `${settings.prefix}/${checkKey(key)}` : checkKey(key));
  return {
    async put(key, tempPath) {
      const { size } = await stat(tempPath);
      const { s3, client } = await connect();
      await client.send(
        new s3.PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: createReadStream(tempPath),
          ContentLength: size,
        }),
      );
      await rm(tempPath, { force: true });
    },
    async read(key, range) {
      const { s3, client } = await connect();
      const out = await client.send(
        new s3.GetObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return out.Body as Readable;
    },
    async size(key) {
      const { s3, client } = await connect();
      const head = await client.send(new s3.HeadObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
      return Number(head.ContentLength ?? 0);
    },
    async remove(key) {
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
  };
}
