// PostgreSQL clusters of a test's or bench's own, in temp directories on free ports on 127.0.0.1: a
// primary, hot standbys made with pg_basebackup, promotion, stop and kill -9. Run as the OS user
// `postgres` (initdb refuses root). Every cluster is stopped and its directory removed when the
// process ends, however it ends (after hooks, exit, SIGTERM from the test runner's time limit).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { onPath } from './debian-tools.js';

/** PostgreSQL's server programs (pg_config tells where; Debian: /usr/lib/postgresql/<n>/bin). */
export function pgBinDir(): string | undefined {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  for (const version of ['17', '16', '15']) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

/** The `skip` option of a test that needs clusters of its own: false, or why not (fails under CI=1). */
export function skipUnlessClusters(extra: string[] = []): false | string {
  const bin = pgBinDir();
  const missing = [
    ...(bin ? [] : ['initdb, pg_ctl, pg_basebackup (postgresql-15)']),
    ...extra.filter((binary) => !onPath(binary)),
  ];
  if (missing.length === 0) return false;
  const why = `needs ${missing.join(', ')}: install the Debian packages postgresql-15 ${extra.join(' ')}`.trim();
  if (process.env.CI) throw new Error(why);
  return why;
}

const asRoot = process.getuid?.() === 0;
let postgresIds: { uid: number; gid: number } | undefined;
/** The uid and gid of `postgres` when we are root (to start a process as it directly), else none. */
export function postgresUser() {
  postgresIds ??= {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  };
  return postgresIds;
}

/** Runs a PostgreSQL program as `postgres` (through runuser when we are root). */
export function runAsPostgres(program: string, args: string[], timeoutMs = 60_000): string {
  const path = program.includes('/') ? program : join(pgBinDir()!, program);
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  return execFileSync(command, argv, { timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

/** A directory owned by `postgres`. */
export function postgresDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (asRoot) chownSync(dir, postgresUser().uid, postgresUser().gid);
  return dir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const started = new Set<Cluster>();
function stopAll(): void {
  for (const cluster of started) cluster.destroySync();
}
process.once('exit', stopAll);

export class Cluster {
  readonly data: string;
  private running = false;

  constructor(
    readonly root: string,
    readonly port: number,
    readonly name: string,
  ) {
    this.data = join(root, 'data');
    started.add(this);
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  get host(): string {
    return `127.0.0.1:${this.port}`;
  }

  start(): void {
    runAsPostgres('pg_ctl', ['start', '-w', '-t', '60', '-D', this.data, '-l', join(this.root, 'log')], 70_000);
    this.running = true;
  }

  /** fast: a clean shutdown; immediate: no checkpoint, the next start recovers (as after a crash). */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    if (!this.running) return;
    runAsPostgres('pg_ctl', ['stop', '-w', '-t', '60', '-m', mode, '-D', this.data], 70_000);
    this.running = false;
  }

  /** SIGKILL to the postmaster (its backends notice and exit). */
  kill9(): void {
    const pidFile = join(this.data, 'postmaster.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
    this.running = false;
  }

  promote(): void {
    runAsPostgres('pg_ctl', ['promote', '-w', '-t', '60', '-D', this.data], 70_000);
  }

  async query<R extends pg.QueryResultRow>(text: string, database = 'postgres'): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.url(database), connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      return (await client.query<R>(text)).rows;
    } finally {
      await client.end();
    }
  }

  /** Stops the server at once and removes its directory (also when the process exits). */
  destroySync(): void {
    try {
      if (existsSync(join(this.data, 'postmaster.pid')))
        runAsPostgres('pg_ctl', ['stop', '-w', '-t', '20', '-m', 'immediate', '-D', this.data], 30_000);
    } catch {
      this.kill9();
    }
    this.running = false;
    rmSync(this.root, { recursive: true, force: true });
    started.delete(this);
  }
}

export interface PrimaryOptions {
  /** Names of standbys the primary waits for at COMMIT (synchronous_standby_names). */
  synchronousStandbys?: string[];
  /** Archive WAL into this directory (archive_command), for point-in-time recovery. */
  archiveDir?: string;
  /** fsync off: for tests, whose servers are never lost with the machine. */
  fast?: boolean;
}

function settings(port: number, root: string, extra: string[]): string {
  return [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${root}'`,
    'max_connections = 80',
    'shared_buffers = 32MB',
    'wal_level = replica',
    'max_wal_senders = 8',
    'max_replication_slots = 8',
    'wal_keep_size = 128MB',
    'hot_standby = on',
    'hot_standby_feedback = on',
    'wal_receiver_status_interval = 1s',
    'jit = off',
    ...extra,
  ].join('\n');
}

/** A new primary (initdb, trust on 127.0.0.1), started. */
export async function makePrimary(name: string, options: PrimaryOptions = {}): Promise<Cluster> {
  const cluster = new Cluster(postgresDir(`crewbase-${name}-`), await freePort(), name);
  runAsPostgres('initdb', ['-D', cluster.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const extra: string[] = [];
  if (options.fast) extra.push('fsync = off', 'synchronous_commit = off', 'full_page_writes = off');
  if (options.synchronousStandbys?.length)
    extra.push(`synchronous_standby_names = 'FIRST 1 (${options.synchronousStandbys.join(', ')})'`);
  if (options.archiveDir)
    extra.push(
      'archive_mode = on',
      `archive_command = 'test ! -f ${options.archiveDir}/%f && cp %p ${options.archiveDir}/%f'`,
    );
  writeFileSync(join(cluster.data, 'postgresql.auto.conf'), `${settings(cluster.port, cluster.root, extra)}\n`);
  writeFileSync(
    join(cluster.data, 'pg_hba.conf'),
    'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
  );
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', cluster.data]);
  cluster.start();
  return cluster;
}

/**
 * A hot standby of `primary` (pg_basebackup -R: it streams from the primary and answers reads), started;
 * `name` is its application_name (synchronous_standby_names refers to it).
 */
export async function makeStandby(primary: Cluster, name: string): Promise<Cluster> {
  const cluster = new Cluster(postgresDir(`crewbase-${name}-`), await freePort(), name);
  runAsPostgres(
    'pg_basebackup',
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      cluster.data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ],
    120_000,
  );
  const conf = join(cluster.data, 'postgresql.auto.conf');
  const copied = readFileSync(conf, 'utf8')
    .split('\n')
    .filter(
      (line) => !/^(port|unix_socket_directories|synchronous_standby_names|archive_mode|archive_command) /.test(line),
    )
    .map((line) => (line.startsWith('primary_conninfo') ? line.replace(/'$/, ` application_name=${name}'`) : line));
  writeFileSync(conf, `${copied.join('\n')}\nport = ${cluster.port}\nunix_socket_directories = '${cluster.root}'\n`);
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', cluster.data]);
  cluster.start();
  return cluster;
}
