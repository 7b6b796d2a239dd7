// The API process's CPU per jobsInTimeFrame read, without HTTP: the jobs service's read as the route calls it
// (its transaction and options, the planned-window check, the read model's statement and the shaping of its
// rows), as the company's administrator, for Q1 and Q2 bodies of the scheduling benchmark, on its kept dataset. CPU time of this process per read hardly depends on what
// else the machine runs, so it compares two versions of the read path even on a busy machine:
// BENCH_COMPARE_WITH=<another checkout> loads that checkout's read path too, and the two take turns on
// the same bodies in this one process; their answers must be the same bytes.
// Usage: BENCH_KEEP_DATABASE=<name> npm run bench:read-cpu   (the dataset of `npm run bench:scheduling`)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { companyDays, employeeWeeks, type TimeFrameBody } from './lib/time-frames.js';
import { positiveInt, runBenchmark } from './lib/lifecycle.js';
import { adminQuery, keptDatabase } from './lib/scratch-database.js';

const ROUNDS = positiveInt('BENCH_ROUNDS', 6); // the first is warm-up
const Q1_READS = positiveInt('BENCH_Q1_READS', 400); // per round
const Q2_READS = positiveInt('BENCH_Q2_READS', 30);

interface ReadPath {
  name: string;
  /** The answer's bytes, as the route sends them: a checkout that answers text is encoded here, as its send did. */
  read(companyId: string, body: TimeFrameBody): Promise<Buffer>;
  close(): Promise<void>;
}

/** The read path of the checkout at `root`, on its own pool of `url`. */
async function readPathOf(name: string, root: string, url: string, userId: string): Promise<ReadPath> {
  const load = (path: string) => import(pathToFileURL(resolve(root, path)).href);
  const [
    { openDatabase },
    { jobsService },
    { schedulingWith },
    { jobAbsenceHooks },
    { timeTrackingJobEmbeds },
    { scopePermissions },
  ] = await Promise.all([
    load('src/platform/db/database.ts'),
    load('src/modules/scheduling/jobs-service.ts'),
    load('src/modules/scheduling/scheduling-with.ts'),
    load('src/modules/absences/index.ts'),
    load('src/modules/time-tracking/index.ts'),
    load('src/modules/auth/credentials.ts'),
  ]);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  const service = jobsService({
    database,
    embeds: timeTrackingJobEmbeds,
    scheduling: schedulingWith(jobAbsenceHooks),
  });
  // The administrator's rights, as a request of theirs carries them (the credentials resolved before the read),
  // from that checkout's own rule.
  const asAdministrator = (companyId: string) => ({
    companyId,
    userId,
    principal: `user:${userId}`,
    kind: 'user',
    permissions: scopePermissions(['admin']),
    canWrite: true,
  });
  return {
    name,
    read: async (companyId, body) => {
      const answer: Buffer | string = await service.inTimeFrame(asAdministrator(companyId), body);
      return typeof answer === 'string' ? Buffer.from(answer) : answer;
    },
    close: () => database.close(),
  };
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

runBenchmark(async () => {
  const keep = process.env.BENCH_KEEP_DATABASE;
  if (!keep) throw new Error('BENCH_KEEP_DATABASE: name the database `npm run bench:scheduling` kept its dataset in');
  const { url, exists } = await keptDatabase(keep);
  if (!exists)
    throw new Error(`${keep}: no such database; run npm run bench:scheduling with BENCH_KEEP_DATABASE first`);
  const [row] = await adminQuery<{ dataset: { main: { companyId: string; userIds: string[] } } }>(
    'SELECT dataset FROM bench_dataset',
    [],
    url,
  );
  const { companyId, userIds } = row!.dataset.main;
  const paths = [await readPathOf('this checkout', process.cwd(), url, userIds[0]!)];
  const other = process.env.BENCH_COMPARE_WITH;
  if (other) paths.push(await readPathOf(other, other, url, userIds[0]!));
  try {
    for (const [query, bodies] of [
      ['Q1 employee week', Array.from({ length: Q1_READS }, employeeWeeks(userIds, 7))],
      ['Q2 company day', Array.from({ length: Q2_READS }, companyDays(7))],
    ] as const) {
      const perRead = new Map<string, number[]>(paths.map((path) => [path.name, []]));
      let bytes = 0;
      for (let round = 0; round < ROUNDS; round++)
        for (const path of paths) {
          const since = process.cpuUsage();
          for (const body of bodies) bytes = (await path.read(companyId, body)).length;
          if (round > 0) perRead.get(path.name)!.push(cpuMs(since) / bodies.length);
        }
      for (const body of bodies.slice(0, 20)) {
        const answers = await Promise.all(paths.map((path) => path.read(companyId, body)));
        if (answers.some((answer) => !answer.equals(answers[0]!))) throw new Error(`${query}: the answers differ`);
      }
      console.log(
        `${query}: ${bodies.length} reads per round, ${ROUNDS - 1} rounds measured (last answer ${bytes} bytes)`,
      );
      for (const [name, values] of perRead) {
        const sorted = [...values].sort((a, b) => a - b);
        const median = sorted[Math.floor(sorted.length / 2)]!;
        console.log(
          `  ${name}: CPU per read median ${median.toFixed(3)} ms (${sorted[0]!.toFixed(3)}-${sorted.at(-1)!.toFixed(3)})`,
        );
      }
      if (other) console.log('  answers of both: the same bytes (20 bodies)');
    }
  } finally {
    for (const path of paths) await path.close();
  }
});
