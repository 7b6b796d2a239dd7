// The compiled server. `npm start`, `npm run cli`, `worker` and `migrate` run src/main.ts as JavaScript with plain
// node (scripts/start.mjs) instead of compiling the TypeScript at every start through tsx (seconds of CPU each).
//
// The code: esbuild bundles src/main.ts into dist/build-<hash>/, where <hash> is a content hash of everything the
// bundle is made from (every file under src/, tsconfig.json, this script, the versions of esbuild and of the bundled
// packages). A build is never changed once written, so a start runs the build of exactly the sources it finds or
// builds that first: a stale build cannot run. Packages stay in node_modules (imported at run time) except the few
// of BUNDLED_PACKAGES; the command line's parts load in chunks only when a command needs them. `import.meta.url` keeps naming the .ts source file, so code that finds files
// next to itself (migrations/, docs/) finds the checkout's, and the linked source maps point stack traces at the
// .ts lines, as under tsx.
//
// The template: a PGlite data directory with every migration applied (dist/pgdata-<key>/, made by
// src/platform/db/data-dir-template.ts), from which the compiled server starts a new embedded database instead of
// creating the cluster and migrating it (about 4 s of CPU for initdb alone).
//
// The web console: console/ bundled into dist/app/ (scripts/build-console.mjs), at every run (a fraction of a second).
//
// `npm install` runs this (the prepare script): `node scripts/build.mjs` makes whatever is missing of both, and
// the console.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Node 20.11 and later (package.json's engines). */
const TARGET = 'node20.11';
/** Builds kept besides the current one (a process may still be starting from one). */
const KEEP_OLD_BUILDS = 2;
/**
 * Packages bundled with our code rather than imported from node_modules: ES modules of hundreds of files each,
 * which only our code imports, whose module-by-module loading cost each start about a quarter second of CPU.
 * Every other package is imported from node_modules at run time.
 */
const BUNDLED_PACKAGES = ['typebox', 'kysely'];

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const esbuildVersion = () => createRequire(import.meta.url)('esbuild/package.json').version;
const packageVersion = (root, name) =>
  JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

/** What the build of `root` is made from, hashed: the name of its folder in dist/. */
export function sourceHash(root = ROOT) {
  const hash = createHash('sha256').update(`esbuild ${esbuildVersion()}\0`);
  for (const name of BUNDLED_PACKAGES) hash.update(`${name} ${packageVersion(root, name)}\0`);
  const files = [...filesUnder(join(root, 'src')), join(root, 'tsconfig.json'), fileURLToPath(import.meta.url)];
  for (const file of files.map((path) => relative(root, path).split(sep).join('/')).sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 20);
}

export const buildDir = (root, hash) => join(root, 'dist', `build-${hash}`);

/**
 * Replaces `import.meta.url` in each source file by its own file's URL, relative to the bundle: a bundle's
 * import.meta.url names the bundle, and the code finds migrations/ and docs/ relative to its source file.
 */
function sourceUrls(root) {
  return {
    name: 'source-urls',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const contents = readFileSync(args.path, 'utf8');
        if (/\bimport\.meta\.(dirname|filename)\b/.test(contents))
          throw new Error(
            `${relative(root, args.path)}: use import.meta.url (the build keeps only it naming the source)`,
          );
        // Every output file is directly in the build's folder (no chunk subfolder), two levels below the root.
        const fromBundle = `../../${relative(root, args.path).split(sep).join('/')}`;
        return {
          contents: contents.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
          ),
          loader: 'ts',
        };
      });
    },
  };
}

/** Leaves every package but BUNDLED_PACKAGES to node_modules (imported at run time). */
const importedPackages = {
  name: 'imported-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      const name = path.split('/', path.startsWith('@') ? 2 : 1).join('/');
      return BUNDLED_PACKAGES.includes(name) ? undefined : { external: true };
    });
  },
};

