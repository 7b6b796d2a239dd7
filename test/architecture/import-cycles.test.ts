// No file of src/ imports itself through others: the server's files form no import circle (type-only
// imports included), so each file can be read, loaded and tested after the files it depends on. A
// circle through a resource's hooks is broken by passing the resource to the code its hooks call.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { cycles, importEdges } from './import-graph.js';

const base = fileURLToPath(new URL('../..', import.meta.url));
const edges = importEdges(base, 'src').filter((e) => e.to.startsWith('src/'));

const graphOf = (list: Array<{ from: string; to: string }>) => {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of list) {
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  }
  return graph;
};

describe('import circles in src/', () => {
  test('the graph is read (not empty) and a circle in it would be found', () => {
    assert.ok(edges.length > 500, `only ${edges.length} imports found`);
    assert.ok(edges.some((e) => e.from === 'src/app.ts'));
    // complaint-closing.ts importing the tasks resource again would close the circle it had.
    const back = { from: 'src/modules/tasks/complaint-closing.ts', to: 'src/modules/tasks/tasks-resource.ts' };
    assert.deepEqual(cycles(graphOf([...edges, back])), [
      ['src/modules/tasks/complaint-closing.ts', 'src/modules/tasks/tasks-resource.ts'],
    ]);
  });

  test('no file imports itself through others', () => {
    assert.deepEqual(cycles(graphOf(edges)), []);
  });
});
