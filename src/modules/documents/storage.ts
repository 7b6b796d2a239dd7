// Where document files live. The local store keeps them under DATA_DIR/documents/<company>/<id>:
// both parts are server-made ObjectIds, so no client text ever reaches a path.
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

export interface DocumentStorage {
  /** Moves a finished upload (a temporary file) into the store under `key`. */
  put(key: string, tempPath: string): Promise<void>;
  /** The file's bytes [start, end] inclusive, or all of them. */
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{24}\/[0-9a-f]{24}$/;

export function localStorage(root: string): DocumentStorage {
  const path = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return join(root, key);
  };
  return {
    async put(key, tempPath) {
      await mkdir(dirname(path(key)), { recursive: true });
      await rename(tempPath, path(key));
    },
    read: (key, range) => createReadStream(path(key), range),
    size: async (key) => (await stat(path(key))).size,
    remove: (key) => rm(path(key), { force: true }),
  };
}
