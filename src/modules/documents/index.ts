// The documents module's public surface: what other modules and the app may use. Everything else is internal.
export { documents } from './documents-resource.js';
export { registerDocumentRoutes } from './documents-routes.js';
