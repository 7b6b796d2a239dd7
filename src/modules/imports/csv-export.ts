// GET /v2/{collection}/export.csv: the records the caller may read, with the import's default
// columns, streamed in pages of EXPORT_PAGE records (by number), each page read in its own
// read-only transaction, so a large collection never sits in memory whole nor holds the database
// connection long. Cells through the one CSV writer (platform/csv): formulas neutralised, numbers
// by their type.
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { parseSort } from '../../platform/http/list-query.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { resourceService, valueAt } from '../../resources/engine/resource-service.js';
import { collectionColumns, importResource } from './collections.js';
import { CSV_BOM, csvLine, type CsvValue } from '../../platform/csv/csv-writer.js';

const EXPORT_PAGE = 500;

/** The CSV as a stream; permission is checked before the first byte, so a refusal is a plain 403. */
export function exportCsv(deps: { database: Database }, ctx: RequestContext, collection: string): Readable {
  const resource = importResource(collection);
  requireLevel(ctx, resource.area, 'read');
  const engine = resourceService(deps, resource);
  const columns = collectionColumns(resource).filter((column) => !column.writeOnly);
  const sort = parseSort('number:1', resource.fields);
  async function* lines() {
    yield CSV_BOM + csvLine(columns.map((column) => column.path));
    let after = 0;
    for (;;) {
      // sql: keyset paging by number (list queries take conditions as sql fragments)
      const where = [sql<boolean>`number > ${after}`];
      const { items } = await engine.search(ctx, { limit: EXPORT_PAGE, offset: 0, sort, where });
      if (items.length)
        yield items.map((item) => csvLine(columns.map((c) => valueAt(item, c.path) as CsvValue))).join('');
      if (items.length < EXPORT_PAGE) return;
      after = Number(items[items.length - 1]!.number);
    }
  }
  return Readable.from(lines());
}
