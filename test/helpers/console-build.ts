// The web console built from the checkout's console/ into a temporary folder (scripts/build-console.mjs, as
// `npm run build` does), so a test serves the current sources, not whatever dist/app/ holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ConsoleBuild {
  dir: string;
  files: Array<{ path: string; bytes: number; gzipped: number }>;
  remove(): void;
}

export async function buildConsoleForTest(): Promise<ConsoleBuild> {
  const builder = (await import(new URL('../../scripts/build-console.mjs', import.meta.url).href)) as {
    buildConsole(root: string, outDir: string): Promise<ConsoleBuild['files']>;
  };
  const parent = mkdtempSync(join(tmpdir(), 'crewbase-console-'));
  const dir = join(parent, 'app');
  const files = await builder.buildConsole(fileURLToPath(new URL('../..', import.meta.url)), dir);
  return { dir, files, remove: () => rmSync(parent, { recursive: true, force: true }) };
}
