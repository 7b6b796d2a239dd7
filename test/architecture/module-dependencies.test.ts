// Dependency rules of the code base (docs/architecture.md, "Layers"), read from the import lines:
// the modules under src/modules import each other without a cycle, and only the files of another
// module that its surface (below) lists; src/platform imports nothing from src/resources or
// src/modules; src/resources imports no module; docs/architecture.md shows the module picture as
// it is. A failure prints the picture.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cycles, importEdges, moduleGraph, moduleOf, modulePicture } from './import-graph.js';

const base = fileURLToPath(new URL('../../', import.meta.url));
const edges = importEdges(base);
const graph = moduleGraph(base, edges);
const picture = modulePicture(graph);

// The files of a module other modules may import (src/app.ts, main.ts and chat-resources.ts wire
// the modules and may import any file). A module not listed offers nothing to the others. Adding a
// file here is a decision: prefer a function of a file already listed (issue 16 item 2: one
// index.ts per module).
const SURFACE: Record<string, string[]> = {
  absences: ['absence-facts.ts', 'absence-types.ts', 'absences-resource.ts', 'illness-overlap.ts'],
  auth: ['auth-routes.ts', 'auth-service.ts', 'auth-store.ts', 'passwords.ts'],
  pay: [
    'absence-salary-lines.ts',
    'pay-settings.ts',
    'rules/breaks.ts',
    'rules/contract-hours.ts',
    'rules/salary-calculation.ts',
    'salaries-resource.ts',
    'salary-writer.ts',
  ],
  scheduling: [
    'absence-hooks.ts',
    'absence-marks.ts',
    'assignments-resource.ts',
    'job-planning.ts',
    'jobs-resource.ts',
    'replacement-jobs.ts',
    'time-frame-filter.ts',
  ],
  tasks: ['complaints-resource.ts'],
  users: ['users-resource.ts'],
};

const show = (lines: string[]) => lines.map((line) => `  ${line}`).join('\n');

describe('module dependencies', () => {
  test('the modules import each other without a cycle', () => {
    const found = cycles(graph);
    assert.deepEqual(found, [], `module cycles: ${found.map((c) => c.join(' ⇄ ')).join('; ')}\n${picture}`);
  });

  test('a module imports another only through its surface', () => {
    const wrong = edges
      .filter((e) => {
        const from = moduleOf(e.from);
        const to = moduleOf(e.to);
        return from && to && from !== to && !SURFACE[to]?.includes(e.to.slice(`src/modules/${to}/`.length));
      })
      .map((e) => `${e.from} -> ${e.to}`);
    assert.deepEqual(
      wrong,
      [],
      `imports past a module's surface (list the file in SURFACE or use a listed one):\n${show(wrong)}\n${picture}`,
    );
  });

  test('src/platform imports nothing from src/modules or src/resources', () => {
    const wrong = edges.filter((e) => e.from.startsWith('src/platform/') && /^src\/(modules|resources)\//.test(e.to));
    assert.deepEqual(wrong, [], `platform imports:\n${show(wrong.map((e) => `${e.from} -> ${e.to}`))}`);
  });

  test('src/resources imports no module', () => {
    const wrong = edges
      .filter((e) => e.from.startsWith('src/resources/') && e.to.startsWith('src/modules/'))
      .map((e) => `${e.from} -> ${e.to}`);
    assert.deepEqual(wrong, [], `resources import modules:\n${show(wrong)}`);
  });

  test('docs/architecture.md shows the module picture of the code', () => {
    const doc = readFileSync(`${base}docs/architecture.md`, 'utf8');
    const shown = /<!-- module-picture:start -->\n```text\n([\s\S]*?)\n```\n<!-- module-picture:end -->/.exec(doc)?.[1];
    assert.equal(shown, picture, `replace the picture in docs/architecture.md with:\n${picture}`);
  });
});
