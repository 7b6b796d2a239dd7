// The implementation module's public surface: what other modules and the app may use. Everything else is internal.
export { registerImplementationRoutes } from './implementation-routes.js';
