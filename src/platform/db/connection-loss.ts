// Errors that say the database server went away or cannot serve now, rather than that a statement was
// wrong: a request that meets one is answered 503 with Retry-After (problem.ts), never 500, and the pool
// looks for the primary again (primary-pool.ts). A write whose COMMIT met one may or may not have
// committed: its client retries with its Idempotency-Key, which replays the stored answer if it did.

/** SQLSTATE classes and codes of a lost or refused server: 08 connection, 57P0x shutdown, 53300, 25006. */
const LOST_STATES = /^(08...|57P0[1-4]|53300|25006)$/;
/** Node's socket errors while connecting or on an open connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** node-postgres's own texts for a connection that ended or never opened. */
const PG_TEXTS =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout|Client was closed)/;

export class NoPrimaryError extends Error {
  readonly code = 'CREWBASE_NO_PRIMARY';
  constructor() {
    super('No read-write database server is reachable now');
  }
}

export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof NoPrimaryError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (LOST_STATES.test(code) || SOCKET_CODES.has(code))) return true;
  return PG_TEXTS.test(error.message);
}

/** Seconds a client is told to wait after a lost connection: a failover takes a few. */
export const RETRY_AFTER_LOSS_SECONDS = 2;
