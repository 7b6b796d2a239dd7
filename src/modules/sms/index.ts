// The sms module's public surface: what other modules and the app may use. Everything else is internal.
export { registerSmsRoutes } from './sms-routes.js';
export { setSmsOperatorSettings } from './sms-allowance.js';
