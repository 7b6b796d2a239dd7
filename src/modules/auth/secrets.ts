// Random secrets and their one-way hashes. Tokens and keys are stored only as hashes.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const hmac = (key: Uint8Array, value: string) => createHmac('sha256', key).update(value).digest('hex');

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
