// The users module's public surface: what other modules and the app may use. Everything else is internal.
export { users } from './users-resource.js';
export { registerUserRoutes } from './users-routes.js';
