// Builds the application from its dependencies; never listens (main.ts does, tests inject).
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config.js';
import type { Database } from './platform/db/database.js';
import { MigrationMismatchError, pendingMigrations } from './platform/db/migrate.js';
import { TooManyRequests } from './platform/http/errors.js';
import { registerIdempotency } from './platform/http/idempotency.js';
import { registerReadYourWrites } from './platform/http/read-your-writes.js';
import { registerBodyDepthLimit } from './platform/http/json-limits.js';
import { lazySerializerFactory } from './platform/http/lazy-serializers.js';
import { clientErrorHandler, frameworkErrors, registerProblemHandlers, sendProblem } from './platform/http/problem.js';
import { registerGracefulClose } from './platform/http/closing.js';
import { registerAuthentication } from './platform/http/request-context.js';
import { registerRequestIdHeader, registerServerTiming, requestIdOf } from './platform/http/request-id.js';
import { lazyChildLoggerFactory } from './platform/http/lazy-request-logger.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { mailQueueProbe } from './platform/mail/queue-stats.js';
import { registerMetrics } from './platform/metrics/metrics.js';
import { problemSchema } from './platform/http/route-docs.js';
import { registerOpenApi, serveOpenApiDocument } from './platform/openapi/openapi-document.js';
import { registerReferencePage } from './platform/openapi/reference-page.js';
import { registerConsoleApp } from './platform/http/console-app.js';
import { registerCompression } from './platform/http/compression.js';
import { routeValidatorCompiler } from './platform/http/validation.js';
import { registerApiKeyRoutes } from './modules/auth/index.js';
import { registerAuthRoutes } from './modules/auth/index.js';
import { authService } from './modules/auth/index.js';
import { credentialResolver, forgetCredentialsOnChange } from './modules/auth/index.js';
import { userSessions } from './modules/auth/index.js';
import { smsGateway, type SmsGateway } from './platform/sms/sms-gateway.js';
import { smsNumberLimit } from './platform/sms/sms-number-limit.js';
import { registerCompanyRoutes } from './modules/company/index.js';
import { registerUserRoutes } from './modules/users/index.js';
import { groupMembers, users, usersWith } from './modules/users/index.js';
import { findRecord } from './resources/engine/resource-store.js';
import { toApi } from './resources/engine/resource-service.js';
import { registerResource } from './resources/engine/register-resource.js';
import { registerMasterData } from './resources/register-master-data.js';
import { registerSchedulingRoutes, schedulingWith } from './modules/scheduling/index.js';
import { registerTimeTrackingRoutes } from './modules/time-tracking/index.js';
import { timeTrackingJobEmbeds } from './modules/time-tracking/index.js';
import { registerPayRoutes } from './modules/pay/index.js';
import { registerPayrollRoutes } from './modules/payroll/index.js';
import { registerAbsenceRoutes } from './modules/absences/index.js';
import { jobAbsenceHooks } from './modules/absences/index.js';
import { registerTaskRoutes } from './modules/tasks/index.js';
import { registerDocumentRoutes } from './modules/documents/index.js';
import { registerOrderRoutes } from './modules/orders/index.js';
import { registerQualityRoutes } from './modules/quality/index.js';
import { registerChatRoutes } from './modules/chats/index.js';
import { registerInvoicingRoutes } from './modules/invoicing/index.js';
import { registerServiceReportRoutes } from './modules/invoicing/index.js';
import { registerBankingRoutes } from './modules/invoicing/index.js';
import { CHAT_RESOURCES } from './chat-resources.js';
import { mailOutbox } from './platform/mail/outbox.js';
import { mailTransport, type MailTransport } from './platform/mail/mail-transport.js';
import { webhookDeps } from './modules/webhooks/index.js';
import { registerNotificationRoutes } from './modules/notifications/index.js';
import { registerWebhookRoutes } from './modules/webhooks/index.js';
import { registerImplementationRoutes } from './modules/implementation/index.js';
import { registerSmsRoutes } from './modules/sms/index.js';
import { registerAccountingRoutes } from './modules/accounting/index.js';
import { registerSearchRoutes } from './modules/search/index.js';
import { registerImportRoutes } from './modules/imports/index.js';
import { webhookQueueProbe } from './modules/webhooks/index.js';
import type { Resolver } from './modules/webhooks/index.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | object;
  sms?: SmsGateway;
  /** DNS for webhook targets (tests stub it: no test resolves or connects to a real host). */
  resolveHost?: Resolver;
  /** Where mail goes (tests give an SMTP server on 127.0.0.1 or a recorder). */
  mail?: MailTransport;
  /** The built web console served at /app (tests give their own build); dist/app/ when absent. */
  consoleDir?: string;
}

export interface RouteEntry {
  method: string;
  url: string;
  /** Served without credentials: marked `isPublic`, or a page of the API reference (registered outside /v2's authentication). */
  isPublic: boolean;
  /** A POST that only reads (a read-scoped key may call it). */
  readsOnly: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RouteEntry[];
  }
}

export const API_PREFIX = '/v2';

