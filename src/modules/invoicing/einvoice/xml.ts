// A small XML writer for the e-invoice serializers: elements in the order the schemas demand, every
// text and attribute escaped, absent values (undefined, '') leave no element behind.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text?: string;
}
type Child = XmlElement | undefined | null | false | '' | Child[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Characters XML 1.0 cannot carry at all (control characters other than tab, LF, CR).
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export const escapeXml = (value: string) => value.replace(FORBIDDEN, '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function flat(children: Child[]): XmlElement[] {
  return children.flatMap((c) => (Array.isArray(c) ? flat(c) : c ? [c] : []));
}

function cleanAttrs(attrs: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(attrs).filter((e): e is [string, string] => e[1] !== undefined));
}

/** An element with child elements; undefined when it would be empty (nothing required inside). */
export function el(name: string, ...children: Child[]): XmlElement | undefined {
  const kids = flat(children);
  return kids.length ? { name, attrs: {}, children: kids } : undefined;
}

/** An element with attributes and child elements, written even when empty of children. */
export function elAttrs(name: string, attrs: Record<string, string | undefined>, ...children: Child[]): XmlElement {
  return { name, attrs: cleanAttrs(attrs), children: flat(children) };
}

/** A text element; undefined (no element) when the value is absent or empty. */
export function leaf(
  name: string,
  value: string | number | undefined | null,
  attrs: Record<string, string | undefined> = {},
): XmlElement | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return { name, attrs: cleanAttrs(attrs), children: [], text: String(value) };
}

function write(node: XmlElement, indent: string, out: string[]) {
  const attrs = Object.entries(node.attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  if (node.text !== undefined) {
    out.push(`${indent}<${node.name}${attrs}>${escapeXml(node.text)}</${node.name}>`);
  } else if (node.children.length === 0) {
    out.push(`${indent}<${node.name}${attrs}/>`);
  } else {
    out.push(`${indent}<${node.name}${attrs}>`);
    for (const child of node.children) write(child, `${indent}  `, out);
    out.push(`${indent}</${node.name}>`);
  }
}

/** The document with its XML declaration, indented two spaces a level. */
export function serialize(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="utf-8"?>'];
  write(root, '', out);
  return `${out.join('\n')}\n`;
}
