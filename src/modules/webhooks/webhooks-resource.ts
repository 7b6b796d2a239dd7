// Webhook registrations: an event type, an entity and a target URL that passes the SSRF guard.
import { Type } from 'typebox';
import { defineResource } from '../../resources/engine/define-resource.js';
import { opt, text } from '../../resources/engine/fields.js';
import { EVENT_TYPES, WEBHOOK_ENTITIES } from '../../platform/outbox/emit.js';
import { vetTarget, type Resolver, type TargetPolicy } from './target-guard.js';

export type WebhookResource = ReturnType<typeof webhooksResource>;

export function webhooksResource(policy: TargetPolicy, resolve: Resolver) {
  return defineResource({
    name: 'webhook',
    collection: 'integrations/webhooks',
    table: 'webhooks',
    area: 'webhooks',
    columns: { type: 'type', entity: 'entity', url: 'url' },
    schema: Type.Object({
      // Type.Unsafe: a union built from a list has no static type of its own
      type: Type.Unsafe<(typeof EVENT_TYPES)[number]>(Type.Union(EVENT_TYPES.map((t) => Type.Literal(t)))),
      entity: Type.Unsafe<(typeof WEBHOOK_ENTITIES)[number]>(Type.Union(WEBHOOK_ENTITIES.map((e) => Type.Literal(e)))),
      url: text(2000, {
        description: 'https (http only where the operator allows it); no private or loopback targets',
      }),
      description: opt(text(1000)),
    }),
    readOnly: {
      disabledAt: { type: 'string', format: 'date-time', description: 'set when deliveries kept failing' },
      disabledReason: { type: 'string' },
    },
    hooks: {
      toApi: (record, api) =>
        record.disabled_at
          ? {
              ...api,
              disabledAt: new Date(record.disabled_at as Date).toISOString(),
              disabledReason: record.disabled_reason,
            }
          : api,
      async prepare(_tx, _ctx, { doc, previous }) {
        if (doc.url !== previous?.doc.url) await vetTarget(doc.url, policy, resolve);
        return { doc };
      },
    },
  });
}