export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: requestIdOf, // X-Request-Id when given and plain, else a random UUID (request-id.ts)
    childLoggerFactory: lazyChildLoggerFactory,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Framework-level failures are problem+json too (problem.ts); closing answers its own 503.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors,
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory } },
  });
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const config = route.config as { isPublic?: boolean; readsOnly?: boolean } | undefined;
    const isPublic = Boolean(config?.isPublic) || route.url.startsWith(`${API_PREFIX}/docs`);
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routeList.push({ method, url: route.url, isPublic, readsOnly: Boolean(config?.readsOnly) });
  });
  // Work a request started without awaiting it (an API key's last use) ends before the database closes.
  const beforeDatabaseCloses: Array<() => Promise<void>> = [];
  app.addHook('onClose', async () => {
    for (const settle of beforeDatabaseCloses) await settle();
    await database.close();
  });
  registerRequestIdHeader(app);
  if (config.serverTiming) registerServerTiming(app);
  registerSecurityHeaders(app, API_PREFIX, [`${API_PREFIX}/docs`, `${API_PREFIX}/openapi.json`]);
  if (config.metrics) {
    const queues = [webhookQueueProbe, mailQueueProbe];
    registerMetrics(app, { database, token: config.metricsToken, poolSize: config.dbPoolSize, queues });
  }

  app.setValidatorCompiler(routeValidatorCompiler);
  registerGracefulClose(app);
  registerProblemHandlers(app);
  registerBodyDepthLimit(app);
  app.addSchema(problemSchema);
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      TooManyRequests(`Too many requests; retry in ${Math.ceil(context.ttl / 1000)} s`, Math.ceil(context.ttl / 1000)),
  });

  app.get('/health', { schema: { hide: true }, config: { isPublic: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true }, config: { isPublic: true } }, async (_request, reply) => {
    try {
      const pending = await pendingMigrations(database);
      if (pending.length)
        return sendProblem(reply, 503, 'Service Unavailable', `Migrations pending: ${pending.join(', ')}`);
      // Which role the pool reached (a multi-host URL may have moved) and the replicas' lag.
      const topology = await database.topology?.();
      if (topology?.role === 'replica')
        return sendProblem(reply, 503, 'Service Unavailable', `The database at ${topology.target} is a replica`);
      return topology ? { status: 'ready', database: topology } : { status: 'ready' };
    } catch (error) {
      if (error instanceof MigrationMismatchError) return sendProblem(reply, 503, 'Service Unavailable', error.message);
      return sendProblem(reply, 503, 'Service Unavailable', 'The database is not reachable');
    }
  });

  const sms = deps.sms ?? smsGateway(config, app.log);
  const numberLimit = smsNumberLimit(config);
  const transport = deps.mail ?? mailTransport(config.mailTransport, config.mailFrom, app.log);
  if (!deps.mail) app.addHook('onClose', async () => transport.close());
  const mail = mailOutbox(database, transport);
  const credentials = credentialResolver(config, database);
  await credentials.start();
  beforeDatabaseCloses.push(
    () => credentials.settle(),
    () => credentials.stop(),
  );
  const auth = authService({
    config,
    database,
    sms,
    numberLimit,
    readUser: async (tx, userId) => {
      const record = await findRecord(tx, users, userId);
      return record ? toApi(users, record) : undefined;
    },
  });

  await app.register(
    async (v2) => {
      registerAuthentication(v2, (request) => credentials.resolve(request));
      forgetCredentialsOnChange(v2, credentials);
      registerIdempotency(v2, database, { leaseSeconds: config.idempotencyLeaseSeconds });
      registerReadYourWrites(v2, database);
      registerCompression(v2); // after idempotency, which stores the answer's text
      registerCompanyRoutes(v2, { config, database, auth });
      registerAuthRoutes(v2, { config, auth, userResponse: users.response });
      registerApiKeyRoutes(v2, { database, credentials });
      // What one module asks of another that imports it is given here (no module installs it).
      const registeredUsers = usersWith(userSessions);
      registerUserRoutes(v2, registerResource(v2, { database }, registeredUsers), { database, sessions: userSessions });
      registerMasterData(v2, { database, groupMembers });
      registerSchedulingRoutes(v2, { database, embeds: timeTrackingJobEmbeds, absences: jobAbsenceHooks });
      registerTimeTrackingRoutes(v2, { database });
      registerPayRoutes(v2, { database });
      registerPayrollRoutes(v2, { database, absences: jobAbsenceHooks });
      registerAbsenceRoutes(v2, { database, mail });
      registerTaskRoutes(v2, { database, mail });
      registerDocumentRoutes(v2, { config, database });
      registerOrderRoutes(v2, { database });
      registerQualityRoutes(v2, { database });
      registerChatRoutes(v2, { database, resources: CHAT_RESOURCES });
      registerInvoicingRoutes(v2, { config, database, mail, scheduling: schedulingWith(jobAbsenceHooks) });
      registerServiceReportRoutes(v2, { config, database });
      registerBankingRoutes(v2, { database });
      registerWebhookRoutes(v2, { database, ...webhookDeps(config, deps.resolveHost) });
      registerImplementationRoutes(v2, { database });
      registerSmsRoutes(v2, { config, database, sms, numberLimit, mail });
      registerAccountingRoutes(v2, { database });
      registerNotificationRoutes(v2, {
        database,
        ...webhookDeps(config, deps.resolveHost),
        vapidPublicKey: config.vapid.publicKey,
      });
      registerSearchRoutes(v2, { database });
      registerImportRoutes(v2, { database, users: registeredUsers });
    },
    { prefix: API_PREFIX },
  );

  serveOpenApiDocument(app, API_PREFIX);
  await registerReferencePage(app, API_PREFIX);
  registerConsoleApp(app, deps.consoleDir);
  return app;
}
