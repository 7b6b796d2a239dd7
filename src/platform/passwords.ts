// Passwords: argon2id at OWASP's minimum cost (19 MiB, 2 passes, 1 lane) and a length policy. Here
// in the platform because the users module stores passwords and the auth module checks them.
import argon2 from 'argon2';
import { fieldError } from './http/errors.js';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export function checkPasswordPolicy(password: string, loginNames: Array<string | undefined>, path = 'password') {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw fieldError(path, `must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long`);
  }
  const lower = password.toLowerCase();
  if (loginNames.some((name) => name && name.toLowerCase() === lower))
    throw fieldError(path, 'must not be the user name');
}

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

// Compared against when no user matched, so a wrong user name takes as long as a wrong password.
let decoy: Promise<string> | undefined;

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoy ??= hashPassword('decoy-password-for-timing');
    await argon2.verify(await decoy, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
