// Rate limits for public (unauthenticated) routes, shared by every module that has one: login,
// tokens, company sign-up, public service-report links. Configured by the authRateLimit* settings.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { SubjectLimiter } from './subject-limiter.js';

/** Rate limits for public auth routes: per client IP (route config) and per user name or telephone (preHandler). */
export function authRateLimits(config: Config, subject?: (request: FastifyRequest) => string | undefined) {
  const timeWindow = config.authRateLimitWindowSeconds * 1000;
  const perIp = { config: { isPublic: true, rateLimit: { max: config.authRateLimitPerIp, timeWindow } } };
  if (!subject) return perIp;
  const limiter = new SubjectLimiter(config.authRateLimitPerUsername, timeWindow);
  return {
    ...perIp,
    preHandler: async (request: FastifyRequest) => limiter.hit((subject(request) ?? '').toLowerCase()),
  };
}
