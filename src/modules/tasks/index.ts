// The tasks module's public surface: what other modules and the app may use. Everything else is internal.
export { complaints } from './complaints-resource.js';
export { generateAhead } from './task-templates.js';
export { tasks } from './tasks-resource.js';
export { registerTaskRoutes } from './tasks-routes.js';
