// Field schemas reused by resource declarations: bounded strings, ids, dates, addresses.
import { Type, type TSchema, type TSchemaOptions, type TUnsafe } from 'typebox';
import { OBJECT_ID_PATTERN } from '../../platform/ids.js';
import type { FreeJsonLimits } from '../../platform/http/json-limits.js';
import { REFERENCES_KEYWORD, type References } from './references.js';
import { REGION_AS_SENT, REGION_KEYWORD } from './region-fields.js';

export const text = (maxLength = 500, options: object = {}) => Type.String({ maxLength, ...options });
export const longText = () => Type.String({ maxLength: 20000 });
/**
 * An id; `references` names the table of the record it names (the engine checks that the record
 * is the company's before every write, see references.ts). Only ids of no table go without it.
 */
export const objectId = (references?: References, options: object = {}) =>
  Type.String({ pattern: OBJECT_ID_PATTERN, ...options, ...(references ? { [REFERENCES_KEYWORD]: references } : {}) });
export const objectIds = (references?: References, maxItems = 1000) => Type.Array(objectId(references), { maxItems });
/** A product is an article or a service product. */
export const productId = () => objectId(['articles', 'service_products']);
// RFC 3339, limited to what PostgreSQL stores: years 0001-9999, offsets up to ±15:59.
export const dateTime = () =>
  Type.String({
    format: 'date-time',
    pattern: '^(?!0000)\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([Zz]|[+-](0\\d|1[0-5]):?[0-5]\\d)$',
  });
export const tags = () => Type.Array(text(100), { maxItems: 100 });
export const money = () => Type.Number({ minimum: -1e12, maximum: 1e12 });
export const fraction = () => Type.Number({ minimum: 0, maximum: 1 });
/** Inside a free-form object: levels (the object itself is 1), and properties, items and key length at every level. */
export const FREE_JSON_LIMITS: FreeJsonLimits = { maxDepth: 8, maxProperties: 200, maxItems: 500, maxKeyLength: 200 };
export const freeObject = (maxProperties = FREE_JSON_LIMITS.maxProperties) =>
  Type.Object(
    {},
    {
      additionalProperties: true,
      maxProperties,
      propertyNames: { maxLength: FREE_JSON_LIMITS.maxKeyLength },
      'x-freeJson': { ...FREE_JSON_LIMITS, maxProperties: Math.min(maxProperties, FREE_JSON_LIMITS.maxProperties) },
    },
  );
export const list = <T extends TSchema>(item: T, maxItems = 500) => Type.Array(item, { maxItems });
export const opt = Type.Optional;

/**
 * One of fixed strings: the same schema as `Type.Union(values.map((v) => Type.Literal(v)))` (anyOf of
 * consts), typed as the values' union. (A union built from an array, not a tuple, types as never,
 * so a document's field declared that way reads as undefined.)
 */
export const oneOf = <const V extends readonly string[]>(values: V, options: TSchemaOptions = {}) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as unknown as TUnsafe<V[number]>;

/**
 * An ISO 3166-2 subdivision: `BY` or `DE-BY`, any case, known to the holiday calendar (the engine
 * checks it, region-fields.ts). `countryField`: the sibling naming the country a bare code is in
 * (DE when it names none). `asSent`: the spec's `address.state`, whose form the spec leaves open,
 * also takes the state's name (`Bayern`) and is stored as sent; other region fields (the server's
 * own) are stored as `DE-BY`. Older records may hold longer values, hence the loose length.
 */
export const subdivision = (description: string, countryField?: string, form: 'asSent' | 'code' = 'code') =>
  Type.String({
    maxLength: 100,
    description:
      form === 'asSent'
        ? `${description}; ISO 3166-2 (BY or DE-BY) or the state's name (Bayern), kept as sent`
        : `${description}; ISO 3166-2 (BY or DE-BY), stored as DE-BY`,
    [REGION_KEYWORD]: countryField ?? true,
    ...(form === 'asSent' ? { [REGION_AS_SENT]: true } : {}),
  });

export const address = () =>
  Type.Object({
    street: opt(text(200)),
    zip: opt(text(20)),
    city: opt(text(200)),
    country: opt(text(100)),
    co: opt(text(200)),
    state: opt(subdivision('state or region, for public holidays', 'country', 'asSent')),
  });

/** Ways to reach someone (suppliers, contacts). */
export const contact = () =>
  Type.Object({
    telephone: opt(text(50)),
    mobile: opt(text(50)),
    email: opt(Type.String({ format: 'email', maxLength: 254 })),
    sms: opt(text(50)),
    website: opt(text(500)),
    fax: opt(text(50)),
  });

/**
 * The spec's user contact, which customers share ("contact (as user contact)"): the ways to reach
 * someone and the SMS bookkeeping. The server sends no such SMS (only log-in codes), so it keeps
 * none of the counters: they are stored as clients write them (docs/decisions.md).
 */
export const smsContact = () =>
  Type.Object({
    ...contact().properties,
    smsCount: opt(Type.Integer({ minimum: 0, maximum: 1e9 })),
    smsChatCount: opt(Type.Integer({ minimum: 0, maximum: 1e9 })),
    smsSendDate: opt(dateTime()),
    smsSendBy: opt(text(100)),
    lastSMSStatus: opt(text(100)),
    secondSmsSendDate: opt(dateTime()),
  });

export const geoPoint = (description?: string) =>
  Type.Object(
    {
      latitude: Type.Number({ minimum: -90, maximum: 90 }),
      longitude: Type.Number({ minimum: -180, maximum: 180 }),
    },
    { additionalProperties: false, ...(description ? { description } : {}) },
  );
