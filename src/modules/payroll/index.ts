// The payroll module's public surface: what other modules and the app may use. Everything else is internal.
export { registerPayrollRoutes } from './payroll-routes.js';
