// `import <collection> <file.csv> --company <id> [--mapping m.json] [--dry-run]`: the same import as
// POST /v2/imports, as the system (every right) in the given company, always waiting for the end.
// Progress goes to stderr: a bar on a terminal, a plain line every 10 % otherwise.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { companyName } from '../../platform/db/companies.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import type { Database } from '../../platform/db/database.js';
import { readInTenant } from '../../platform/db/tenant.js';
import { HttpError } from '../../platform/http/errors.js';
import { systemContext } from '../../platform/http/request-context.js';
import type { ImportReport } from './import-store.js';
import { IMPORT_LIMITS, importService } from './import-service.js';

export interface CliImport {
  collection: string;
  file: string;
  companyId: string;
  mappingFile?: string;
  dryRun: boolean;
}

/** Draws the progress on `stream`: a bar redrawn in place on a terminal, a line per 10 % otherwise. */
export function progressPrinter(stream: Pick<NodeJS.WriteStream, 'isTTY' | 'write'>) {
  const started = Date.now();
  let lastDraw = 0;
  let lastTenth = -1;
  return (report: ImportReport) => {
    const total = Math.max(report.totalRows, 1);
    const percent = Math.floor((report.processedRows * 100) / total);
    const perSecond = Math.round(report.processedRows / Math.max((Date.now() - started) / 1000, 0.001));
    const finished = report.state !== 'running';
    if (stream.isTTY) {
      if (!finished && Date.now() - lastDraw < 100) return;
      lastDraw = Date.now();
      const width = 30;
      const filled = Math.round((width * percent) / 100);
      stream.write(
        `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${percent}% ${report.processedRows}/${report.totalRows} rows ${perSecond} rows/s${finished ? '\n' : ''}`,
      );
    } else if (Math.floor(percent / 10) > lastTenth || finished) {
      lastTenth = Math.floor(percent / 10);
      stream.write(`${report.processedRows}/${report.totalRows} rows (${percent}%, ${perSecond} rows/s)\n`);
    }
  };
}

/** Runs the import and prints its report as JSON on stdout; exit code 1 when it failed. */
/** users: the users resource as registered (usersWith), which the import writes through. */
export async function importFromFile(database: Database, args: CliImport, users: Resource): Promise<number> {
  // The system context would write into any id given: a mistyped one must not start a company of orphans.
  const company = await readInTenant(database, args.companyId, (tx) => companyName(tx));
  if (company === undefined) throw new Error(`no company ${args.companyId}`);
  const mapping = args.mappingFile ? JSON.parse(await readFile(args.mappingFile, 'utf8')) : undefined;
  const bytes = await readFile(args.file);
  if (bytes.length > IMPORT_LIMITS.maxBytes)
    throw new Error(`${args.file} is larger than ${IMPORT_LIMITS.maxBytes} bytes`);
  const service = importService({ database, users, log: { error: (obj, msg) => console.error(msg, obj) } });
  await service.failAbandonedAtStart();
  try {
    const { report } = await service.start(systemContext(args.companyId), args.collection, bytes, {
      dryRun: args.dryRun,
      mapping,
      fileName: basename(args.file),
      wait: true,
      onProgress: progressPrinter(process.stderr),
    });
    console.log(JSON.stringify(report, null, 2));
    return report.state === 'done' ? 0 : 1;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const details = error.errors?.map((e) => `\n  ${e.path}: ${e.message}`).join('') ?? '';
    throw new Error(`${error.message}${details}`);
  }
}
