// The webhooks module's public surface: what other modules and the app may use. Everything else is internal.
export { deliveryWorker } from './delivery-worker.js';
export type { Resolver } from './target-guard.js';
// The SSRF guard, which push endpoints (notifications) pass as webhook targets do.
export { vetTarget, type TargetPolicy } from './target-guard.js';
export { webhookDeps } from './webhook-deps.js';
export { webhookQueueProbe } from './queue-stats.js';
export { registerWebhookRoutes } from './webhook-routes.js';
export { activeWebhookExistsSql } from './webhook-sql-fragments.js';
