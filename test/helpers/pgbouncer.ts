// PgBouncer (Debian's package) of a test's or bench's own, in transaction mode in front of a PostgreSQL
// server, on a free port on 127.0.0.1, as the OS user `postgres` (PgBouncer refuses root). Stopped when
// the process ends, however it ends.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { freePort, postgresDir, postgresUser } from './pg-cluster.js';

export interface Bouncer {
  port: number;
  /** `url` with PgBouncer's address instead of the server's. */
  urlFor(url: string): string;
  stop(): void;
}

const running = new Map<ChildProcess, string>(); // PgBouncer -> its directory
process.once('exit', () => {
  for (const [child, dir] of running) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Starts PgBouncer in front of `serverUrl`'s host and port: every database, pool_mode transaction. */
export async function startPgBouncer(serverUrl: string, poolSize = 10): Promise<Bouncer> {
  const server = new URL(serverUrl);
  const dir = postgresDir('crewbase-pgbouncer-');
  const port = await freePort();
  const user = decodeURIComponent(server.username || 'postgres');
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      // node-postgres sends none of these; a client that does is not refused for it
      'ignore_startup_parameters = extra_float_digits,options',
      'server_reset_query =',
      `logfile = ${join(dir, 'log')}`,
      '',
    ].join('\n'),
  );
  // Started as `postgres` directly (not through runuser, whose child outlives a SIGKILL to it).
  const child = spawn('pgbouncer', [join(dir, 'pgbouncer.ini')], {
    stdio: 'ignore',
    ...(process.getuid?.() === 0 ? postgresUser() : {}),
  });
  running.set(child, dir);
  child.once('exit', () => running.delete(child));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('PgBouncer did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    urlFor: (url) => Object.assign(new URL(url), { hostname: '127.0.0.1', port: String(port) }).toString(),
    stop() {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
