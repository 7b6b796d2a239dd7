// The search module's public surface: what the app may use. Everything else is internal.
export { registerSearchRoutes } from './search-routes.js';
