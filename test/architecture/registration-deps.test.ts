// What one module asks of another that imports it is passed when the module is registered
// (app.ts), never installed into module state by a setter: no `install…` function, no module-level
// `let` in src/modules or src/resources beyond named caches, and a declared resource whose hooks
// need such a dependency refuses a write that needs it instead of skipping it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inTenant } from '../../src/platform/db/tenant.js';
import { systemContext } from '../../src/platform/http/request-context.js';
import { accessGroups } from '../../src/resources/access-groups.js';
import { resourceService } from '../../src/resources/engine/resource-service.js';
import { users } from '../../src/modules/users/index.js';
import { updateRecord } from '../../src/resources/engine/resource-service.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

const base = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(join(base, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return sources(path);
      return entry.name.endsWith('.ts') ? [{ file: path, text: readFileSync(join(base, path), 'utf8') }] : [];
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** An exported setter of module state: `export function installX(` or `export const installX =`. */
const INSTALL = /^export\s+(?:async\s+)?(?:function\s+|const\s+)install[A-Z]\w*/m;
/** Module-level mutable bindings, by name. */
const moduleLets = (text: string) => [...text.matchAll(/^(?:export\s+)?let\s+(\w+)/gm)].map((m) => m[1]!);

/** Module-level `let`s of src/modules and src/resources, each a cache with its reason. */
const CACHES: Record<string, string> = {
  'src/modules/scheduling/job-rows.ts:generatedColumnsMade':
    'the jobs’ promoted columns a generated document fills, found once at first use',
};

describe('dependencies passed at registration', () => {
  test('the rules find what they forbid', () => {
    assert.ok(INSTALL.test('export function installAbsenceHooks(hooks: AbsenceHooks): void {'));
    assert.ok(INSTALL.test('export const installGroupMembers = (m: GroupMembers) => {'));
    assert.ok(!INSTALL.test('export function installed(): boolean {'));
    assert.deepEqual(moduleLets('let installed: AbsenceHooks | undefined;\n  let inner = 1;'), ['installed']);
  });

  test('no file of src/ exports an install… setter', () => {
    const found = sources('src')
      .filter(({ text }) => INSTALL.test(text))
      .map(({ file }) => file);
    assert.deepEqual(found, [], 'pass the dependency to the register function instead (app.ts wires it)');
  });

  test('src/modules and src/resources hold no module-level mutable state beyond named caches', () => {
    const found = [...sources('src/modules'), ...sources('src/resources')].flatMap(({ file, text }) =>
      moduleLets(text).map((name) => `${file}:${name}`),
    );
    assert.deepEqual(
      found.filter((key) => !(key in CACHES)),
      [],
      'a module-level let: pass what it holds at registration, or name it here as a cache with its reason',
    );
  });

  test('app.ts gives each module what it asks of a module that imports it', () => {
    const app = readFileSync(join(base, 'src/app.ts'), 'utf8');
    assert.match(app, /registerSchedulingRoutes\(v2, \{[^}]*absences: jobAbsenceHooks/);
    assert.match(app, /registerPayrollRoutes\(v2, \{[^}]*absences: jobAbsenceHooks/);
    assert.match(app, /registerMasterData\(v2, \{[^}]*groupMembers/);
    assert.match(app, /usersWith\(userSessions\)/);
  });
});

describe('a declared resource without its registered dependency', () => {
  let t: TestApp;
  let acme: Tenant;
  before(async () => {
    t = await createTestApp();
    acme = await signup(t.app, 'Registration');
  });
  after(() => t.close());

  test('an access group is deleted through the registered resource; the declaration refuses, deleting nothing', async () => {
    const created = await call(t.app, 'POST', '/v2/accessGroups/', acme.headers, { name: 'Drivers', permissions: {} });
    assert.equal(created.status, 201);
    const declared = resourceService({ database: t.database }, accessGroups);
    await assert.rejects(
      declared.remove(systemContext(acme.companyId), created.body._id),
      /given when the module is registered/,
    );
    assert.equal((await call(t.app, 'GET', `/v2/accessGroups/${created.body._id}`, acme.headers)).status, 200);
    assert.equal((await call(t.app, 'DELETE', `/v2/accessGroups/${created.body._id}`, acme.headers)).status, 200);
  });

  test("a user's password set through the declaration is refused (sessions would stay open); through the app it ends them", async () => {
    const user = await call(t.app, 'POST', '/v2/users/', acme.headers, {
      id: `crew-${Date.now()}`,
      password: 'correct-horse-battery',
      general: { firstName: 'Ada', lastName: 'Crew' },
    });
    assert.equal(user.status, 201, JSON.stringify(user.body));
    await assert.rejects(
      inTenant(t.database, acme.companyId, (tx) =>
        updateRecord(tx, systemContext(acme.companyId, acme.userId), users, user.body._id, {
          password: 'another-horse-battery',
        }),
      ),
      /given when the module is registered/,
    );
    const patched = await call(t.app, 'PATCH', `/v2/users/${user.body._id}`, acme.headers, {
      password: 'another-horse-battery',
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
  });
});
