// OpenAPI 3.1 document → TypeScript: every components.schemas entry as an exported type, and every
// operation (keyed by operationId, else "METHOD /path") as an entry of `Operations` (its path and
// query parameters, body and success response) plus a runtime table of methods and paths.
// Our own, small and dependency-free: the generators on npm pin older TypeScript versions as peers.

import type { OpenApiJson as Json } from '../src/platform/openapi/common-errors.js';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** A schema name as a TypeScript identifier (`Problem`, `def-0` → `Def0`). */
export function typeName(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return /^[0-9]/.test(joined) ? `T${joined}` : joined || 'Unnamed';
}

const key = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));
const literal = (value: unknown) => JSON.stringify(value);

function comment(text: string | undefined, indent: string): string {
  if (!text) return '';
  const lines = text.replace(/\*\//g, '*\\/').split('\n');
  return lines.length === 1
    ? `${indent}/** ${lines[0]} */\n`
    : `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

/** The TypeScript type of a JSON schema; `indent` is the nesting of the surrounding code. */
export function schemaType(schema: unknown, indent = ''): string {
  if (schema === true || schema === undefined) return 'unknown';
  if (schema === false) return 'never';
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    const match = /^#\/components\/schemas\/(.+)$/.exec(s.$ref);
    return match ? typeName(decodeURIComponent(match[1]!)) : 'unknown';
  }
  if ('const' in s) return literal(s.const);
  if (Array.isArray(s.enum)) return s.enum.map(literal).join(' | ') || 'never';
  const parts: string[] = [];
  if (Array.isArray(s.anyOf ?? s.oneOf))
    parts.push((s.anyOf ?? s.oneOf).map((m: unknown) => wrap(schemaType(m, indent))).join(' | '));
  if (Array.isArray(s.allOf)) parts.push(s.allOf.map((m: unknown) => wrap(schemaType(m, indent))).join(' & '));
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length === 0 && (s.properties || s.additionalProperties !== undefined)) types.push('object');
  if (types.length) {
    const own = types.map((type) => primitive(type, s, indent));
    if (s.nullable === true) own.push('null');
    parts.push([...new Set(own)].join(' | '));
  }
  if (parts.length === 0) return 'unknown';
  return parts.length === 1 ? parts[0]! : parts.map(wrap).join(' & ');
}

const wrap = (type: string) => (/[|&]/.test(type) && !/^[{[(]/.test(type) ? `(${type})` : type);

function primitive(type: string, s: Json, indent: string): string {
  switch (type) {
    case 'string':
      return s.format === 'binary' ? 'Blob' : 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return Array.isArray(s.prefixItems)
        ? `[${s.prefixItems.map((m: unknown) => schemaType(m, indent)).join(', ')}]`
        : `Array<${schemaType(s.items, indent)}>`;
    case 'object':
      return objectType(s, indent);
    default:
      return 'unknown';
  }
}

function objectType(s: Json, indent: string): string {
  const properties = Object.entries<unknown>(s.properties ?? {});
  const extra = s.additionalProperties;
  if (properties.length === 0)
    return extra === false
      ? 'Record<string, never>'
      : `Record<string, ${extra && extra !== true ? schemaType(extra, indent) : 'unknown'}>`;
  const required = new Set<string>(s.required ?? []);
  const inner = `${indent}  `;
  const lines = properties.map(
    ([name, property]) =>
      `${comment((property as Json)?.description, inner)}${inner}${key(name)}${required.has(name) ? '' : '?'}: ${schemaType(property, inner)};`,
  );
  if (extra !== undefined && extra !== false) lines.push(`${inner}[key: string]: unknown;`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** The success response's body: JSON as its schema says, anything else (PDF, CSV, XML) as bytes. */
function responseType(operation: Json, indent: string): string {
  const [status, response] = Object.entries<Json>(operation.responses ?? {}).find(([code]) => /^2/.test(code)) ?? [];
  if (!status || status === '204' || !response?.content) return 'void';
  const json = Object.entries<Json>(response.content).find(([type]) => /json/.test(type));
  const binary = !json || json[1].schema?.format === 'binary'; // a file documented under the default media type
  return binary ? 'ArrayBuffer' : schemaType(json[1].schema, indent);
}

function bodyType(operation: Json, indent: string): string | undefined {
  const content: Json | undefined = operation.requestBody?.content;
  if (!content) return undefined;
  const json = Object.entries<Json>(content).find(([type]) => /json/.test(type));
  if (json) return schemaType(json[1].schema, indent);
  return content['multipart/form-data'] ? 'FormData' : 'Blob | ArrayBuffer | string';
}

function parametersType(parameters: Json[], place: 'path' | 'query', indent: string): string | undefined {
  const own = parameters.filter((p) => p.in === place);
  if (own.length === 0) return undefined;
  return objectType(
    {
      properties: Object.fromEntries(
        own.map((p) => [p.name, { ...p.schema, description: p.description ?? p.schema?.description }]),
      ),
      required: own.filter((p) => p.required).map((p) => p.name),
    },
    indent,
  );
}

/** The operations of the document, sorted by their key, with what the client needs of each. */
export function operationsOf(document: Json) {
  const operations: Array<{ key: string; method: string; path: string; operation: Json; parameters: Json[] }> = [];
  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
      operations.push({
        key: operation.operationId ?? `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        operation,
        parameters,
      });
    }
  }
  return operations.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export function openApiToTypeScript(document: Json): string {
  const out: string[] = [
    '// Generated from openapi.json by `npm run client:generate`; do not edit (CI checks it is current).',
    '/* eslint-disable */',
    '',
  ];
  for (const [name, schema] of Object.entries<Json>(document.components?.schemas ?? {}).sort(([a], [b]) =>
    a < b ? -1 : 1,
  )) {
    const type = schemaType(schema);
    out.push(
      `${comment(schema.description ?? schema.title, '')}export ${type.startsWith('{') ? `interface ${typeName(name)} ` : `type ${typeName(name)} = `}${type}${type.startsWith('{') ? '' : ';'}`,
      '',
    );
  }
  const operations = operationsOf(document);
  out.push(
    '/** Every operation: its path and query parameters, request body and success response. */',
    'export interface Operations {',
  );
  for (const { key: opKey, method, path, operation, parameters } of operations) {
    const fields = [
      `    method: ${literal(method)};`,
      `    path: ${literal(path)};`,
      `    pathParams: ${parametersType(parameters, 'path', '    ') ?? 'undefined'};`,
      `    query: ${parametersType(parameters, 'query', '    ') ?? 'undefined'};`,
      `    body: ${bodyType(operation, '    ') ?? 'undefined'};`,
      `    response: ${responseType(operation, '    ')};`,
    ];
    out.push(
      comment([operation.summary, `${method} ${path}`].filter(Boolean).join(' — '), '  ') +
        `  ${literal(opKey)}: {\n${fields.join('\n')}\n  };`,
    );
  }
  out.push('}', '');
  out.push('/** Method and path of each operation, for the client at run time. */', 'export const OPERATIONS = {');
  for (const { key: opKey, method, path } of operations)
    out.push(`  ${literal(opKey)}: [${literal(method)}, ${literal(path)}],`);
  out.push(
    "} as const satisfies { [K in keyof Operations]: readonly [Operations[K]['method'], Operations[K]['path']] };",
    '',
  );
  return out.join('\n');
}
