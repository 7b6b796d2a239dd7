// Dependency rules of the code base (docs/architecture.md, "Layers"), read from the import lines:
// the modules under src/modules import each other without a cycle, and another module (or the app
// wiring them) only through that module's index.ts; src/platform imports nothing from src/resources or
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

const show = (lines: string[]) => lines.map((line) => `  ${line}`).join('\n');

describe('module dependencies', () => {
  test('the modules import each other without a cycle', () => {
    const found = cycles(graph);
    assert.deepEqual(found, [], `module cycles: ${found.map((c) => c.join(' ⇄ ')).join('; ')}\n${picture}`);
  });

  test('a module is used from outside only through its index.ts', () => {
    const wrong = edges
      .filter((e) => {
        const to = moduleOf(e.to);
        return to && moduleOf(e.from) !== to && e.to !== `src/modules/${to}/index.ts`;
      })
      .map((e) => `${e.from} -> ${e.to}`);
    assert.deepEqual(wrong, [], `imports past a module's index.ts (export it there):\n${show(wrong)}\n${picture}`);
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
