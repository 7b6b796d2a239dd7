// Failover under load: a primary and a synchronous standby (made here: initdb, pg_basebackup, free
// ports), the server on libpq's multi-host DATABASE_URL (target_session_attrs=read-write), 8 writers
// creating customers with Idempotency-Keys (each retried with its key on 503, on 409 "still being
// processed" and on a lost connection, until it succeeds) and 4 Q1 readers. After a few seconds the
// primary is stopped (`pg_ctl stop -m immediate`) or its postmaster killed (-9), and the standby is
// promoted at once, as a failover manager would after its detection time (not part of this figure).
// Prints: writes acknowledged, found after the failover, lost, duplicated, seconds from the kill to the
// first successful write, and the 5xx seen (503 apart).
// Usage: npm run bench:failover   (FAILOVER_RUNS=stop,kill9,stop; FAILOVER_LOAD_SECONDS=4)
import { randomUUID } from 'node:crypto';
import { makePrimary, makeStandby, skipUnlessClusters } from '../test/helpers/pg-cluster.js';
import { startCrewbase } from './lib/child-server.js';
import { cleanup, positiveInt, runBenchmark } from './lib/lifecycle.js';

const RUNS = (process.env.FAILOVER_RUNS || 'stop,kill9,stop').split(',') as Array<'stop' | 'kill9'>;
const LOAD_SECONDS = positiveInt('FAILOVER_LOAD_SECONDS', 4);
const WRITERS = 8;
const READERS = 4;
const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Tally {
  acknowledged: Set<string>;
  statuses: Map<number | string, number>;
  firstWriteAfterKill: number | undefined;
  retriesAfterKill: number;
}

