// POST /sms: a text message to employees of the caller's company.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import type { SmsGateway } from '../../platform/sms/sms-gateway.js';
import type { SmsNumberLimit } from '../../platform/sms/sms-number-limit.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import { registerNumberVerificationRoutes } from './number-verification-routes.js';
import { smsBody } from './sms-body.js';
import { smsService } from './sms-service.js';
import { registerInvitationRoute } from './user-invitation.js';

export const smsResponse = Type.Object(
  {
    results: Type.Array(
      Type.Object(
        {
          userId: Type.String(),
          status: Type.Union([Type.Literal('sent'), Type.Literal('failed'), Type.Literal('no_number')], {
            description:
              'sent: the gateway took the message; failed: the gateway refused it; no_number: the user has no usable contact.mobile or contact.telephone',
          }),
        },
        { additionalProperties: false },
      ),
      { description: 'one per recipient, in the order of `userIds`' },
    ),
  },
  { additionalProperties: false },
);

export function registerSmsRoutes(
  app: FastifyInstance,
  deps: { config: Config; database: Database; sms: SmsGateway; numberLimit: SmsNumberLimit; mail: MailOutbox },
) {
  const service = smsService({ ...deps, bodySchema: smsBody });
  typedRoutes(app).post(
    '/sms',
    {
      schema: {
        tags: ['sms'],
        summary: 'Send a text message to employees',
        description:
          "Sends `text` to each user of `userIds` at their `contact.mobile`, else `contact.telephone` (spaces and punctuation removed), through the server's SMS gateway, and answers one status per user. Users without a usable number get `no_number`. All or nothing, nothing is sent when: a number is not verified (`POST /v2/users/{id}/mobile/verify`, then `/confirm`; a changed number must be verified again) — 409 naming the users, unless the server's operator allowed unverified numbers; the company's daily allowance (`SMS_DAILY_LIMIT_PER_COMPANY`, 20 by default, until the operator raises it) does not cover the messages — 429 with `Retry-After` (the next UTC day); a number already had `SMS_PER_NUMBER_PER_HOUR` messages (5 by default) this hour — 429 with `Retry-After`. Each recipient the gateway was asked for gets `contact.smsCount` + 1, `contact.smsSendDate` and `contact.lastSMSStatus` (`sent` or `failed`), an update of the user with its UPDATE event. The text is not stored. Managers only (write level `all` on users). An id that names no user of your company is 400.",
        security: SECURITY,
        body: smsBody,
        response: { 200: smsResponse, ...errorResponses([409, 429]) },
      },
    },
    async (request) => service.send(contextOf(request), request.body),
  );
  registerNumberVerificationRoutes(app, deps);
  registerInvitationRoute(app, deps);
}
