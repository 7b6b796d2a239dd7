// The only reader of process.env: every setting is parsed and checked here once.
import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** One host, or libpq's multi-host form (h1:p1,h2:p2, target_session_attrs=read-write) for failover. */
  databaseUrl: string | undefined;
  /** Read replicas for lag-tolerant reads (DATABASE_READ_URL, comma-separated). */
  databaseReadUrls: string[];
  /** A replica further behind is out of the read pool. */
  databaseReadMaxLagSeconds: number;
  /** After a client's write its reads go to the primary this long (read your writes). */
  databaseReadAfterWriteSeconds: number;
  /** transaction: behind PgBouncer in transaction mode (statements unnamed, no startup options). */
  databasePooler: 'none' | 'transaction';
  /** set_local: transactions' role and company as SET LOCAL (what Citus propagates), else set_config(…, true). */
  databaseTenancyStatement: 'set_config' | 'set_local';
  dbPoolSize: number;
  /** `serve`: this many API processes on the port (PostgreSQL only; the embedded database is one process's). */
  apiProcesses: number;
  jwtSecret: Uint8Array;
  jwtIssuer: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** open: anyone, with a solved challenge (signupProofBits); invite: an operator's invitation code; closed: 403. */
  signup: 'open' | 'invite' | 'closed';
  /** Leading zero bits a sign-up challenge's solution must give (0: no challenge, for tests and trusted networks). */
  signupProofBits: number;
  /** Sign-up attempts per client IP and hour in `open` mode. */
  signupPerIpPerHour: number;
  bodyLimitBytes: number;
  loginMaxTries: number;
  loginLockSeconds: number;
  authRateLimitPerIp: number;
  authRateLimitPerUsername: number;
  authRateLimitWindowSeconds: number;
  smsSink: string;
  /** log (default), file:<path> (JSON lines), or smtp[s]://user:pass@host:port */
  mailTransport: string;
  mailFrom: string;
  documentMaxBytes: number;
  documentMaxFiles: number;
  documentTypes: string[];
  /** local (DATA_DIR/documents) or s3://bucket[/prefix] */
  documentStorage: string;
  s3: { endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string };
  smsHttpUrl: string | undefined;
  /** A company's SMS per UTC day (messages to employees, verification codes) until the operator sets its own. */
  smsDailyLimitPerCompany: number;
  /** At most this many SMS to one number per hour (log-in codes included). */
  smsPerNumberPerHour: number;
  /** refuse: company-triggered SMS go only to verified numbers; allow: to any (the operator's choice). */
  smsUnverified: 'refuse' | 'allow';
  apiKeyCacheSeconds: number;
  /** How long credentials stay cached while the database announces their changes (credential-cache.ts). */
  rightsCacheSeconds: number;
  /** How long an Idempotency-Key stays claimed by a request that stops renewing it (its process died). */
  idempotencyLeaseSeconds: number;
  logLevel: string;
  trustProxy: boolean;
  /** Where clients reach the API (the OpenAPI document's server); undefined: the serving host. */
  publicUrl: string | undefined;
  webhookAllowHttp: boolean;
  webhookAllowedTargets: string[];
  /** Seconds to wait before each retry; after the last, a delivery has failed. */
  webhookRetrySchedule: number[];
  webhookTimeoutMs: number;
  webhookDisableAfterHours: number;
  webhookAttemptRetentionDays: number;
  /** Events (the feed, webhook payloads) are kept at least this many months; 0 keeps them forever. */
  eventRetentionMonths: number;
  /** `inline`: the server also delivers webhooks; `off`: only `npm run worker` processes do. */
  webhookWorker: 'inline' | 'off';
  webhookSecretKey: Uint8Array;
  /** Web Push (VAPID, RFC 8292): the key pair (base64url, raw P-256) and the contact subject. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Seconds to wait before each push retry; after the last, the push is given up. */
  pushRetrySchedule: number[];
  /** The feed keeps notifications this many days, and at most this many per user. */
  notificationRetentionDays: number;
  notificationsPerUser: number;
  /** Serve GET /metrics (Prometheus text); off: no such route (404). */
  metrics: boolean;
  /** When set, /metrics requires `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** A stopping process (SIGTERM) that has not finished by then exits 1, naming what it still waited for. */
  shutdownTimeoutSeconds: number;
  /** `serve` builds every route's validators in the background once it listens, not on each route's first request. */
  warmUp: boolean;
  /** Every answer says how long the server spent on it (`Server-Timing: app;dur=<ms>`); off by default. */
  serverTiming: boolean;
}