async function call(base: string, path: string, token: string, body: unknown, key?: string) {
  try {
    const response = await fetch(base + path, {
      method: 'POST',
      headers: {
        ...(token.startsWith('cbk_') ? { 'x-api-key': token } : { authorization: `Bearer ${token}` }),
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    return {
      status: response.status,
      retryAfter: Number(response.headers.get('retry-after') ?? 0),
      text: await response.text(),
    };
  } catch {
    return { status: 'no answer' as const, retryAfter: 0, text: '' };
  }
}

function readsByRole(metrics: string) {
  const count = (role: string) =>
    Number(new RegExp(`crewbase_db_reads_total\\{target="[^"]+",role="${role}"\\} (\\d+)`).exec(metrics)?.[1] ?? 0);
  return { replica: count('replica'), primary: count('primary') };
}

async function scenario(mode: 'stop' | 'kill9') {
  const primary = await makePrimary('failover-primary', { synchronousStandbys: ['standby1'] });
  const standby = await makeStandby(primary, 'standby1');
  await primary.query('CREATE DATABASE crewbase');
  const [sync] = await primary.query<{ sync_state: string }>('SELECT sync_state FROM pg_stat_replication');
  if (sync?.sync_state !== 'sync') throw new Error(`the standby is not synchronous: ${JSON.stringify(sync)}`);
  const url = `postgres://postgres@${primary.host},${standby.host}/crewbase?target_session_attrs=read-write`;
  const { base, child } = await startCrewbase(url, {
    SIGNUP: 'open',
    SIGNUP_PROOF_BITS: '0',
    SIGNUP_PER_IP_PER_HOUR: '1000000',
    IDEMPOTENCY_LEASE_SECONDS: '3', // a key whose request died is taken over after 3 s
    METRICS: 'on',
    // The standby also takes the lag-tolerant reads until it is promoted (then it is out of the read pool).
    DATABASE_READ_URL: standby.url('crewbase'),
  });
  const signup = await call(base, '/v2/company/signup', '', {
    companyName: 'Failover Co',
    username: 'failover-admin',
    password: 'failover-password-1',
  });
  const token = JSON.parse(signup.text).accessToken as string;
  // Q1 readers use a read key: they never write, so read-your-writes never holds them on the primary.
  const key = await call(base, '/v2/apiKeys', token, { name: 'readers', scopes: ['read'] });
  const readKey = JSON.parse(key.text).key as string;
  const day = Math.floor(Date.now() / DAY + 2) * DAY;
  for (let i = 0; i < 20; i++)
    await call(base, '/v2/jobs/', token, {
      from: new Date(day + i * 1_800_000).toISOString(),
      to: new Date(day + i * 1_800_000 + 3_600_000).toISOString(),
    });

  const tally: Tally = {
    acknowledged: new Set(),
    statuses: new Map(),
    firstWriteAfterKill: undefined,
    retriesAfterKill: 0,
  };
  const count = (status: number | string) => tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  let killedAt: number | undefined;
  let stopping = false;

  const writer = async (w: number) => {
    for (let n = 0; !stopping; n++) {
      const name = `w${w}-${n}-${randomUUID().slice(0, 8)}`;
      const key = randomUUID();
      const startedAt = Date.now();
      for (;;) {
        const answer = await call(base, '/v2/customers/', token, { name }, key);
        count(answer.status);
        if (answer.status === 201 || answer.status === 200) {
          tally.acknowledged.add(name);
          if (killedAt && startedAt > killedAt && tally.firstWriteAfterKill === undefined)
            tally.firstWriteAfterKill = Date.now() - killedAt;
          break;
        }
        const retryable = answer.status === 503 || answer.status === 'no answer' || answer.status === 409;
        if (!retryable) throw new Error(`write answered ${answer.status}: ${answer.text}`);
        if (killedAt) tally.retriesAfterKill += 1;
        await sleep(answer.retryAfter ? Math.min(answer.retryAfter * 1000, 500) : 200);
      }
    }
  };
  const reader = async () => {
    while (!stopping) {
      const answer = await call(base, '/v2/jobs/jobsInTimeFrame', readKey, {
        from: String(day),
        to: String(day + DAY),
      });
      count(`Q1 ${answer.status}`);
      if (answer.status !== 200) await sleep(200);
    }
  };
  const load = [
    ...Array.from({ length: WRITERS }, (_, w) => writer(w)),
    ...Array.from({ length: READERS }, () => reader()),
  ];
  // Before the kill: the standby's share of Q1 and its lag, sampled from /metrics every 250 ms.
  const lags: number[] = [];
  const loadEnds = Date.now() + LOAD_SECONDS * 1000;
  while (Date.now() < loadEnds) {
    const lag = /crewbase_db_replica_lag_seconds\{target="[^"]+",role="replica"\} (\S+)/.exec(
      await (await fetch(`${base}/metrics`)).text(),
    )?.[1];
    if (lag !== undefined) lags.push(Number(lag));
    await sleep(250);
  }
  const readsBeforeKill = readsByRole(await (await fetch(`${base}/metrics`)).text());
  const beforeKill = tally.acknowledged.size;
  killedAt = Date.now();
  if (mode === 'stop') primary.stop('immediate');
  else primary.kill9();
  standby.promote();
  const promotedAfter = Date.now() - killedAt;
  while (tally.firstWriteAfterKill === undefined && Date.now() - killedAt < 60_000) await sleep(50);
  await sleep(LOAD_SECONDS * 1000);
  stopping = true;
  await Promise.all(load);

  const rows = await standby.query<{ name: string; n: number }>(
    `SELECT doc->>'name' AS name, count(*)::int AS n FROM customers GROUP BY 1`,
    'crewbase',
  );
  const found = new Map(rows.map((row) => [row.name, row.n]));
  const lost = [...tally.acknowledged].filter((name) => !found.has(name));
  const duplicated = rows.filter((row) => row.n > 1);
  const metrics = await (await fetch(`${base}/metrics`)).text();
  child.kill('SIGTERM');
  const statuses = Object.fromEntries([...tally.statuses].sort());
  const other5xx = [...tally.statuses]
    .filter(([status]) => /^(Q1 )?5\d\d$/.test(String(status)) && !String(status).endsWith('503'))
    .reduce((sum, [, n]) => sum + n, 0);
  console.log(
    JSON.stringify(
      {
        mode: mode === 'stop' ? 'pg_ctl stop -m immediate' : 'kill -9 postmaster',
        acknowledgedWrites: tally.acknowledged.size,
        acknowledgedBeforeKill: beforeKill,
        writesFoundAfterFailover: tally.acknowledged.size - lost.length,
        lost: lost.length,
        duplicated: duplicated.length,
        secondsKillToPromoted: promotedAfter / 1000,
        secondsKillToFirstSuccessfulWrite: (tally.firstWriteAfterKill ?? Number.NaN) / 1000,
        retriesAfterKill: tally.retriesAfterKill,
        fiveHundredsOtherThan503: other5xx,
        beforeKill: {
          q1OnStandby: readsBeforeKill.replica,
          q1OnPrimary: readsBeforeKill.primary,
          standbyShare: Number(
            (readsBeforeKill.replica / (readsBeforeKill.replica + readsBeforeKill.primary)).toFixed(3),
          ),
          standbyLagSeconds: {
            samples: lags.length,
            mean: Number((lags.reduce((a, b) => a + b, 0) / lags.length).toFixed(4)),
            max: Math.max(...lags),
          },
        },
        failoversSeenByServer: Number(/^crewbase_db_failovers_total (\d+)/m.exec(metrics)?.[1] ?? NaN),
        statuses,
      },
      null,
      1,
    ),
  );
  await sleep(500);
  standby.destroySync();
  primary.destroySync();
  return { lost: lost.length, duplicated: duplicated.length, other5xx, first: tally.firstWriteAfterKill };
}

async function main() {
  const skip = skipUnlessClusters();
  if (skip) throw new Error(skip);
  const results = [];
  for (const mode of RUNS) {
    console.log(`\n== failover: ${mode}`);
    results.push(await scenario(mode));
    await cleanup(); // this run's server
  }
  const ok = results.every(
    (r) => r.lost === 0 && r.duplicated === 0 && r.other5xx === 0 && (r.first ?? Infinity) < 10_000,
  );
  console.log(
    `\n${ok ? 'goal met' : 'GOAL MISSED'}: 0 lost, 0 duplicated, no 5xx but 503, first write within 10 s, in every run`,
  );
}

runBenchmark(main);
