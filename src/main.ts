// Command line: serve | worker | migrate | company create --name N --username U --password P [--email E]
// | import <customers|objects|users|articles> <file.csv> --company <id> [--mapping m.json] [--dry-run]
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from './config.js';
import type { Database } from './platform/db/database.js';
import { shutdownWaits, stopOnSignal, type ShutdownWaits } from './platform/background/shutdown.js';

// Each command loads what it needs when it runs (dynamic imports): a command given bad arguments fails
// before the server's modules load, and only `serve` loads the HTTP app.

/** The database, its close named among what a stopping process waits for. */
function closeTracked(database: Database, waits: ShutdownWaits): Database {
  return { ...database, close: () => waits.track('database close', database.close()) };
}

async function openMigrated(config: Config, log: (line: string) => void): Promise<Database> {
  const [{ openDatabase }, { migrate }, { seedFromTemplate }] = await Promise.all([
    import('./platform/db/database.js'),
    import('./platform/db/migrate.js'),
    import('./platform/db/data-dir-template.js'),
  ]);
  // A new embedded database starts as a copy of the compiled server's migrated template, if there is one.
  const seeded = config.databaseUrl ? [] : seedFromTemplate(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          poolSize: config.dbPoolSize,
          readUrls: config.databaseReadUrls,
          readMaxLagSeconds: config.databaseReadMaxLagSeconds,
          readAfterWriteSeconds: config.databaseReadAfterWriteSeconds,
          pooler: config.databasePooler,
          tenancyStatement: config.databaseTenancyStatement,
          log,
        }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  for (const migration of seeded) log(`applied ${migration.name}`); // what creating it from nothing reports
  const applied = seeded.length + (await migrate(database, log));
  log(`database ready (${database.kind}, ${applied} migration(s) applied)`);
  return database;
}

/**
 * The periodic work beside webhook delivery: missing clock-outs (every minute), unsent mail (every 30 s), recurring
 * tasks (hourly), Web Push (every second), the notification feeds' bound (hourly) and the events' month partitions
 * (made ahead and dropped after retention: at start and hourly). Loads its modules; the function it returns starts
 * the work and returns the function that stops it.
 */
async function loadBackgroundTasks() {
  const [
    { flagMissingStops },
    { generateAhead },
    { every },
    { mailOutbox },
    { mailTransport },
    { pushWorker },
    { webhookDeps },
    { maintainEventPartitions },
  ] = await Promise.all([
    import('./modules/time-tracking/index.js'),
    import('./modules/tasks/index.js'),
    import('./platform/background/every.js'),
    import('./platform/mail/outbox.js'),
    import('./platform/mail/mail-transport.js'),
    import('./modules/notifications/index.js'),
    import('./modules/webhooks/index.js'),
    import('./platform/outbox/event-retention.js'),
  ]);
  return (
    config: Config,
    database: Database,
    log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void },
  ) => {
    const transport = mailTransport(config.mailTransport, config.mailFrom, log);
    const outbox = mailOutbox(database, transport);
    const pushes = pushWorker({ database, config, ...webhookDeps(config) });
    const eventPartitions = () => maintainEventPartitions(database, config.eventRetentionMonths);
    const stops = [
      every(1_000, () => pushes.deliverDue(), log, 'push delivery'),
      every(3_600_000, () => pushes.sweep(), log, 'notification sweep'),
      every(60_000, () => flagMissingStops(database), log, 'missing-stop sweep'),
      every(30_000, () => outbox.sendDue(), log, 'mail retry'),
      every(3_600_000, () => generateAhead(database), log, 'recurring tasks'),
      every(3_600_000, () => eventPartitions(), log, 'event partitions'),
    ];
    const startUp = eventPartitions().catch((err) => log.error({ err }, 'event partitions failed'));
    return async () => {
      await Promise.all([startUp, ...stops.map((stop) => stop())]);
      await pushes.close();
      transport.close();
    };
  };
}