type Env = Record<string, string | undefined>;

class ConfigError extends Error {}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** An absolute http(s) address without query or fragment, kept without a trailing slash. */
function publicUrl(env: Env): string | undefined {
  const raw = env.PUBLIC_URL;
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) address, got "${raw}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`PUBLIC_URL must be an http(s) address without credentials, query or fragment, got "${raw}"`);
  }
  return url.toString().replace(/\/+$/, '');
}

function apiProcesses(env: Env): number {
  const count = int(env, 'API_PROCESSES', 1, 1, 64);
  if (count > 1 && !env.DATABASE_URL)
    throw new ConfigError('API_PROCESSES above 1 needs DATABASE_URL: the embedded database belongs to one process');
  return count;
}

// No default secret: without JWT_SECRET one is generated on first start and kept in DATA_DIR,
// so a single embedded instance works out of the box and tokens survive restarts.
function jwtSecret(env: Env, dataDir: string): Uint8Array {
  const given = env.JWT_SECRET;
  if (given) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(given);
  }
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/**
 * VAPID keys from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else made once and kept in DATA_DIR (a
 * browser's subscription is bound to the public key, so it must not change between starts).
 */
function vapidKeys(env: Env, dataDir: string): { publicKey: string; privateKey: string } {
  const given = { publicKey: env.VAPID_PUBLIC_KEY || '', privateKey: env.VAPID_PRIVATE_KEY || '' };
  if (given.publicKey || given.privateKey) {
    const bytes = (key: string) => (/^[A-Za-z0-9_-]+$/.test(key) ? Buffer.from(key, 'base64url').length : 0);
    if (bytes(given.publicKey) !== 65 || bytes(given.privateKey) !== 32)
      throw new ConfigError('VAPID_PUBLIC_KEY (65 bytes) and VAPID_PRIVATE_KEY (32 bytes) must both be set, base64url');
    return given;
  }
  const file = join(dataDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    // getPrivateKey drops leading zero bytes (1 key in 256); VAPID wants all 32.
    const secret = ecdh.getPrivateKey();
    const privateKey = Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url');
    const keys = { publicKey: ecdh.getPublicKey('base64url'), privateKey };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
}

function vapidSubject(env: Env): string {
  const subject = env.VAPID_SUBJECT || 'mailto:push@crewbase.invalid';
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject) || subject.length > 200)
    throw new ConfigError('VAPID_SUBJECT must be a mailto: address or an https URL');
  return subject;
}

/** A bearer token: 16 to 256 visible ASCII characters (no spaces), so it fits an Authorization header as given. */
function metricsToken(env: Env): string | undefined {
  const raw = env.METRICS_TOKEN;
  if (raw === undefined || raw === '') return undefined;
  if (!/^[\x21-\x7e]{16,256}$/.test(raw)) {
    throw new ConfigError('METRICS_TOKEN must be 16 to 256 visible ASCII characters without spaces');
  }
  return raw;
}

/**
 * EVENT_RETENTION_MONTHS (13: a year of audit and the month it began). A kept delivery may be
 * redelivered, and one still retrying needs its event: events must outlast both.
 */
function eventRetentionMonths(env: Env, attemptDays: number, retrySchedule: number[]): number {
  const months = int(env, 'EVENT_RETENTION_MONTHS', 13, 0, 1200);
  const neededDays = attemptDays + Math.ceil(retrySchedule.reduce((sum, s) => sum + s, 0) / 86400);
  if (months !== 0 && months * 28 < neededDays)
    throw new ConfigError(
      `EVENT_RETENTION_MONTHS (${months}) must keep events for the ${neededDays} days a webhook delivery may still need them (WEBHOOK_ATTEMPT_RETENTION_DAYS and WEBHOOK_RETRY_SCHEDULE), or be 0 (forever)`,
    );
  return months;
}

function secondsList(env: Env, name: string, fallback: string): number[] {
  const raw = env[name] || fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.length === 0 || values.length > 20 || values.some((v) => !Number.isFinite(v) || v < 0 || v > 7 * 86400)) {
    throw new ConfigError(`${name} must be a comma list of up to 20 second counts (0 to 604800), got "${raw}"`);
  }
  return values;
}