/**
 * Compiles the sources into dist/build-<hash>/ (written aside, then renamed into place in one step). False, and
 * nothing kept, when the sources changed while they were compiled (the build would not be of `hash`).
 */
async function compile(root, hash) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('cannot compile the sources: esbuild is not installed (npm install installs it)');
  }
  const target = buildDir(root, hash);
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: { main: 'src/main.ts', 'data-dir-template': 'src/platform/db/data-dir-template.ts' },
      outdir: partial,
      bundle: true,
      splitting: true, // a command loads only its own parts: `company create` with bad arguments loads no server
      format: 'esm',
      platform: 'node',
      target: TARGET,
      tsconfig: join(root, 'tsconfig.json'),
      sourcemap: 'linked',
      sourcesContent: false,
      minifyWhitespace: true,
      // No keepNames: it wrapped every named closure in a defineProperty call, each time one was made (per job in the
      // read model's shaping); nothing reads a function's name, and renamed ones (a name taken twice) are few.
      // The code that may start a new embedded database from the template: only this build, not tsx or the tests.
      define: { CREWBASE_COMPILED: 'true' },
      plugins: [importedPackages, sourceUrls(root)],
      logLevel: 'silent',
    });
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    const messages = (error.errors ?? []).map(
      (e) => `${e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ` : ''}${e.text}`,
    );
    throw new Error(`the build of the sources failed:\n${messages.join('\n') || error.message}`);
  }
  if (sourceHash(root) !== hash) {
    rmSync(partial, { recursive: true, force: true });
    return false;
  }
  try {
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(target, 'main.js'))) throw error; // else another process built the same sources first
  }
  pruneBuilds(root, target);
  return true;
}

/** Removes all but the newest few builds, and folders left by builds that died half-way. */
function pruneBuilds(root, current) {
  const dist = join(root, 'dist');
  const dirs = readdirSync(dist)
    .filter((name) => name.startsWith('build-'))
    .map((name) => ({ path: join(dist, name), mtime: statSync(join(dist, name)).mtimeMs }));
  const partials = dirs.filter((d) => d.path.includes('.partial-') && !isRunning(d.path));
  const old = dirs
    .filter((d) => !d.path.includes('.partial-') && d.path !== current)
    .sort((a, b) => b.mtime - a.mtime)
    .slice(KEEP_OLD_BUILDS);
  for (const { path } of [...partials, ...old]) rmSync(path, { recursive: true, force: true });
}

/** Whether the process named by a `.partial-<pid>` folder still runs. */
function isRunning(path) {
  try {
    process.kill(Number(path.slice(path.lastIndexOf('-') + 1)), 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * The compiled entry (dist/build-<hash>/main.js) of the current sources, compiled first when missing (about
 * a second); `log` is told when it compiles.
 */
export async function ensureBuilt(root = ROOT, log = () => {}) {
  for (let attempt = 1; ; attempt++) {
    const hash = sourceHash(root);
    const main = join(buildDir(root, hash), 'main.js');
    if (existsSync(main)) return main;
    log(`compiling the sources into ${relative(root, dirname(main))}/ (none is built from them yet)`);
    if (await compile(root, hash)) return main;
    if (attempt === 3) throw new Error('the sources keep changing while they are compiled: try again');
  }
}

/** `node scripts/build.mjs`: the compiled code and the migrated data-dir template, each when missing; the console. */
async function main() {
  const started = performance.now();
  const entry = await ensureBuilt(ROOT, (line) => console.log(line));
  const { ensureTemplate } = await import(pathToFileURL(join(dirname(entry), 'data-dir-template.js')).href);
  await ensureTemplate((line) => console.log(line));
  const { buildConsole, describeSizes } = await import('./build-console.mjs');
  console.log(`build: the console in dist/app/\n${describeSizes(await buildConsole(ROOT, join(ROOT, 'dist', 'app')))}`);
  console.log(`build: ${relative(ROOT, dirname(entry))}/ is current (${Math.round(performance.now() - started)} ms)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
