// A user's SMS number: contact.mobile, else contact.telephone, normalised.
import { normalizeTelephone } from '../../platform/telephone.js';

/** A number the gateway can take: digits after an optional `+`, as normalizeTelephone leaves it. */
const USABLE_NUMBER = /^\+?[0-9]{3,20}$/;

type Doc = Record<string, unknown>;
export const objectOr = (value: unknown): Doc =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Doc) : {};

/** contact.mobile, else contact.telephone, normalised; undefined when neither is a usable number. */
export function smsNumberOf(doc: Doc): string | undefined {
  const contact = objectOr(doc.contact);
  const raw = [contact.mobile, contact.telephone].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (raw === undefined) return undefined;
  const number = normalizeTelephone(raw);
  return USABLE_NUMBER.test(number) ? number : undefined;
}
