// The auth module's public surface: what other modules and the app may use. Everything else is internal.
export { registerApiKeyRoutes } from './api-keys.js';
export { registerAuthRoutes, tokenResponse } from './auth-routes.js';
export { type AuthService, type Tokens, authService, userSessions } from './auth-service.js';
export { credentialResolver, forgetCredentialsOnChange } from './credentials.js';
