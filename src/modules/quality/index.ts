// The quality module's public surface: what other modules and the app may use. Everything else is internal.
export { qualityControls } from './quality-controls.js';
export { registerQualityRoutes } from './quality-routes.js';
