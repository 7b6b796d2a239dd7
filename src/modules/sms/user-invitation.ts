// POST /users/{id}/invite: tells a user their access is ready, by SMS or e-mail, in the user's own language
// (general.language, from the server's catalogues), so the office does not compose it in its own. The SMS goes
// through POST /v2/sms's service (verified numbers, the company's allowance, the number's hourly limit); the
// e-mail through the mail outbox. Guarded like a credential change (user-guard.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { Conflict, NotFound } from '../../platform/http/errors.js';
import { contextOf } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { type MailOutbox, queueMail } from '../../platform/mail/outbox.js';
import type { SmsGateway } from '../../platform/sms/sms-gateway.js';
import type { SmsNumberLimit } from '../../platform/sms/sms-number-limit.js';
import { type Language, textOf } from '../../platform/texts/texts.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { guardInvitation, languageOfUser, users } from '../users/index.js';
import { smsBody } from './sms-body.js';
import { objectOr, smsNumberOf } from './sms-number.js';
import { smsService } from './sms-service.js';

const body = Type.Object(
  {
    channel: Type.Union([Type.Literal('sms'), Type.Literal('email')], {
      description: "sms: to the user's contact.mobile, else contact.telephone; email: to their access.email",
    }),
  },
  { additionalProperties: false },
);

const answer = Type.Object(
  {
    channel: Type.Union([Type.Literal('sms'), Type.Literal('email')]),
    language: Type.String({ description: 'the language the text was written in' }),
    status: Type.Union([Type.Literal('sent'), Type.Literal('failed'), Type.Literal('queued')], {
      description:
        'sent: the gateway or mail server took it; failed: the SMS gateway refused it; queued: the mail server was not reached, the mail is retried',
    }),
  },
  { additionalProperties: false },
);

/** Where the crew signs in: PUBLIC_URL, else the address this request reached the server at. */
const appUrl = (config: Config, request: FastifyRequest) =>
  `${config.publicUrl ?? `${request.protocol}://${request.host}`}/app/crew`;

export function registerInvitationRoute(
  app: FastifyInstance,
  deps: { config: Config; database: Database; sms: SmsGateway; numberLimit: SmsNumberLimit; mail: MailOutbox },
) {
  const smsSender = smsService({ ...deps, bodySchema: smsBody });
  typedRoutes(app).post(
    '/users/:id/invite',
    {
      schema: {
        tags: ['users'],
        summary: 'Invite a user: their access is ready, by SMS or e-mail, in their own language',
        description:
          "Writes the invitation in the user's `general.language` (English when unset) with the crew app's address (the server's PUBLIC_URL, else the address of this request) and sends it: by SMS to `contact.mobile`, else `contact.telephone`, under the rules of `POST /v2/sms` (a verified number, else 409; the company's daily allowance and the number's hourly limit, else 429 with `Retry-After`); by e-mail to `access.email` (the log-in e-mail) through the mail outbox. 409 when the user has no such number or address. Needs users write `all` and every right of the user (as for changing their log-in).",
        security: SECURITY,
        params: idParams(),
        body,
        response: { 200: answer, ...errorResponses([404, 409, 429]) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { channel } = request.body;
      const id = request.params.id;
      const invitation = await inTenant(deps.database, ctx.companyId, async (tx) => {
        const record = await findRecord(tx, users, id);
        if (!record) throw NotFound('user', id);
        await guardInvitation(tx, ctx, record);
        const doc = record.doc as Record<string, unknown>;
        const language: Language = await languageOfUser(tx, id);
        const values = {
          name: String(objectOr(doc.general).firstName || doc.id || ''),
          url: appUrl(deps.config, request),
        };
        if (channel === 'sms') {
          if (!smsNumberOf(doc)) throw Conflict('The user has no mobile or telephone number (contact.mobile) to text');
          return { language, kind: 'sms' as const, text: textOf(language, 'inviteSms', values) };
        }
        const to = objectOr(doc.access).email;
        if (typeof to !== 'string' || !to) throw Conflict('The user has no log-in e-mail (access.email) to write to');
        const mailId = await queueMail(
          tx,
          { to, subject: textOf(language, 'inviteMailSubject'), text: textOf(language, 'inviteMail', values) },
          { invitation: id },
        );
        return { language, kind: 'mail' as const, mailId };
      });
      if (invitation.kind === 'mail') {
        const sent = await deps.mail.sendNow([invitation.mailId]);
        return { channel, language: invitation.language, status: sent.length ? 'sent' : 'queued' } as const;
      }
      const { results } = await smsSender.send(ctx, { userIds: [id], text: invitation.text });
      return {
        channel,
        language: invitation.language,
        status: results[0]?.status === 'sent' ? 'sent' : 'failed',
      } as const;
    },
  );
}
