// Public authentication endpoints (rate-limited per IP and per user name), sign-out and password change.
// The web console keeps its refresh token in an httpOnly cookie instead of the body (session-cookie.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import { Unauthorized, fieldError } from '../../platform/http/errors.js';
import { optionalBody } from '../../platform/http/optional-body.js';
import { AREAS, levelOf } from '../../platform/http/permissions.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../../platform/http/route-docs.js';
import { authRateLimits } from '../../platform/http/rate-limits.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import type { AuthService, Tokens } from './auth-service.js';
import {
  SESSION_MODE_HEADER,
  clearRefreshCookie,
  refreshTokenFromCookie,
  setRefreshCookie,
  wantsCookie,
} from './session-cookie.js';

export const tokenResponse = {
  type: 'object',
  properties: {
    accessToken: { type: 'string' },
    tokenType: { type: 'string', enum: ['Bearer'] },
    expiresIn: { type: 'integer', description: 'seconds until the access token expires' },
    refreshToken: { type: 'string' },
  },
  // The refresh token is left out in cookie mode (the web console): the others are always sent.
  required: ['accessToken', 'tokenType', 'expiresIn'],
} as const;

/** A string field of the (validated) body: the subject a rate limit counts tries of. */
const bodyField =
  (name: string) =>
  (request: FastifyRequest): string | undefined => {
    const body: unknown = request.body;
    const value = body && typeof body === 'object' ? Reflect.get(body, name) : undefined;
    return typeof value === 'string' ? value : undefined;
  };

const COOKIE_MODE = `With the header \`${SESSION_MODE_HEADER}: cookie\` (the web console) the refresh token is set as an httpOnly cookie (Path=/v2/auth, SameSite=Strict) and left out of the answer.`;

/** userResponse: the users module's response schema, passed in by the app so auth does not import users. */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { config: Config; auth: AuthService; userResponse: object },
) {
  const loginResponse = {
    ...tokenResponse,
    properties: { ...tokenResponse.properties, user: deps.userResponse },
    required: [...tokenResponse.required, 'user'],
  };
  const tags = ['auth'];
  const routes = typedRoutes(app);

  routes.post(
    '/auth/login',
    {
      ...authRateLimits(deps.config, bodyField('username')),
      schema: {
        tags,
        summary: 'Log in with a login id or e-mail and a password',
        description: COOKIE_MODE,
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
    async (request, reply) => {
      const { username, password } = request.body;
      return inCookieMode(request, reply, await deps.auth.login(username, password), deps.config);
    },
  );

  routes.post(
    '/auth/refresh',
    {
      ...authRateLimits(deps.config),
      ...optionalBody,
      schema: {
        tags,
        summary: 'Trade a refresh token for new tokens (the old one stops working)',
        description: `${COOKIE_MODE} In that mode the body may be left out: the cookie's token is used.`,
        body: Type.Object(
          { refreshToken: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
          { additionalProperties: false },
        ),
        response: { 200: tokenResponse, ...errorResponses([429]) },
      },
    },
    async (request, reply) => {
      const token = request.body.refreshToken ?? refreshTokenFromCookie(request);
      if (!wantsCookie(request)) {
        if (!token) throw fieldError('refreshToken', 'is required');
        return deps.auth.refresh(token);
      }
      try {
        if (!token) throw Unauthorized('No refresh token: sign in again');
        return inCookieMode(request, reply, await deps.auth.refresh(token), deps.config);
      } catch (error) {
        clearRefreshCookie(request, reply); // a dead session's cookie is of no use
        throw error;
      }
    },
  );

  const logoutResponse = {
    200: { type: 'object', properties: { loggedOut: { type: 'boolean' } }, required: ['loggedOut'] },
  };
  const logout = (path: string, summary: string, everywhere: boolean) =>
    routes.post(
      path,
      {
        ...optionalBody,
        schema: {
          tags,
          summary,
          description:
            "Access tokens of an ended session stop working at once (within API_KEY_CACHE_SECONDS, 5 s, behind a transaction-mode pooler); the web console's refresh cookie is cleared.",
          security: SECURITY,
          body: Type.Object({}, { additionalProperties: false }),
          response: { ...logoutResponse, ...errorResponses() },
        },
      },
      async (request, reply) => {
        await deps.auth.logout(contextOf(request), everywhere);
        clearRefreshCookie(request, reply);
        return { loggedOut: true };
      },
    );
  logout('/auth/logout', 'Sign out: end this session (its refresh token and the access tokens of it)', false);
  logout('/auth/logoutAll', 'Sign out everywhere: end every session of the caller, this one included', true);

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
        response: {
          202: { type: 'object', properties: { sent: { type: 'boolean' } }, required: ['sent'] },
          ...errorResponses([429]),
        },
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
        response: {
          200: { type: 'object', properties: { updated: { type: 'boolean' } }, required: ['updated'] },
          ...errorResponses(),
        },
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
                  AREAS.map((area) => [
                    area,
                    { type: 'object', properties: { read: level, write: level }, required: ['read', 'write'] },
                  ]),
                ),
                required: [...AREAS],
              },
            },
            required: ['userId', 'permissions'],
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

/** Cookie mode: the refresh token goes into the cookie and not into the answer (no script ever reads it). */
function inCookieMode<T extends Tokens>(request: FastifyRequest, reply: FastifyReply, tokens: T, config: Config) {
  if (!wantsCookie(request)) return tokens;
  const { refreshToken, ...rest } = tokens;
  setRefreshCookie(request, reply, refreshToken, config.refreshTokenTtlSeconds);
  return rest;
}