async function serve(config: Config) {
  const [
    { createApp },
    { deliveryWorker, webhookDeps },
    backgroundTasks,
    { warmValidators },
    { apiProcessIndex },
    { warmUp },
  ] = await Promise.all([
    import('./app.js'),
    import('./modules/webhooks/index.js'),
    loadBackgroundTasks(),
    import('./platform/http/validation.js'),
    import('./platform/http/api-processes.js'),
    import('./platform/warm-up.js'),
  ]);
  // One of several API processes (API_PROCESSES): only the first delivers webhooks and runs the background tasks.
  const member = apiProcessIndex();
  const waits = shutdownWaits();
  const database = closeTracked(await openMigrated(config, (line) => console.log(line)), waits);
  const app = await createApp({ config, database });
  const warming = new AbortController();
  waits.reportAlso(() => app.requestsInFlight());
  const worker =
    config.webhookWorker === 'inline' && (member ?? 0) === 0
      ? deliveryWorker({ database, config, log: app.log, ...webhookDeps(config) })
      : undefined;
  let stopSweep: (() => Promise<void>) | undefined;
  let backgroundStopped: Promise<unknown> = Promise.resolve();
  // Added after createApp's hooks, so it runs before the database closes (onClose hooks run last first),
  // and after the server has stopped taking requests and its in-flight ones have finished.
  app.addHook('onClose', async () => {
    await backgroundStopped;
  });
  stopOnSignal({
    log: app.log,
    deadlineMs: config.shutdownTimeoutSeconds * 1000,
    waits,
    sigtermOnly: member !== undefined,
    stop: async () => {
      warming.abort();
      // Meanwhile, beside the requests.
      backgroundStopped = Promise.all([
        waits.track('webhook delivery', worker?.stop()),
        waits.track('background tasks', stopSweep?.()),
      ]);
      // A connection whose last response was already under way when closing began falls idle later: close it then.
      const reaper = setInterval(() => app.server.closeIdleConnections(), 250);
      try {
        await app.close(); // stops accepting, lets in-flight requests finish, then closes the database (closing.ts)
      } finally {
        clearInterval(reaper);
      }
    },
  });
  await app.listen({ port: config.port, host: config.host });
  if (config.warmUp) {
    const since = performance.now();
    void warmValidators(warming.signal)
      .then(async (built) => ({ built, warmed: await warmUp(warming.signal) }))
      .then(({ built, warmed }) =>
        app.log.info(
          { built, warmed, ms: Math.round(performance.now() - since) },
          'route validators built and first-use work done in the background',
        ),
      );
  }
  worker?.start();
  stopSweep = worker ? backgroundTasks(config, database, app.log) : undefined;
  if (member !== undefined && worker) app.log.info('this API process delivers webhooks and runs the background tasks');
}

/** Background work only: delivers webhooks and flags missing clock-outs (several may run beside the API servers). */
async function work(config: Config) {
  const [{ deliveryWorker, webhookDeps }, { pino }, backgroundTasks] = await Promise.all([
    import('./modules/webhooks/index.js'),
    import('pino'),
    loadBackgroundTasks(),
  ]);
  const waits = shutdownWaits();
  const database = closeTracked(await openMigrated(config, (line) => console.log(line)), waits);
  const log = pino({ level: config.logLevel });
  const worker = deliveryWorker({ database, config, log, ...webhookDeps(config) });
  const stopSweep = backgroundTasks(config, database, log);
  stopOnSignal({
    log,
    deadlineMs: config.shutdownTimeoutSeconds * 1000,
    waits,
    stop: async () => {
      await Promise.all([waits.track('webhook delivery', worker.stop()), waits.track('background tasks', stopSweep())]);
      await database.close();
    },
  });
  worker.start();
  log.info('webhook delivery worker started');
}