export function loadConfig(env: Env = process.env): Readonly<Config> {
  const dataDir = resolve(env.DATA_DIR || './data');
  const signup = env.SIGNUP || 'invite';
  if (signup !== 'open' && signup !== 'invite' && signup !== 'closed')
    throw new ConfigError('SIGNUP must be open, invite or closed');
  const smsUnverified = env.SMS_UNVERIFIED || 'refuse';
  if (smsUnverified !== 'refuse' && smsUnverified !== 'allow')
    throw new ConfigError('SMS_UNVERIFIED must be refuse or allow');
  const worker = env.WEBHOOK_WORKER || 'inline';
  if (worker !== 'inline' && worker !== 'off') throw new ConfigError('WEBHOOK_WORKER must be inline or off');
  const jwt = jwtSecret(env, dataDir);
  const metrics = env.METRICS || 'off';
  const pooler = env.DATABASE_POOLER || 'none';
  if (pooler !== 'none' && pooler !== 'transaction')
    throw new ConfigError('DATABASE_POOLER must be none or transaction');
  const tenancyStatement = env.DATABASE_TENANCY_STATEMENT || 'set_config';
  if (tenancyStatement !== 'set_config' && tenancyStatement !== 'set_local')
    throw new ConfigError('DATABASE_TENANCY_STATEMENT must be set_config or set_local');
  const readMaxLag = int(env, 'DATABASE_READ_MAX_LAG_SECONDS', 2, 0, 60);
  const readAfterWrite = int(env, 'DATABASE_READ_AFTER_WRITE_SECONDS', 5, 1, 300);
  // The monitor looks every half second: a replica inside the bound has a client's write once the window ends.
  if (readAfterWrite < readMaxLag + 1)
    throw new ConfigError('DATABASE_READ_AFTER_WRITE_SECONDS must exceed DATABASE_READ_MAX_LAG_SECONDS by 1 or more');
  if (metrics !== 'on' && metrics !== 'off') throw new ConfigError('METRICS must be on or off');
  const attemptRetentionDays = int(env, 'WEBHOOK_ATTEMPT_RETENTION_DAYS', 30, 1, 3650);
  const retrySchedule = secondsList(env, 'WEBHOOK_RETRY_SCHEDULE', '5,300,1800,7200,18000,36000,36000');
  return Object.freeze({
    port: int(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrls: readUrls(env),
    databaseReadMaxLagSeconds: readMaxLag,
    databaseReadAfterWriteSeconds: readAfterWrite,
    databasePooler: pooler,
    databaseTenancyStatement: tenancyStatement,
    dbPoolSize: int(env, 'DB_POOL_SIZE', 10, 1, 200),
    apiProcesses: apiProcesses(env),
    jwtSecret: jwt,
    jwtIssuer: env.JWT_ISSUER || 'crewbase',
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL', 900, 60, 86400),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL', 30 * 86400, 300, 365 * 86400),
    signup,
    signupProofBits: int(env, 'SIGNUP_PROOF_BITS', 16, 0, 32),
    signupPerIpPerHour: int(env, 'SIGNUP_PER_IP_PER_HOUR', 5, 1, 1_000_000),
    bodyLimitBytes: int(env, 'BODY_LIMIT', 1024 * 1024, 1024, 100 * 1024 * 1024),
    loginMaxTries: int(env, 'LOGIN_MAX_TRIES', 5, 1, 100),
    loginLockSeconds: int(env, 'LOGIN_LOCK_SECONDS', 900, 1, 86400),
    authRateLimitPerIp: int(env, 'AUTH_RATE_LIMIT_PER_IP', 30, 1, 100000),
    authRateLimitPerUsername: int(env, 'AUTH_RATE_LIMIT_PER_USERNAME', 10, 1, 100000),
    authRateLimitWindowSeconds: int(env, 'AUTH_RATE_LIMIT_WINDOW', 60, 1, 86400),
    smsSink: env.SMS_SINK || 'log',
    mailTransport: mailSetting(env.MAIL_TRANSPORT || 'log'),
    mailFrom: env.MAIL_FROM || 'Crewbase <no-reply@localhost>',
    documentMaxBytes: int(env, 'DOCUMENT_MAX_BYTES', 25 * 1024 * 1024, 1, 1024 * 1024 * 1024),
    documentMaxFiles: int(env, 'DOCUMENT_MAX_FILES', 10, 1, 100),
    documentTypes: (env.DOCUMENT_TYPES || DEFAULT_DOCUMENT_TYPES)
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    documentStorage: storageSetting(env.DOCUMENT_STORAGE || 'local'),
    s3: {
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    },
    smsHttpUrl: env.SMS_HTTP_URL || undefined,
    smsDailyLimitPerCompany: int(env, 'SMS_DAILY_LIMIT_PER_COMPANY', 20, 0, 1_000_000),
    smsPerNumberPerHour: int(env, 'SMS_PER_NUMBER_PER_HOUR', 5, 1, 1000),
    smsUnverified,
    apiKeyCacheSeconds: int(env, 'API_KEY_CACHE_SECONDS', 5, 0, 60),
    rightsCacheSeconds: int(env, 'RIGHTS_CACHE_SECONDS', 600, 0, 3600),
    idempotencyLeaseSeconds: int(env, 'IDEMPOTENCY_LEASE_SECONDS', 30, 1, 3600),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: bool(env, 'TRUST_PROXY', false),
    publicUrl: publicUrl(env),
    webhookAllowHttp: bool(env, 'WEBHOOK_ALLOW_HTTP', false),
    webhookAllowedTargets: (env.WEBHOOK_ALLOWED_TARGETS || '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
    webhookRetrySchedule: retrySchedule,
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 5000, 100, 60000),
    webhookDisableAfterHours: int(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 120, 1, 24 * 365),
    webhookAttemptRetentionDays: attemptRetentionDays,
    eventRetentionMonths: eventRetentionMonths(env, attemptRetentionDays, retrySchedule),
    webhookWorker: worker,
    webhookSecretKey: env.WEBHOOK_SECRET_KEY ? new TextEncoder().encode(env.WEBHOOK_SECRET_KEY) : jwt,
    vapid: { ...vapidKeys(env, dataDir), subject: vapidSubject(env) },
    pushRetrySchedule: secondsList(env, 'PUSH_RETRY_SCHEDULE', '10,60,300,1800,7200'),
    notificationRetentionDays: int(env, 'NOTIFICATION_RETENTION_DAYS', 90, 1, 3650),
    notificationsPerUser: int(env, 'NOTIFICATIONS_PER_USER', 1000, 10, 100_000),
    metrics: metrics === 'on',
    metricsToken: metricsToken(env),
    shutdownTimeoutSeconds: int(env, 'SHUTDOWN_TIMEOUT_SECONDS', 30, 1, 3600),
    warmUp: bool(env, 'WARM_UP', true),
    serverTiming: bool(env, 'SERVER_TIMING', false),
  });
}

