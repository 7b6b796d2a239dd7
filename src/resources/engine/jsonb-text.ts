// A value written as PostgreSQL prints jsonb (jsonb_out), in the API process: reads that shaped their
// answer in SQL select plain columns and the stored document instead, and answer the same bytes.
// jsonb's text: keys ordered by byte length, then bytes; ", " and ": " between members; numbers as
// numeric prints them (plain digits, as stored); strings escaped as JSON.stringify escapes them.
// Object members that are null are left out at every depth (jsonb_strip_nulls); nulls in arrays stay.
import { isoTimestamp } from '../../platform/db/timestamp-text.js';
import { type EntityColumns, entityValue, unsetFields } from './to-api.js';
import type { Resource } from './define-resource.js';

/** Text the database printed as jsonb (a part it still builds), written as it is. */
export class JsonbText {
  constructor(readonly text: string) {}
}

/** The value as jsonb text, without null object members. */
export function jsonbText(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return numberText(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value instanceof JsonbText) return value.text;
      if (Array.isArray(value)) {
        if (value.length === 0) return '[]';
        let text = `[${jsonbText(value[0])}`;
        for (let i = 1; i < value.length; i++) text += `, ${jsonbText(value[i])}`;
        return `${text}]`;
      }
      return objectText(value as Record<string, unknown>);
    }
  }
  throw new TypeError(`no jsonb text for ${typeof value}`);
}

function objectText(object: Record<string, unknown>): string {
  const keys = Object.keys(object);
  // Parsed jsonb text is in order already, unless it has integer-like keys (which JavaScript puts first).
  for (let i = 1; i < keys.length; i++) {
    if (compareKeys(keys[i - 1]!, keys[i]!) > 0) {
      keys.sort(compareKeys);
      break;
    }
  }
  let text = '';
  for (const key of keys) {
    const member = object[key];
    if (member === null || member === undefined) continue;
    text += `${text ? ', ' : '{'}${JSON.stringify(key)}: ${jsonbText(member)}`;
  }
  return text ? `${text}}` : '{}';
}

function utf8Length(text: string): number {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return Buffer.byteLength(text);
  return text.length;
}

