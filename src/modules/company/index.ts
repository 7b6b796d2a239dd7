// The company module's public surface: what other modules and the app may use. Everything else is internal.
export { registerCompanyRoutes } from './company-routes.js';
export { createCompany } from './create-company.js';
export { makeInvitation } from './signup-proofs.js';