/** What uploads may be, by sniffed content: PDF, images, office documents, plain text and CSV. */
const DEFAULT_DOCUMENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/tiff',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/plain',
  'text/csv',
].join(',');

/** DATABASE_READ_URL: up to 16 postgres:// URLs, comma-separated (a comma inside one URL's hosts is not allowed). */
function readUrls(env: Env): string[] {
  const raw = env.DATABASE_READ_URL;
  if (raw === undefined || raw.trim() === '') return [];
  const urls = raw.split(/,(?=\s*postgres(?:ql)?:\/\/)/).map((url) => url.trim());
  if (urls.length > 16 || urls.some((url) => !/^postgres(ql)?:\/\/[^,]+$/.test(url)))
    throw new ConfigError('DATABASE_READ_URL must be up to 16 postgres:// URLs of one host each, comma-separated');
  if (!env.DATABASE_URL)
    throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL (replicas of a PostgreSQL primary)');
  return urls;
}

function storageSetting(value: string): string {
  if (value === 'local' || /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/.test(value)) return value;
  throw new ConfigError('DOCUMENT_STORAGE must be local or s3://bucket[/prefix]');
}

function mailSetting(value: string): string {
  if (value === 'log' || value.startsWith('file:') || /^smtps?:\/\//.test(value)) return value;
  throw new ConfigError('MAIL_TRANSPORT must be log, file:<path> or smtp[s]://…');
}

export { ConfigError };
