// The notifications module's public surface: what other modules and the app may use. Everything else is internal.
export { registerNotificationRoutes } from './notifications-routes.js';
export { pushWorker, type PushWorker } from './push-worker.js';
