// Compiles the TypeScript of the test run once, so that each test file's process runs plain JavaScript:
// loading every module through tsx's loader (a hook thread that each import crosses) cost each file's
// process about 1.7 s of CPU more than the compiled modules (measured on the app's import graph).
// Each .ts file under tsconfig.json's "include" folders becomes a .js file at the same relative path in
// a temporary folder. `import.meta.url` (and dirname/filename) keep naming the .ts source, so code that
// finds files next to itself (migrations/, docs/, route-matrix.json, the architecture tests reading
// src/) reads and writes the checkout, not the copy. Inline source maps point stack traces at the .ts
// lines. The compiler is esbuild, the one tsx uses, with tsx's settings.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

function typeScriptFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return typeScriptFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The compiled copy of `root`'s TypeScript: `{ dir, compiled(path) }`, or undefined when esbuild is missing. */
export async function buildForTests(root) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return undefined;
  }
  const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-test-build-'));
  try {
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const sources = tsconfig.include.flatMap((folder) => typeScriptFiles(join(root, folder)));
    await Promise.all(
      sources.map(async (source) => {
        const code = await esbuild
          .transform(readFileSync(source, 'utf8'), {
            loader: 'ts',
            format: 'esm',
            target: `node${process.versions.node}`,
            tsconfigRaw: { compilerOptions: tsconfig.compilerOptions },
            sourcefile: source,
            sourcemap: 'inline',
            sourcesContent: false,
            minifyWhitespace: true,
            define: {
              'import.meta.url': JSON.stringify(pathToFileURL(source).href),
              'import.meta.filename': JSON.stringify(source),
              'import.meta.dirname': JSON.stringify(dirname(source)),
            },
          })
          .then(
            (output) => output.code,
            // A file that does not compile fails the files that import it (as under tsx), and no other.
            (error) => {
              console.error(`test build: ${relative(root, source)} does not compile:\n${error.message}`);
              return `throw new SyntaxError(${JSON.stringify(error.message)});\n`;
            },
          );
        const target = join(dir, relative(root, source).replace(/\.ts$/, '.js'));
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, code);
      }),
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, compiled: (path) => join(dir, relative(root, resolve(path)).replace(/\.ts$/, '.js')) };
}