/** jsonb's order of object keys: shorter (in UTF-8 bytes) first, then by bytes. */
export function compareKeys(a: string, b: string): number {
  const la = utf8Length(a);
  const lb = utf8Length(b);
  if (la !== lb) return la - lb;
  if (la === a.length && lb === b.length) return a < b ? -1 : a > b ? 1 : 0;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** A number as numeric prints it: JavaScript's shortest digits, without an exponent. */
function numberText(value: number): string {
  const text = String(value);
  if (!text.includes('e')) return text;
  const negative = value < 0;
  const [mantissa, exponent] = (negative ? text.slice(1) : text).split('e') as [string, string];
  const [whole, fraction = ''] = mantissa.split('.') as [string, string?];
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  const plain =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${plain}` : plain;
}

// A number of the text that JavaScript would print otherwise: 16 or more digits (beyond a double's
// precision) or a fraction ending in 0 (numeric keeps its scale, as 1.50 written by SQL). Numbers in
// jsonb text follow ": ", "[" or ", "; text inside strings may match too, which only costs speed.
const INEXACT_NUMBER = /(?:: |\[|, )-?\d(?:[\d.]{15}|\d*\.\d*0[,\]}])/;

/**
 * A document from its jsonb text. Numbers JavaScript would print differently keep their text, so the
 * document is written back byte for byte.
 */
export function parseJsonbText(text: string): unknown {
  return INEXACT_NUMBER.test(text) ? parseKeepingNumbers(text) : JSON.parse(text);
}

/** JSON.parse for jsonb text, with each number kept as its text. */
function parseKeepingNumbers(text: string): unknown {
  let at = 0;
  const skipSpace = () => {
    while (text.charCodeAt(at) === 0x20) at++;
  };
  const string = (): string => {
    const start = at++;
    while (text.charCodeAt(at) !== 0x22) at += text.charCodeAt(at) === 0x5c ? 2 : 1;
    at++;
    return JSON.parse(text.slice(start, at));
  };
  const value = (): unknown => {
    skipSpace();
    const c = text[at];
    if (c === '"') return string();
    if (c === '{') {
      at++;
      const object: Record<string, unknown> = {};
      skipSpace();
      if (text[at] === '}') {
        at++;
        return object;
      }
      for (;;) {
        skipSpace();
        const key = string();
        skipSpace();
        at++; // :
        Object.defineProperty(object, key, { value: value(), enumerable: true, writable: true, configurable: true });
        skipSpace();
        if (text[at++] === '}') return object;
      }
    }
    if (c === '[') {
      at++;
      const array: unknown[] = [];
      skipSpace();
      if (text[at] === ']') {
        at++;
        return array;
      }
      for (;;) {
        array.push(value());
        skipSpace();
        if (text[at++] === ']') return array;
      }
    }
    for (const [word, literal] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return literal;
      }
    }
    const start = at;
    while (at < text.length && /[-+\d.eE]/.test(text[at]!)) at++;
    return new JsonbText(text.slice(start, at));
  };
  return value();
}

/**
 * The members of a jsonb object's text, each value kept as the text the database printed (JsonbText),
 * unparsed: written back, it is the same bytes, and a shaped read then neither parses a document's
 * members nor writes them again (that took most of its CPU). A member whose object or array text
 * contains "null" is parsed instead, so that null object members inside it are left out as
 * jsonb_strip_nulls does; a member that is null is null. The object has no prototype, so a member
 * named __proto__ is a member. Not an object's text: undefined (the caller parses it).
 */
export function jsonbMembers(text: string): Record<string, unknown> | undefined {
  const members: Record<string, unknown> = Object.create(null);
  const isObject = eachMember(text, (key, value) => {
    members[key] = memberOf(value);
    return true;
  });
  return isObject ? members : undefined;
}

/** A member's printed value as documentMembers keeps it (see jsonbMembers). */
function memberOf(value: string): unknown {
  if (value === 'null') return null;
  return hasNullInside(value) ? parseJsonbText(value) : new JsonbText(value);
}

/** An object's or array's text with a null somewhere inside (perhaps only in a string: then parsing costs only time). */
function hasNullInside(value: string): boolean {
  const first = value.charCodeAt(0);
  return (first === OPEN_BRACE || first === OPEN_BRACKET) && value.includes('null');
}

/**
 * Calls `visit` with each member of a jsonb object's text, in order: its key (unescaped) and its value's
 * printed text. False when the text is not an object's, or `visit` returned false (it stops there).
 */
function eachMember(text: string, visit: (key: string, value: string) => boolean): boolean {
  if (text.charCodeAt(0) !== OPEN_BRACE || text.charCodeAt(text.length - 1) !== CLOSE_BRACE) return false;
  let at = 1;
  if (text.length === 2) return true;
  while (at < text.length) {
    if (text.charCodeAt(at) !== QUOTE) return false;
    const keyEnd = stringEnd(text, at);
    const key = text.slice(at + 1, keyEnd - 1);
    // jsonb_out writes ": " after a key and ", " between members.
    const start = keyEnd + 2;
    const end = valueEnd(text, start);
    if (end < 0) return false;
    if (!visit(key.includes('\\') ? (JSON.parse(`"${key}"`) as string) : key, text.slice(start, end))) return false;
    at = end + 2;
  }
  return true;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/** The index after the string starting at `at` (its opening quote). */
function stringEnd(text: string, at: number): number {
  let i = at + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (Number.isNaN(c)) return text.length;
    i += c === BACKSLASH ? 2 : 1;
  }
}

/** The index after the value starting at `at`: at the ", " before the next member or the object's "}"; -1 if none. */
function valueEnd(text: string, at: number): number {
  let depth = 0;
  let i = at;
  const last = text.length - 1; // the object's closing brace
  while (i < last) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === COMMA && depth === 0) return i;
    i++;
  }
  return depth === 0 ? last : -1;
}

/** A document's members for a shaped read: unparsed where that writes the same text (jsonbMembers). */
export function documentMembers(text: string): Record<string, unknown> {
  return jsonbMembers(text) ?? (parseJsonbText(text) as Record<string, unknown>);
}

/** A member of documentMembers as a value (parsed if it was kept as text). */
export function memberValue(member: unknown): unknown {
  return member instanceof JsonbText ? parseJsonbText(member.text) : member;
}

/** A stored row's columns and its document's jsonb text, as a shaped read selects them (timestamps perhaps as text). */
export type RecordColumns = EntityColumns & { doc: string };

/** The shape of a resource's records as recordJson builds them, with the members a read adds (`extraKeys`). */
export function recordShape(resource: Resource, extraKeys: readonly string[] = []): MergeShape {
  const properties = Object.keys((resource.response as { properties?: object }).properties ?? {});
  return new MergeShape([...properties, ...Object.keys(unsetFields(resource)), ...extraKeys]);
}

/**
 * The record as recordJson (resource-store.ts) builds it in SQL, as jsonb text: the unset fields, the
 * document and the common fields, merged in that order (nulls left out, as jsonb_strip_nulls does);
 * `added` (members a read adds) over all of them. The document's text is written from its members'
 * printed texts, without parsing it (MergeShape.recordText).
 */
export function recordText(
  shape: MergeShape,
  resource: Resource,
  companyId: string,
  row: RecordColumns,
  added: object = NOTHING_ADDED,
): string {
  return shape.recordText(added, entityLayer(row, companyId), row.doc, unsetFields(resource));
}

/**
 * entityValue (to-api.ts) as a layer of a shaped read: its timestamps written from the database's text where it has
 * their UTC form, and its status object written as text once per record.
 */
function entityLayer(row: RecordColumns, companyId: string) {
  const entity = entityValue(row, companyId, isoTimestamp);
  return { ...entity, status: new JsonbText(statusText(entity.status)) };
}

/**
 * entityValue's status as jsonb text: its members in jsonb's key order (by length, then bytes), nulls left out.
 * Written by hand, not through a shape: it runs twice per job of a read (the generic writer cost 4-10 % of an
 * employee's week). jobs-read-shape.test.ts holds it to the text the database builds.
 */
function statusText(status: ReturnType<typeof entityValue>['status']): string {
  let text = `{"status": ${numberText(status.status)}, "createdAt": ${JSON.stringify(status.createdAt)}`;
  if (status.createdBy !== null) text += `, "createdBy": ${JSON.stringify(status.createdBy)}`;
  text += `, "lastModifiedAt": ${JSON.stringify(status.lastModifiedAt)}`;
  if (status.lastModifiedBy !== null) text += `, "lastModifiedBy": ${JSON.stringify(status.lastModifiedBy)}`;
  return `${text}}`;
}

const NOTHING_ADDED = Object.freeze({});

/**
 * The members of several layers of one object, written in jsonb's order without merging them first:
 * for each key the first layer that has it gives the value (`layers` from the highest, as
 * Object.assign's arguments reversed), and a null value leaves the member out. The keys a shape can
 * have are sorted once (`MergeShape`), so no object is built and no keys are sorted per record.
 */
export class MergeShape {
  private keys: string[] = [];
  private prefixes: string[] = [];
  /** Each key's place in `keys`. */
  private positions = new Map<string, number>();
  private readonly known = new Set<string>();

  /** `keys`: the keys the layers usually have (a response's properties and what the read adds). */
  constructor(keys: Iterable<string>) {
    this.learn([...keys]);
  }

  // Keys met later (a document's field outside the schema) join the shape, up to a bound: documents are
  // data, and past it the plain merge is used.
  private learn(keys: string[]) {
    for (const key of keys) this.known.add(key);
    this.keys = [...this.known].sort(compareKeys);
    this.prefixes = this.keys.map((key) => `${JSON.stringify(key)}: `);
    this.positions = new Map(this.keys.map((key, i) => [key, i]));
    this.bases = new WeakMap();
  }

  /** Per lowest layer (a resource's unset fields, the same object for every record): its members' texts by place. */
  private bases = new WeakMap<object, Array<string | undefined>>();

  /** The texts of a layer's members at their places, for recordText; undefined if it has a key outside the shape. */
  private baseOf(layer: object): Array<string | undefined> | undefined {
    let base = this.bases.get(layer);
    if (!base) {
      if (Object.hasOwn(layer, '__proto__')) return undefined;
      base = new Array<string | undefined>(this.keys.length);
      for (const [key, value] of Object.entries(layer)) {
        const at = this.positions.get(key);
        if (at === undefined) return undefined;
        base[at] = value === null || value === undefined ? undefined : jsonbText(value);
      }
      this.bases.set(layer, base);
    }
    return base;
  }

  /**
   * text(added, entity, documentMembers(docText), unset), written from the document's text as it is: each member's
   * printed value goes to its key's place without being parsed or kept as an object, and the lowest layer's texts are
   * made once. A document or layer with a key the shape does not know yet takes text() (which learns it).
   */
  recordText(added: object, entity: object, docText: string, unset: object): string {
    const base = this.baseOf(unset);
    const texts = base?.slice();
    const { positions } = this;
    const put = (key: string, value: unknown): boolean => {
      const at = positions.get(key);
      if (at === undefined || key === '__proto__') return false;
      texts![at] = value === null || value === undefined ? undefined : jsonbText(value);
      return true;
    };
    const written =
      texts !== undefined &&
      eachMember(docText, (key, value) => {
        const at = positions.get(key);
        if (at === undefined || key === '__proto__') return false;
        texts[at] = value === 'null' ? undefined : hasNullInside(value) ? jsonbText(parseJsonbText(value)) : value;
        return true;
      }) &&
      putAll(entity, put) &&
      putAll(added, put);
    if (!written) return this.text(added, entity, documentMembers(docText), unset);
    return this.written(texts);
  }

  /** The layers' members as one object's jsonb text (see the class). */
  text(...layers: object[]): string {
    const layerKeys = layers.map((layer) => Object.keys(layer));
    for (let l = 0; l < layers.length; l++) {
      let unknown: string[] | undefined;
      for (const key of layerKeys[l]!) if (!this.known.has(key)) (unknown ??= []).push(key);
      if (!unknown) continue;
      if (this.known.size + unknown.length > MAX_SHAPE_KEYS || Object.hasOwn(layers[l]!, '__proto__'))
        return objectText(assignMembers({}, ...[...layers].reverse()));
      this.learn(unknown);
    }
    // Each member's value put at its key's place, the lowest layer first, so a higher layer's overwrites it: one
    // look-up per member a layer has, where asking every layer for each key of the shape took one per key and layer.
    const { keys, positions } = this;
    const values: unknown[] = new Array(keys.length);
    for (let l = layers.length - 1; l >= 0; l--) {
      const layer = layers[l] as Record<string, unknown>;
      for (const key of layerKeys[l]!) values[positions.get(key)!] = layer[key];
    }
    return this.written(
      values.map((member) => (member === null || member === undefined ? undefined : jsonbText(member))),
    );
  }

  /** The object's text from its members' texts by place (undefined: left out). */
  private written(texts: ReadonlyArray<string | undefined>): string {
    const { prefixes } = this;
    let text = '';
    for (let i = 0; i < texts.length; i++) {
      const member = texts[i];
      if (member !== undefined) text += `${text ? ', ' : ''}${prefixes[i]}${member}`;
    }
    return text ? `{${text}}` : '{}';
  }
}

/** Puts each member of the layer; false once one could not be put. */
function putAll(layer: object, put: (key: string, value: unknown) => boolean): boolean {
  for (const key of Object.keys(layer)) if (!put(key, (layer as Record<string, unknown>)[key])) return false;
  return true;
}

const MAX_SHAPE_KEYS = 512;

/**
 * Object.assign (several times faster here than spreading into a literal), with a member named
 * __proto__ kept as a member, as a document may hold one.
 */
export function assignMembers(target: Record<string, unknown>, ...parts: object[]): Record<string, unknown> {
  Object.assign(target, ...parts);
  for (const part of parts)
    if (Object.hasOwn(part, '__proto__'))
      Object.defineProperty(target, '__proto__', {
        value: Object.getOwnPropertyDescriptor(part, '__proto__')!.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return target;
}
