// Routes of service reports: the engine's five, and signing by the customer through a client link
// (signing-routes.ts, the mechanism offers and assignment confirmations share).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.js';
import type { Database } from '../../../platform/db/database.js';
import { registerResource } from '../../../resources/engine/register-resource.js';
import { registerSigningRoutes } from '../signing/signing-routes.js';
import { serviceReportSigning, serviceReports } from './service-reports.js';

export function registerServiceReportRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  registerResource(app, deps, serviceReports);
  registerSigningRoutes(app, deps, serviceReportSigning);
}
