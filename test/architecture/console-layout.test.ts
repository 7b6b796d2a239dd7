// The web console's layout (console/src/README.md): files import each other without a circle, and each folder
// depends only on those below it — lib/ on nothing of the console, the areas (shell/, board/, crew/, screens/) on
// lib/ (screens also on board/ for the stand-in list), and only the entry files (main.tsx, app.tsx) on everything.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { cycles, importEdges } from './import-graph.js';

const base = fileURLToPath(new URL('../..', import.meta.url));
const edges = importEdges(base, 'console/src').filter((e) => e.to.startsWith('console/src/'));

/** The folder of a console file ('' for the entry files at the top). */
const folderOf = (path: string) => /^console\/src\/([^/]+)\//.exec(path)?.[1] ?? '';

/** What each folder may import besides itself. */
const MAY_IMPORT: Record<string, string[]> = {
  lib: [],
  shell: ['lib'],
  board: ['lib'],
  crew: ['lib'],
  screens: ['lib', 'board'],
};

describe('web console layout', () => {
  test('the console reads its files from the folders (the graph is not empty)', () => {
    assert.ok(edges.length > 50, `only ${edges.length} imports found`);
    assert.ok(edges.some((e) => e.from === 'console/src/app.tsx' && e.to === 'console/src/board/board.tsx'));
  });

  test('no file imports itself through others (no import circle)', () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
    assert.deepEqual(cycles(graph), []);
  });

  test('each folder imports only itself and the folders below it', () => {
    const wrong = edges.filter(({ from, to }) => {
      const a = folderOf(from);
      const b = folderOf(to);
      if (a === '' || a === b) return false;
      return !(MAY_IMPORT[a] ?? []).includes(b);
    });
    assert.deepEqual(
      wrong.map((e) => `${e.from} → ${e.to}`),
      [],
    );
  });
});
