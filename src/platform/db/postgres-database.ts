// The PostgreSQL side of openDatabase: the primary's pool (one host, or libpq's multi-host form with
// failover, primary-pool.ts), read replicas (DATABASE_READ_URL, read-routing.ts) and, behind a
// transaction-mode pooler, statements without names.
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { isConnectionLoss } from './connection-loss.js';
import { listenOnPostgres } from './notification-listener.js';
import { parseConnectionUrl } from './connection-url.js';
import type { Database, DatabaseTarget, DatabaseTopology, Listening, TargetStats } from './database-types.js';
import { postgresTransaction, settleCommits } from './postgres-transaction.js';
import { PrimaryPool } from './primary-pool.js';
import { ReadRouter } from './read-routing.js';
import { ReplicaPool } from './replica-pool.js';
import type { DB } from './schema.generated.js';
import { WriteGate, writeSlots } from './write-gate.js';

/** How long a starting process waits for a read-write host among several. */
const FIND_PRIMARY_TIMEOUT_MS = 30_000;

export async function openPostgres(target: Extract<DatabaseTarget, { kind: 'postgres' }>): Promise<Database> {
  const behindPooler = target.pooler === 'transaction';
  // No JIT: our queries are short, and a misestimated one must not spend a second compiling. A pooler
  // refuses startup options: there, set jit = off on the database (docs/operations.md).
  const options = behindPooler ? undefined : '-c jit=off';
  const primary = new PrimaryPool({
    target: parseConnectionUrl(target.url),
    poolSize: target.poolSize,
    options,
    log: target.log,
  });
  await primary.start(FIND_PRIMARY_TIMEOUT_MS);
  const replicas = (target.readUrls ?? []).map((url) => {
    const parsed = parseConnectionUrl(url);
    const host = parsed.hosts[0]!;
    return new ReplicaPool({
      url: parsed.urlFor(host),
      host,
      poolSize: target.poolSize,
      options,
      maxLagSeconds: target.readMaxLagSeconds ?? 2,
    });
  });
  await Promise.all(replicas.map((replica) => replica.start()));
  const router = replicas.length
    ? new ReadRouter(replicas, primary, (target.readAfterWriteSeconds ?? 5) * 1000, !behindPooler)
    : undefined;

  // Kysely's own queries (migrations, a few plain reads) take the current primary's connections too.
  const poolFacade = {
    connect: () => primary.connect(),
    end: async () => {},
  } as unknown as pg.Pool;
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool: poolFacade }) });
  const listenings = new Set<Listening>();
  const writes = new WriteGate(writeSlots(target.poolSize));

  /** A lost connection makes the pool ask the hosts which one is the primary now. */
  const watched = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (isConnectionLoss(error)) primary.reportLoss();
      throw error;
    }
  };

  return {
    kind: 'postgres',
    kysely,
    setLocal: target.tenancyStatement === 'set_local',
    readRouter: router,
    exec: (script) =>
      watched(async () => {
        const client = await primary.connect();
        try {
          await client.query(script);
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {}); // a failed script may leave its transaction open
          throw error;
        } finally {
          client.release();
        }
      }),
    transaction: (begin, readOnly, work, options) => {
      const run = () =>
        watched(() => postgresTransaction(primary, begin, readOnly, work, { prepare: !behindPooler, ...options }));
      return readOnly ? run() : writes.run(run);
    },
    connectionStats: () => ({ ...primary.stats(), writesWaiting: writes.waiting }),
    // Behind a transaction-mode pooler a connection free here may still wait there for one of the server's.
    hasFreeConnection: () => !behindPooler && primary.hasFree() && writes.hasFree(),
    failovers: () => primary.failovers,
    targetStats: () => targetStats(primary, replicas, router),
    topology: () => topology(primary, replicas),
    // A transaction-mode pooler hands a connection to other clients between transactions: no LISTEN there.
    ...(behindPooler
      ? {}
      : {
          listen: async (channel, handlers) => {
            const listening = await listenOnPostgres(() => primary.currentUrl(), channel, handlers);
            listenings.add(listening);
            return listening;
          },
        }),
    // A connection whose COMMIT is still under way would be cut off (and its error go unheard).
    close: async () => {
      await Promise.all([...listenings].map((listening) => listening.close())); // else they would try again
      await settleCommits(primary);
      await kysely.destroy();
      await router?.end();
      await primary.end();
    },
  };
}

function targetStats(primary: PrimaryPool, replicas: readonly ReplicaPool[], router?: ReadRouter): TargetStats[] {
  return [
    {
      target: primary.current ?? 'none',
      role: 'primary',
      ...primary.stats(),
      reads: router?.primaryReads ?? 0,
      lagSeconds: 0,
      inPool: true,
    },
    ...replicas.map((replica) => ({
      target: replica.name,
      role: 'replica' as const,
      total: replica.pool.totalCount,
      idle: replica.pool.idleCount,
      waiting: replica.pool.waitingCount,
      reads: replica.reads,
      lagSeconds: replica.lagSeconds,
      inPool: replica.usable,
    })),
  ];
}

async function topology(primary: PrimaryPool, replicas: readonly ReplicaPool[]): Promise<DatabaseTopology> {
  const client = await primary.connect();
  let recovery: boolean;
  try {
    recovery = (await client.query<{ recovery: boolean }>('SELECT pg_is_in_recovery() AS recovery')).rows[0]!.recovery;
  } finally {
    client.release();
  }
  return {
    role: recovery ? 'replica' : 'primary',
    target: primary.current ?? 'none',
    failovers: primary.failovers,
    replicas: replicas.map((replica) => ({
      target: replica.name,
      state: replica.state,
      lagSeconds: Number.isNaN(replica.lagSeconds) ? null : replica.lagSeconds,
    })),
  };
}
