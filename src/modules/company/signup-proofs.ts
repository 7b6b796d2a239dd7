// What lets a stranger sign up (docs/decisions.md, SMS and sign-up abuse). In `open` mode a solved
// challenge: the server hands out an HMAC'd nonce with its difficulty and expiry (nothing stored),
// and the client finds a solution with sha256(nonce + solution) starting with that many zero bits.
// In `invite` mode an invitation code the operator made on the command line, signed the same way.
// Either is single-use: its id is recorded in the new company's transaction (used_signup_proofs).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import { Conflict, Forbidden } from '../../platform/http/errors.js';

export const CHALLENGE_TTL_SECONDS = 10 * 60;
const MAX_INVITATION_DAYS = 365;

const mac = (config: Config, purpose: string, payload: string) =>
  createHmac('sha256', config.jwtSecret).update(`${purpose}:${payload}`).digest('base64url');

function macMatches(config: Config, purpose: string, payload: string, given: string): boolean {
  const expected = Buffer.from(mac(config, purpose, payload));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** `<a>.<b>….<mac>` with the payload's parts checked against the mac; undefined when forged or malformed. */
function signedParts(config: Config, purpose: string, token: string, count: number): string[] | undefined {
  const parts = token.split('.');
  if (parts.length !== count + 1) return undefined;
  const payload = parts.slice(0, count).join('.');
  return macMatches(config, purpose, payload, parts[count]!) ? parts.slice(0, count) : undefined;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function issueChallenge(config: Config): { nonce: string; difficulty: number; expiresIn: number } {
  const payload = `${config.signupProofBits}.${nowSeconds() + CHALLENGE_TTL_SECONDS}.${randomBytes(16).toString('base64url')}`;
  return {
    nonce: `${payload}.${mac(config, 'signup-challenge', payload)}`,
    difficulty: config.signupProofBits,
    expiresIn: CHALLENGE_TTL_SECONDS,
  };
}

export function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** A solution for the nonce (what a client does; the tests use it too). */
export function solveChallenge(nonce: string, difficulty: number): string {
  for (let i = 0; ; i++) {
    const solution = i.toString(36);
    if (
      leadingZeroBits(
        createHash('sha256')
          .update(nonce + solution)
          .digest(),
      ) >= difficulty
    )
      return solution;
  }
}

export interface Proof {
  nonce: string;
  solution: string;
}

/** The id to record as used, or 403 saying what is wrong with the proof. */
export function checkChallenge(config: Config, proof: Proof | undefined): string {
  const help = 'solve a challenge from GET /v2/company/signup/challenge and send it as `proof`';
  if (!proof) throw Forbidden(`Sign-up needs a proof of work: ${help}`);
  const parts = signedParts(config, 'signup-challenge', proof.nonce, 3);
  if (!parts) throw Forbidden(`The challenge is not one this server issued: ${help}`);
  const [bits, expires, id] = parts as [string, string, string];
  if (Number(expires) <= nowSeconds()) throw Forbidden(`The challenge expired: ${help}`);
  if (Number(bits) < config.signupProofBits) throw Forbidden(`The challenge is easier than this server asks: ${help}`);
  const digest = createHash('sha256')
    .update(proof.nonce + proof.solution)
    .digest();
  if (leadingZeroBits(digest) < Number(bits)) throw Forbidden(`The solution does not solve the challenge: ${help}`);
  return `challenge:${id}`;
}

/** An invitation code for the command line: valid `days`, for one sign-up. */
export function makeInvitation(config: Config, days: number): string {
  if (!Number.isInteger(days) || days < 1 || days > MAX_INVITATION_DAYS)
    throw new Error(`days must be an integer from 1 to ${MAX_INVITATION_DAYS}`);
  const payload = `inv1.${nowSeconds() + days * 86400}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${mac(config, 'signup-invitation', payload)}`;
}

/** The id to record as used, or 403 saying what is wrong with the invitation. */
export function checkInvitation(config: Config, code: string | undefined): string {
  if (!code) throw Forbidden('Sign-up on this server needs an invitation code from its operator (`invitation`)');
  const parts = signedParts(config, 'signup-invitation', code, 3);
  if (parts?.[0] !== 'inv1') throw Forbidden('The invitation code is not valid on this server');
  if (Number(parts[1]) <= nowSeconds()) throw Forbidden('The invitation code expired');
  return `invitation:${parts[2]}`;
}

/** Records the proof as used, in the new company's transaction; 409 when it was used before. */
export async function claimProof(tx: TenantTx, id: string): Promise<void> {
  // Kept a year: longer than any challenge or invitation is valid.
  const expiresAt = new Date(Date.now() + MAX_INVITATION_DAYS * 86400_000);
  const inserted = await tx.db
    .insertInto('used_signup_proofs')
    .values({ id, expires_at: expiresAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw Conflict('This sign-up proof (challenge or invitation) was already used');
}
