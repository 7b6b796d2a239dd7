// Command line: serve | worker | migrate | company create --name N --username U --password P [--email E]
import { parseArgs } from 'node:util';
import { createApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './platform/db/database.js';
import { migrate } from './platform/db/migrate.js';
import { authService } from './modules/auth/auth-service.js';
import { smsGateway } from './modules/auth/sms-gateway.js';
import { createCompany } from './modules/company/create-company.js';
import { deliveryWorker } from './modules/webhooks/delivery-worker.js';
import { flagMissingStops } from './modules/time-tracking/missing-stop-sweep.js';
import { generateAhead } from './modules/tasks/task-templates.js';
import { every } from './platform/background/every.js';
import { mailOutbox } from './platform/mail/outbox.js';
import { mailTransport } from './platform/mail/mail-transport.js';
import { webhookDeps } from './modules/webhooks/webhook-deps.js';
import { pino } from 'pino';

async function openMigrated(config: Config, log: (line: string) => void): Promise<Database> {
  const database = await openDatabase(config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.dbPoolSize }
    : { kind: 'pglite', dataDir: config.dataDir });
  const applied = await migrate(database, log);
  log(`database ready (${database.kind}, ${applied} migration(s) applied)`);
  return database;
}

/** The periodic work beside webhook delivery: missing clock-outs (every minute), unsent mail (every 30 s), recurring tasks (hourly). */
function backgroundTasks(config: Config, database: Database, log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void }) {
  const transport = mailTransport(config.mailTransport, config.mailFrom, log);
  const outbox = mailOutbox(database, transport);
  const stops = [
    every(60_000, () => flagMissingStops(database), log, 'missing-stop sweep'),
    every(30_000, () => outbox.sendDue(), log, 'mail retry'),
    every(3_600_000, () => generateAhead(database), log, 'recurring tasks'),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
    transport.close();
  };
}

async function serve(config: Config) {
  const database = await openMigrated(config, (line) => console.log(line));
  const app = await createApp({ config, database });
  const worker = config.webhookWorker === 'inline' ? deliveryWorker({ database, config, log: app.log, ...webhookDeps(config) }) : undefined;
  let isClosing = false;
  let stopSweep: (() => Promise<void>) | undefined;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    await worker?.stop();
    await stopSweep?.();
    await app.close(); // stops accepting, waits for in-flight requests, closes the database
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  worker?.start();
  stopSweep = worker ? backgroundTasks(config, database, app.log) : undefined;
}

/** Background work only: delivers webhooks and flags missing clock-outs (several may run beside the API servers). */
async function work(config: Config) {
  const database = await openMigrated(config, (line) => console.log(line));
  const log = pino({ level: config.logLevel });
  const worker = deliveryWorker({ database, config, log, ...webhookDeps(config) });
  const stopSweep = backgroundTasks(config, database, log);
  const shutdown = async () => {
    await worker.stop();
    await stopSweep();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  worker.start();
  log.info('webhook delivery worker started');
}

async function main(argv: string[]) {
  const [command, sub] = argv;
  const config = loadConfig();
  if (command === 'serve' || command === undefined) return serve(config);
  if (command === 'worker') return work(config);
  if (command === 'migrate') {
    const database = await openMigrated(config, (line) => console.log(line));
    return database.close();
  }
  if (command === 'company' && sub === 'create') {
    const { values } = parseArgs({
      args: argv.slice(2),
      options: { name: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' }, email: { type: 'string' } },
    });
    if (!values.name || !values.username || !values.password) throw new Error('company create needs --name, --username and --password');
    const database = await openMigrated(config, (line) => console.error(line));
    try {
      const sms = smsGateway(config, console as never);
      const auth = authService({ config, database, sms, readUser: async () => undefined });
      const created = await createCompany({ database, auth }, {
        companyName: values.name, username: values.username, password: values.password, ...(values.email ? { email: values.email } : {}),
      });
      console.log(JSON.stringify({ companyId: created.companyId, userId: created.userId }));
    } finally {
      await database.close();
    }
    return;
  }
  throw new Error(`unknown command: ${argv.join(' ')}\nusage: serve | worker | migrate | company create --name N --username U --password P [--email E]`);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
