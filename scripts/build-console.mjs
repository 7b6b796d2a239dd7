// The web console (console/): Preact and TypeScript bundled by esbuild into one minified JavaScript file and one
// CSS file with content-hashed names, index.html naming them, the service worker listing them (the app shell it
// keeps for offline use), and the files of console/public/ (manifest, icons); the text files also gzipped (.gz). scripts/build.mjs runs this at
// `npm install` and `npm run build`; the server serves the result at /app (src/platform/http/console-app.ts).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Browsers of the last few years, phones included (their syntax: ES2020, with optional chaining and `??`). */
const BROWSERS = ['es2020'];

/**
 * Builds the console of `root` into `outDir` (replaced whole, written aside first). Returns the files of the first
 * load (index.html, the script and the stylesheet) with their sizes, raw and gzipped, in bytes.
 */
export async function buildConsole(rootDir, outDir) {
  const root = resolve(rootDir);
  const esbuild = await import('esbuild');
  const partial = `${outDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: { main: 'console/src/main.tsx', styles: 'console/src/styles.css' },
      outdir: join(partial, 'assets'),
      entryNames: '[name]-[hash]',
      // The crew's extra languages are dynamic imports: each its own chunk, loaded only when chosen.
      splitting: true,
      chunkNames: '[name]-[hash]',
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: BROWSERS,
      jsx: 'automatic',
      jsxImportSource: 'preact',
      tsconfig: join(root, 'console/tsconfig.json'),
      minify: true,
      metafile: true,
      legalComments: 'none',
      logLevel: 'silent',
    });
    const outputs = Object.keys(result.metafile.outputs).map((path) => relative(partial, join(root, path)));
    const script = relative(
      partial,
      join(
        root,
        Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === 'console/src/main.tsx')[0],
      ),
    );
    // The other scripts: the language chunks (and whatever esbuild shares between them).
    const chunks = outputs.filter((path) => path.endsWith('.js') && path !== script);
    // What the entry imports statically loads with it: part of the first load.
    const mainOutput = result.metafile.outputs[relative(root, join(partial, script))];
    const firstChunks = mainOutput.imports
      .filter((entry) => entry.kind === 'import-statement')
      .map((entry) => relative(partial, join(root, entry.path)));
    const styles = outputs.find((path) => path.endsWith('.css'));
    const html = readFileSync(join(root, 'console/index.html'), 'utf8')
      .replace('%SCRIPT%', script)
      .replace('%STYLES%', styles);
    writeFileSync(join(partial, 'index.html'), html);
    for (const name of readdirSync(join(root, 'console/public')))
      copyFileSync(join(root, 'console/public', name), join(partial, name));
    // Kept by the service worker, the language chunks too: a phone that switches language offline still can.
    const shell = [script, styles, ...chunks, 'manifest.webmanifest', 'icon.svg'].map((path) => `/app/${path}`);
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: ['console/src/sw.ts'],
      outfile: join(partial, 'sw.js'),
      bundle: true,
      format: 'iife',
      target: BROWSERS,
      minify: true,
      // A new build is a new cache name: the old shell is dropped when the new worker activates.
      define: { SHELL: JSON.stringify(shell), VERSION: JSON.stringify(script.replace(/^.*-|\.js$/g, '')) },
      logLevel: 'silent',
    });
    // Compressed once here, so the server sends gzip without compressing at each request.
    for (const path of [script, styles, ...chunks, 'index.html', 'sw.js', 'manifest.webmanifest', 'icon.svg']) {
      const file = join(partial, path);
      writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }));
    }
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(join(outDir, '..'), { recursive: true });
    renameSync(partial, outDir);
    return ['index.html', script, ...firstChunks, styles].map((path) => ({
      path,
      bytes: readFileSync(join(outDir, path)).length,
      gzipped: readFileSync(join(outDir, `${path}.gz`)).length,
    }));
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    const messages = (error.errors ?? []).map(
      (e) => `${e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ` : ''}${e.text}`,
    );
    throw new Error(`the build of the console failed:\n${messages.join('\n') || error.message}`);
  }
}

/** One line per file and the total of the first load, gzipped (the budget in docs/console.md is 60 kB). */
export function describeSizes(files) {
  const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
  const total = files.reduce((sum, file) => sum + file.gzipped, 0);
  return [
    ...files.map((file) => `  ${file.path}: ${kB(file.bytes)}, ${kB(file.gzipped)} gzipped`),
    `  first load: ${kB(total)} gzipped`,
  ].join('\n');
}

/** `npm run build:console`: only the console, into dist/app/ (`npm run build` does it with the server). */
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  buildConsole(root, join(root, 'dist', 'app')).then(
    (files) => console.log(`build: the console in dist/app/\n${describeSizes(files)}`),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
