// The compiled server's build (scripts/build.mjs), on a small checkout of its own: a build is named by what it is
// made from, so a changed source gets a new build before it runs and never runs stale; a source that does not
// compile is refused with its file and line; import.meta.url keeps naming the source file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

const { ensureBuilt, sourceHash } = (await import(pathToFileURL(join(ROOT, 'scripts/build.mjs')).href)) as {
  ensureBuilt(root: string, log?: (line: string) => void): Promise<string>;
  sourceHash(root: string): string;
};

/** A checkout with the two entry points the build compiles. */
function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), 'crewbase-build-'));
  mkdirSync(join(root, 'src/platform/db'), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(root, 'tsconfig.json'), '{ "compilerOptions": { "target": "ES2022", "strict": true } }\n');
  writeFileSync(join(root, 'src/platform/db/data-dir-template.ts'), 'export const unused = 1;\n');
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

const writeMain = (root: string, text: string) => writeFileSync(join(root, 'src/main.ts'), text);
const run = (entry: string) => spawnSync(process.execPath, [entry], { encoding: 'utf8' });

test('a changed source is built anew before it runs; an unchanged one is not built again', async () => {
  const root = checkout();
  try {
    writeMain(
      root,
      "const word: string = 'first';\nconsole.log(word, new URL('../notes.txt', import.meta.url).pathname);\n",
    );
    const told: string[] = [];
    const first = await ensureBuilt(root, (line) => told.push(line));
    assert.equal(told.length, 1, 'it says that it compiles');
    assert.match(told[0]!, /compiling the sources into dist\/build-[0-9a-f]{20}\//);
    assert.equal(dirname(first), join(root, 'dist', `build-${sourceHash(root)}`));
    // import.meta.url names the source file (src/main.ts), not the bundle two folders down in dist/.
    assert.equal(run(first).stdout, `first ${join(root, 'notes.txt')}\n`);

    assert.equal(await ensureBuilt(root, (line) => told.push(line)), first);
    assert.equal(told.length, 1, 'the same sources: the same build, not compiled again');

    writeMain(root, "console.log('second');\n");
    const second = await ensureBuilt(root);
    assert.notEqual(second, first);
    assert.equal(run(second).stdout, 'second\n');
    assert.ok(existsSync(first), 'an earlier build stays (a process may be starting from it)');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a source that does not compile is refused, naming the file and line', async () => {
  const root = checkout();
  try {
    writeMain(root, "console.log('fine');\nconst broken = ;\n");
    await assert.rejects(ensureBuilt(root), /the build of the sources failed:\nsrc\/main\.ts:2:\d+: /);
    const dist = join(root, 'dist');
    assert.deepEqual(existsSync(dist) ? readdirSync(dist) : [], [], 'no build is left behind');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
