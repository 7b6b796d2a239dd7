// The accounting module's public surface: what other modules and the app may use. Everything else is internal.
export { registerAccountingRoutes } from './accounting-routes.js';
