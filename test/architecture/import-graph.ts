// The import graph of src/, read from the source text (no TypeScript needed): every relative
// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`. Used by the dependency
// rules (module-dependencies.test.ts) and for the module picture in docs/architecture.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

export interface ImportEdge {
  from: string;
  to: string;
}

const IMPORT =
  /(?:^|[;\s])(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const posix = (path: string) => path.split(sep).join('/');

/** Every relative import of the .ts and .tsx files under `root` (paths relative to `base`, with / and .ts). */
export function importEdges(base: string, root = 'src'): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(join(base, root))) {
    const from = posix(relative(base, file));
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (!specifier.startsWith('.')) continue;
      const to = posix(normalize(join(dirname(from), specifier))).replace(/\.js$/, '.ts');
      // The console's components are .tsx files, imported as .js like the rest.
      edges.push({ from, to: existsSync(join(base, to)) || !existsSync(join(base, `${to}x`)) ? to : `${to}x` });
    }
  }
  return edges;
}

/** The module of a path under src/modules (its first folder), or undefined. */
export const moduleOf = (path: string) => /^src\/modules\/([^/]+)\//.exec(path)?.[1];

/** module → the other modules it imports, over every module folder (those importing none included). */
export function moduleGraph(base: string, edges: ImportEdge[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const modules = readdirSync(join(base, 'src/modules'), { withFileTypes: true }).filter((e) => e.isDirectory());
  for (const entry of modules.map((e) => e.name).sort()) graph.set(entry, new Set());
  for (const { from, to } of edges) {
    const a = moduleOf(from);
    const b = moduleOf(to);
    if (a && b && a !== b) graph.get(a)!.add(b);
  }
  return graph;
}

/** The picture: one line per module, `name → what it imports` (sorted), as docs/architecture.md shows it. */
export function modulePicture(graph: Map<string, Set<string>>): string {
  return [...graph]
    .map(([name, deps]) => `${name} → ${deps.size ? [...deps].sort().join(', ') : '(nothing)'}`)
    .join('\n');
}

/** The cycles of a graph: each strongly connected component of more than one node (or a self-loop). */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}
