// The imports module's public surface: what the app and the command line use. Everything else is internal.
export { registerImportRoutes } from './import-routes.js';
export { importFromFile } from './cli-import.js';
