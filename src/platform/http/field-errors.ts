// ajv's errors as the problem's `errors[]`: one entry per field, saying what the field must be.
// ajv reports each failed branch of an anyOf (a webhook's `type`: one "must be equal to constant" per
// allowed value, then "must match a schema in anyOf") and a pattern as its raw regex; a client and a
// person reading the problem need the allowed values or the expected format, once.
import type { ErrorObject } from 'ajv';
import { OBJECT_ID_PATTERN } from '../ids.js';
import type { FieldError } from './errors.js';

/** What a pattern of our schemas means, in words with an example. Unknown patterns are shown as they are. */
const PATTERN_TEXT: Record<string, string> = {
  '^\\d{4}-\\d{2}-\\d{2}$': 'a date YYYY-MM-DD, e.g. 2026-11-30',
  '^\\d{4}-(0[1-9]|1[0-2])$': 'a month YYYY-MM, e.g. 2026-11',
  '^(19|20|21)\\d{2}-(0[1-9]|1[0-2])$': 'a month YYYY-MM, e.g. 2026-11',
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?$':
    'a local date-time YYYY-MM-DDTHH:mm[:ss] without an offset, e.g. 2026-11-02T06:00:00',
  '^(?!0000)\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([Zz]|[+-](0\\d|1[0-5]):?[0-5]\\d)$':
    'a date-time with seconds and an offset, e.g. 2026-11-02T05:00:00Z',
  '^(0\\d|1\\d|2[0-3]):[0-5]\\d$': 'a time HH:mm, e.g. 06:30',
  '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$': 'a time HH:mm (up to 24:00), e.g. 22:00',
  '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$': 'a day of the year MM-DD, e.g. 12-24',
  [OBJECT_ID_PATTERN]: 'an id of 24 hexadecimal characters (ObjectId)',
  '^#[0-9a-fA-F]{6}$': 'a colour #RRGGBB, e.g. #1a2b3c',
  '^[A-Z]{2}$': 'a two-letter code in capitals, e.g. DE',
  '^[A-Za-z]{2}$': 'a two-letter code, e.g. DE',
  '^[0-9]{6}$': 'six digits',
};

/** Formats (ajv-formats) in words with an example. */
const FORMAT_TEXT: Record<string, string> = {
  'date-time': 'a date-time with an offset, e.g. 2026-11-02T05:00:00Z',
  date: 'a date YYYY-MM-DD, e.g. 2026-11-30',
  time: 'a time HH:mm:ss with an offset, e.g. 06:30:00Z',
  email: 'an e-mail address, e.g. anna@example.com',
  uri: 'an absolute URI, e.g. https://example.com/hook',
  url: 'an absolute URL, e.g. https://example.com/hook',
  uuid: 'a UUID',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
};

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One error's message: the allowed values or the format in words, else ajv's own. */
function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return 'is not a known field';
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).map(show).join(', ')}`;
    case 'const':
      return `must be ${show(params.allowedValue)}`;
    case 'format':
      return `must be ${FORMAT_TEXT[String(params.format)] ?? `in the format ${show(params.format)}`}`;
    case 'pattern': {
      const pattern = String(params.pattern);
      return `must be ${PATTERN_TEXT[pattern] ?? `text matching ${pattern}`}`;
    }
    default:
      return error.message ?? 'is invalid';
  }
}

interface Item {
  instancePath: string;
  schemaPath: string;
  /** The field it names: a missing or unknown property is named by its own path. */
  leaf?: string;
  message: string;
  /** Values or types a branch of an anyOf allows, when that is all it says. */
  allows?: string[];
}

function allowsOf(error: ErrorObject): string[] | undefined {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'const') return [show(params.allowedValue)];
  if (error.keyword === 'enum') return (params.allowedValues as unknown[]).map(show);
  if (error.keyword === 'type') return String(params.type).split(',');
  return undefined;
}

/**
 * The branches of each anyOf/oneOf folded into one item: "must be one of: a, b, null" when every
 * branch names values or types, else the deeper errors of the branch that came closest (an object
 * whose `email` is wrong, rather than "must be null" of its null branch). Innermost first, so an
 * outer anyOf sees its inner ones already folded.
 */
function foldAlternatives(items: Item[], errors: readonly ErrorObject[]): Item[] {
  const alternatives = [...errors]
    .filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf')
    .sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  let current = items;
  for (const alternative of alternatives) {
    const self = current.find((item) => item.schemaPath === alternative.schemaPath);
    if (!self) continue;
    const branchPrefix = `${alternative.schemaPath}/`;
    const branches = current.filter((item) => item !== self && item.schemaPath.startsWith(branchPrefix));
    const deeper = branches.filter((item) => item.instancePath !== self.instancePath || item.leaf);
    let replacement: Item[];
    if (deeper.length) replacement = deeper;
    else {
      const allowed = branches.every((item) => item.allows) ? [...new Set(branches.flatMap((b) => b.allows!))] : [];
      const message = allowed.length
        ? `must be one of: ${allowed.join(', ')}`
        : [...new Set(branches.map((item) => item.message))].join(' or ') || self.message;
      replacement = [{ instancePath: self.instancePath, schemaPath: alternative.schemaPath, message }];
      if (allowed.length) replacement[0]!.allows = allowed;
    }
    const dropped = new Set([self, ...branches]);
    const at = current.indexOf(self);
    const kept = (list: Item[]) => list.filter((item) => !dropped.has(item));
    current = [...kept(current.slice(0, at)), ...replacement, ...kept(current.slice(at + 1))];
  }
  return current;
}

/**
 * The problem's `errors[]` for ajv's errors. `prefix` names the part of a request that is not the
 * body (`querystring`); `whole` names an error about the value as a whole.
 */
export function fieldErrorsOf(errors: readonly ErrorObject[], prefix = '', whole = '(body)'): FieldError[] {
  // In ajv's order: an anyOf's error follows the errors of its branches.
  const items: Item[] = errors.map((error) => {
    const params = error.params as { additionalProperty?: string; missingProperty?: string };
    const leaf = params.additionalProperty ?? params.missingProperty;
    const allows = allowsOf(error);
    return {
      instancePath: error.instancePath,
      schemaPath: error.schemaPath,
      ...(leaf ? { leaf } : {}),
      message: messageOf(error),
      ...(allows ? { allows } : {}),
    };
  });
  const folded = foldAlternatives(items, errors);
  // One entry per field: several complaints about one field are said in one message.
  const byPath = new Map<string, string[]>();
  for (const item of folded) {
    const base = item.instancePath.slice(1).replaceAll('/', '.');
    const path = [prefix, base, item.leaf].filter(Boolean).join('.') || prefix || whole;
    const messages = byPath.get(path) ?? [];
    if (!messages.includes(item.message)) messages.push(item.message);
    byPath.set(path, messages);
  }
  return [...byPath].map(([path, messages]) => ({ path, message: messages.join('; ') }));
}
