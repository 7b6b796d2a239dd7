// The tasks module's public surface: what other modules and the app may use. Everything else is internal.
export { generateAhead } from './task-templates.js';
export { complaints, tasks } from './tasks-resource.js';
export { registerTaskRoutes } from './tasks-routes.js';
