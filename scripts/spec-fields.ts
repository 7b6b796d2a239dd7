// `npx tsx scripts/spec-fields.ts`: transcribes the field tables of the spec (shared/spec/service-management-api-v2.md,
// beside the repository) into test/contract/spec-fields.json, with the spec's types and nullability.
// The contract test builds strict JSON Schemas from that file; test/contract/spec-fields.test.ts
// checks that it still matches the spec whenever the spec is at hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A field as the spec types it: a JSON type (or none: untyped), nullable when the spec says so. */
export interface SpecField {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  nullable?: true;
  enum?: string[];
  properties?: Record<string, SpecField>;
  items?: SpecField;
}
export type SpecFields = Record<string, Record<string, SpecField>>;

// Records the spec names as field types: they are objects.
const SHAPES = ['assignment', 'activitytype', 'timetracking', 'salary', 'taxrate', 'salarysurcharge', 'user'];

/** Splits at the separators that are not inside (), {} or []. */
function splitTop(text: string, separators: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if ('({['.includes(char)) depth += 1;
    if (')}]'.includes(char)) depth -= 1;
    if (depth === 0 && separators.includes(char)) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** The JSON type a phrase of the spec names, or undefined when the phrase names none. */
export function typeOf(phrase: string): SpecField | undefined {
  const text = phrase.replace(/`/g, '').trim();
  const lower = text.toLowerCase();
  const nullable = /\bnullable\b/.test(lower) ? { nullable: true as const } : {};
  if (lower.startsWith('{'))
    return { type: 'object', properties: fieldsOf(text.slice(1, text.lastIndexOf('}'))), ...nullable };
  const array = /^arrays? of (.*)$/.exec(text);
  if (array) return { type: 'array', ...(typeOf(array[1]!) ? { items: typeOf(array[1]!) } : {}), ...nullable };
  const word = lower.split(/[\s,;(]/)[0]!;
  if (word === 'untyped') return {};
  if (['integer'].includes(word)) return { type: 'integer', ...nullable };
  if (['number', 'numbers', 'seconds'].includes(word)) return { type: 'number', ...nullable };
  if (['boolean', 'booleans'].includes(word)) return { type: 'boolean', ...nullable };
  if (
    ['string', 'strings', 'url', 'date', 'date-time', 'timestamp', 'timestamps'].includes(word) ||
    /^user ids?\b/.test(lower)
  )
    return { type: 'string', ...nullable };
  if (['object'].includes(word) || lower.startsWith('as user ')) return { type: 'object', ...nullable };
  if (SHAPES.includes(word)) return { type: 'object', ...nullable };
  return undefined;
}

/**
 * Fields of a prose list: "a, b (strings); c (date-time); d (number, fraction)". Names without a
 * type of their own take the next one that is a type (TimeTracking's "userId, jobId (strings)");
 * a name whose parentheses say no type ("url (URL of the file)" aside) is a string.
 */
export function fieldsOf(text: string): Record<string, SpecField> {
  const fields: Record<string, SpecField> = {};
  for (const segment of splitTop(text, ';')) {
    let pending: string[] = [];
    let typedBefore = false;
    const listed = segment.replace(/^.*common entity fields plus\s*/i, '').replace(/(\w+) and (\w+) \(/g, '$1, $2 (');
    for (const token of splitTop(listed, ',')) {
      const match = /^`?([A-Za-z_][\w.]*)`?\s*(?:\((.*)\))?\s*(.*)$/s.exec(
        token.replace(/\s+plus common entity fields$/, ''),
      );
      if (!match) continue;
      const [, name, paren, rest] = match;
      const braces = rest?.startsWith(':') ? rest.slice(1).trim() : undefined;
      if (braces && /^(array of )?\{/.test(braces)) {
        fields[name!] = typeOf(braces) ?? { type: 'object' };
        continue;
      }
      if (rest && !braces) continue; // prose, not a field ("a type discriminator")
      if (paren === undefined) {
        pending.push(name!);
        continue;
      }
      const phrase = splitTop(paren, ',')[0]!;
      const type = typeOf(phrase);
      // Names before take a plain type when they open the list ("userId, jobId (strings)"), not a
      // remark ("(as user address)") nor the type of a later field ("…, token, email, loginTries (integer)").
      const shared = type && !typedBefore && !/^as /i.test(phrase) ? type : {};
      typedBefore = true;
      for (const waiting of pending) fields[waiting] = shared;
      pending = [];
      fields[name!] = type ?? {};
    }
    for (const waiting of pending) fields[waiting] = {};
  }
  return fields;
}

/** Rows of a field table (| names | type or content | …): each name of the first cell with the type of the second. */
function tableFields(lines: string[]): Record<string, SpecField> {
  const fields: Record<string, SpecField> = {};
  const header = splitTop(lines[0]!.slice(1, -1), '|');
  const allowed = header.findIndex((cell) => /allowed values/i.test(cell));
  for (const line of lines.slice(2)) {
    const cells = splitTop(line.slice(1, -1), '|');
    const names = cells[0]!.split(',').map((name) => name.trim());
    const content = cells[1]!;
    // User's table lists an object's fields in place of a type ("firstName, lastName, ...").
    let type = typeOf(content) ?? { type: 'object' as const, properties: fieldsOf(content) };
    // The common fields' status lists its fields in the meaning column: "`status` (integer), …".
    if (type.type === 'object' && !type.properties && /^`\w+` \(/.test(cells[2] ?? ''))
      type = { ...type, properties: fieldsOf(cells[2]!) };
    const values = allowed >= 0 ? cells[allowed]!.split(',').map((value) => value.trim()) : [];
    // A list of values, not a sentence (a webhook's url: "target address that receives the data").
    if (values.length > 1 && values.every((value) => /^\w+$/.test(value))) type = { ...type, enum: values };
    for (const name of names) fields[name] = type;
  }
  return fields;
}

/** Every resource of "Resources and their fields", and the shapes named in its prose (TaxRate, SalarySurcharge). */
export function specFields(markdown: string): SpecFields {
  const section = markdown.slice(markdown.indexOf('## Resources and their fields'), markdown.indexOf('### Gaps'));
  const resources: SpecFields = {};
  for (const block of section.split(/^### /m).slice(1)) {
    const [title, ...body] = block.split('\n');
    const name = title!.replace(/\(.*\)/, '').trim();
    const lines = body.map((line) => line.trim()).filter(Boolean);
    const table = lines.filter((line) => line.startsWith('|'));
    const prose = lines.filter(
      (line) => !line.startsWith('|') && !/^(In the resources|Common entity fields plus:$)/.test(line),
    );
    if (table.length) resources[name] = tableFields(table);
    for (const paragraph of prose) {
      const shape = /^([A-Z][A-Za-z ]+): (.*)$/.exec(paragraph);
      if (shape && table.length) resources[shape[1]!] = fieldsOf(shape[2]!.replace(/\.$/, ''));
      else if (!table.length) resources[name] = { ...resources[name], ...fieldsOf(paragraph.replace(/\.$/, '')) };
    }
  }
  return resources;
}

const SPEC = fileURLToPath(new URL('../../shared/spec/service-management-api-v2.md', import.meta.url));
const OUT = fileURLToPath(new URL('../test/contract/spec-fields.json', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(OUT, `${JSON.stringify(specFields(readFileSync(SPEC, 'utf8')), null, 2)}\n`);
  console.log(`wrote ${OUT}`);
}