async function main(argv: string[]) {
  const [command, sub] = argv;
  const config = loadConfig();
  if (command === 'serve' || command === undefined) {
    const { runApiProcesses, startsApiProcesses } = await import('./platform/http/api-processes.js');
    if (!startsApiProcesses(config.apiProcesses)) return serve(config);
    // The database is migrated once, here, before the API processes start (they then find nothing to apply).
    const log = (line: string) => console.log(line);
    await (await openMigrated(config, log)).close();
    process.exitCode = await runApiProcesses(config.apiProcesses, log);
    return;
  }
  if (command === 'worker') return work(config);
  if (command === 'migrate') {
    const database = await openMigrated(config, (line) => console.log(line));
    return database.close();
  }
  if (command === 'company' && sub === 'create') {
    const { values } = parseArgs({
      args: argv.slice(2),
      options: {
        name: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        email: { type: 'string' },
      },
    });
    if (!values.name || !values.username || !values.password)
      throw new Error('company create needs --name, --username and --password');
    const [{ authService }, { createCompany }, { smsGateway }] = await Promise.all([
      import('./modules/auth/index.js'),
      import('./modules/company/index.js'),
      import('./platform/sms/sms-gateway.js'),
    ]);
    const database = await openMigrated(config, (line) => console.error(line));
    try {
      const sms = smsGateway(config, console as never);
      const auth = authService({ config, database, sms, readUser: async () => undefined });
      const created = await createCompany(
        { database, auth },
        {
          companyName: values.name,
          username: values.username,
          password: values.password,
          ...(values.email ? { email: values.email } : {}),
        },
      );
      console.log(JSON.stringify({ companyId: created.companyId, userId: created.userId }));
    } finally {
      await database.close();
    }
    return;
  }
  if (command === 'signup' && sub === 'invite') {
    const { values } = parseArgs({ args: argv.slice(2), options: { days: { type: 'string' } } });
    const { makeInvitation } = await import('./modules/company/index.js');
    console.log(makeInvitation(config, Number(values.days ?? 7)));
    return;
  }
  if (command === 'company' && sub === 'sms-allowance') {
    const { values } = parseArgs({
      args: argv.slice(2),
      options: {
        company: { type: 'string' },
        'per-day': { type: 'string' },
        'allow-unverified': { type: 'string' },
      },
    });
    const perDay = values['per-day'] === undefined ? undefined : Number(values['per-day']);
    const allow = values['allow-unverified'];
    if (
      !values.company ||
      (perDay !== undefined && (!Number.isInteger(perDay) || perDay < 0 || perDay > 1_000_000)) ||
      (allow !== undefined && allow !== 'true' && allow !== 'false')
    )
      throw new Error(
        'usage: company sms-allowance --company <id> [--per-day N (0 to 1000000)] [--allow-unverified true|false]',
      );
    const { setSmsOperatorSettings } = await import('./modules/sms/index.js');
    const database = await openMigrated(config, (line) => console.error(line));
    try {
      const settings = await setSmsOperatorSettings(database, values.company, {
        ...(perDay !== undefined ? { perDay } : {}),
        ...(allow !== undefined ? { allowUnverified: allow === 'true' } : {}),
      });
      console.log(JSON.stringify(settings));
    } finally {
      await database.close();
    }
    return;
  }
  if (command === 'import') {
    const { values, positionals } = parseArgs({
      args: argv.slice(1),
      allowPositionals: true,
      options: { company: { type: 'string' }, mapping: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    });
    const [collection, file] = positionals;
    if (!collection || !file || !values.company || positionals.length > 2)
      throw new Error(
        'usage: import <customers|objects|users|articles> <file.csv> --company <id> [--mapping m.json] [--dry-run]',
      );
    const [{ importFromFile }, { usersWith }, { userSessions }] = await Promise.all([
      import('./modules/imports/index.js'),
      import('./modules/users/index.js'),
      import('./modules/auth/index.js'),
    ]);
    const database = await openMigrated(config, (line) => console.error(line));
    try {
      const args = { collection, file, companyId: values.company, dryRun: Boolean(values['dry-run']) };
      process.exitCode = await importFromFile(
        database,
        { ...args, ...(values.mapping ? { mappingFile: values.mapping } : {}) },
        usersWith(userSessions),
      );
    } finally {
      await database.close();
    }
    return;
  }
  throw new Error(
    `unknown command: ${argv.join(' ')}\nusage: serve | worker | migrate | company create --name N --username U --password P [--email E] | signup invite [--days D] | company sms-allowance --company <id> [--per-day N] [--allow-unverified true|false] | import <collection> <file.csv> --company <id> [--mapping m.json] [--dry-run]`,
  );
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
