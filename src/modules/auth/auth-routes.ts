// Public authentication endpoints (rate-limited per IP and per user name) and password change.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import { AREAS, levelOf } from '../../platform/http/permissions.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../../platform/http/route-docs.js';
import { authRateLimits } from '../../platform/http/rate-limits.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import type { AuthService } from './auth-service.js';

export const tokenResponse = {
  type: 'object',
  properties: {
    accessToken: { type: 'string' },
    tokenType: { type: 'string', enum: ['Bearer'] },
    expiresIn: { type: 'integer', description: 'seconds until the access token expires' },
    refreshToken: { type: 'string' },
  },
} as const;

/** A string field of the (validated) body: the subject a rate limit counts tries of. */
const bodyField =
  (name: string) =>
  (request: FastifyRequest): string | undefined => {
    const body: unknown = request.body;
    const value = body && typeof body === 'object' ? Reflect.get(body, name) : undefined;
    return typeof value === 'string' ? value : undefined;
  };

/** userResponse: the users module's response schema, passed in by the app so auth does not import users. */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { config: Config; auth: AuthService; userResponse: object },
) {
  const loginResponse = { ...tokenResponse, properties: { ...tokenResponse.properties, user: deps.userResponse } };
  const tags = ['auth'];
  const routes = typedRoutes(app);

  routes.post(
    '/auth/login',
    {
      ...authRateLimits(deps.config, bodyField('username')),
      schema: {
        tags,
        summary: 'Log in with a login id or e-mail and a password',
        body: Type.Object(
          {
            username: Type.String({ minLength: 1, maxLength: 254 }),
            password: Type.String({ minLength: 1, maxLength: 128 }),
            type: Type.Optional(Type.String({ maxLength: 50, description: 'client kind, e.g. dashboard or app' })),
          },
          { additionalProperties: false },
        ),
        response: { 200: loginResponse, ...errorResponses([429]) },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      return deps.auth.login(username, password);
    },
  );

  routes.post(
    '/auth/refresh',
    {
      ...authRateLimits(deps.config),
      schema: {
        tags,
        summary: 'Trade a refresh token for new tokens (the old one stops working)',
        body: Type.Object(
          { refreshToken: Type.String({ minLength: 1, maxLength: 200 }) },
          { additionalProperties: false },
        ),
        response: { 200: tokenResponse, ...errorResponses([429]) },
      },
    },
    async (request) => deps.auth.refresh(request.body.refreshToken),
  );

  const telephone = Type.String({ minLength: 5, maxLength: 30, pattern: '^[+0-9 ()/.-]+$' });

  routes.post(
    '/auth/requestAuthCode',
    {
      ...authRateLimits(deps.config, bodyField('telephone')),
      schema: {
        tags,
        summary: 'Send a 6-digit log-in code by SMS (valid 5 minutes, 5 tries)',
        description: 'Answers the same whether or not the number belongs to a user.',
        body: Type.Object({ telephone }, { additionalProperties: false }),
        response: { 202: { type: 'object', properties: { sent: { type: 'boolean' } } }, ...errorResponses([429]) },
      },
    },
    async (request, reply) => {
      await deps.auth.requestAuthCode(request.body.telephone);
      return reply.code(202).send({ sent: true });
    },
  );

  routes.post(
    '/auth/authUsingSMS',
    {
      ...authRateLimits(deps.config, bodyField('telephone')),
      schema: {
        tags,
        summary: 'Log in with the SMS code',
        body: Type.Object({ telephone, code: Type.String({ pattern: '^[0-9]{6}$' }) }, { additionalProperties: false }),
        response: { 200: loginResponse, ...errorResponses([429]) },
      },
    },
    async (request) => {
      const { telephone: phone, code } = request.body;
      return deps.auth.authUsingSms(phone, code);
    },
  );

  routes.post(
    '/account/change-password',
    {
      schema: {
        tags,
        summary: "Change the password; ends the user's other sessions",
        security: SECURITY,
        body: Type.Object(
          {
            currentPassword: Type.String({ minLength: 1, maxLength: 128 }),
            newPassword: Type.String({ maxLength: 128 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: { type: 'object', properties: { updated: { type: 'boolean' } } }, ...errorResponses() },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      await deps.auth.changePassword(contextOf(request), currentPassword, newPassword);
      return { updated: true };
    },
  );

  // What the caller may do, area by area, as every route decides it: a client (the web console) shows
  // only what it may use, without reading access groups, which only administrators may.
  const level = { type: 'string', enum: ['none', 'own', 'all'] } as const;
  routes.get(
    '/auth/permissions',
    {
      schema: {
        tags,
        summary: "The caller's rights per area (read and write level), as the routes apply them",
        security: SECURITY,
        response: {
          200: {
            type: 'object',
            properties: {
              userId: { type: 'string' },
              permissions: {
                type: 'object',
                properties: Object.fromEntries(
                  AREAS.map((area) => [area, { type: 'object', properties: { read: level, write: level } }]),
                ),
              },
            },
          },
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const permissions = Object.fromEntries(
        AREAS.map((area) => [
          area,
          { read: levelOf(ctx.permissions, area, 'read'), write: levelOf(ctx.permissions, area, 'write') },
        ]),
      );
      return { userId: ctx.userId, permissions };
    },
  );
}
