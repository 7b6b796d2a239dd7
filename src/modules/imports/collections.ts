// The collections a CSV can be imported into and exported from, and their columns.
import type { Resource } from '../../resources/engine/define-resource.js';
import { articles } from '../../resources/articles.js';
import { customers } from '../../resources/customers.js';
import { objects } from '../../resources/objects.js';
import { NotFound } from '../../platform/http/errors.js';
import { users } from '../users/index.js';
import { columnsOf, type Column } from './rules/columns.js';

export const IMPORT_COLLECTIONS = ['customers', 'objects', 'users', 'articles'] as const;
export type ImportCollection = (typeof IMPORT_COLLECTIONS)[number];

const RESOURCES: Record<ImportCollection, Resource> = { customers, objects, users, articles };

/** What an import writes through: users as the app registered them (a password imported ends their sessions). */
export function importWriters(registeredUsers: Resource): Record<ImportCollection, Resource> {
  return { ...RESOURCES, users: registeredUsers };
}

export function isImportCollection(name: string): name is ImportCollection {
  return (IMPORT_COLLECTIONS as readonly string[]).includes(name);
}

export function importResource(collection: string, resources = RESOURCES): Resource {
  if (!isImportCollection(collection)) throw NotFound('import collection', collection);
  return resources[collection];
}

const columnCache = new Map<string, Column[]>();

/** The columns of a collection: `number` (the external key), then every importable field. */
export function collectionColumns(resource: Resource): Column[] {
  let columns = columnCache.get(resource.collection);
  if (!columns) {
    columns = columnsOf(resource.schema, { withNumber: Boolean(resource.acceptsNumber) });
    columnCache.set(resource.collection, columns);
  }
  return columns;
}
