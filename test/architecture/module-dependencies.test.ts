// Dependency rules of the code base (docs/architecture.md, "Layers"), read from the import lines:
// the modules under src/modules import each other without a cycle; src/platform imports nothing
// from src/resources or src/modules; src/resources imports no module (one known exception, below);
// docs/architecture.md shows the module picture as it is. A failure prints the picture.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cycles, importEdges, moduleGraph, modulePicture } from './import-graph.js';

const base = fileURLToPath(new URL('../../', import.meta.url));
const edges = importEdges(base);
const graph = moduleGraph(base, edges);
const picture = modulePicture(graph);

// resources/access-groups.ts guards the last administrator's group with a users query; moving that
// query behind the users module is part of the table-ownership work (docs/architecture.md).
const KNOWN_RESOURCE_IMPORTS = new Set(['src/resources/access-groups.ts -> src/modules/users/user-guard.ts']);

const show = (lines: string[]) => lines.map((line) => `  ${line}`).join('\n');

describe('module dependencies', () => {
  test('the modules import each other without a cycle', () => {
    const found = cycles(graph);
    assert.deepEqual(found, [], `module cycles: ${found.map((c) => c.join(' ⇄ ')).join('; ')}\n${picture}`);
  });

  test('src/platform imports nothing from src/modules or src/resources', () => {
    const wrong = edges.filter((e) => e.from.startsWith('src/platform/') && /^src\/(modules|resources)\//.test(e.to));
    assert.deepEqual(wrong, [], `platform imports:\n${show(wrong.map((e) => `${e.from} -> ${e.to}`))}`);
  });

  test('src/resources imports no module (beyond the known exception)', () => {
    const wrong = edges.filter((e) => e.from.startsWith('src/resources/') && e.to.startsWith('src/modules/'))
      .map((e) => `${e.from} -> ${e.to}`).filter((line) => !KNOWN_RESOURCE_IMPORTS.has(line));
    assert.deepEqual(wrong, [], `resources import modules:\n${show(wrong)}`);
  });

  test('docs/architecture.md shows the module picture of the code', () => {
    const doc = readFileSync(`${base}docs/architecture.md`, 'utf8');
    const shown = /<!-- module-picture:start -->\n```text\n([\s\S]*?)\n```\n<!-- module-picture:end -->/.exec(doc)?.[1];
    assert.equal(shown, picture, `replace the picture in docs/architecture.md with:\n${picture}`);
  });
});
